"""Heroica through the window: a hero's full turn.

The Knight shops in its Upkeep (the shop is a dialog), rolls the Action Die (typed by
clicking its face), moves by clicking the map onto a treasure chest next to a goblin (a
forced stop: it must search and fight), searches, fights, and ends its turn; then the
monster phases run inside it (a spider moves and attacks) and the Wizard's turn begins.
The Fire Track and the Boss Monster Track are drawn in the tracker, and the game reopens
identical.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import click, hover, make_settings, make_window
from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, MapOptions, dump_map, new_document
from companion.rules.game import Game
from companion.rules.verdict import Verdict


def board(tmp_path: Path) -> Path:
    """One location of 8 x 3 spaces: the Knight and the Wizard, a chest next to a goblin,
    a spider at the far end."""
    doc = new_document(8, 3, border=False, name="Draida Bay")
    doc.dungeon.terrain[:, :] = int(Terrain.FLOOR)
    doc.board = {
        "locations": [{"id": "bay", "name": "Draida Bay", "realm": "draida_bay",
                       "rects": [[0, 0, 8, 3]]}],
        "features": [{"kind": "treasure_chest", "at": [3, 1]}],
        "start": [0, 1],
        "target": "spider",
    }  # fmt: skip
    doc.figures = [
        FigurePlacement(id="knight", class_id="knight", at=(0, 1)),
        FigurePlacement(id="wizard", class_id="wizard", at=(0, 2)),
        FigurePlacement(id="gob", monster="goblin_warrior", at=(4, 1)),
        FigurePlacement(id="spider", monster="spider", at=(7, 0)),
    ]
    doc.options = MapOptions(ruleset="heroica")
    path = tmp_path / "bay.json"
    path.write_bytes(dump_map(doc))
    return path


class Table:
    """The physical dice: labels queued by the test, clicked as the faces the app asks."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        self.queue: list[str] = []
        self.asked: list[str] = []

    def __call__(self, count: int, sides: int, purpose: str) -> list[int]:
        spec = self.window.play.asking_die
        assert spec is not None, f"{purpose}: a symbol die has labels"
        self.asked.append(f"{spec.name}: {purpose}")
        labels, self.queue = self.queue[:count], self.queue[count:]
        return [spec.face(label) for label in labels]


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    assert w.open_path(board(tmp_path))
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")

    def refuse(verdict: Verdict) -> None:
        errors.append(f"refused: {verdict.message}")

    w.play.confirm_force = refuse  # type: ignore[assignment]
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()


def test_a_heros_full_turn_through_the_window(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    table = Table(w)
    w.play.ask_dice = table
    path = tmp_path / "bay.game.jsonl"
    spec = GameSpec(dice="typed", options={"starting_gold": 5})
    assert w.start_game(path, spec)
    assert w.mode == "play"
    assert "Character Die" in w.tracker_dock.acting_label.text()
    # The tracks are drawn: the Fire Track (12 boxes) and the Boss Monster Track.
    strips = w.tracker_dock.tracks.strips
    assert set(strips) == {"fire", "boss"}
    assert strips["fire"][1].track is not None and strips["fire"][1].track.length == 12
    # The first player: the Character Die, its face clicked.
    table.queue = ["Knight"]
    w.action_dock.buttons["Roll the Character Die: first player"].click()
    assert table.asked == ["Character Die: first player"]
    assert w.play.turn().acting == "knight"
    assert "Upkeep" in w.play.turn().headline

    # Upkeep: the shop, a dialog of every item with its price; a Life Potion for 3 gold.
    w.action_dock.buttons["Shop"].click()
    shop = w.action_dock.dialog
    assert "Gold: 5" in shop.header.text()
    assert shop.buttons["buy_axe"].isEnabled()  # the Axe costs 5
    shop.buttons["buy_life_potion"].click()
    assert "Gold: 2" in shop.header.text()
    assert not shop.buttons["buy_axe"].isEnabled()  # 5 gold: no longer affordable
    assert "5 gold" in shop.buttons["buy_axe"].toolTip()
    shop.close()
    assert "Life Potion" in w.play.figures()["knight"].items

    # Hero movement: roll the Action Die, then click where to go.
    table.queue = ["3/Sword"]
    w.action_dock.buttons["Roll to move"].click()
    assert w.play.game.state.moves_left == 3
    w.action_dock.buttons["Move"].click()
    assert (3, 1) in w.play.moves() and (4, 0) not in w.play.moves()
    hover(qtbot, w.canvas, (3, 1))
    click(qtbot, w.canvas, (3, 1))
    knight = w.play.figures()["knight"]
    assert knight.at == (3, 1)
    # A forced stop: on the chest and next to the goblin; the turn cannot end yet.
    headline = w.play.turn().headline
    assert "must fight the Goblin Warrior" in headline and "must search" in headline
    # The bar says so beside the greyed button (not only in a tooltip).
    end = "End turn (monsters act)"
    assert not w.action_dock.buttons[end].isEnabled()
    assert "must fight" in w.action_dock.reasons[end].text()
    assert not w.action_dock.reasons[end].isHidden()

    # The search: the chest's Shield is 2 gold.
    table.queue = ["Shield"]
    w.action_dock.buttons["Search the treasure chest"].click()
    assert w.play.game.state.heroes["knight"].gold == 4
    # Hero combat: 3/Sword deals 1 damage, the goblin's only health.
    table.queue = ["3/Sword"]
    fight = w.action_dock.buttons["Fight"]
    fight.menu().actions()[0].trigger()
    assert "gob" not in w.play.figures()
    assert w.play.game.state.heroes["knight"].gold == 5  # +1 for the goblin

    # The turn ends: the spider in the Knight's location moves (a 3/Sword and its extra
    # space) to the Knight and attacks it (2/Skull: 1 health, and the Knight moves back).
    w.action_dock.buttons["End turn (monsters act)"].click()
    turn = w.play.turn()
    assert turn.acting == "spider" and "Monster movement" in turn.headline
    table.queue = ["3/Sword"]
    w.action_dock.buttons["Roll and move the Spider"].click()
    assert w.play.turn().acting == "spider" and "Monster combat" in w.play.turn().headline
    table.queue = ["2/Skull"]
    w.action_dock.buttons["The Spider attacks"].click()
    knight = w.play.figures()["knight"]
    assert knight.hp == 3
    # The Wizard's turn begins.
    assert w.play.turn().acting == "wizard"
    log = [line.text for line in w.play.game.log()]
    assert any("Spider" in line and "moves" in line for line in log), log

    # Saved after every action: the game reopens as it stands.
    assert Game.open(path).snapshot() == w.play.game.snapshot()


def test_the_demo_opens_with_its_heroes_cards_whole_at_1280x720(
    qtbot: object, tmp_path: Path
) -> None:
    w = make_window(qtbot, make_settings(tmp_path))
    w.resize(1280, 720)
    assert w.open_demo(2)  # Draida Bay, with the demo party
    assert w.session.ruleset.id == "heroica"
    panel = w.roster_panel
    assert panel.ruleset_id == "heroica" and len(panel.roster()["characters"]) == 4
    panel.select(panel.roster()["characters"][0]["id"])
    qtbot.wait(30)  # type: ignore[attr-defined]
    # The card is never wider than the dock: nothing cut at the right edge.
    assert panel.sheet.width() <= panel.sheet_scroll.viewport().width()
    # The map keeps most of the window.
    assert w.canvas.width() >= 0.6 * w.width()
    w.session.undo_stack.setClean()
    panel.undo_stack.setClean()


def test_a_cooperative_game_on_the_demo_through_the_window(qtbot: object, tmp_path: Path) -> None:
    """From the first roll to the target monster's defeat (or the full Fire Track): every
    action taken through the window's controller as its buttons and clicks do, then the
    game reopened in the window and its hero cards printed with the game's numbers."""
    from test_heroica_game import next_action

    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    assert w.open_demo(2)
    path = tmp_path / "draida.game.jsonl"
    assert w.start_game(path, GameSpec(dice="app", seed=3), roster=w.roster_panel.roster())
    for _ in range(3000):
        if w.play.turn().outcome is not None:
            break
        action = next_action(w.play.game)
        assert w.play.act(action), (action, errors)
    outcome = w.play.turn().outcome
    assert outcome is not None and ("heroes win" in outcome or "Fire Track" in outcome)
    assert outcome in w.tracker_dock.acting_label.text()
    finished = w.play.game.snapshot()
    # Reopened in the window: the same game, to its end.
    w.close_game()
    assert w.open_game(path)
    assert w.play.game.snapshot() == finished
    # The hero cards, with the game's numbers, printed from the roster dock.
    pdf = tmp_path / "cards.pdf"
    assert w.roster_panel.export_pdf(pdf) >= 2  # the cards, then the track strips
    assert pdf.read_bytes().startswith(b"%PDF")
    assert not errors, errors
    w.session.undo_stack.setClean()
    w.roster_panel.undo_stack.setClean()
