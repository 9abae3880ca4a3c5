"""Several targets in one action, through a person's hands: the figures clicked on the
map are marked and counted, one the rules refuse is refused with their reason, Return
(or Send) takes the action with the list, Esc drops it.  No shipped ruleset has such an
action yet: a test ruleset (BrickQuest with a gang-up, ``fake_rulesets``) offers one.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fake_rulesets import FakeRules, install
from PySide6.QtCore import Qt

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import (
    DEMO,
    DEMO_PARTY,
    click,
    demo_window,
    forget_changes,
    hover,
)
from companion.rules.table import ActionChoice
from companion.rules.verdict import Verdict

Square = tuple[int, int]


@pytest.fixture
def window(qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[MainWindow]:
    install(monkeypatch, FakeRules())
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")

    def refuse(verdict: Verdict) -> None:
        errors.append(f"refused: {verdict.message}")

    w.play.confirm_force = refuse  # type: ignore[assignment]
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    forget_changes(w)


def choice(w: MainWindow, kind: str) -> ActionChoice:
    found = [c for c in w.play.choices() if c.kind == kind]
    assert found, f"no {kind} among {[c.kind for c in w.play.choices()]}"
    return found[0]


def play_until(w: MainWindow, figure: str) -> None:
    for _ in range(30):
        if w.play.turn().acting == figure:
            return
        assert w.play.act({"actor": w.play.turn().acting, "action": "end_turn"})
    raise AssertionError(f"{figure} never acts")


def put(w: MainWindow, figure: str, at: Square) -> None:
    """The BrickMaster's hand moves a figure (a logged adjustment)."""
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": figure, "at": at})


def click_square(qtbot: object, w: MainWindow, sq: Square) -> None:
    hover(qtbot, w.canvas, sq)
    click(qtbot, w.canvas, sq)


def _ready(qtbot: object, w: MainWindow, tmp_path: Path) -> tuple[str, list[str], str]:
    """A game with brannoc acting, two enemies and an ally standing near him on the map:
    (actor, enemies, ally)."""
    assert w.start_game(tmp_path / "g.game.jsonl", GameSpec(seed=3))
    play_until(w, "brannoc")
    views = w.play.figures()
    me = views["brannoc"]
    enemies = [v.id for v in views.values() if v.side != me.side and not v.dead][:2]
    ally = next(v.id for v in views.values() if v.side == me.side and v.id != me.id)
    x, y = me.at  # type: ignore[misc]
    for fid, at in zip([*enemies, ally], [(x + 1, y), (x, y + 1), (x - 1, y)], strict=True):
        put(w, fid, at)
    w.canvas.fit()
    qtbot.wait(30)  # type: ignore[attr-defined]
    return "brannoc", enemies, ally


def test_several_targets_are_clicked_counted_and_sent_as_a_list(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    actor, enemies, ally = _ready(qtbot, w, tmp_path)
    gang = choice(w, "gang_up")
    assert (gang.needs, gang.min_targets, gang.max_targets) == ("figures", 2, 3)
    # The bar's button, as a person presses it.
    qtbot.mouseClick(w.action_dock.buttons["Gang up"], Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert w.play.pending is not None and w.play.pending.kind == "gang_up"
    send = w.action_dock.send
    assert send.isVisible() and not send.isEnabled()
    assert "0 picked of 2 to 3" in w.action_dock.hint.text()
    views = w.play.figures()
    at = {fid: views[fid].at for fid in [*enemies, ally]}

    # An ally is refused with the rules' own reason, and not marked.
    hover(qtbot, w.canvas, at[ally])
    assert any("is not Brannoc's enemy" in line for line in w.canvas.overlays.caption.lines)
    click(qtbot, w.canvas, at[ally])
    assert w.play.picks.ids == []
    assert ally not in w.canvas.figures.marked
    assert "is not Brannoc's enemy" in w.action_dock.hint.text()

    # One enemy: marked and counted; Return does not send one (it takes two to three).
    click_square(qtbot, w, at[enemies[0]])
    assert w.play.picks.ids == [enemies[0]]
    assert set(w.canvas.figures.marked) == {enemies[0]}
    assert "1 picked of 2 to 3" in w.action_dock.hint.text()
    assert any("1 picked of 2 to 3" in line for line in w.canvas.overlays.caption.lines)
    qtbot.keyClick(w.canvas, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert w.play.pending is not None and not send.isEnabled()
    # Clicked again, it is dropped; and picked once more.
    click(qtbot, w.canvas, at[enemies[0]])
    assert w.play.picks.ids == [] and not w.canvas.figures.marked
    click(qtbot, w.canvas, at[enemies[0]])
    click_square(qtbot, w, at[enemies[1]])
    assert w.play.picks.ids == enemies
    assert set(w.canvas.figures.marked) == set(enemies)
    assert send.isEnabled() and "2 picked of 2 to 3" in w.action_dock.hint.text()
    lines_before = len(w.log_dock.lines)
    qtbot.keyClick(w.canvas, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert w.play.pending is None and not w.canvas.figures.marked
    assert not send.isVisible()
    assert len(w.log_dock.lines) == lines_before + 1
    names = [views[e].name for e in enemies]
    assert w.log_dock.lines[-1].text == f"Brannoc gangs up on {names[0]} and {names[1]}"
    # The game file holds the action with its list of targets.
    records = [json.loads(line) for line in (tmp_path / "g.game.jsonl").read_text().splitlines()]
    sent = [r for r in records if r.get("action", {}).get("action") == "gang_up"]
    assert [r["action"]["targets"] for r in sent] == [enemies]
    assert sent[0]["action"]["actor"] == actor


def test_the_send_button_takes_it_and_esc_drops_the_picks(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    _actor, enemies, _ally = _ready(qtbot, w, tmp_path)
    views = w.play.figures()
    w.play.choose(choice(w, "gang_up"))
    click_square(qtbot, w, views[enemies[0]].at)  # type: ignore[arg-type]
    assert w.play.picks.ids == [enemies[0]]
    qtbot.keyClick(w.canvas, Qt.Key.Key_Escape)  # type: ignore[attr-defined]
    assert w.play.pending is None and w.play.picks.ids == []
    assert not w.canvas.figures.marked and not w.action_dock.send.isVisible()
    # Again, sent with the button this time.
    w.play.choose(choice(w, "gang_up"))
    for fid in enemies:
        click_square(qtbot, w, views[fid].at)  # type: ignore[arg-type]
    qtbot.mouseClick(w.action_dock.send, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert w.play.pending is None
    assert "gangs up on" in w.log_dock.lines[-1].text


def test_the_command_line_takes_the_list_in_the_action_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.commands import game as game_command

    install(monkeypatch, FakeRules())
    path = str(tmp_path / "c.game.jsonl")
    new = ["new", "--map", str(DEMO), "--party", str(DEMO_PARTY), "--seed", "3", path]
    assert game_command.main(new) == 0
    for _ in range(30):
        capsys.readouterr()
        assert game_command.main(["state", path]) == 0
        state = json.loads(capsys.readouterr().out)
        if state["acting"] == "brannoc":
            break
        assert game_command.main(["act", path, '{"actor": "@acting", "action": "end_turn"}']) == 0
    figures = state["figures"]
    enemies = [f for f, v in figures.items() if v["side"] != figures["brannoc"]["side"]][:2]
    ally = next(
        f for f, v in figures.items() if v["side"] == figures["brannoc"]["side"] and f != "brannoc"
    )
    capsys.readouterr()
    action = {"actor": "@acting", "action": "gang_up", "targets": enemies}
    assert game_command.main(["act", path, json.dumps(action)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["legal"] and "gangs up on" in out["text"]
    # An ally among them: refused with the rules' reason, nothing written.
    action["targets"] = [enemies[0], ally]
    assert game_command.main(["act", path, json.dumps(action)]) == 1
    refused = json.loads(capsys.readouterr().out)
    assert [r["code"] for r in refused["reasons"]] == ["invalid_target"]
    assert "is not Brannoc's enemy" in refused["reasons"][0]["message"]
    helped = game_command.parser()
    assert '"targets": ["orc1", "orc2"]' in helped.format_help()
