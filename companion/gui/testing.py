"""Helpers for driving the GUI in tests: a window with throw-away settings, mouse drags.

Used by ``tests/test_gui_*.py`` (with pytest-qt's ``qtbot``); also handy in a console.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QRegion
from PySide6.QtWidgets import QMessageBox, QWidget

from companion.datafiles import resource_dir
from companion.gui.canvas.view import MapCanvas
from companion.gui.main_window import MainWindow

if TYPE_CHECKING:  # pytest-qt is a test dependency, not the app's
    from pytestqt.qtbot import QtBot

#: The checkout holding the package (in an installed copy: site-packages).
ROOT = Path(__file__).resolve().parents[2]
DEMO = resource_dir() / "dungeons" / "demo.json"
DEMO_PARTY = resource_dir() / "parties" / "demo.party.json"


class PaintRegions(QObject):
    """An event filter keeping the region of every Paint event of the widgets it is
    installed on (``widget.installEventFilter(spy)``): what a change repainted."""

    def __init__(self) -> None:
        super().__init__()
        self.regions: list[QRegion] = []

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.Paint:
            self.regions.append(ev.region())  # type: ignore[attr-defined]
        return False


class Passes(QObject):
    """Paint and LayoutRequest events each widget inside ``dock`` (and the dock) gets, as
    an application-wide event filter (``QApplication.instance().installEventFilter``)."""

    def __init__(self, dock: QWidget) -> None:
        super().__init__()
        self.dock = dock
        self.paints: Counter[QWidget] = Counter()
        self.layouts: Counter[QWidget] = Counter()

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        kind = ev.type()
        if kind not in (QEvent.Type.Paint, QEvent.Type.LayoutRequest):
            return False
        if isinstance(obj, QWidget) and (obj is self.dock or self.dock.isAncestorOf(obj)):
            (self.paints if kind == QEvent.Type.Paint else self.layouts)[obj] += 1
        return False


def far_destinations(w: MainWindow) -> list[tuple[int, int]]:
    """The acting figure's reachable squares in view, farthest first (none its own)."""
    play = w.play
    vp = w.canvas.viewport()
    turn = play.turn()
    assert turn is not None and turn.acting is not None, "no one acts"
    here = play.figures()[turn.acting].at
    assert here is not None, "the acting figure is off the board"
    return sorted(
        (sq for sq in play.moves() if sq != here and vp.rect().contains(w.canvas.viewport_pos(sq))),
        key=lambda s: (-abs(s[0] - here[0]) - abs(s[1] - here[1]), s),
    )


def make_settings(folder: Path) -> QSettings:
    """Settings in a temporary file: the user's own settings are never touched."""
    return QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)


def stand_in(obj: object, method: str, double: Callable[..., object]) -> None:
    """Replace ``obj``'s ``method`` by ``double``, for this object only (a dialog that
    would block a test or a screenshot answers at once instead)."""
    setattr(obj, method, double)


def make_window(qtbot: QtBot, settings: QSettings, errors: list[str] | None = None) -> MainWindow:
    """A shown main window whose dialogs never block: errors are recorded, changes dropped."""
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    sink = errors if errors is not None else []
    stand_in(w, "show_error", lambda title, text: sink.append(f"{title}: {text}"))
    stand_in(w, "ask_save_changes", lambda: QMessageBox.StandardButton.Discard)
    w.finish_start()  # what the app does once the window has painted: the party, if any
    if w.party_actions is not None:
        stand_in(w.party_actions, "ask_save_changes", lambda: QMessageBox.StandardButton.Discard)
    w.setWindowState(Qt.WindowState.WindowNoState)  # a test's own size, not maximised
    w.resize(1200, 800)
    w.show()
    qtbot.waitExposed(w)
    w.canvas.fit()
    return w


def demo_window(qtbot: QtBot, folder: Path, errors: list[str] | None = None) -> MainWindow:
    """``make_window`` (settings in ``folder``) with the BrickQuest demo dungeon and its
    party open."""
    w = make_window(qtbot, make_settings(folder), errors)
    assert w.open_path(DEMO)
    assert w.party_dock.open_path(DEMO_PARTY)  # type: ignore[union-attr]
    return w


def forget_changes(w: MainWindow) -> None:
    """Mark the map's and the party's edits as saved (closing asks nothing)."""
    w.session.undo_stack.setClean()
    w.party_dock.model.undo_stack.setClean()  # type: ignore[union-attr]


def settle(qtbot: QtBot, canvas: MapCanvas) -> None:
    """Wait until the map's viewport keeps its size and place for 60 ms (at most 2 s).

    The docks beside the map settle their heights in passes of their own after a change
    (a hint that wraps onto fewer lines); on a busy machine that can take longer than a
    short wait, and a square's point computed before would be a square off after it.
    """
    vp = canvas.viewport()
    last, steady = None, 0
    for _ in range(100):
        now = (vp.size(), vp.mapToGlobal(vp.rect().topLeft()), canvas.transform())
        steady = steady + 1 if now == last else 0
        if steady >= 3:
            return
        last = now
        qtbot.wait(20)


def drag(
    qtbot: QtBot,
    canvas: MapCanvas,
    squares: Sequence[tuple[int, int]],
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
    button: Qt.MouseButton = Qt.MouseButton.LeftButton,
) -> None:
    """Press on the first square, move through the others, release on the last."""
    settle(qtbot, canvas)
    vp = canvas.viewport()
    points = [canvas.viewport_pos(sq) for sq in squares]
    qtbot.mousePress(vp, button, modifier, points[0])
    for p in points[1:]:
        qtbot.mouseMove(vp, p)
    qtbot.mouseRelease(vp, button, modifier, points[-1])


def click(
    qtbot: QtBot,
    canvas: MapCanvas,
    square: tuple[int, int],
    modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier,
) -> None:
    drag(qtbot, canvas, [square], modifier)


def hover(qtbot: QtBot, canvas: MapCanvas, square: tuple[int, int]) -> None:
    """Move the mouse over a square (twice: Qt drops a move to where the cursor already is)."""
    settle(qtbot, canvas)
    vp = canvas.viewport()
    qtbot.mouseMove(vp, canvas.viewport_pos(square, 0.3, 0.3))
    qtbot.mouseMove(vp, canvas.viewport_pos(square))
