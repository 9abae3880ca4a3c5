"""Issue #18 through a person's hands: the action bar, the odds, targets, facing, fast
turns, undo over the bookkeeping, and typed dice, on the demo dungeon (BrickQuest), the
Bridge at Bricksford (In a World Where Bricks Rule) and a Heroica board.

Each test drives the window as a player does: the bar's buttons and keys, clicks and
hovers on the map, dialogs filled through their widgets.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QPushButton

from companion.datafiles import resource_dir
from companion.gui.main_window import MainWindow
from companion.gui.play.dice_dialog import DiceDialog, DiceSheet
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import (
    click,
    demo_window,
    forget_changes,
    hover,
    make_settings,
    make_window,
)
from companion.rules.game import Game
from companion.rules.ruleset import get_ruleset
from companion.rules.table import ActionChoice
from companion.rules.verdict import Verdict

Square = tuple[int, int]


def quiet(w: MainWindow, errors: list[str]) -> MainWindow:
    """No modal box ever blocks a test: errors and refusals are written down."""
    w.play.show_error = lambda title, text: errors.append(f"{title}: {text}")

    def refuse(verdict: Verdict) -> None:
        errors.append(f"refused: {verdict.message}")

    w.play.confirm_force = refuse  # type: ignore[assignment]
    w.play.confirm_target = lambda question: errors.append(question) is None
    w.errors = errors  # type: ignore[attr-defined]
    return w


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = demo_window(qtbot, tmp_path, errors)
    quiet(w, errors)
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
    assert w.play.figures()[figure].at == at


def click_square(qtbot: object, w: MainWindow, sq: Square) -> None:
    hover(qtbot, w.canvas, sq)
    click(qtbot, w.canvas, sq)


def key(qtbot: object, widget: object, k: Qt.Key, mod: Qt.KeyboardModifier | None = None) -> None:
    qtbot.keyClick(widget, k, mod or Qt.KeyboardModifier.NoModifier)  # type: ignore[attr-defined]


# -- 7. the action bar tells the truth ------------------------------------------------------


def test_a_ranger_without_a_target_sees_her_attack_greyed_and_why(
    window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "r.game.jsonl", GameSpec(seed=3))
    play_until(w, "lira")
    # Every enemy far off, beyond the bow's 8 squares, and Lira alone in the forge.
    for fid, at in (("grok", (33, 3)), ("gob", (34, 3)), ("nix", (35, 3)), ("lira", (10, 20))):
        put(w, fid, at)
    ranged = choice(w, "attack_ranged")
    assert not ranged.enabled and ranged.targets == ()
    bar = w.action_dock
    assert "Ranged attack" in bar.buttons  # shown, not hidden
    assert not bar.buttons["Ranged attack"].isEnabled()
    why = bar.reasons["Ranged attack"]
    assert not why.isHidden() and why.text().startswith("no target")
    assert "Rattle, the nearest enemy" in why.text() and "range" in why.text()
    # Its key says why instead of doing nothing.
    number = bar.buttons["Ranged attack"].text().split("[")[1].split("]")[0]
    shortcut = next(a for a in bar.key_actions if a.shortcut().toString() == number)
    shortcut.trigger()
    assert w.play.pending is None
    assert "not possible now" in bar.hint.text() and "no target" in bar.hint.text()
    # Move is shown and possible.
    assert bar.buttons["Move"].isEnabled() and bar.reasons["Move"].isHidden()


def test_an_iawwbr_figure_in_base_contact_cannot_start_a_move(
    qtbot: object, tmp_path: Path
) -> None:
    from companion.model.mapfile import dump_map
    from companion.rules.maps import load_map_bytes

    source = resource_dir() / "dungeons" / "iawwbr-demo.json"
    doc = load_map_bytes(source.read_bytes(), source=str(source))
    brute = doc.figure("red_brute")
    foe = next(f for f in doc.figures if f.side != brute.side)
    foe = foe.model_copy(update={"at": (brute.at[0] + 2, brute.at[1])})  # bases touch
    doc.figures = [foe if f.id == foe.id else f for f in doc.figures]
    table = tmp_path / "contact.json"
    table.write_bytes(dump_map(doc))
    errors: list[str] = []
    w = quiet(make_window(qtbot, make_settings(tmp_path), errors), errors)
    assert w.open_path(table)
    roster = json.loads(
        (resource_dir() / "parties" / "iawwbr-demo.roster.json").read_text(encoding="utf-8")
    )
    assert w.start_game(tmp_path / "b.game.jsonl", GameSpec(seed=5), roster=roster)
    if w.play.turn().needs_initiative:
        assert w.play.act(choice(w, "initiative").template)
    turn = w.play.turn()
    me = brute if "red_brute" in turn.choosable else foe
    assert me.id in turn.choosable, turn
    w.play.pick(me.id)
    move = choice(w, "move")
    assert not move.enabled and "break free" in move.why_not
    bar = w.action_dock
    assert not bar.buttons["Move"].isEnabled()
    assert "break free" in bar.reasons["Move"].text() and not bar.reasons["Move"].isHidden()
    # Pressed anyway: no squares lit, the reason said.
    w.play.choose(move)
    assert w.play.pending is None
    assert not w.canvas.overlays.reach_tint.isVisible()
    # A drag of the figure does not pick it up either.
    click(qtbot, w.canvas, w.play.figures()[me.id].at)
    assert w.play.pending is None
    assert bar.buttons["Break free"].isEnabled()
    w.session.undo_stack.setClean()


def test_heroica_greys_what_the_phase_forbids_with_the_reason_beside_it(
    qtbot: object, tmp_path: Path
) -> None:
    from test_gui_heroica import Table, board

    errors: list[str] = []
    w = quiet(make_window(qtbot, make_settings(tmp_path), errors), errors)
    assert w.open_path(board(tmp_path))
    table = Table(w)
    w.play.ask_dice = table
    assert w.start_game(tmp_path / "h.game.jsonl", GameSpec(dice="typed"))
    table.queue = ["Wizard"]
    w.action_dock.buttons["Roll the Character Die: first player"].click()
    bar = w.action_dock
    # No gold: the shop is greyed, and the bar says why beside it.
    shop = next(t for t in bar.buttons if t.startswith("Shop"))
    assert not bar.buttons[shop].isEnabled()
    assert "gold" in bar.reasons[shop].text() and not bar.reasons[shop].isHidden()
    # Move before the roll: greyed, "roll to move first".
    assert "roll to move first" in bar.reasons["Move"].text()
    table.queue = ["3/Sword"]
    bar.buttons["Roll to move"].click()
    # Rolled: the roll is greyed with the model's reason, the move is open.
    assert not bar.buttons["Roll to move"].isEnabled()
    assert "rolled to move" in bar.reasons["Roll to move"].text()
    assert bar.buttons["Move"].isEnabled()
    w.session.undo_stack.setClean()


def test_heroica_after_a_ranged_skill_the_roll_and_move_are_greyed_with_why(
    qtbot: object, tmp_path: Path
) -> None:
    from test_gui_heroica import Table, board

    from companion.model.mapfile import dump_map
    from companion.rules.maps import load_map_bytes

    source = board(tmp_path)
    doc = load_map_bytes(source.read_bytes(), source=str(source))
    # The goblin within the Wizard's reach (3 spaces), not next to him.
    doc.figures = [f.model_copy(update={"at": (3, 2)}) if f.id == "gob" else f for f in doc.figures]
    near = tmp_path / "near.json"
    near.write_bytes(dump_map(doc))
    errors: list[str] = []
    w = quiet(make_window(qtbot, make_settings(tmp_path), errors), errors)
    assert w.open_path(near)
    table = Table(w)
    w.play.ask_dice = table
    assert w.start_game(tmp_path / "k.game.jsonl", GameSpec(dice="typed"))
    table.queue = ["Wizard"]
    w.action_dock.buttons["Roll the Character Die: first player"].click()
    bar = w.action_dock
    assert bar.buttons["Roll to move"].isEnabled()
    skills = bar.buttons["Skills"]
    hit = next(a for a in skills.menu().actions() if "Goblin" in a.text())
    hit.trigger()  # the Wizard's ranged skill: the goblin is defeated from afar
    assert "gob" not in w.play.figures(), errors
    # The skill was the movement: neither the roll nor the move is offered as possible.
    for title in ("Roll to move", "Move"):
        assert not bar.buttons[title].isEnabled(), title
        assert "used a skill" in bar.reasons[title].text(), bar.reasons[title].text()
        assert not bar.reasons[title].isHidden()
    assert bar.buttons["End turn (monsters act)"].isEnabled()
    w.session.undo_stack.setClean()


def test_heroica_move_reason_after_a_fight() -> None:
    from companion.rulesets.heroica import views

    class Q:
        fought = True
        move_face = None

    assert "fight" in views._why_not_move(Q(), "")  # type: ignore[arg-type]


# -- 8. the odds panel ----------------------------------------------------------------------


def test_odds_once_with_readable_ticks_and_none_for_an_invalid_target(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    w.resize(1280, 720)
    assert w.start_game(tmp_path / "o.game.jsonl", GameSpec(seed=3))
    play_until(w, "brannoc")
    put(w, "grok", (14, 6))  # in front of Brannoc
    attack = choice(w, "attack_melee")
    assert "grok" in attack.targets and "gob" not in attack.targets
    w.play.choose(attack)
    w.canvas.fit()
    qtbot.wait(30)  # type: ignore[attr-defined]
    hover(qtbot, w.canvas, (14, 6))
    odds = w.action_dock.odds
    text = odds.text.text()
    assert odds.odds is not None and text.count("to hurt") == 1, text
    assert odds.plot.isVisible()
    labels = [label for _, label in odds.ticks]
    assert 2 <= len(labels) <= 6, labels  # a few round numbers, not one per bar
    # A figure it may not be aimed at: why, and no odds, on the map and in the panel.
    gob = w.play.figures()["gob"].at
    assert gob is not None
    hover(qtbot, w.canvas, gob)
    assert odds.odds is None and not odds.plot.isVisible()
    assert "Not a valid target" in odds.text.text()
    caption = " ".join(w.canvas.overlays.caption.lines)
    assert "not a valid target" in caption and "to hurt" not in caption


# -- 9. refusals and friendly fire ----------------------------------------------------------


def test_a_refusal_is_cleared_when_the_turn_passes(window: MainWindow, tmp_path: Path) -> None:
    w = window
    assert w.start_game(tmp_path / "f.game.jsonl", GameSpec(seed=3))
    play_until(w, "brannoc")
    far = [[13, 5], [13, 4], [13, 3], [13, 2], [14, 2], [15, 2], [16, 2]]
    assert not w.play.act({"actor": "brannoc", "action": "move", "path": far})
    assert w.canvas.overlays.reasons.marks  # each reason's square marked
    assert "Not allowed" in w.action_dock.hint.text()
    w.action_dock.buttons["Pass"].click()
    assert w.play.turn().acting != "brannoc"
    assert not w.canvas.overlays.reasons.marks
    assert not w.canvas.overlays.rect.isVisible()
    assert "Not allowed" not in w.action_dock.hint.text()


def test_an_ally_as_a_target_is_asked_about_first(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "a.game.jsonl", GameSpec(seed=3))
    play_until(w, "brannoc")
    put(w, "lira", (14, 6))  # in front of Brannoc
    attack = choice(w, "attack_melee")
    questions = dict(attack.confirm)
    assert "lira" in attack.targets and "side" in questions["lira"]
    asked: list[str] = []
    w.play.confirm_target = lambda q: asked.append(q) is not None  # says no
    w.action_dock.buttons["Melee attack"].click()
    w.canvas.fit()
    qtbot.wait(30)  # type: ignore[attr-defined]
    hp = w.play.figures()["lira"].hp
    log = len(w.log_dock.lines)
    hover(qtbot, w.canvas, (14, 6))
    assert any("side" in line for line in w.canvas.overlays.caption.lines)  # warned on hover
    click(qtbot, w.canvas, (14, 6))
    assert asked == [questions["lira"]]
    assert len(w.log_dock.lines) == log and w.play.figures()["lira"].hp == hp
    assert w.play.pending is not None  # still aiming
    w.play.confirm_target = lambda q: True
    click(qtbot, w.canvas, (14, 6))
    assert len(w.log_dock.lines) == log + 1 and "Lira" in w.log_dock.lines[-1].text


def test_an_area_that_catches_an_ally_is_asked_about_first(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "c.game.jsonl", GameSpec(seed=3))
    play_until(w, "mira")  # at (8, 4)
    put(w, "borin", (10, 4))  # in the cone east of Mira
    cone = next(c for c in w.play.choices() if c.label.startswith("Cone of Ice"))
    question = dict(cone.confirm)["borin"]  # the model's wording
    assert "side" in question and "Cone of Ice" in question
    asked: list[str] = []
    w.play.confirm_target = lambda q: asked.append(q) is not None  # says no
    w.play.choose(cone)
    w.canvas.fit()
    qtbot.wait(30)  # type: ignore[attr-defined]
    hp = w.play.figures()["borin"].hp
    sp = w.play.figures()["mira"].sp
    log = len(w.log_dock.lines)
    hover(qtbot, w.canvas, (11, 4))
    lines = w.canvas.overlays.caption.lines
    assert "Borin" in lines[0], lines
    assert "⚠ " + question in lines  # warned on hover
    click(qtbot, w.canvas, (11, 4))
    assert asked == [question]
    assert len(w.log_dock.lines) == log and w.play.figures()["mira"].sp == sp
    assert w.play.figures()["borin"].hp == hp
    assert w.play.pending is not None  # still aiming
    # Aimed north, the cone catches no ally: nothing is asked.
    hover(qtbot, w.canvas, (8, 1))
    assert not any(line.startswith("⚠") for line in w.canvas.overlays.caption.lines)
    w.play.confirm_target = lambda q: True
    click(qtbot, w.canvas, (11, 4))
    assert asked == [question]
    assert len(w.log_dock.lines) == log + 1 and "Cone of Ice" in w.log_dock.lines[-1].text
    assert w.play.figures()["mira"].sp < sp


def test_an_area_on_the_caster_asks_and_a_breath_spares_the_dragon(
    window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "f.game.jsonl", GameSpec(seed=3))
    play_until(w, "mira")
    fireball = next(c for c in w.play.choices() if c.label.startswith("Minor Fireball"))
    action = {**fireball.template, "target": [9, 4]}
    assert "mira" in w.play.area(action)[1]  # the caster stands in the blast
    question = w.play.question(fireball, action, [9, 4])
    assert question is not None and "Mira itself" in question


# -- 6. facing at the end of a move ---------------------------------------------------------


@pytest.mark.parametrize(("keys", "facing"), [([Qt.Key.Key_Left], "W"), ([Qt.Key.Key_N], "N")])
def test_the_move_ends_facing_the_way_chosen_with_keys(
    qtbot: object, window: MainWindow, tmp_path: Path, keys: list[Qt.Key], facing: str
) -> None:
    w = window
    assert w.start_game(tmp_path / "m.game.jsonl", GameSpec(seed=3))
    play_until(w, "brannoc")
    move = choice(w, "move")
    assert move.facings == ("N", "E", "S", "W")
    key(qtbot, w, Qt.Key.Key_1)  # Move's key
    assert w.play.pending is not None and w.play.pending.kind == "move"
    w.canvas.fit()
    qtbot.wait(30)  # type: ignore[attr-defined]
    dest = (12, 5)
    assert dest in w.play.moves()
    hover(qtbot, w.canvas, dest)
    arrow = w.canvas.overlays.facing
    now = w.play.figures()["brannoc"].facing
    assert (arrow.square, arrow.facing) == (dest, now)  # as it faces now, until a key
    for k in keys:
        key(qtbot, w.canvas, k)
    assert w.play.facing == facing
    assert (arrow.square, arrow.facing) == (dest, facing)  # the map shows the way chosen
    assert arrow.isVisible() and not arrow.boundingRect().isEmpty()
    hover(qtbot, w.canvas, (12, 4))  # the arrow follows the mouse, keeping the facing
    assert (arrow.square, arrow.facing) == ((12, 4), facing)
    hover(qtbot, w.canvas, dest)
    assert f"facing <b>{facing}</b>" in w.action_dock.hint.text()
    assert f"then facing {facing}" in " ".join(w.canvas.overlays.caption.lines)
    click(qtbot, w.canvas, dest)
    assert not w.errors, w.errors  # type: ignore[attr-defined]
    brannoc = w.play.figures()["brannoc"]
    assert brannoc.at == dest and brannoc.facing == facing
    assert w.session.doc.figure("brannoc").facing == facing  # the map shows it
    assert arrow.square is None  # the move is taken: no preview left


# -- 10. fast turns, undo over the bookkeeping ----------------------------------------------


def test_an_idle_figure_passes_with_one_key_and_one_line(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "p.game.jsonl", GameSpec(seed=3))
    play_until(w, "grok")
    lines = len(w.log_dock.lines)
    assert "Pass" in w.action_dock.buttons
    key(qtbot, w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert w.play.turn().acting != "grok"
    assert len(w.log_dock.lines) == lines + 1
    assert w.log_dock.lines[-1].text == "Grok passes."


def test_undo_steps_over_turn_changes_and_says_what_it_took_back(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    path = tmp_path / "u.game.jsonl"
    assert w.start_game(path, GameSpec(seed=3))
    play_until(w, "brannoc")
    start = w.play.figures()["brannoc"].at
    w.play.choose(choice(w, "move"))
    w.canvas.fit()
    qtbot.wait(30)  # type: ignore[attr-defined]
    click_square(qtbot, w, (12, 5))
    moved = w.log_dock.lines[-1].text
    # Brannoc ends his turn; the next four figures pass.
    for _ in range(5):
        key(qtbot, w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    after = w.play.turn().acting
    assert after != "brannoc"
    # One Ctrl+Z takes the move back, over the five turn changes.
    key(qtbot, w, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert w.play.figures()["brannoc"].at == start
    assert w.play.turn().acting == "brannoc"
    assert w.statusBar().currentMessage() == f"Undone: {moved} (and 5 turn changes after it)"
    # One Ctrl+Shift+Z brings it and the turn changes back.
    key(
        qtbot,
        w,
        Qt.Key.Key_Z,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert w.play.figures()["brannoc"].at == (12, 5)
    assert w.play.turn().acting == after
    assert w.statusBar().currentMessage() == f"Redone: {moved}"
    # The command line's undo agrees.
    game = Game.open(path)
    assert game.undo_step().startswith(moved)
    assert game.turn().acting == "brannoc"


# -- 11. typed dice -------------------------------------------------------------------------


def test_typed_initiative_is_one_dialog_with_a_row_per_figure_and_its_ties(
    qtbot: object, window: MainWindow, tmp_path: Path
) -> None:
    w = window
    assert w.start_game(tmp_path / "i.game.jsonl", GameSpec(dice="typed"))
    # Brannoc 6+6, Lira 5+5, Mira 1+1, Snik 2+2, Aldous 4+4 (8), Borin 3+4 (+1: 8, a tie
    # the model re-rolls: Aldous 6+6, Borin 1+2), each row typed and Tab to the next.
    faces = ["66", "55", "11", "22", "44", "34", "66", "12"]
    seen: dict[str, object] = {}

    def fill() -> None:
        sheet = w.play.sheet  # type: ignore[attr-defined]
        seen["sheet"] = sheet
        try:
            for text in faces:
                assert not sheet.ok.isEnabled()
                row = sheet.rows[-1]
                qtbot.keyClicks(row, text)  # type: ignore[attr-defined]
                qtbot.keyClick(row, Qt.Key.Key_Tab)  # type: ignore[attr-defined]
            seen["purposes"] = [r[2] for r in sheet.requests]
            seen["ok"] = sheet.ok.isEnabled()
            qtbot.keyClick(sheet.rows[-1], Qt.Key.Key_Return)  # type: ignore[attr-defined]
        except Exception as exc:  # never leave the dialog open: it would block the test
            seen["error"] = repr(exc)
        if sheet.isVisible():
            seen.setdefault("error", f"still open: {sheet.error.text()}")
            sheet.reject()

    QTimer.singleShot(0, fill)
    w.action_dock.buttons["Roll initiative"].click()
    assert isinstance(seen.get("sheet"), DiceSheet)
    assert "error" not in seen, seen
    purposes = seen["purposes"]
    assert isinstance(purposes, list) and purposes[0] == "Brannoc's initiative"
    assert len(purposes) == 8 and len(set(purposes[:6])) == 6  # a row per figure
    assert "tie" in purposes[6] and "tie" in purposes[7]  # the ties, in the same dialog
    assert seen["ok"]
    turn = w.play.turn()
    assert not turn.needs_initiative
    assert turn.labels["brannoc"] == "13"
    assert (turn.labels["aldous"], turn.labels["borin"]) == ("8A", "8B")
    assert len(w.log_dock.lines) == 1  # one action, one line


def test_a_face_dialog_accepts_with_enter_and_shows_each_face_once(qtbot: object) -> None:
    die = next(d for d in get_ruleset("heroica").dice_specs() if d.name == "Action Die")
    assert len(set(die.faces)) < len(die.faces)  # the die repeats faces
    dialog = DiceDialog(1, 6, "moving", die=die)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    dialog.show()
    buttons = [b.text() for b in dialog.findChildren(QPushButton) if b.objectName()]
    assert sorted(buttons) == sorted(set(die.faces))
    face = die.faces[0]
    dialog.findChild(QPushButton, f"face_{face}").click()  # type: ignore[union-attr]
    qtbot.keyClick(dialog.edit, Qt.Key.Key_Return)  # type: ignore[attr-defined]
    assert dialog.result() == 1 and dialog.edit.text() == face
    assert dialog.faces == [die.face(face)]
    QApplication.processEvents()


def test_a_symbol_die_in_the_dice_sheet_is_one_click_then_enter(
    qtbot: object, tmp_path: Path
) -> None:
    """Heroica's Character Die typed at the table: its faces as buttons, each once; a
    click types the face, Enter accepts (and does not type it again)."""
    from test_gui_heroica import board

    errors: list[str] = []
    w = quiet(make_window(qtbot, make_settings(tmp_path), errors), errors)
    assert w.open_path(board(tmp_path))
    assert w.start_game(tmp_path / "s.game.jsonl", GameSpec(dice="typed"))
    seen: dict[str, object] = {}

    def fill() -> None:
        sheet = w.play.sheet  # type: ignore[attr-defined]
        try:
            faces = [b.objectName() for b in sheet.findChildren(QPushButton)]
            faces = [f for f in faces if f.startswith("face_")]
            seen["faces"] = faces
            sheet.findChild(QPushButton, "face_Wizard").click()
            seen["text"] = sheet.rows[0].text()
            qtbot.keyClick(sheet.rows[0], Qt.Key.Key_Return)  # type: ignore[attr-defined]
        except Exception as exc:
            seen["error"] = repr(exc)
        if sheet.isVisible():
            seen.setdefault("error", f"still open: {sheet.error.text()}")
            sheet.reject()

    QTimer.singleShot(0, fill)
    w.action_dock.buttons["Roll the Character Die: first player"].click()
    assert "error" not in seen, seen
    faces = seen["faces"]
    assert isinstance(faces, list) and "face_Wizard" in faces
    assert len(faces) == len(set(faces))
    assert seen["text"] == "Wizard"
    assert w.play.turn().acting == "wizard"
    w.session.undo_stack.setClean()


def test_the_shop_says_on_each_row_why_it_cannot_be_bought(qtbot: object, tmp_path: Path) -> None:
    from test_gui_heroica import Table, board

    errors: list[str] = []
    w = quiet(make_window(qtbot, make_settings(tmp_path), errors), errors)
    assert w.open_path(board(tmp_path))
    table = Table(w)
    w.play.ask_dice = table
    spec = GameSpec(dice="typed", options={"starting_gold": 3})
    assert w.start_game(tmp_path / "shop.game.jsonl", spec)
    table.queue = ["Knight"]
    w.action_dock.buttons["Roll the Character Die: first player"].click()
    assert w.action_dock.buttons["Shop"].isEnabled()  # a potion is affordable
    w.action_dock.buttons["Shop"].click()
    shop = w.action_dock.dialog
    assert shop.buttons["buy_life_potion"].isEnabled()
    assert not shop.buttons["buy_axe"].isEnabled()
    axe = shop.findChild(QLabel, "detail_buy_axe")
    assert axe is not None and "Not now" in axe.text() and "5 gold" in axe.text()
    potion = shop.findChild(QLabel, "detail_buy_life_potion")
    assert potion is not None and "Not now" not in potion.text()
    shop.close()
    w.session.undo_stack.setClean()


def test_a_sappers_charges_and_skills_are_shown_greyed_with_why_when_not_possible(
    window: MainWindow, tmp_path: Path
) -> None:
    """Was: a charge or a skill with nowhere to use it was left off the bar."""
    w = window
    assert w.start_game(tmp_path / "s.game.jsonl", GameSpec(seed=3))
    play_until(w, "borin")
    charges = [c for c in w.play.choices() if c.kind == "sapper"]
    assert len(charges) == 6  # every charge of the card, possible or not
    greyed = [c for c in charges if not c.enabled]
    assert greyed and all(c.why_not for c in greyed)
    pairs = {c.label: c.area for c in charges}
    assert pairs["Clear rubble"] == {"count": 2} and pairs["Bomb"] == {"count": 1}
    menu = w.action_dock.buttons["Sapper"].menu()
    items = {a.text().split(" — ")[0]: a for a in menu.actions()}
    for c in greyed:
        item = items[c.label]
        assert not item.isEnabled() and c.why_not in item.text()
    skills = [c for c in w.play.choices() if c.kind == "skill"]
    names = {c.label.split(" at ")[0] for c in skills}
    assert {"Jump", "Search secrets", "Disarm trap", "Throw"} <= names
