"""A player's hands on the window, for the journey tests (``tests/test_journey_*.py``).

Everything here acts as a person at the table does: menu actions triggered as Qt
triggers them (``QAction.trigger()`` passes ``checked``), modal dialogs found with
``QApplication.activeModalWidget()`` from a timer and filled through their widgets,
``QTest`` clicks on buttons and on map squares (the canvas viewport at
``view.mapFromScene``), and key presses.  Nothing calls the controller or the model to
act.  The journeys read what the window shows (its widgets, the game file, and the
controller's read-only views of it: whose turn, where the figures stand, the squares a
move lights up) to choose where to click and to assert.

Each journey runs on an offscreen screen of its size (1280×720, 1920×1080; a child
pytest when the session's screen is another), the window maximised under the app's own
theme, and fails at its end on any label, button, dock tab or title, or sheet field
whose text is cut at any step (``screens.cut_text``).

The one shortcut: the file dialogs (``QFileDialog.getSaveFileName`` and
``getOpenFileName``) are patched to answer a path in the test's folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from app_theme import app_theme
from PySide6.QtCore import QEvent, QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QProgressDialog,
    QTabBar,
    QToolButton,
    QWidget,
)
from screens import ROOT, cut_text, on_screen, screen_platform

from companion.gui.main_window import MainWindow
from companion.gui.testing import make_settings

SIZES = [(1280, 720), (1920, 1080)]
LEFT = Qt.MouseButton.LeftButton
NO_MOD = Qt.KeyboardModifier.NoModifier
CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier

Handler = Callable[[QWidget], None]


def plain(text: str) -> str:
    """A menu or button text as read: without its mnemonic ``&``."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def on_its_screen(request: pytest.FixtureRequest, size: tuple[int, int], tmp_path: Path) -> bool:
    """Whether this session's screen is ``size``.  If not, the test runs again in a child
    pytest on an offscreen screen of that size (a window is never larger than its screen),
    and passes or fails as the child does (its output in the failure)."""
    if on_screen(*size):
        return True
    env = dict(os.environ, QT_QPA_PLATFORM=screen_platform(tmp_path, size))
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=short"]
    done = subprocess.run(
        [*command, request.node.nodeid],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    out = done.stdout + done.stderr
    failed = [line for line in out.splitlines() if line.startswith("E ")]
    assert done.returncode == 0 and "1 passed" in out, "\n".join(failed) or out
    return False


class Hands:
    """A player at the window: menus, dialogs, clicks and keys; nothing else."""

    def __init__(
        self,
        qtbot: Any,
        tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch,
        request: pytest.FixtureRequest,
        size: tuple[int, int],
    ) -> None:
        self.qtbot = qtbot
        self.size = size
        self.tmp_path = tmp_path
        #: What the patched file dialogs answer next (a path), and what they were asked.
        self.save_answer: Path | None = None
        self.open_answer: Path | None = None
        self.file_dialogs: list[str] = []
        monkeypatch.setattr(QFileDialog, "getSaveFileName", self._save_name)
        monkeypatch.setattr(QFileDialog, "getOpenFileName", self._open_name)
        # The app's own theme (its font and style sheet), as the player sees the window.
        theme = app_theme(QApplication.instance())  # type: ignore[arg-type]
        theme.__enter__()
        request.addfinalizer(lambda: theme.__exit__(None, None, None))
        w = MainWindow(settings=make_settings(tmp_path))
        qtbot.addWidget(w)
        self.w = w
        w.show()
        qtbot.waitExposed(w)
        # The screen is ``size`` (``on_its_screen``): the player maximises the window.
        w.showMaximized()
        qtbot.waitUntil(w.isMaximized)
        qtbot.wait(50)
        #: Modal dialogs that came when none was expected (closed by the watchdog).
        self.unexpected: list[str] = []
        self._expecting = 0
        self._watchdog = QTimer(w)
        self._watchdog.timeout.connect(self._watch)
        self._watchdog.start(300)
        #: The cut text met at each step (``check_cut``).
        self.cuts: list[str] = []
        #: Every refusal the window showed (observed, never acted on).
        self.refusals: list[Any] = []
        w.play.verdictShown.connect(self.refusals.append)
        self.focus_back()

    def _watch(self) -> None:
        """Close a modal dialog nobody expected (it would wait for a click forever)."""
        modal = QApplication.activeModalWidget()
        if modal is None or self._expecting or isinstance(modal, QProgressDialog):
            return  # a progress dialog (opening a file) closes by itself
        text = modal.text() if isinstance(modal, QMessageBox) else ""
        self.unexpected.append(f"{modal.windowTitle()!r} {text!r}")
        if isinstance(modal, QDialog):
            modal.reject()
        else:
            modal.close()

    @contextmanager
    def driving(self) -> Iterator[None]:
        """A window-modal dialog the test drives itself (Rules → Tables…): the watchdog
        leaves it open (closing it mid-test could ask a question nobody answers)."""
        self._expecting += 1
        try:
            yield
        finally:
            self._expecting -= 1

    def assert_no_surprise(self) -> None:
        assert not self.unexpected, f"unexpected dialogs: {self.unexpected}"

    # -- file dialogs (the one shortcut) ------------------------------------------------
    def _save_name(self, *args: Any, **kwargs: Any) -> tuple[str, str]:
        self.file_dialogs.append(f"save: {args[1] if len(args) > 1 else ''}")
        answer, self.save_answer = self.save_answer, None
        return (str(answer) if answer else "", "")

    def _open_name(self, *args: Any, **kwargs: Any) -> tuple[str, str]:
        self.file_dialogs.append(f"open: {args[1] if len(args) > 1 else ''}")
        answer, self.open_answer = self.open_answer, None
        return (str(answer) if answer else "", "")

    # -- menus ---------------------------------------------------------------------------
    def menu_action(self, *path: str) -> QAction:
        """The action at ``path`` in the menu bar ("File", "Open Demo", "Draida Bay…"):
        each step matches the start of a menu entry's text, without its ``&``."""
        actions = self.w.menuBar().actions()
        found: QAction | None = None
        for step in path:
            matches = [a for a in actions if plain(a.text()).startswith(step)]
            assert matches, f"no {step!r} in {[plain(a.text()) for a in actions]}"
            found = matches[0]
            menu = found.menu()
            if menu is not None:
                menu.aboutToShow.emit()  # as opening it does (menus filled when shown)
                actions = menu.actions()
        assert found is not None
        return found

    def trigger(self, *path: str) -> None:
        """Choose the menu entry at ``path`` (``QAction.trigger``, as a click on it does)."""
        action = self.menu_action(*path)
        assert action.isEnabled(), f"{' → '.join(path)} is disabled"
        action.trigger()
        self.settle()

    # -- dialogs -------------------------------------------------------------------------
    @contextmanager
    def dialogs(self, *handlers: Handler, timeout: float = 20.0) -> Iterator[None]:
        """Answer the modal dialogs the block opens, one handler each, in order.

        Each handler gets the dialog once it is the active modal widget and must close it
        (a button click).  A handler that fails closes its dialog and the failure is raised
        when the block ends, as is a dialog that never came.
        """
        done: list[QWidget] = []
        errors: list[BaseException] = []
        start = time.monotonic()

        def poll() -> None:
            if len(done) == len(handlers) or errors:
                return
            modal = QApplication.activeModalWidget()
            if modal is None or modal in done or not modal.isVisible():
                if time.monotonic() - start < timeout:
                    QTimer.singleShot(20, poll)
                return
            done.append(modal)
            try:
                handlers[len(done) - 1](modal)
            except BaseException as exc:
                errors.append(exc)
                if isinstance(modal, QDialog):
                    modal.reject()
                else:
                    modal.close()
                return
            QTimer.singleShot(20, poll)

        QTimer.singleShot(0, poll)
        self._expecting += 1
        try:
            yield
        finally:
            self._expecting -= 1
        self.qtbot.waitUntil(
            lambda: len(done) == len(handlers) or bool(errors), timeout=int(timeout * 1000)
        )
        if errors:
            raise errors[0]
        self.focus_back()

    def focus_back(self) -> None:
        """The main window active again once a dialog closed, as the desktop makes it
        (the offscreen platform leaves no window active)."""
        self.settle()
        if QApplication.activeModalWidget() is None and QApplication.activeWindow() is not self.w:
            self.w.activateWindow()
            self.qtbot.waitUntil(lambda: QApplication.activeWindow() is self.w)

    def click(self, widget: QWidget) -> None:
        """A left click in the middle of a shown, enabled widget (a button)."""
        assert widget.isVisible(), f"{widget.objectName() or widget} is not shown"
        assert widget.isEnabled(), f"{widget.objectName() or widget} is disabled"
        QTest.mouseClick(widget, LEFT, NO_MOD, widget.rect().center())
        self.settle()

    def type_text(self, edit: QLineEdit, text: str) -> None:
        edit.setFocus()
        edit.selectAll()
        QTest.keyClicks(edit, text)

    # -- the main window -----------------------------------------------------------------
    def key(self, key: Qt.Key, modifier: Qt.KeyboardModifier = NO_MOD) -> None:
        """A key press where the keyboard focus is (the map when nothing else has it)."""
        target = QApplication.focusWidget() or self.w.canvas
        QTest.keyClick(target, key, modifier)
        self.settle()

    def bar_button(self, start: str) -> QToolButton:
        """The action bar's button whose text starts with ``start``."""
        buttons = self.w.action_dock.buttons
        found = [b for title, b in buttons.items() if title.startswith(start)]
        assert found, f"no {start!r} on the action bar: {list(buttons)}"
        return found[0]

    def assert_refusal_shown(self) -> list[str]:
        """The last refusal's reasons, each of them on the action bar (the box showed them
        too: ``refusal_box``)."""
        reasons = reasons_of(self.refusals[-1])
        assert reasons, "a refusal without a reason"
        hint = plain_text(self.w.action_dock.hint)
        missing = [r for r in reasons if r not in hint]
        assert hint.startswith("Not allowed") and not missing, (hint, missing)
        return reasons

    def bar_titles(self) -> list[str]:
        return list(self.w.action_dock.buttons)

    def square_point(self, square: tuple[int, int], dx: float = 0.5, dy: float = 0.5) -> Any:
        """The canvas viewport's pixel over a point of a map square."""
        view = self.w.canvas
        scene = view.vb.mapViewToScene(QPointF(square[0] + dx, square[1] + dy))
        point = view.mapFromScene(scene)
        assert view.viewport().rect().contains(point), f"{square} is off the map view"
        return point

    def hover(self, square: tuple[int, int]) -> None:
        vp = self.w.canvas.viewport()
        QTest.mouseMove(vp, self.square_point(square, 0.3, 0.3))
        QTest.mouseMove(vp, self.square_point(square))
        self.settle()

    def click_square(self, square: tuple[int, int]) -> None:
        """Point at a square, then click it."""
        self.hover(square)
        QTest.mouseClick(self.w.canvas.viewport(), LEFT, NO_MOD, self.square_point(square))
        self.settle()

    def settle(self) -> None:
        QApplication.processEvents()
        self.assert_no_surprise()

    # -- what shows ----------------------------------------------------------------------
    def cut(self) -> list[str]:
        """Every shown label, button, tab and sheet field of the window whose text is cut,
        once the layouts have settled: a cut still there after half a second of laying out
        (a busy machine delays the layout requests a resize posts) is one a player sees."""
        self.settle()
        for _ in range(10):
            QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
            cut = cut_text(self.w)
            if not cut:
                return []
            self.qtbot.wait(50)
        return cut

    def start_demo(self, demo: str, game: Path) -> list[dict[str, Any]]:
        """File → Open Demo → ``demo``, then Game → New game… accepted with its defaults
        and saved as ``game``; what the New game dialog showed (``accept_new_game``)."""
        self.trigger("File", "Open Demo", demo)
        self.check_cut("the demo open")
        self.save_answer = game
        seen: list[dict[str, Any]] = []
        with self.dialogs(accept_new_game(seen)):
            self.trigger("Game", "New game…")
        assert game.is_file() and self.w.mode == "play"
        assert not seen[0]["cut"], f"the New game dialog at {self.size}: {seen[0]['cut']}"
        return seen

    def close_and_reopen(self, game: Path) -> None:
        """Game → Close game, then Game → Open game…: the same game, shown the same."""
        from companion.rules.game import Game

        w = self.w
        shown = self.shown()
        on_disk = Game.open(game).snapshot()
        self.trigger("Game", "Close game")
        assert w.tracker_dock.round_label.text() == "No game"
        self.open_answer = game
        self.trigger("Game", "Open game…")
        assert self.file_dialogs[-1] == "open: Open game"
        assert w.play.game is not None and w.play.game.snapshot() == on_disk
        assert self.shown() == shown
        self.check_cut("the game reopened")

    def check_cut(self, when: str) -> None:
        """Note what is cut in the window now (``when`` says at which step); the journey
        goes on, and ``done`` fails with every cut text met on the way."""
        cut = self.cut()
        if cut:
            self.cuts.append(f"{when}: {cut}")

    def done(self) -> None:
        """The end of a journey: nothing was cut at any step."""
        w, h = self.size
        assert not self.cuts, f"cut text at {w}×{h}: " + "; ".join(self.cuts)

    def check_window_size(self) -> None:
        """The maximised window fills the screen (``size``) and stays inside it: no dock
        holds it larger or pushes it out."""
        w = self.w
        screen = w.screen().availableGeometry()
        assert screen.size().toTuple() == self.size, screen
        assert w.isMaximized() and screen.contains(w.frameGeometry()), (
            f"the window {w.frameGeometry()} is not inside the {self.size} screen"
        )
        width, height = w.size().toTuple()
        assert width >= self.size[0] - 8 and height >= self.size[1] - 8, (width, height)

    def in_view(self, square: tuple[int, int]) -> bool:
        """Whether a square is in the map's view (where a player can click it)."""
        view = self.w.canvas
        scene = view.vb.mapViewToScene(QPointF(square[0] + 0.5, square[1] + 0.5))
        return view.viewport().rect().adjusted(4, 4, -4, -4).contains(view.mapFromScene(scene))

    def click_in_tracker(self, figure: str) -> None:
        """Click a figure's row in the tracker (to pick who acts, as the map does)."""
        order = self.w.tracker_dock.order
        row = self.w.tracker_dock.order_ids().index(figure)
        item = order.item(row)
        order.scrollToItem(item)
        QTest.mouseClick(order.viewport(), LEFT, NO_MOD, order.visualItemRect(item).center())
        self.settle()

    def show_tab(self, start: str) -> None:
        """Click the dock tab whose title starts with ``start`` (the sheets, the log)."""
        for bar in self.w.findChildren(QTabBar):
            if not bar.isVisible():
                continue
            for i in range(bar.count()):
                if bar.tabText(i).startswith(start):
                    QTest.mouseClick(bar, LEFT, NO_MOD, bar.tabRect(i).center())
                    self.settle()
                    return
        raise AssertionError(f"no dock tab {start!r}")

    def shown(self) -> tuple[list[str], list[str], list[tuple[str, Any]]]:
        """What the window shows of the game: the tracker, the log and the figures on the
        map (to compare a game reopened with the game as it was)."""
        figures = sorted((f.id, f.at) for f in self.w.session.doc.figures)
        return self.tracker_texts(), self.log_texts(), figures

    def log_texts(self) -> list[str]:
        lst = self.w.log_dock.list
        return [lst.item(i).text() for i in range(lst.count())]

    def tracker_texts(self) -> list[str]:
        t = self.w.tracker_dock
        order = [t.order.item(i).text() for i in range(t.order.count())]
        return [t.round_label.text(), t.acting_label.text(), *order, t.prompts.text()]


# -- the dialogs' answers ----------------------------------------------------------------


def accept_new_game(seen: list[dict[str, Any]]) -> Handler:
    """Start the game with the New game dialog's defaults: its first button, as shown;
    what the dialog showed is kept in ``seen``."""

    def handle(dialog: QWidget) -> None:
        assert dialog.windowTitle() == "New game", dialog.windowTitle()
        seen.append(
            {
                "labels": [lb.text() for lb in dialog.findChildren(QLabel) if lb.isVisible()],
                "widgets": dialog.findChildren(QWidget),
                "cut": cut_text(dialog),
            }
        )
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        start = box.button(QDialogButtonBox.StandardButton.Ok)
        assert plain(start.text()) == "Start the game"
        QTest.mouseClick(start, LEFT, NO_MOD, start.rect().center())

    return handle


def refusal_box(reasons: list[str], *, force: bool) -> Handler:
    """The "Not allowed" box: every reason in ``reasons`` must be in its text; then
    Cancel, or "Force it…" when ``force``."""

    def handle(box: QWidget) -> None:
        assert isinstance(box, QMessageBox), type(box)
        assert box.windowTitle() == "Not allowed"
        text = box.text()
        missing = [r for r in reasons if r not in text]
        assert not missing, f"reasons not in the box {text!r}: {missing}"
        cut = cut_text(box)
        assert not cut, f"the refusal box cuts its text: {cut}"
        wanted = "Force it…" if force else "Cancel"
        buttons = [b for b in box.findChildren(QAbstractButton) if plain(b.text()) == wanted]
        assert buttons, [b.text() for b in box.findChildren(QAbstractButton)]
        QTest.mouseClick(buttons[0], LEFT, NO_MOD, buttons[0].rect().center())

    return handle


def force_reason(why: str) -> Handler:
    """The "Force the action" question: type ``why`` and press OK."""

    def handle(dialog: QWidget) -> None:
        assert isinstance(dialog, QInputDialog), type(dialog)
        cut = cut_text(dialog)
        assert not cut, f"the question cuts its text: {cut}"
        edit = dialog.findChild(QLineEdit)
        assert edit is not None
        edit.setFocus()
        QTest.keyClicks(edit, why)
        box = dialog.findChild(QDialogButtonBox)
        assert box is not None
        ok = box.button(QDialogButtonBox.StandardButton.Ok)
        QTest.mouseClick(ok, LEFT, NO_MOD, ok.rect().center())

    return handle


def plain_text(label: QLabel) -> str:
    """What a label shows, without its markup."""
    doc = QTextDocument()
    doc.setHtml(label.text())
    return doc.toPlainText()


def reasons_of(verdict: Any) -> list[str]:
    return [r.message for r in getattr(verdict, "reasons", ())]


def same_lines(a: Sequence[str], b: Sequence[str]) -> list[str]:
    """Lines that differ between two lists (for readable failures)."""
    out = [f"{x!r} != {y!r}" for x, y in zip(a, b, strict=False) if x != y]
    if len(a) != len(b):
        out.append(f"{len(a)} lines != {len(b)} lines")
    return out
