"""Brickmasters of the Unknown, as players play it: the demo encounter (File → Open Demo,
"Goblin Ford Skirmish") played to its end through menus, dialogs, clicks and keys only,
dice typed in from the table, at 1280×720 and 1920×1080 (``tests/journey.py``).

Initiative for the encounter; the four phases in initiative order (the tracker says which
and who acts); a shot that strips an archer's armour to broken; a spell begun in the
action phase and resolved in its own; orcs that must stop where the dwarf's reach begins
(the move hint ends there, a click beyond is refused with every reason, each
numbered on the map); a facing chosen
by key; undo and redo; a final shot; two orcs ganging up on the dwarf, who wins and
splits the hits between them; poltroonery; the last fight; the table declaring the
encounter over when the last raider has fled; the log; the game reopened the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from journey import (
    CTRL,
    LEFT,
    NO_MOD,
    SHIFT,
    SIZES,
    Handler,
    Hands,
    on_its_screen,
    plain,
    plain_text,
    reasons_of,
    refusal_box,
)
from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QWidget
from screens import cut_text

from companion.gui.play.dice_dialog import DiceSheet
from companion.gui.play.new_game import NewGameDialog
from companion.rules.places import place_name

SHOTS = Path("/tmp")
#: Initiative, one d6 per figure in the table's order: Rook 18, Elowen 17, Warg 16,
#: Mildred 15, Snikt 14, Bowman 13, Ugluk 12, Ada 11, Grishnak 10, Big Tom 9,
#: Sir Brickwell 8, Pip 7, Gimbrick 6 (1d6 + current move each, no ties).
INITIATIVE = "1 1 5 6 2 5 1 4 4 2 1 3 6"


def typed_new_game(seen: list[str]) -> Handler:
    """Game → New game…: dice typed in from the table's dice, then Start the game."""

    def handle(dialog: QWidget) -> None:
        assert isinstance(dialog, NewGameDialog), type(dialog)
        seen.extend(cut_text(dialog))
        QTest.mouseClick(dialog.typed_dice, LEFT, NO_MOD, dialog.typed_dice.rect().center())
        assert dialog.typed_dice.isChecked()
        start = dialog.buttons.button(dialog.buttons.StandardButton.Ok)
        assert plain(start.text()) == "Start the game"
        QTest.mouseClick(start, LEFT, NO_MOD, start.rect().center())

    return handle


def dice(*rows: str, asked: list[str] | None = None) -> Handler:
    """The "Type the dice" sheet: each row's faces typed and Tab pressed (the next row
    comes as the rules ask for it), then Return; what each row asked is kept."""

    def handle(sheet: QWidget) -> None:
        assert isinstance(sheet, DiceSheet), type(sheet)
        for i, faces in enumerate(rows):
            edit = sheet.findChild(QLineEdit, f"diceRow{i}")
            assert edit is not None, f"no row {i} for {faces!r}: {sheet.requests}"
            edit.setFocus()
            QTest.keyClicks(edit, faces)
            QTest.keyClick(edit, Qt.Key.Key_Tab)
        if asked is not None:
            asked.extend(f"{r[2]}: {r[0]}d{r[1]}" for r in sheet.requests)
        assert sheet.ready, (sheet.requests, sheet.error.text())
        QTest.mouseClick(sheet.ok, LEFT, NO_MOD, sheet.ok.rect().center())

    return handle


class Table:
    """The journey's hands, with what this game asks of them."""

    def __init__(self, h: Hands) -> None:
        self.h = h
        self.w = h.w

    def acting(self) -> str | None:
        return self.w.play.turn().acting

    def at(self, figure: str) -> tuple[int, int]:
        at = self.w.play.figures()[figure].at
        assert at is not None
        return at

    def phase_shown(self) -> str:
        return plain_text(self.w.tracker_dock.phase_label)

    def pass_until(self, figure: str | None = None, phase: str | None = None) -> None:
        """Ctrl+Return (Pass) for whoever acts, until ``figure`` acts (in ``phase``)."""
        for _ in range(30):
            turn = self.w.play.turn()
            if (figure is None or turn.acting == figure) and (phase is None or turn.phase == phase):
                return
            name = self.w.play.figures()[str(turn.acting)].name
            shown = self.w.tracker_dock.acting_label.text()
            assert shown == f"Round {turn.round} · {turn.phase} · {name}", shown
            self.h.key(Qt.Key.Key_Return, CTRL)
            assert f"{name} passes" in self.h.log_texts()[-1], self.h.log_texts()[-1]
        raise AssertionError(f"{figure} never acts: {self.w.play.turn().headline}")

    def menu_entry(self, button: str, start: str) -> Any:
        """The entry of the action bar's ``button`` menu whose text starts with ``start``."""
        menu = self.h.bar_button(button).menu()
        assert menu is not None, f"{button} has no menu"
        found = [a for a in menu.actions() if a.text().startswith(start)]
        assert found, [a.text() for a in menu.actions()]
        return found[0]

    def hover(self, square: tuple[int, int]) -> None:
        """Point at a square.  ``Hands.hover`` moves the desktop's cursor, which the
        offscreen platform delivers off by the maximised window's frame (half a stud
        here); the move is also sent where the pointer is, as a click is."""
        self.h.hover(square)
        vp = self.w.canvas.viewport()
        local = QPointF(self.h.square_point(square))
        move = QMouseEvent(
            QEvent.Type.MouseMove,
            local,
            QPointF(vp.mapToGlobal(local.toPoint())),
            Qt.MouseButton.NoButton,
            Qt.MouseButton.NoButton,
            NO_MOD,
        )
        QApplication.sendEvent(vp, move)
        self.h.settle()

    def send(self) -> None:
        """Return: the figures picked are sent."""
        self.h.key(Qt.Key.Key_Return)

    def rolled(self, action: Any, *rows: str) -> list[str]:
        """Do ``action`` (a click, a key), type the dice it asks for; the rows asked."""
        asked: list[str] = []
        with self.h.dialogs(dice(*rows, asked=asked)):
            action()
        return asked


def hint_text(h: Hands) -> str:
    return plain_text(h.w.action_dock.hint)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_bmotu_journey(
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
) -> None:
    if not on_its_screen(request, size, tmp_path):
        return  # it ran on a screen of its size
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    t = Table(h)
    # File → Open Demo: the stud table and the heroes' roster in the sheets.
    h.trigger("File", "Open Demo", "Goblin Ford Skirmish")
    assert w.session.doc.name == "Goblin Ford Skirmish"
    assert w.session.ruleset.id == "brickmasters_of_the_unknown"
    h.check_cut("the demo open")
    # Game → New game…, dice typed in from the table; saved where the player says.
    path = tmp_path / "ford.game.jsonl"
    h.save_answer = path
    cut: list[str] = []
    with h.dialogs(typed_new_game(cut)):
        h.trigger("Game", "New game…")
    assert not cut, f"the New game dialog at {size}: {cut}"
    assert path.is_file() and w.mode == "play"
    h.check_window_size()
    figures = w.play.figures()
    heroes = sorted(f for f, v in figures.items() if v.side == "blue")
    raiders = sorted(f for f, v in figures.items() if v.side == "red")
    assert len(heroes) == 8 and len(raiders) == 5
    kinds = {figures[f].kind for f in heroes}
    assert kinds == {"Fighter", "Mage", "Rogue", "Adventurer", "Dwarf", "Elf", "Hobbit", "Goblin"}

    # Initiative for the whole encounter: the bar's button (Ctrl+I), the dice typed.
    shown = w.tracker_dock.acting_label.text()
    assert shown == "Roll initiative for the encounter (1d6 + current move each)", shown
    assert "Roll initiative (1d6 + move each)" in h.bar_titles()[0]
    t.rolled(lambda: h.key(Qt.Key.Key_I, CTRL), *INITIATIVE.split())
    assert h.log_texts()[-1].startswith("1. Initiative: Rook 18, Elowen 17, Warg 16")
    # Thirteen rolls: the bar shows the last three and says how many more the log holds.
    rolled = plain_text(w.action_dock.dice)
    assert "Warg: initiative" in rolled and "+ 10 more rolls" in rolled, rolled
    assert "(all in the game log)" in rolled and "Rook: initiative" not in rolled, rolled
    h.check_cut("initiative rolled")

    # -- round 1, the action phase ---------------------------------------------------------
    assert w.tracker_dock.round_label.text() == "Round 1"
    assert t.phase_shown() == "Phase: Action → Final shots → Combat resolution → Spell resolution"
    assert "<b>Action</b>" in w.tracker_dock.phase_label.text()
    assert w.tracker_dock.acting_label.text() == "Round 1 · Action · Rook"
    assert w.tracker_dock.order_ids()[:3] == ["rook", "elowen", "warg"]
    # What the action phase allows a figure out of combat: move, shoot, cast (a mage), delay.
    titles = h.bar_titles()
    assert titles[0] == "Move" and "Shoot" in titles and "Pass" in titles, titles
    assert "Delay" in titles and "Cast" not in titles, titles  # the rogue is no caster

    # A shot, resolved at once: hovering the archer shows the odds of the two dice.
    h.click(h.bar_button("Shoot"))
    assert w.play.pending is not None and w.play.pending.needs == "figure"
    # His forward semicircle is drawn, facing east, out to his bow's 24 studs.
    arc = w.canvas.overlays.reach.shape
    assert arc is not None and arc.origin == t.at("rook"), arc
    assert (arc.arc_deg, arc.ranged_max, arc.facing_deg) == (180, 24, 0), arc
    t.hover(t.at("bowman"))
    odds = w.action_dock.odds.odds
    assert odds is not None and "d8 against d6" in odds.text, odds
    asked = t.rolled(lambda: h.click_square(t.at("bowman")), "8", "1")
    assert w.canvas.overlays.reach.shape is None  # the shot taken, the arc gone
    assert asked == ["Rook shoots at Bowman: shoot d8: 1d8", "Bowman against Rook: shoot d6: 1d6"]
    last = h.log_texts()[-1]
    assert "Bowman discards helmet" in last and "Bowman is broken" in last, last
    assert figures["bowman"].dead is False and w.play.figures()["bowman"].dead
    assert w.play.figures()["bowman"].tracks[0].value == 0  # armour stripped

    t.pass_until("mildred")
    # A spell begun: the Cast menu lists the prepared spells; Zap aimed at the troll.
    assert "Cast" in h.bar_titles()
    t.menu_entry("Cast", "Zap/blast: Zap").trigger()
    h.settle()
    assert w.play.pending is not None and w.play.pending.needs == "figures"
    h.click_square(t.at("bigtom"))
    t.send()
    assert "Mildred the Mage begins casting" in h.log_texts()[-1]
    assert "Mildred the Mage is casting" in plain_text(w.tracker_dock.prompts)

    # Ugluk charges the dwarf: the lit studs end where Gimbrick's reach begins.
    t.pass_until("ugluk")
    h.key(Qt.Key.Key_1)
    assert w.play.pending is not None and w.play.pending.kind == "move"
    assert "Click a highlighted square" in hint_text(h)
    lit = w.play.moves()
    g = t.at("gimbrick")
    # The two-handed weapon reaches 2 studs beyond the bases (radius 1 each): 4 studs
    # between centres.  Studs on that rim are lit (the stop), none deeper.
    rim = [sq for sq in lit if (sq[0] - g[0]) ** 2 + (sq[1] - g[1]) ** 2 <= 4**2]
    deeper = [sq for sq in rim if (sq[0] - g[0]) ** 2 + (sq[1] - g[1]) ** 2 < 3**2]
    assert rim and not deeper, f"lit deeper in the dwarf's reach: {deeper}"
    assert (18, 14) in lit and (17, 14) not in lit
    h.click_square((18, 14))
    assert t.at("ugluk") == (18, 14)
    last = h.log_texts()[-1]
    assert "Ugluk moves to S15 facing W and enters combat with Gimbrick" in last, last
    assert "↳ Gimbrick is in combat" in last  # what changed, under the line

    # Grishnak runs on past the dwarf's reach: refused, the reason shown (box and bar).
    t.pass_until("grishnak")
    lines = h.log_texts()
    h.key(Qt.Key.Key_1)
    with h.dialogs(lambda box: refusal_box(reasons_of(h.refusals[-1]), force=False)(box)):
        h.click_square((15, 18))
    reasons = h.assert_refusal_shown()
    # Both reasons, each with the stud it is about: too far, and the stop at the reach.
    assert len(reasons) == 2, reasons
    assert "Grishnak moves 8 studs; that is 9.1" in reasons[0], reasons
    assert "must stop there" in reasons[1] and "R19" in reasons[1], reasons
    marks = dict(w.canvas.overlays.reasons.marks)
    assert marks.get((15, 18)) == "1" and marks.get((17, 18)) == "2", marks
    assert h.log_texts() == lines and t.at("grishnak") == (24, 17)
    h.check_cut("a refusal shown")
    h.key(Qt.Key.Key_1)
    h.click_square((18, 16))
    assert "Grishnak moves to S17 facing W and enters combat with Gimbrick" in h.log_texts()[-1]

    # Sir Brickwell moves up, facing chosen by key (E), then the move undone and redone.
    t.pass_until("brickwell")
    h.key(Qt.Key.Key_1)
    h.key(Qt.Key.Key_E)
    assert "ends facing E" in hint_text(h), hint_text(h)
    h.click_square((16, 9))
    moved = h.log_texts()
    assert "Sir Brickwell moves to Q10 facing E" in moved[-1], moved[-1]
    assert w.play.figures()["brickwell"].facing == "E"
    h.key(Qt.Key.Key_Z, CTRL)
    assert t.at("brickwell") == (13, 11) and len(h.log_texts()) == len(moved) - 1
    assert w.play.turn().acting == "brickwell"
    h.key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert t.at("brickwell") == (16, 9) and h.log_texts() == moved

    # Gimbrick, in combat, may only close or flee (or pass).
    t.pass_until("gimbrick")
    titles = h.bar_titles()
    assert "Close" in titles and "Flee (poltroonery)" in titles and "Move" not in titles, titles
    assert "in combat" in w.play.figures()["gimbrick"].states

    # -- final shots: the bows (the caster and those in combat have none) -------------------
    h.key(Qt.Key.Key_Return, CTRL)
    assert w.play.turn().phase == "Final shots"
    assert "<b>Final shots</b>" in w.tracker_dock.phase_label.text()
    t.pass_until("snikt")
    h.click(h.bar_button("Shoot"))
    t.rolled(lambda: h.click_square(t.at("warg")), "12", "1")
    assert "Warg is broken" in h.log_texts()[-1]

    # -- combat resolution: each fight listed with its odds; the orcs gang up ---------------
    assert w.play.turn().phase == "Combat resolution"
    assert w.tracker_dock.acting_label.text() == "Round 1 · Combat resolution · Ugluk"
    fight = t.menu_entry("Fight", "Fight Gimbrick").text()
    assert "d8 against d12: Ugluk wins" in fight, fight
    t.menu_entry("Fight", "Gang up on Gimbrick").trigger()
    h.settle()
    t.hover(t.at("grishnak"))
    odds = w.action_dock.odds.odds
    assert odds is not None and "d10 against d12" in odds.text, odds  # +1 bump
    h.click_square(t.at("grishnak"))
    t.rolled(t.send, "1", "12")
    assert "Gimbrick allocates 11 hits among Ugluk, Grishnak" in h.log_texts()[-1]
    # The winner splits the hits: Gimbrick picks both orcs, one hit each in turn.
    assert w.play.turn().acting == "gimbrick"
    assert h.bar_titles()[0].startswith("Allocate 11 hits")
    h.click(h.bar_button("Allocate 11 hits"))
    h.click_square(t.at("ugluk"))
    h.click_square(t.at("grishnak"))
    t.send()
    last = h.log_texts()[-1]
    assert "Gimbrick allocates 6 to Ugluk, 5 to Grishnak" in last, last
    assert [w.play.figures()[o].tracks[0].value for o in ("ugluk", "grishnak")] == [0, 0]

    # -- spell resolution: the zap resolves, the troll breaks, round 2 ---------------------
    assert w.play.turn().phase == "Spell resolution"
    t.rolled(lambda: h.click(h.bar_button("Resolve Zap/blast")), "10", "1")
    assert "Big Tom is broken" in h.log_texts()[-1]
    assert w.tracker_dock.round_label.text() == "Round 2"
    h.check_cut("round 2")

    # -- round 2: Ugluk declares poltroonery and gets away ---------------------------------
    t.pass_until("ugluk")
    h.click(h.bar_button("Flee (poltroonery)"))
    t.rolled(lambda: h.click_square((24, 13)), "6", "1")
    assert "Ugluk flees Gimbrick: 14 against 6, gets away" in h.log_texts()[-1]
    t.pass_until(phase="Combat resolution")
    # Grishnak's initiative leads the last fight: he fights the dwarf, who rolls 12.
    assert w.play.turn().acting == "grishnak"
    t.rolled(lambda: t.menu_entry("Fight", "Fight Gimbrick").trigger(), "1", "12")
    assert "Grishnak is broken" in h.log_texts()[-1]
    # Every raider broken but Ugluk, who fled: the encounter is over at once, the heroes'.
    assert all(w.play.figures()[r].dead for r in raiders if r != "ugluk")
    assert w.play.turn().outcome == "The encounter is over: blue wins"
    assert "blue wins" in w.tracker_dock.acting_label.text() + w.tracker_dock.round_label.text()
    assert h.bar_titles() == [], h.bar_titles()
    h.check_cut("the encounter over")

    # The log, as the player reads it: every action numbered, in order.
    log = h.log_texts()
    assert [line.split(". ", 1)[0] for line in log] == [str(i + 1) for i in range(len(log))]
    assert w.log_dock.isVisible()
    # The heroes' sheets, as a player looks them up after the fight: their tab clicked.
    h.show_tab("Sheets")
    h.check_cut("the sheets shown")
    if size == (1280, 720):
        w.grab().save(str(SHOTS / "journey-bmotu.png"))
    # Saved as it went: Game → Close game, Game → Open game… gives the same encounter.
    h.close_and_reopen(path)
    w.session.undo_stack.setClean()
    w.roster_panel.undo_stack.setClean()
    h.done()


def test_bmotu_rolled_dice(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """The demo with the New game dialog's defaults: the app rolls the dice (initiative at
    once), and the first figure's move is a click on a lit stud, undone by Ctrl+Z."""
    size = SIZES[0]
    if not on_its_screen(request, size, tmp_path):
        return
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w
    path = tmp_path / "ford-rolled.game.jsonl"
    h.start_demo("Goblin Ford Skirmish", path)
    log = h.log_texts()
    assert len(log) == 1 and log[0].startswith("1. Initiative: "), log
    turn = w.play.turn()
    assert turn.phase == "Action" and turn.acting == turn.order[0]
    name = w.play.figures()[str(turn.acting)].name
    assert w.tracker_dock.acting_label.text() == f"Round 1 · Action · {name}"
    h.key(Qt.Key.Key_1)
    lit = {sq: m for sq, m in w.play.moves().items() if h.in_view(sq)}
    dest = max(lit, key=lambda sq: (lit[sq].cost, sq))
    h.click_square(dest)
    assert w.play.figures()[str(turn.acting)].at == dest
    assert f"{name} moves to {place_name(dest)}" in h.log_texts()[-1], h.log_texts()[-1]
    h.key(Qt.Key.Key_Z, CTRL)
    assert h.log_texts() == log
    w.session.undo_stack.setClean()
    w.roster_panel.undo_stack.setClean()
    h.done()
