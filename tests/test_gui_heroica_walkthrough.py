"""Heroica through the window: what a QA walkthrough of the Draida Bay demo found.

A heal of a hero at full health says it heals nothing before it is taken; a move onto
another hero is offered and previewed where the hero really ends; a space too far is
refused as too far, that reason first.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from test_gui_heroica import Table

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import click, hover, make_settings, make_window
from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, MapOptions, dump_map, new_document


def board(tmp_path: Path, heroes: list[tuple[str, tuple[int, int]]]) -> Path:
    """One location of 8 x 3 spaces, the heroes given (the first plays first), a spider
    in another location far off."""
    doc = new_document(8, 5, border=False, name="Draida Bay")
    doc.dungeon.terrain[:3, :] = int(Terrain.FLOOR)
    doc.dungeon.terrain[4, :] = int(Terrain.FLOOR)
    doc.board = {
        "locations": [
            {"id": "bay", "name": "Draida Bay", "realm": "draida_bay", "rects": [[0, 0, 8, 3]]},
            {"id": "far", "name": "Castle Fortaan", "realm": "castle_fortaan",
             "rects": [[0, 4, 8, 1]]},
        ],
        "start": list(heroes[0][1]),
        "target": "spider",
    }  # fmt: skip
    doc.figures = [FigurePlacement(id=h, class_id=h, at=at) for h, at in heroes]
    doc.figures.append(FigurePlacement(id="spider", monster="spider", at=(7, 4)))
    doc.options = MapOptions(ruleset="heroica")
    path = tmp_path / "bay.json"
    path.write_bytes(dump_map(doc))
    return path


@pytest.fixture
def errors() -> list[str]:
    return []


def started(qtbot: object, tmp_path: Path, heroes: list[tuple[str, tuple[int, int]]],
            errors: list[str]) -> tuple[MainWindow, Table]:  # fmt: skip
    """The window with a game begun on ``board`` (typed dice), the first hero's turn."""
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.resize(1280, 720)
    assert w.open_path(board(tmp_path, heroes))
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    table = Table(w)
    w.play.ask_dice = table
    assert w.start_game(tmp_path / "bay.game.jsonl", GameSpec(dice="typed"))
    first = heroes[0][0]
    table.queue = [first.capitalize()]
    w.action_dock.buttons["Roll the Character Die: first player"].click()
    assert w.play.turn().acting == first
    return w, table


@pytest.fixture
def cleanup() -> Iterator[list[MainWindow]]:
    made: list[MainWindow] = []
    yield made
    for w in made:
        w.session.undo_stack.setClean()


def test_a_heal_of_a_hero_at_full_health_says_it_heals_nothing(
    qtbot: object, tmp_path: Path, errors: list[str], cleanup: list[MainWindow]
) -> None:
    w, _ = started(qtbot, tmp_path, [("druid", (0, 1)), ("knight", (1, 1))], errors)
    cleanup.append(w)
    # The Druid's Upkeep, 4 skill points: its Ranged skill is offered.
    menu = w.action_dock.buttons["Skills"].menu()
    texts = [a.text() for a in menu.actions()]
    heal = [t for t in texts if "heal Knight" in t]
    assert heal and "heals nothing" in heal[0], texts
    # Taken anyway (the text allows it): the log says so too, and the points are spent.
    menu.actions()[texts.index(heal[0])].trigger()
    log = [line.text for line in w.play.game.log()]
    assert "Knight is already at full health (4): the skill heals nothing" in log[-1], log
    assert w.play.game.state.heroes["druid"].skill == 0
    assert w.play.game.state.heroes["knight"].health == 4
    assert not errors, errors


def test_a_move_onto_a_hero_is_shown_where_the_hero_really_ends(
    qtbot: object, tmp_path: Path, errors: list[str], cleanup: list[MainWindow]
) -> None:
    """The Knight (A2) rolls 2: a move onto the Wizard (C2) ends forward past it, on D2."""
    w, table = started(qtbot, tmp_path, [("knight", (0, 1)), ("wizard", (2, 1))], errors)
    cleanup.append(w)
    table.queue = ["2/Skull"]
    w.action_dock.buttons["Roll to move"].click()
    w.action_dock.buttons["Move"].click()
    # The highlighted squares are where the move may end: D2 (forward past the Wizard),
    # never the Wizard's own C2.
    offered = w.play.moves()
    assert (3, 1) in offered and (2, 1) not in offered, sorted(offered)
    hover(qtbot, w.canvas, (3, 1))
    lines = w.canvas.overlays.caption.lines
    assert any("ends on D2: forward past Wizard on C2" in line for line in lines), lines
    # The path tinted runs from B2 to D2, where the Knight stops (a 3 x 1 image at B2).
    area = w.canvas.overlays.area
    assert area.isVisible() and area.image is not None
    assert (area.pos().x(), area.pos().y(), area.image.shape[:2]) == (1, 1, (1, 3))
    # Hovering the Wizard's square offers no move ending there.
    hover(qtbot, w.canvas, (2, 1))
    lines = w.canvas.overlays.caption.lines
    assert not any(line.startswith("move ") for line in lines), lines
    assert lines[0].startswith("1. Wizard is on C2: a move onto it goes on forward"), lines
    hover(qtbot, w.canvas, (3, 1))
    click(qtbot, w.canvas, (3, 1))
    assert w.play.figures()["knight"].at == (3, 1)
    assert w.play.figures()["wizard"].at == (2, 1)
    assert not errors, errors


def test_a_space_too_far_is_refused_as_too_far_first(
    qtbot: object, tmp_path: Path, errors: list[str], cleanup: list[MainWindow]
) -> None:
    """The Knight (A2) rolls 2 and points at G2, 6 spaces away: too far, said first."""
    w, table = started(qtbot, tmp_path, [("knight", (0, 1)), ("wizard", (0, 2))], errors)
    cleanup.append(w)
    refused: list[list[str]] = []
    w.play.confirm_force = lambda verdict: refused.append(  # type: ignore[assignment]
        [r.message for r in verdict.reasons]
    )
    table.queue = ["2/Skull"]
    w.action_dock.buttons["Roll to move"].click()
    w.action_dock.buttons["Move"].click()
    hover(qtbot, w.canvas, (6, 1))
    lines = w.canvas.overlays.caption.lines
    assert lines[0] == "1. G2 is 6 spaces from A2; Knight may move 2", lines
    assert any("not next to A2" in line for line in lines[1:]), lines
    click(qtbot, w.canvas, (6, 1))
    assert refused and refused[0][0] == "G2 is 6 spaces from A2; Knight may move 2", refused
    assert w.play.figures()["knight"].at == (0, 1)
    assert not errors, errors
