"""Facings drawn and set from the ruleset's ``FacingSpec``, through a person's hands:
keys cycle the directions it allows (four for BrickQuest, eight), at any angle the way
to face follows the mouse from the destination (a second click, or a drag), the notch
and the arc are drawn at the spec's angle and width.  Eight ways and any angle come from
a test ruleset (``fake_rulesets``): BrickQuest with another ``FacingSpec``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_rulesets import ANY_ANGLE, EIGHT_WAYS, FakeRules, install
from PySide6.QtCore import Qt

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import (
    click,
    demo_window,
    drag,
    forget_changes,
    hover,
)
from companion.rules.verdict import Verdict

Square = tuple[int, int]


def _window(qtbot: object, tmp_path: Path) -> MainWindow:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")

    def refuse(verdict: Verdict) -> None:
        errors.append(f"refused: {verdict.message}")

    w.play.confirm_force = refuse  # type: ignore[assignment]
    w.errors = errors  # type: ignore[attr-defined]
    return w


@pytest.fixture
def rules(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> FakeRules:
    return install(monkeypatch, FakeRules(request.param))


@pytest.fixture
def window(qtbot: object, tmp_path: Path, rules: FakeRules) -> Iterator[MainWindow]:
    w = _window(qtbot, tmp_path)
    yield w
    forget_changes(w)


def _moving(qtbot: object, w: MainWindow, tmp_path: Path) -> Square:
    """Brannoc acts, his Move pending (its key); a square he can reach, returned."""
    assert w.start_game(tmp_path / "f.game.jsonl", GameSpec(seed=3))
    for _ in range(30):
        if w.play.turn().acting == "brannoc":
            break
        assert w.play.act({"actor": w.play.turn().acting, "action": "end_turn"})
    w.canvas.fit()
    qtbot.wait(30)  # type: ignore[attr-defined]
    qtbot.keyClick(w.canvas, Qt.Key.Key_1)  # type: ignore[attr-defined]  # Move's key
    assert w.play.pending is not None and w.play.pending.kind == "move"
    dest = (12, 5)
    assert dest in w.play.moves()
    return dest


def _pointed(qtbot: object, w: MainWindow, sq: Square) -> None:
    """The pointer picks the figure on ``sq``."""
    w.set_tool("pointer")
    click(qtbot, w.canvas, sq)
    assert w.ctx.selected_figure == "brannoc"


def _key(qtbot: object, w: MainWindow, k: Qt.Key) -> None:
    qtbot.keyClick(w.canvas, k)  # type: ignore[attr-defined]


@pytest.mark.parametrize("rules", [EIGHT_WAYS], indirect=True)
def test_eight_ways_keys_cycle_all_eight_and_the_notch_turns(
    qtbot: object, window: MainWindow, tmp_path: Path, rules: FakeRules
) -> None:
    w = window
    dest = _moving(qtbot, w, tmp_path)
    hover(qtbot, w.canvas, dest)
    now = w.play.figures()["brannoc"].facing
    assert w.canvas.overlays.facing.facing == now
    assert "N/NE/E/SE/S/SW/W/NW" in " ".join(w.canvas.overlays.caption.lines)
    _key(qtbot, w, Qt.Key.Key_Period)  # one clockwise from where he faces
    first = w.play.facing
    assert first == EIGHT_WAYS.stepped(now, 1) and first not in ("N", "E", "S", "W")
    _key(qtbot, w, Qt.Key.Key_Period)
    _key(qtbot, w, Qt.Key.Key_Comma)
    assert w.play.facing == first  # back one
    assert w.canvas.overlays.facing.facing == first  # the arrow shows it
    assert f"facing <b>{first}</b>" in w.action_dock.hint.text()
    _key(qtbot, w, Qt.Key.Key_Up)  # a compass key: straight to north
    assert w.play.facing == "N"
    _key(qtbot, w, Qt.Key.Key_Comma)
    assert w.play.facing == "NW"
    click(qtbot, w.canvas, dest)
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert rules.sent[-1]["facing"] == "NW"
    brannoc = w.play.figures()["brannoc"]
    assert brannoc.at == dest and brannoc.facing_degrees == 315
    assert w.canvas.figures.headings["brannoc"] == 315  # the notch is drawn to the NW
    _pointed(qtbot, w, dest)
    shape = w.canvas.overlays.reach.shape
    assert shape is not None and shape.arc_deg == 90
    assert shape.facing_deg == pytest.approx(225.0)  # north-west on screen


@pytest.mark.parametrize("rules", [ANY_ANGLE], indirect=True)
def test_any_angle_follows_the_mouse_from_the_destination(
    qtbot: object, window: MainWindow, tmp_path: Path, rules: FakeRules
) -> None:
    w = window
    dest = _moving(qtbot, w, tmp_path)
    hover(qtbot, w.canvas, dest)
    assert "click the destination" in " ".join(w.canvas.overlays.caption.lines)
    # A square it cannot reach is refused with the rules' reasons, as at four facings.
    d = w.session.doc.dungeon
    me = w.play.figures()["brannoc"].at
    far = next(
        (x, y)
        for y in range(d.height)
        for x in range(d.width)
        if (x, y) not in w.play.moves() and (x, y) != me and abs(x - 12) + abs(y - 5) < 6
    )
    click(qtbot, w.canvas, far)
    assert [e for e in w.errors if e.startswith("refused: ")]  # type: ignore[attr-defined]
    w.errors.clear()  # type: ignore[attr-defined]
    assert w.play.pending is not None and w.play.pending.kind == "move"
    click(qtbot, w.canvas, dest)  # the destination: the move waits for the way to face
    assert w.play.pending is not None and w.play.figures()["brannoc"].at != dest
    hover(qtbot, w.canvas, (14, 3))  # two squares east and two north of it: 45°
    assert w.play.facing == pytest.approx(45.0)
    assert w.canvas.overlays.facing.square == dest  # the arrow stays on the destination
    assert w.canvas.overlays.facing.facing == pytest.approx(45.0)
    hover(qtbot, w.canvas, (12, 8))  # due south
    assert w.play.facing == pytest.approx(180.0)
    assert "facing <b>180°</b>" in w.action_dock.hint.text()
    click(qtbot, w.canvas, (9, 5))  # due west: sent
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert w.play.pending is None
    assert rules.sent[-1]["facing"] == pytest.approx(270.0)
    brannoc = w.play.figures()["brannoc"]
    assert brannoc.at == dest and brannoc.heading == pytest.approx(270.0)
    assert w.canvas.figures.headings["brannoc"] == pytest.approx(270.0)
    # Picked with the pointer: the arc drawn is the spec's 180° semicircle, to the west.
    _pointed(qtbot, w, dest)
    shape = w.canvas.overlays.reach.shape
    assert shape is not None and shape.arc_deg == 180
    assert shape.facing_deg == pytest.approx(180.0)  # on screen: 0 east, 180 west


@pytest.mark.parametrize("rules", [ANY_ANGLE], indirect=True)
def test_any_angle_by_a_drag_from_the_destination(
    qtbot: object, window: MainWindow, tmp_path: Path, rules: FakeRules
) -> None:
    w = window
    dest = _moving(qtbot, w, tmp_path)
    hover(qtbot, w.canvas, dest)
    drag(qtbot, w.canvas, [dest, (13, 5), (13, 4)])  # pressed there, dropped north-east
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert w.play.pending is None
    assert rules.sent[-1]["facing"] == pytest.approx(45.0)
    assert w.play.figures()["brannoc"].heading == pytest.approx(45.0)


def test_brickquest_keys_cycle_its_four_facings(qtbot: object, tmp_path: Path) -> None:
    """BrickQuest as shipped: its spec's four directions, the move sent with a name."""
    w = _window(qtbot, tmp_path)
    dest = _moving(qtbot, w, tmp_path)
    hover(qtbot, w.canvas, dest)
    assert "N/E/S/W" in " ".join(w.canvas.overlays.caption.lines)
    now = w.play.figures()["brannoc"].facing
    seen = []
    for _ in range(4):
        _key(qtbot, w, Qt.Key.Key_Period)
        seen.append(w.play.facing)
    assert sorted(seen) == ["E", "N", "S", "W"] and seen[-1] == now  # all four, round
    _key(qtbot, w, Qt.Key.Key_Comma)
    assert w.play.facing == seen[-2]
    click(qtbot, w.canvas, dest)
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    brannoc = w.play.figures()["brannoc"]
    assert brannoc.at == dest and brannoc.facing == seen[-2] and brannoc.heading is None
    _pointed(qtbot, w, dest)
    shape = w.canvas.overlays.reach.shape
    assert shape is not None and shape.arc_deg == 90
    forget_changes(w)
