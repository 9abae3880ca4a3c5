"""In a World Where Bricks Rule through the window: a round on the demo table.

The demo table names its ruleset, so the window measures it in studs and lengths, the new
game takes the demo roster, and the round runs through the tracker, the action bar and
clicks on the map: the typed 4d6, players picking who activates, a straight move, a
refused move with its reason, undo, an attack with its odds, and the game reopened.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.datafiles import resource_dir
from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import click, hover, make_settings, make_window
from companion.rules.game import Game
from companion.rules.verdict import Verdict

TABLE = resource_dir() / "dungeons" / "iawwbr-demo.json"
ROSTER = resource_dir() / "parties" / "iawwbr-demo.roster.json"
IAWWBR = "in_a_world_where_bricks_rule"


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    assert w.open_path(TABLE)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")

    def refuse(verdict: Verdict) -> None:
        errors.append(f"refused: {verdict.message}")

    w.play.confirm_force = refuse  # type: ignore[assignment]
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()


class Table:
    """The physical dice: faces queued by the test, handed out as the app asks."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.asked: list[str] = []

    def __call__(self, count: int, sides: int, purpose: str) -> list[int]:
        self.asked.append(f"{count}d{sides} {purpose}")
        out, self.queue = self.queue[:count], self.queue[count:]
        return out


def click_square(qtbot: object, w: MainWindow, sq: tuple[int, int]) -> None:
    hover(qtbot, w.canvas, sq)
    click(qtbot, w.canvas, sq)


def test_the_table_is_measured_in_studs_and_lengths(window: MainWindow) -> None:
    w = window
    assert w.session.ruleset.id == IAWWBR
    assert w.session.board().rules.studs_per_square == 1
    ruler = w.tools["ruler"]
    w.set_tool("ruler")
    shape = ruler.measure_between((8, 16), (24, 16))
    assert shape is not None
    assert shape.lines[0] == "16.0 studs"
    assert "1.00 lengths" in " ".join(shape.lines)
    # Two figures' bases: the gap between them, not their centres.
    shape = ruler.measure_between((57, 23), (55, 20))
    assert shape is not None and any("Bases" in line for line in shape.lines)
    # Round bases are drawn two studs wide.
    assert w.canvas.figures.sizes["red_brute"] == 2.0


def test_a_round_through_the_window(qtbot: object, window: MainWindow, tmp_path: Path) -> None:
    w = window
    table = Table()
    w.play.ask_dice = table
    path = tmp_path / "bridge.game.jsonl"
    roster = json.loads(ROSTER.read_text(encoding="utf-8"))
    assert w.start_game(path, GameSpec(dice="typed"), roster=roster)
    assert w.mode == "play"
    turn = w.play.turn()
    assert turn.needs_initiative and "roll 4d6" in w.tracker_dock.acting_label.text()
    # The round's roll, typed: 4+4+4+3 = 15 lets every defense up to 15 act.
    table.queue = [4, 4, 4, 3]
    w.action_dock.buttons["Roll 4d6 for activation"].click()
    assert table.asked == ["4d6 activation roll"]
    turn = w.play.turn()
    assert "roll 15" in turn.headline and "red: activate a character" in turn.headline
    assert set(turn.choosable) <= {f for f in w.play.figures() if f.startswith("red_")}
    assert "red_brute" in turn.choosable
    # The red player picks the brute in the tracker, then moves it by clicking.
    row = w.tracker_dock.order_ids().index("red_brute")
    w.tracker_dock.order.itemClicked.emit(w.tracker_dock.order.item(row))
    assert w.play.turn().acting == "red_brute"
    w.action_dock.buttons["Move"].click()
    assert w.play.pending is not None and w.play.pending.needs == "destination"
    assert (20, 16) in w.play.moves() and (30, 16) not in w.play.moves()
    click_square(qtbot, w, (20, 16))
    brute = w.play.figures()["red_brute"]
    assert brute.at == (20, 16) and brute.actions_left == 1
    # A second move too far: refused, with the text's reason, and nothing changes.
    w.action_dock.buttons["Move"].click()
    click_square(qtbot, w, (20, 36))
    assert any("one length" in e for e in w.errors), w.errors
    assert w.play.figures()["red_brute"].at == (20, 16)
    # Undo takes the move back; redo brings it again.
    w.play.undo()
    assert w.play.figures()["red_brute"].at == (8, 16)
    w.play.redo()
    assert w.play.figures()["red_brute"].at == (20, 16)
    # The brute ends its activation: the blue player's turn.
    w.action_dock.buttons["End activation"].click()
    turn = w.play.turn()
    assert "blue" in turn.headline and turn.labels["red_brute"] == "acted"
    # Blue picks its wizard by clicking it on the map, and the round goes on.
    wizard_at = w.play.figures()["blue_wizard"].at
    assert wizard_at is not None
    click_square(qtbot, w, wizard_at)
    assert w.play.turn().acting == "blue_wizard"
    # A round base is hit anywhere on its disc, not only on its centre stud.
    beside = (wizard_at[0] + 1, wizard_at[1])
    assert w.tools["play"]._figure_at(beside) == "blue_wizard"  # type: ignore[attr-defined]
    assert w.tools["play"]._figure_at((wizard_at[0] + 3, wizard_at[1])) is None  # type: ignore[attr-defined]
    assert w.play.pending is not None and w.play.pending.kind == "move"
    w.play.set_pending(None)
    # The log tells the story, and the file reopens to the same battle.
    log = w.play.game.log()
    assert "the 4d6 roll is 15" in log[0].text and log[0].dice == ("activation roll: 4 4 4 3",)
    assert any("moves 12.0 studs" in line.text for line in log)
    again = Game.open(path)
    assert again.snapshot() == w.play.game.snapshot()
    assert not [e for e in w.errors if not e.startswith("refused")], w.errors


def test_a_battle_set_up_played_to_its_end_and_printed(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    """As a new user would: File → Open Demo, the roster's sheets, a game, its end, a PDF."""
    w = window
    assert w.open_demo(1)
    assert w.session.ruleset.id == IAWWBR
    assert w.roster_sheets_dock.isVisibleTo(w) and w.roster_panel.ruleset_id == IAWWBR
    assert w.party_dock is None or not w.party_dock.isVisibleTo(w)
    assert len(w.roster_panel.roster()["characters"]) == 10
    # The new game takes the roster the sheets show (no file to pick).
    roster = w._game_roster(w.session.ruleset)
    assert roster is not None and roster == w.roster_panel.roster()
    # A character on a wider base (a horse, a big figure) is drawn at its size in the game.
    roster["characters"][1]["base"] = 1.5
    table = Table()
    w.play.ask_dice = table
    assert w.start_game(tmp_path / "demo.game.jsonl", GameSpec(dice="typed"), roster=roster)
    brute = roster["characters"][1]["id"]
    assert w.canvas.figures.sizes[brute] == 3.0 and w.canvas.figures.sizes["red_archer"] == 2.0
    table.queue = [6, 6, 6, 6]
    w.action_dock.buttons["Roll 4d6 for activation"].click()
    # The sheets show the battle: hits, activation.
    titles = [s.title for s in w.roster_panel.views()[0].sections]
    assert titles[0] == "In the battle"
    # The sheet shown follows the character the player picks to act.
    assert w.play.pick("red_knight")
    assert w.roster_panel.current_id() == "red_knight"
    # The game keeps the numbers: during it, the sheets are read, not edited.
    assert not w.roster_panel.sheet._editable and not w.roster_panel.new_action.isEnabled()
    # A ranged attack from the archer, typed d20: a hit on the Ninja... wherever the
    # armies stand, the odds come from the model before the click.
    assert w.play.pick("red_archer")
    attack = next(c for c in w.play.choices() if c.kind == "attack")
    assert attack.needs == "figure"
    # Red completes its objective: the table ends the battle from the action bar's menu.
    end = next(c for c in w.play.choices() if c.kind == "end_battle_red")
    assert end.group == "End the battle"
    assert w.play.choose(end)
    turn = w.play.turn()
    assert turn.outcome == "The battle is over: red wins"
    assert "red wins" in w.tracker_dock.acting_label.text()
    assert not [c for c in w.play.choices() if c.kind == "move"]
    # And the sheets print: ten characters, two to a page.
    pdf = tmp_path / "sheets.pdf"
    pages = w.roster_panel.export_pdf(pdf)
    assert pages == 5 and pdf.read_bytes().startswith(b"%PDF")
    assert not [e for e in w.errors if not e.startswith("refused")], w.errors


def test_a_new_table_is_built_and_the_roster_placed_on_it(
    qtbot: object, window: MainWindow
) -> None:
    from PySide6.QtWidgets import QComboBox

    from companion.gui.dialogs.new_map import NewMapSpec
    from companion.model.dungeon import Terrain

    w = window
    assert w.open_demo(1)
    # File → New: a table in studs for this ruleset.
    spec = NewMapSpec("Skirmish", 48, 32, border=False, fill=Terrain.FLOOR, ruleset=IAWWBR)
    w.set_document(spec.document(), None)
    assert w.session.ruleset.id == IAWWBR and w.session.board().rules.studs_per_square == 1
    # The figure tool places the roster's characters, linked to it by id.
    w.set_tool("figure")
    box = w.tool_dock.findChild(QComboBox, "figure_character")
    assert box is not None and box.count() == 11
    box.setCurrentIndex(
        1 + [c["id"] for c in w.roster_panel.roster()["characters"]].index("red_archer")
    )
    click(qtbot, w.canvas, (5, 5))
    placed = w.session.doc.figure("red_archer")
    assert placed is not None and placed.side == "red" and placed.class_id == "archer"
    # The terrain tool paints difficult ground.
    w.set_tool("terrain")
    texts = [b.itemText(i) for b in w.tool_dock.findChildren(QComboBox) for i in range(b.count())]
    assert "Difficult ground (swamp, brush)" in texts
    w.session.undo_stack.setClean()
