"""QUBQST played in the window as a player does (``tests/journey.py``): the game refused
while the Character Quick Cards are empty (the entry named), "Fill in the tables…" to
Rules → Tables…, the Warrior's card typed into its cells and saved; then Game → New game
without a map → QUBQST… with typed cubes, the catacomb built by drawing and rolling cubes
(their faces typed from the labelled faces) and joining them, the party entering it, and
each cube met in the text's order through the action bar — reveal, fight (the pools and
the exact odds shown), treasure, rest, move on — a refusal with its reason, undo and
redo, the log, the party sheet and its PDF, up to the Golden Cube defeated.

With ``QUBQST_SHOTS=<folder>`` it saves screenshots of the catacomb in play, the table
editor and the printed sheet (pdftoppm) there."""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from journey import CTRL, NO_MOD, SHIFT, SIZES, Hands, on_its_screen, plain
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QApplication,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QWidget,
)
from test_gui_user_tables import button, cell, type_in_cell

from companion import userdirs
from companion.gui.play.dice_dialog import DiceSheet
from companion.gui.tables.dialog import TablesDialog
from companion.rules.ruleset import available_rulesets
from companion.rules.table import DieSpec

LEFT = Qt.MouseButton.LeftButton
SHOTS = os.environ.get("QUBQST_SHOTS", "")
#: The Warrior's Quick Card as the user types it (the project's own numbers).
WARRIOR = {
    "hit_power": "5",
    "magic_attack": "false",
    "casting_points": "0",
    "sneak_on": "0",
    "steal_on": "0",
    "detect_on": "0",
    "disarm": "-1",
}


def crop(size: tuple[int, int]) -> list[str]:
    """pdftoppm's arguments for a page as wide as ``size`` cut to its height."""
    w, h = (str(n) for n in size)
    return ["-scale-to-x", w, "-scale-to-y", "-1", "-W", w, "-H", h]


def shot(h: Hands, widget: QWidget, name: str) -> None:
    if SHOTS:
        w, hh = h.size
        widget.grab().save(str(Path(SHOTS) / f"{name}-{w}x{hh}.png"))


# -- the New game dialog ----------------------------------------------------------------
def new_game(party: tuple[str, ...], *, typed: bool) -> Callable[[QWidget], None]:
    """The New game dialog: only ``party`` ticked, the dice typed or rolled, then Start."""

    def handle(dialog: QWidget) -> None:
        assert dialog.windowTitle() == "New game"
        chars = dialog.findChild(QListWidget, "choice__game_party")
        assert chars is not None
        for i in range(chars.count()):
            item = chars.item(i)
            want = item.data(Qt.ItemDataRole.UserRole) in party
            rect = chars.visualItemRect(item)
            if (item.checkState() == Qt.CheckState.Checked) != want:
                chars.scrollToItem(item)
                item.setCheckState(Qt.CheckState.Checked if want else Qt.CheckState.Unchecked)
            assert rect is not None
        if typed:
            radio = next(
                r for r in dialog.findChildren(QRadioButton) if r.text().startswith("Typed")
            )
            QTest.mouseClick(radio, LEFT, NO_MOD, radio.rect().center())
            assert radio.isChecked()
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        start = box.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(start, LEFT, NO_MOD, start.rect().center())

    return handle


# -- typed cubes ------------------------------------------------------------------------
Answer = Callable[[int, int, str, DieSpec | None], str]


@contextmanager
def typed_cubes(h: Hands, answer: Answer, seen: list[str]) -> Iterator[None]:
    """Every dice sheet the block opens is typed as ``answer`` says (row by row, Enter);
    each row's purpose and the faces typed are kept in ``seen``."""

    def poll() -> None:
        modal = QApplication.activeModalWidget()
        if isinstance(modal, DiceSheet) and modal.isVisible():
            for _ in range(40):
                if not modal.isVisible():
                    break
                i = len(modal.answers)
                if i >= len(modal.rows):
                    break
                count, sides, purpose, die = modal.requests[i]
                text = answer(count, sides, purpose, modal.specs(die))
                seen.append(f"{purpose}: {text}")
                edit = modal.rows[i]
                edit.setFocus()
                edit.clear()
                QTest.keyClicks(edit, text)
                QTest.keyClick(edit, Qt.Key.Key_Return)
            if modal.isVisible():  # a faulty answer: the table cancels
                seen.append(f"refused: {modal.error.text()}")
                modal.reject()
        timer.start(15)

    timer = QTimer(h.w)
    timer.setSingleShot(True)
    timer.timeout.connect(poll)
    h._expecting += 1
    timer.start(0)
    try:
        yield
    finally:
        timer.stop()
        h._expecting -= 1


def paths_of(face: str) -> str:
    return face.split("/")[0]


class Table:
    """The faces the player rolls (types): the catacomb laid out as a chain, creatures the
    Warrior can beat, and every fight round won."""

    def __init__(self) -> None:
        self.black_drawn = 0
        #: Whether the Warrior wins the next combat rounds (False: the creature does).
        self.warrior_wins = True
        #: The Warrior wins the next rounds by one critical only (the fight goes on).
        self.narrowly = False

    def __call__(self, count: int, sides: int, purpose: str, die: DieSpec | None) -> str:
        if die is None or die.numbered:
            return " ".join(["1" if "bag" in purpose else str(sides)] * count)
        faces = list(die.faces)
        if die.id == "combat":
            mine = purpose.startswith("Warrior")
            wins = mine == self.warrior_wins
            if self.narrowly:
                rolled = ["critical"] + [faces[0]] * (count - 1) if mine else [faces[0]] * count
                return ", ".join(rolled)
            return ", ".join(["critical" if wins else faces[0]] * count)
        if die.id == "catacomb_golden":
            return min(faces, key=lambda f: (paths_of(f) != "S", f.count("+")))
        if die.id.startswith("catacomb_"):
            self.black_drawn += 1
            want = {1: "creature", 2: "empty", 3: "creature"}[min(self.black_drawn, 3)]

            def fit(face: str) -> tuple[int, int]:
                content = face.split("/")[1]
                kind = "empty" if not content else "trap" if content == "trap" else "creature"
                return (kind != want or "+" in content, -len(paths_of(face)))

            return min(faces, key=fit)
        if die.id.startswith("creature_"):
            return next(f for f in faces if not f.startswith("bag"))
        return next((f for f in faces if f != "trp"), faces[0])


def choose(h: Hands, group: str, label: Callable[[str], bool]) -> str:
    """The action bar's ``group`` button: its menu entry whose text ``label`` accepts (the
    button itself when it has no menu); the entry's text."""
    bar = h.bar_button(group)
    menu = bar.menu()
    if menu is None:
        text = plain(bar.text())
        h.click(bar)
        return text
    entries = [a for a in menu.actions() if a.isEnabled() and label(a.text())]
    assert entries, f"no entry for {group}: {[a.text() for a in menu.actions()]}"
    entries[0].trigger()
    h.settle()
    return entries[0].text()


def on_bar(h: Hands, start: str) -> bool:
    return any(t.startswith(start) for t in h.bar_titles())


def why(h: Hands, group: str) -> str:
    """The reason shown beside a disabled button of the action bar."""
    cell = h.bar_button(group).parentWidget()
    labels = [lb for lb in cell.findChildren(QLabel) if lb.objectName().startswith("why_")]
    return labels[0].text() if labels and labels[0].isVisible() else ""


def tracker_line(h: Hands, name: str) -> str:
    order = h.w.tracker_dock.order
    return next(t for t in (order.item(i).text() for i in range(order.count())) if name in t)


def fighting(h: Hands) -> bool:
    if not on_bar(h, "Fight"):
        return False
    bar = h.bar_button("Fight")
    menu = bar.menu()
    return any(a.isEnabled() for a in menu.actions()) if menu is not None else bar.isEnabled()


def win_the_fights(h: Hands) -> None:
    """Fight round after round (the Warrior's cubes all critical) until no creature is
    left on the cube."""
    for _ in range(20):
        if not fighting(h) or h.w.play.turn().outcome:
            return
        choose(h, "Fight", lambda t: "with" not in t)
    raise AssertionError("the fights never end")


def take_treasure(h: Hands) -> None:
    for _ in range(6):
        if not on_bar(h, "Treasure"):
            return
        choose(h, "Treasure", lambda _t: True)


def fill_warrior(h: Hands, dialog: TablesDialog, qtbot: Any) -> None:
    """The Characters page: the Warrior's bundled (empty) row copied to the user's, its
    numbers typed into its cells, saved."""
    titles = [dialog.list.item(i).text() for i in range(dialog.list.count())]
    row = next(i for i, t in enumerate(titles) if t.startswith("Characters"))
    dialog.list.setCurrentRow(row)
    h.settle()
    model = dialog.model()
    view = dialog.page().view
    war = next(r for r in range(model.rowCount()) if model.row_at(r).entry.get("id") == "war")
    view.setCurrentIndex(cell(model, war, "id"))
    QTest.mouseClick(button(dialog, "copyRow"), LEFT)
    mine = model.rowCount() - 1
    assert model.row_at(mine).entry["id"] == "war" and not model.row_at(mine).bundled
    for field, value in WARRIOR.items():
        type_in_cell(qtbot, view, cell(model, mine, field), value)
    assert model.problem_count() == 0, model.problem_lines()
    QTest.mouseClick(button(dialog, "saveButton"), LEFT)
    h.settle()
    assert model.undo_stack.isClean()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_qubqst_journey(
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
) -> None:
    assert "qubqst" in available_rulesets()
    if not on_its_screen(request, size, tmp_path):
        return
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    w = h.w

    # -- refused: the Warrior's Quick Card is empty; the refusal names the entries ------
    refused: dict[str, str] = {}

    def refusal(box: QWidget) -> None:
        assert isinstance(box, QMessageBox) and box.objectName() == "gameRefused"
        refused["text"], refused["more"] = box.text(), box.informativeText()
        fill = box.findChild(QPushButton, "fillTables")
        assert fill is not None
        QTest.mouseClick(fill, LEFT, NO_MOD, fill.rect().center())

    tables: dict[str, Any] = {}

    def fill_tables(dialog: QWidget) -> None:
        """Rules → Tables… as the refusal opened it: the Characters page names what is
        empty; the Warrior's card typed in, saved, closed."""
        assert isinstance(dialog, TablesDialog)
        qtbot.waitExposed(dialog)
        titles = [dialog.list.item(i).text() for i in range(dialog.list.count())]
        tables["titles"] = titles
        dialog.list.setCurrentRow(
            titles.index(next(t for t in titles if t.startswith("Characters")))
        )
        h.settle()
        tables["before"] = dialog.page().missing.text()
        shot(h, dialog, "qubqst-tables")
        fill_warrior(h, dialog, qtbot)
        tables["after"] = dialog.page().missing.text()
        tables["list_after"] = dialog.list.currentItem().text()
        QTest.mouseClick(button(dialog, "closeButton"), LEFT)

    h.save_answer = tmp_path / "refused.game.jsonl"
    with h.dialogs(new_game(("war",), typed=True), refusal, fill_tables):
        h.trigger("Game", "New game without a map", "QUBQST")
    assert w.play.game is None
    # In players' words, each entry once: the card and field as the Tables editor names
    # them, and the dialog's own choice that plays the sample numbers.
    assert "the Warrior's Hit Power" in refused["text"], refused
    assert refused["text"].count("Hit Power") == 1, refused
    assert "The project's sample filling for all" in refused["text"], refused
    assert "Numbers the text leaves out" in refused["text"], refused
    for internal in ("war.", "hit_power", "characters:", "sample = all"):
        assert internal not in refused["text"] + refused["more"], (internal, refused)
    assert refused["more"] == "Rules → Tables… pages to fill in: Characters (21 to fill).", refused
    assert any(t.startswith("Characters (") and "to fill" in t for t in tables["titles"])
    assert "war.hit_power" in tables["before"] and "war.hit_power" not in tables["after"]
    # The Wizard and the Thief stay empty: a party of the Warrior alone does not need them.
    assert "wiz.hit_power" in tables["after"] and "(14 to fill)" in tables["list_after"]

    # -- the game starts now; the catacomb is built by drawing, rolling and joining ------
    path = tmp_path / "quest.game.jsonl"
    h.save_answer = path
    with h.dialogs(new_game(("war",), typed=True)):
        h.trigger("Game", "New game without a map", "QUBQST")
    assert w.play.game is not None and path.is_file()
    graph = w.board_views.graph
    assert w.board_views.currentWidget() is graph
    h.check_window_size()
    # Nothing to undo or reset yet: the menu's actions and the tracker's buttons say so.
    tracker = w.tracker_dock
    undo = (w.game_undo, w.reset_turn_action, tracker.undo_button, tracker.reset_button)
    assert [u.isEnabled() for u in undo] == [False] * 4
    rolled: list[str] = []
    table = Table()
    with typed_cubes(h, table, rolled):
        choose(h, "Roll the first item", lambda _t: True)
        assert [u.isEnabled() for u in undo] == [True] * 4  # the roll can be taken back
        h.click(tracker.undo_button)
        assert [u.isEnabled() for u in undo] == [False] * 4 and w.game_redo.isEnabled()
        w.game_redo.trigger()
        h.settle()
        assert not w.play.game.can_redo and not w.game_redo.isEnabled()
        for _ in range(40):
            if on_bar(h, "Roll the first item"):
                choose(h, "Roll the first item", lambda _t: True)
            elif on_bar(h, "Join"):
                last = w.play.game.state.unjoined
                previous = [
                    c.id
                    for c in sorted(w.play.game.state.cubes.values(), key=lambda c: c.order)
                    if c.id != last
                ][-1]
                choose(h, "Join", lambda t, p=previous: f" to {p} " in t)
            elif on_bar(h, "Draw by hand"):
                # The cube in hand is named: no bag number to map to it.
                hand = [a.text() for a in h.bar_button("Draw by hand").menu().actions()]
                bag = sorted(w.play.game.state.bag)
                assert sorted(t.removeprefix("Draw ") for t in hand) == bag, hand
                drawn = choose(h, "Draw by hand", lambda t: True).removeprefix("Draw ")
                assert drawn in w.play.game.state.cubes and drawn not in w.play.game.state.bag
            elif on_bar(h, "Draw") and h.bar_button("Draw").isEnabled():
                choose(h, "Draw", lambda _t: True)
            else:
                break
        assert table.black_drawn == 3, rolled
        assert not any("from the bag" in r for r in rolled), rolled  # drawn by hand
        assert set(graph.place_items) == {
            "golden",
            *(c for c in w.play.game.state.cubes if c != "golden"),
        }
        # No cube drawn over another: each lies on its own spot of the board.
        boxes = {pid: box.sceneBoundingRect() for pid, box in graph.place_items.items()}
        over = [(a, b) for a in boxes for b in boxes if a < b and boxes[a].intersects(boxes[b])]
        assert not over, over
        cubes = sorted(w.play.game.state.cubes.values(), key=lambda c: c.order)
        entry_cube = cubes[-1].id
        choose(h, "Enter", lambda t: t.startswith(f"Enter at {entry_cube} "))
        assert graph.graph is not None and graph.graph.current == entry_cube
        shot(h, w, "qubqst-entered")

        # -- the entry cube: a creature; the Warrior loses a fight, then wins one -------
        war = w.play.game.state.characters["war"]
        cube = lambda: w.play.game.state.encounter.cube  # noqa: E731
        assert cube() == entry_cube
        assert why(h, "Secret rooms").startswith("look at what the cube holds first")
        choose(h, "Reveal", lambda _t: True)
        assert graph.place_items[entry_cube].toolTip().startswith(entry_cube)
        odds = w.action_dock.odds.text.text()
        assert "to win the fight" in odds, odds  # the exact odds, before the first round
        table.narrowly = True  # a round won by 2 hits: the creature's pool shrinks by 2
        choose(h, "Fight", lambda t: "with" not in t)
        table.narrowly = False
        lines = graph.graph.place(entry_cube).content
        # The pools on the cube: the Warrior's 5 Combat Cubes against the creature's 3.
        pools = [line for line in lines if "Warrior" in line and " v " in line]
        # The pools drawn as cubes (one ■ per Combat Cube), as the state holds them.
        foe = next(f for f in w.play.game.state.encounter.foes if f.fighter == "war")
        mine, theirs = w.play.game.state.characters["war"].pool, foe.pool
        drawn = f"Warrior {'■' * mine} {mine} v {'■' * theirs} {theirs}"
        assert pools and drawn in pools[0], (drawn, lines)
        odds = w.action_dock.odds.text.text()
        assert "to win the fight" in odds and "Warrior" in odds, odds
        assert f"Warrior {'■' * mine} {mine} v " in odds and f"{'■' * theirs} {theirs}:" in odds
        shot(h, w, "qubqst-fight")
        table.warrior_wins = False
        while w.play.game.state.characters["war"].hit_power == war.hit_power:
            choose(h, "Fight", lambda t: "with" not in t)
        assert "Hit Power 4/5" in tracker_line(h, "Warrior")
        assert any("defeated" in line for line in h.log_texts()[-4:]), h.log_texts()[-4:]
        table.warrior_wins = True
        win_the_fights(h)
        take_treasure(h)
        choose(h, "Move on", lambda _t: True)

        # -- the empty cube: the Warrior rests (once per cube), then moves on ------------
        assert cube() != entry_cube and graph.graph.current == cube()
        assert graph.place_items[entry_cube].opacity() < 1  # the completed cube, greyed
        choose(h, "Reveal", lambda _t: True)
        choose(h, "Rest", lambda t: "hit power" in t)
        assert "Hit Power 5/5" in tracker_line(h, "Warrior")
        rest = [a.text() for a in h.bar_button("Rest").menu().actions()]
        assert all("only 1 character can rest per Catacomb Cube" in t for t in rest), rest
        choose(h, "Move on", lambda _t: True)

        # -- the next cube: a creature beaten; then the Golden Cube ----------------------
        choose(h, "Reveal", lambda _t: True)
        win_the_fights(h)
        take_treasure(h)
        choose(h, "Move on", lambda _t: True)
        assert cube() == "golden"
        choose(h, "Reveal", lambda _t: True)
        past = [a.text() for a in h.bar_button("Past").menu().actions()]
        assert any("more than 1 creature" in t for t in past), past
        win_the_fights(h)
    turn = w.play.turn()
    assert turn.outcome and "conquered" in turn.outcome, (turn, rolled[-10:])
    # The log in players' words: cubes as the board labels them, paths by their ways, a
    # creature by its cube's sticker; no action's internal names.
    log = "\n".join(h.log_texts())
    cubes = sorted(w.play.game.state.cubes.values(), key=lambda c: c.order)
    first = cubes[1].id
    assert f"join {first} to golden: {first}'s north path is joined to golden's south path" in log
    assert f"{first} is rolled in: paths north, east, south and west, 1 creature: yellow" in log
    assert (
        "Warrior: fight KOB: Warrior 10 hits" in log and "move on: the party moves on north" in log
    )
    for internal in ("(foe ", "(cube ", "(path ", "to_path", "_1", "rolled in: N", "enter_secret"):
        assert internal not in log, (internal, log)
    shot(h, w, "qubqst-won")
    # Undo and redo (Ctrl+Z, Ctrl+Shift+Z): the last step off the log and back.
    h.focus_back()
    graph.setFocus()
    log = h.log_texts()
    h.key(Qt.Key.Key_Z, CTRL)
    assert w.play.turn().outcome is None and len(h.log_texts()) < len(log)
    h.key(Qt.Key.Key_Z, CTRL | SHIFT)
    assert w.play.turn().outcome == turn.outcome and h.log_texts() == log

    # -- the party sheet, and on paper -----------------------------------------------------
    h.show_tab("Party")
    sheets = w.game_sheets_dock
    assert sheets.isVisible() and sheets.views
    titles = [s.title_label.text() for s in sheets.sheets if s.isVisible()]
    assert titles == ["Warrior", "Party"], titles
    shot(h, w, "qubqst-party")
    pdf = tmp_path / "party.pdf"
    h.save_answer = pdf
    h.click(sheets.print_button)
    assert pdf.is_file()
    if shutil.which("pdftotext"):
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        for word in ("Warrior", "Hit Power", "Gold", "Gems"):
            assert word in text, text
    if SHOTS and shutil.which("pdftoppm"):
        out = Path(SHOTS) / f"qubqst-sheet-{size[0]}x{size[1]}"
        subprocess.run(
            # The page as wide as the screen, its top as high as the screen: the
            # sheet read as a player holds the paper.
            ["pdftoppm", "-png", "-singlefile", *crop(size), str(pdf), str(out)],
            check=True,
        )
    h.close_and_reopen(path)
    assert w.play.turn().outcome == turn.outcome
    h.done()
