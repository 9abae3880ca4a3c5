"""Play mode through the window: a scripted round on the demo dungeon, every step asserted.

Typed dice (the table's), initiative typed per character, a move clicked on the map, a
melee attack with typed dice, an illegal action refused with its reasons then forced,
undo and redo, hold, end of turn, the monsters' turns, and the game reopened identical.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from companion.gui.main_window import MainWindow
from companion.gui.play.action_dock import DIE_FACES
from companion.gui.play.dice_dialog import parse_faces
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import (
    DEMO,
    click,
    demo_window,
    drag,
    forget_changes,
    hover,
    make_settings,
    make_window,
)
from companion.rules.game import Game
from companion.rules.places import place_name
from companion.rules.table import ActionChoice
from companion.rules.verdict import Verdict


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")

    def refuse(verdict: Verdict) -> None:
        errors.append(f"refused: {verdict.message}")

    w.play.confirm_force = refuse  # type: ignore[assignment]
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    forget_changes(w)


class Table:
    """The physical dice: faces queued by the test, handed out as the app asks."""

    def __init__(self) -> None:
        self.queue: list[int] = []
        self.asked: list[str] = []

    def __call__(self, count: int, sides: int, purpose: str) -> list[int]:
        self.asked.append(purpose)
        out, self.queue = self.queue[:count], self.queue[count:]
        return out


def choice(w: MainWindow, kind: str) -> ActionChoice:
    found = [c for c in w.play.choices() if c.kind == kind]
    assert found, f"no {kind} among {[c.kind for c in w.play.choices()]}"
    return found[0]


def click_square(qtbot: object, w: MainWindow, sq: tuple[int, int]) -> None:
    hover(qtbot, w.canvas, sq)
    click(qtbot, w.canvas, sq)


def test_typed_faces_are_checked() -> None:
    assert parse_faces("3 5 6", 3, 6) == [3, 5, 6]
    assert parse_faces("356", 3, 6) == [3, 5, 6]
    with pytest.raises(ValueError, match="3 dice needed, 2 typed"):
        parse_faces("3 5", 3, 6)
    with pytest.raises(ValueError, match="7 is not a face of a d6"):
        parse_faces("3 5 7", 3, 6)


def test_a_scripted_round_through_the_window(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    table = Table()
    w.play.ask_dice = table
    path = tmp_path / "demo.game.jsonl"
    assert w.start_game(path, GameSpec(dice="typed"))
    assert w.mode == "play" and w.tool is w.tools["play"]
    assert w.play.turn().needs_initiative
    assert "Roll initiative" in w.tracker_dock.acting_label.text()
    # The demo's characters are the demo party's: same ids, the sheet's numbers.
    figures = w.play.figures()
    assert figures["mira"].max_sp == 14 and figures["brannoc"].is_character
    # Initiative typed per character: Brannoc 6+6, Lira 5+5, Mira 1+1, Snik 2+2,
    # Aldous 4+4, Borin 1+2 (no ties, so no re-rolls).
    table.queue = [6, 6, 5, 5, 1, 1, 2, 2, 4, 4, 1, 2]
    w.action_dock.buttons["Roll initiative"].click()
    assert table.asked[0] == "Brannoc's initiative"
    turn = w.play.turn()
    assert turn.acting == "brannoc" and turn.round == 1
    assert turn.labels["brannoc"] == "13"
    assert w.tracker_dock.order_ids()[0] == "brannoc"
    assert w.tracker_dock.order.item(0).font().bold()
    # The start of a turn lists its work: Brannoc, poisoned by the BrickMaster's hand.
    assert w.play.act(
        {
            "actor": "brickmaster",
            "action": "adjust",
            "figure": "brannoc",
            "add_effects": ["poisoned"],
        }
    )
    assert "Poison hurts Brannoc" in w.tracker_dock.prompts.text()
    # Begin Brannoc's turn (the poison hurts), then move him by clicking a square.
    w.action_dock.buttons["Begin turn"].click()
    assert w.play.figures()["brannoc"].hp == 11
    assert w.tracker_dock.prompts.text() == ""
    assert w.play.figures()["brannoc"].actions_left == 2
    w.action_dock.buttons["Move"].click()
    assert w.play.pending is not None and w.play.pending.kind == "move"
    moves = w.play.moves()
    dest = (12, 5)
    assert dest in moves
    click_square(qtbot, w, dest)
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert w.play.figures()["brannoc"].at == dest
    assert w.play.figures()["brannoc"].actions_left == 1
    assert w.session.doc.figure("brannoc").at == dest  # the map shows the game
    assert w.session.board().token("brannoc").pos == dest  # and measures the game's board
    # An illegal move (7 squares for a move of 5) is refused with its reasons.
    far = [[12, 4], [12, 3], [12, 2], [13, 2], [14, 2], [15, 2], [16, 2]]
    refused: list[Verdict] = []

    def decline(verdict: Verdict) -> None:
        refused.append(verdict)

    w.play.confirm_force = decline  # type: ignore[assignment]
    log_before = len(w.log_dock.lines)
    assert not w.play.act({"actor": "brannoc", "action": "move", "path": far})
    assert [r.code for r in refused[0].reasons] == ["insufficient_movement"]
    square = refused[0].reasons[0].square
    assert square is not None  # the map marks where the move fails
    assert w.canvas.overlays.reasons.marks == ((square, "1"),)
    assert "Not allowed" in w.action_dock.hint.text()
    assert len(w.log_dock.lines) == log_before  # nothing written
    # Forced by the BrickMaster, with a reason: applied and logged as forced.
    w.play.confirm_force = lambda verdict: "the floor gave way"
    assert w.play.act({"actor": "brannoc", "action": "move", "path": far})
    lines = w.log_dock.lines
    assert len(lines) == log_before + 1
    assert lines[-1].forced and lines[-1].why == "the floor gave way"
    assert "FORCED" in w.log_dock.list.item(w.log_dock.list.count() - 1).text()
    assert w.play.figures()["brannoc"].at == (16, 2)
    # Undo and redo through the log.
    at = w.play.figures()["brannoc"].at
    w.game_undo.trigger()
    assert len(w.log_dock.lines) == len(lines) - 1
    w.game_redo.trigger()
    assert len(w.log_dock.lines) == len(lines)
    assert w.play.figures()["brannoc"].at == at
    # End Brannoc's turn: Lira is next.
    w.action_dock.buttons["End turn"].click()
    assert w.play.turn().acting == "lira"
    # Go round to the end: each figure ends its turn; the round counter moves on.
    for _ in range(20):
        turn = w.play.turn()
        if turn.round == 2:
            break
        w.play.act({"actor": turn.acting, "action": "end_turn"})
    assert w.play.turn().round == 2
    assert "Round 2" in w.tracker_dock.round_label.text()
    assert not w.errors  # type: ignore[attr-defined]
    # The file holds it all: reopened, the same state.
    again = Game.open(path)
    assert again.snapshot() == w.play.game.snapshot()  # type: ignore[union-attr]


def test_melee_attack_with_typed_dice_and_odds(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    table = Table()
    w.play.ask_dice = table
    assert w.start_game(tmp_path / "a.game.jsonl", GameSpec(dice="typed"))
    table.queue = [6, 6, 5, 5, 1, 1, 2, 2, 4, 4, 1, 2]
    w.play.act(choice(w, "initiative").template)
    # Put Grok in front of Brannoc by the BrickMaster's hand (a logged adjustment).
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": "grok", "at": [14, 6]})
    assert w.play.figures()["grok"].at == (14, 6)
    attack = choice(w, "attack_melee")
    assert "grok" in attack.targets
    odds = w.play.odds({**attack.template, "target": "grok"})
    assert odds is not None and 0 < odds.hit < 1
    assert abs(sum(odds.damage.values()) - 1) < 1e-9
    w.play.choose(attack)
    attack_dice = int(odds.text.split(" attack dice")[0])
    defense_dice = int(odds.text.split(" against ")[1].split(" defense dice")[0])
    table.queue = [6] * attack_dice + [1] * defense_dice
    hp = w.play.figures()["grok"].hp
    w.canvas.fit()
    qtbot.wait(50)  # type: ignore[attr-defined]
    click_square(qtbot, w, (14, 6))
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert w.play.pending is None, [line.text for line in w.log_dock.lines]
    grok = w.play.figures()["grok"]
    assert grok.hp < hp
    assert "Brannoc attacks Grok" in w.log_dock.lines[-1].text
    assert any(r.faces == (6,) * attack_dice for r in w.log_dock.lines[-1].rolls)
    assert table.asked[-2:] == ["Brannoc attacks Grok", "Grok defends"]


def test_hold_needs_the_option_and_then_acts_at_the_end(window: MainWindow, tmp_path: Path) -> None:
    w = window
    assert w.start_game(tmp_path / "h.game.jsonl", GameSpec(options={"holding": True}, seed=11))
    first = w.play.turn().acting
    w.play.act(choice(w, "hold").template)
    turn = w.play.turn()
    assert first in turn.held and turn.acting != first
    assert "(holding)" in w.tracker_dock.order.item(0).text() or any(
        "(holding)" in w.tracker_dock.order.item(i).text()
        for i in range(w.tracker_dock.order.count())
    )


def test_a_crash_is_offered_back_on_the_next_launch(qtbot: object, tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    errors: list[str] = []
    w = make_window(qtbot, settings, errors)
    assert w.open_path(DEMO)
    path = tmp_path / "c.game.jsonl"
    assert w.start_game(path, GameSpec(seed=2))
    acting = w.play.turn().acting
    w.play.act({"actor": acting, "action": "end_turn"})
    # No clean close: the next window is offered the game.
    second = make_window(qtbot, settings, errors)
    second.ask_resume = lambda p: True  # type: ignore[method-assign]
    assert second.offer_recovery()
    assert second.play.game is not None
    assert len(second.play.game.log()) == 2  # initiative and the end of a turn
    w.session.undo_stack.setClean()
    second.session.undo_stack.setClean()


def test_the_map_keeps_most_of_a_1280x720_window(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    w.resize(1280, 720)
    assert w.start_game(tmp_path / "l.game.jsonl", GameSpec(seed=4))
    qtbot.wait(50)  # type: ignore[attr-defined]
    assert w.tracker_dock.isVisible() and w.action_dock.isVisible()
    assert w.height() <= 720
    assert w.canvas.width() >= 0.6 * w.width()


def _play_until(w: MainWindow, figure: str) -> None:
    for _ in range(30):
        if w.play.turn().acting == figure:
            return
        assert w.play.act({"actor": w.play.turn().acting, "action": "end_turn"})
    raise AssertionError(f"{figure} never acts")


def test_a_spell_with_an_area_follows_the_mouse_and_lists_its_figures(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "s.game.jsonl", GameSpec(seed=3))
    _play_until(w, "mira")
    # Two goblins near Mira, set there by the BrickMaster.
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": "gob", "at": [5, 2]})
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": "nix", "at": [6, 2]})
    fireball = next(c for c in w.play.choices() if c.label.startswith("Minor Fireball"))
    assert fireball.needs == "area" and fireball.area == {"shape": "circle", "size": 2.0}
    squares, hit = w.play.area({**fireball.template, "target": [6, 2]})
    assert (5, 2) in squares and {"gob", "nix"} <= set(hit)
    w.play.choose(fireball)
    hover(qtbot, w.canvas, (6, 2))
    assert w.canvas.overlays.area.isVisible()
    assert "Gob" in " ".join(w.canvas.overlays.caption.lines)
    before = {f: w.play.figures()[f].hp for f in ("gob", "nix")}
    sp = w.play.figures()["mira"].sp
    click(qtbot, w.canvas, (6, 2))
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    assert w.play.pending is None
    after = w.play.figures()
    assert after["mira"].sp == sp - 3
    assert all(after[f].hp < before[f] or after[f].dead for f in before)
    assert "Minor Fireball" in w.log_dock.lines[-1].text


def test_dragging_the_acting_figure_moves_it(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "d.game.jsonl", GameSpec(seed=3))
    acting = w.play.turn().acting
    start = w.play.figures()[acting].at
    dest = min(
        w.play.game.ruleset.moves(w.play.game.state, acting).items(),  # type: ignore[union-attr]
        key=lambda kv: (-kv[1].cost, kv[0]),
    )[0]
    drag(qtbot, w.canvas, [start, dest])
    assert w.play.figures()[acting].at == dest


def test_dice_rolled_again_are_a_logged_override(window: MainWindow, tmp_path: Path) -> None:
    w = window
    assert w.start_game(tmp_path / "r.game.jsonl", GameSpec(seed=9))
    assert not w.action_dock.reroll.isHidden()  # initiative rolled dice
    first = w.log_dock.lines[-1]
    assert first.rolls
    w.play.ask_reason = lambda title, label: "a die fell off the table"
    assert w.play.reroll_last()
    again = w.log_dock.lines[-1]
    assert len(w.log_dock.lines) == 1
    assert again.note == "dice rolled again: a die fell off the table"
    assert "a die fell off the table" in w.log_dock.list.item(0).text()
    assert any(face in w.action_dock.dice.text() for face in DIE_FACES)


def test_the_brickmaster_opens_a_secret_door_during_the_game(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "m.game.jsonl", GameSpec(seed=3))
    wall = (11, 3)
    assert w.session.doc.dungeon.terrain_at(*wall).name == "WALL"
    edit = next(c for c in w.play.choices() if c.kind == "edit_map" and "floor" in c.label)
    w.play.choose(edit)
    click(qtbot, w.canvas, wall)
    assert w.session.doc.dungeon.terrain_at(*wall).name == "FLOOR"  # the map shows it
    assert "edits the map" in w.log_dock.lines[-1].text
    w.game_undo.trigger()
    assert w.session.doc.dungeon.terrain_at(*wall).name == "WALL"


def test_the_order_is_dragged_by_the_brickmaster_and_logged(
    window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "o.game.jsonl", GameSpec(seed=5))
    order = w.tracker_dock.order_ids()
    last = w.tracker_dock.order.takeItem(w.tracker_dock.order.count() - 1)
    w.tracker_dock.order.insertItem(1, last)
    w.tracker_dock._dragged()
    wanted = [order[0], order[-1], *order[1:-1]]
    assert list(w.play.turn().order) == wanted
    assert w.tracker_dock.order_ids() == wanted
    assert "sets the order" in w.log_dock.lines[-1].text


def test_new_and_open_game_are_in_the_file_menu(window: MainWindow) -> None:
    texts = [a.text() for a in window.actions_.file_menu.actions()]
    assert "&New game…" in texts and "&Open game…" in texts


def test_the_dice_dialog_refuses_a_wrong_count_or_face(qtbot: object) -> None:
    from PySide6.QtWidgets import QDialogButtonBox

    from companion.gui.play.dice_dialog import DiceDialog

    dialog = DiceDialog(3, 6, "Grok's attack")
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    dialog.edit.setText("3 5")
    ok.click()
    assert dialog.result() == 0 and "3 dice needed, 2 typed" in dialog.error.text()
    dialog.edit.setText("3 5 9")
    ok.click()
    assert "9 is not a face of a d6" in dialog.error.text()
    dialog.edit.setText("3 5 6")
    ok.click()
    assert dialog.faces == [3, 5, 6] and dialog.result() == 1


def test_the_log_shows_squares_and_exports_markdown(window: MainWindow, tmp_path: Path) -> None:
    w = window
    assert w.start_game(tmp_path / "x.game.jsonl", GameSpec(seed=3))
    acting = w.play.turn().acting
    dest, option = next(iter(w.play.moves().items()))
    assert w.play.act({"actor": acting, "action": "move", "path": [list(p) for p in option.path]})
    w.log_dock.list.setCurrentRow(w.log_dock.list.count() - 1)
    assert w.canvas.overlays.area.isVisible()
    out = tmp_path / "log.md"
    assert w.log_dock.export(out)
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# The Sunken Forge — game log")
    assert f"moves to {place_name(dest)}" in text and "Initiative is rolled" in text


def test_the_sheets_show_the_game_and_a_click_is_a_logged_adjustment(
    window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "p.game.jsonl", GameSpec(seed=3))
    model = w.party_dock.model
    assert model.game_sink is not None
    assert {c.id for c in model.characters()} == {
        "brannoc",
        "lira",
        "mira",
        "snik",
        "aldous",
        "borin",
    }
    # Damage on the sheet: the game's hit points change, through the log.
    assert model.damage("brannoc", 3)
    assert w.play.figures()["brannoc"].hp == 9
    assert model.character("brannoc").hit_points == 9
    assert "adjusts Brannoc: hit points 12 → 9" in w.log_dock.lines[-1].text
    assert model.undo_stack.count() == 0  # no second history
    # The game's state reaches the sheets: a forced hit point change elsewhere shows.
    assert w.play.act({"actor": "brickmaster", "action": "adjust", "figure": "mira", "sp": 4})
    assert model.character("mira").spell_points == 4
    # Closing the game gives the party file's sheets back, untouched.
    w.close_game()
    assert model.game_sink is None
    assert model.character("brannoc").hit_points == 12


def test_the_brickmaster_menu_holds_the_table_actions(window: MainWindow, tmp_path: Path) -> None:
    w = window
    assert not w.brickmaster_menu.isEnabled()
    assert w.start_game(tmp_path / "b.game.jsonl", GameSpec(seed=3))
    assert "Re-roll initiative" not in w.action_dock.buttons  # not on the figure's bar
    w._fill_brickmaster_menu()
    labels = [a.text() for a in w.brickmaster_menu.actions()]
    assert "Re-roll initiative" in labels and any("floor" in t for t in labels)


def test_three_rounds_through_the_window_then_the_same_state_reopened(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    """As a new user would: every figure begins, moves or attacks, and ends its turn,
    through the action bar and clicks on the map, for three whole rounds."""
    w = window
    path = tmp_path / "three.game.jsonl"
    assert w.start_game(path, GameSpec(seed=17))
    steps = 0
    while w.play.turn().round < 4 and steps < 400:
        steps += 1
        bar = w.action_dock.buttons
        if "Begin turn" in bar:
            bar["Begin turn"].click()
            continue
        attack = next(
            (c for c in w.play.choices() if c.kind.startswith("attack") and c.enabled), None
        )
        if attack is not None and w.play.figures()[w.play.turn().acting].actions_left:
            w.play.choose(attack)
            # a foe: an ally would be asked about first (friendly fire)
            asked = dict(attack.confirm)
            foe = next((t for t in attack.targets if t not in asked), attack.targets[0])
            w.play.confirm_target = lambda question: True
            target = w.play.figures()[foe].at
            click(qtbot, w.canvas, target)
            continue
        moves = w.play.moves()
        acting = w.play.figures()[w.play.turn().acting]
        if (
            "Move" in bar
            and bar["Move"].isEnabled()
            and moves
            and acting.actions_left == acting.actions_total
        ):
            bar["Move"].click()
            dest = min(moves, key=lambda sq: (moves[sq].cost, sq))
            click(qtbot, w.canvas, dest)
            continue
        bar["End turn"].click()
    assert w.play.turn().round == 4, steps
    assert not w.errors  # type: ignore[attr-defined]
    assert not any(line.forced for line in w.log_dock.lines)
    assert Game.open(path).snapshot() == w.play.game.snapshot()  # type: ignore[union-attr]


def test_the_new_game_dialog_asks_what_the_cards_leave_open(qtbot: object) -> None:
    from PySide6.QtWidgets import QCheckBox, QComboBox

    from companion.gui.play.new_game import NewGameDialog
    from companion.rules.maps import load_map_bytes
    from companion.rules.ruleset import get_ruleset

    rules = get_ruleset("brickquest")
    doc = load_map_bytes(DEMO.read_bytes())
    dialog = NewGameDialog(list(rules.option_specs()), list(rules.setup_choices(doc)), "", None)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    weapon = dialog.findChild(QComboBox, "choice_rattle_weapon")
    hp = dialog.findChild(QComboBox, "choice_rattle_hp")
    holding = dialog.findChild(QCheckBox, "option_holding")
    assert weapon is not None and hp is not None and holding is not None
    weapon.setCurrentIndex(weapon.findData("halberd"))
    hp.setCurrentIndex(hp.findData("9"))
    holding.setChecked(True)
    dialog.typed_dice.setChecked(True)
    spec = dialog.spec()
    assert spec.choices["rattle"] == {"weapon": "halberd", "hp": "9"}
    assert spec.options == {"holding": True} and spec.dice == "typed"


def test_the_brickmaster_moves_a_barrel_with_two_clicks(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "o2.game.jsonl", GameSpec(seed=3))
    barrel, to = (26, 12), (25, 13)
    assert barrel in w.session.doc.dungeon.objects and to not in w.session.doc.dungeon.objects
    move = next(c for c in w.play.choices() if c.then_field == "move_object_to")
    w.play.choose(move)
    click(qtbot, w.canvas, barrel)
    assert w.play.pending is move  # waiting for where it goes
    click(qtbot, w.canvas, to)
    assert w.play.pending is None
    objects = w.session.doc.dungeon.objects
    assert to in objects and barrel not in objects and objects[to].kind.value == "barrel"
    assert "barrel moves to Z14" in w.log_dock.lines[-1].text


def test_escape_cancels_the_pending_action_wherever_the_focus_is(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "e.game.jsonl", GameSpec(seed=3))
    w.play.choose(choice(w, "begin_turn"))
    w.play.choose(choice(w, "move"))
    assert w.play.pending is not None
    w.roster_dock.show()
    w.roster_dock.table.setFocus()
    qtbot.keyClick(w.roster_dock.table, Qt.Key.Key_Escape)  # type: ignore[attr-defined]
    assert w.play.pending is None
    assert not w.canvas.overlays.reach_tint.isVisible()


def test_a_symbol_die_is_typed_by_clicking_its_faces(qtbot: object) -> None:
    """Symbol dice (Heroica's, QUBQST's) are typed by their faces' labels."""
    from PySide6.QtWidgets import QPushButton

    from companion.gui.play.dice_dialog import DiceDialog
    from companion.rules.table import DieSpec

    die = DieSpec(id="action", name="Action Die", faces=("1", "2", "3", "Sword", "Skull", "Shield"))
    dialog = DiceDialog(2, 6, "moving", die=die)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    shield = dialog.findChild(QPushButton, "face_Shield")
    sword = dialog.findChild(QPushButton, "face_Sword")
    assert shield is not None and sword is not None
    shield.click()
    dialog._check()
    assert "2 dice needed, 1 typed" in dialog.error.text()
    sword.click()
    assert dialog.edit.text() == "Shield, Sword"
    dialog._check()
    assert dialog.faces == [6, 4]
    assert parse_faces("skull, 2", 2, 6, die) == [5, 2]


def test_wide_figures_are_picked_on_any_of_their_squares(window: MainWindow) -> None:
    """A large creature's 2x2 block (anchored at its corner) and a table's round base
    (centred) are both hit anywhere on them."""
    tool = window.tools["play"]
    figures = window.canvas.figures
    figures.sizes = {"dragon": 2.0, "knight": 2.0}
    figures.anchors = {"dragon": "corner", "knight": "centre"}
    covers = tool._covers  # type: ignore[attr-defined]
    assert covers("dragon", (5, 5), (6, 6)) and covers("dragon", (5, 5), (5, 6))
    assert not covers("dragon", (5, 5), (4, 5)) and not covers("dragon", (5, 5), (7, 5))
    assert covers("knight", (5, 5), (4, 5)) and not covers("knight", (5, 5), (6, 7))
    assert not covers("elf", (5, 5), (5, 6))  # one square wide: only its own square


def test_a_roll_reads_whole_on_the_action_bar() -> None:
    """The faces stay on one line under the roll's purpose, with the total of a pool."""
    from companion.gui.play.action_dock import roll_line
    from companion.rules.dice import DiceRoll
    from companion.rules.table import DieSpec

    pool = roll_line(DiceRoll(purpose="activation roll", faces=(6, 6, 4, 6)))
    assert pool.startswith("<small>activation roll</small><br><nobr>") and "= 22" in pool
    one = roll_line(DiceRoll(purpose="attack", sides=20, faces=(13,)))
    assert "[13]" in one and "=" not in one
    action = DieSpec(
        id="action", name="Action Die", faces=("1", "2", "3", "Sword", "Skull", "Shield")
    )
    symbols = roll_line(DiceRoll(purpose="move", faces=(6, 4), die="action"), [action])
    assert "[Shield] [Sword]" in symbols and "=" not in symbols  # no sum of symbols
