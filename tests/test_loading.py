"""Loading off the GUI thread: a worker, a progress dialog after a moment, Cancel, errors."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton, QWidget

from companion.gui import loading
from companion.gui.loading import LoadCancelled, run_in_background
from companion.gui.main_window import MainWindow
from companion.gui.session import MapSession
from companion.gui.testing import DEMO, make_settings, make_window
from companion.model.dungeon import Room
from companion.model.mapfile import MapDocument, dump_map, new_document


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return make_settings(tmp_path)


@pytest.fixture
def errors() -> list[str]:
    return []


@pytest.fixture
def window(qtbot: object, settings: QSettings, errors: list[str]) -> Iterator[MainWindow]:
    w = make_window(qtbot, settings, errors)
    yield w
    w.session.undo_stack.setClean()


def big_map(side: int = 256, step: int = 4) -> MapDocument:
    """A 256x256 map with 3,969 rooms (a few hundred KB of JSON)."""
    doc = new_document(side, side, name="Big")
    d = doc.dungeon
    for y in range(1, side - step, step):
        for x in range(1, side - step, step):
            k = len(d.rooms)
            d.rooms.append(Room(f"Room {k}", hidden=k % 3 == 0))
            d.room_of[y : y + step - 1, x : x + step - 1] = k
    d.floor[::3, ::5] = 7
    return doc


class Ticker:
    """Counts how often the GUI thread's event loop runs a 5 ms timer."""

    def __init__(self) -> None:
        self.ticks = 0
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self.tick)
        self.timer.start()

    def tick(self) -> None:
        self.ticks += 1


def click_cancel(dialog: QProgressDialog) -> None:
    """Press the dialog's Cancel button, as the user would."""
    button = dialog.findChild(QPushButton)
    assert button is not None and button.text() == "Cancel"
    button.click()


def loading_dialog() -> QProgressDialog | None:
    for w in QApplication.topLevelWidgets():
        found = w.findChild(QProgressDialog, "loadingDialog")
        if found is not None and found.isVisible():
            return found
    return None


# -- the helper -------------------------------------------------------------------------


def test_result_comes_from_a_worker_thread(qapp: QApplication) -> None:
    seen: list[int] = []

    def work() -> str:
        seen.append(threading.get_ident())
        return "done"

    assert run_in_background(work, parent=None, label="x") == "done"
    assert seen and seen[0] != threading.get_ident()


def test_no_dialog_is_left_behind(qtbot: object) -> None:
    """QProgressDialog shows itself on its own timer: a finished load must delete it."""
    parent = QWidget()
    qtbot.addWidget(parent)  # type: ignore[attr-defined]
    parent.show()
    assert run_in_background(lambda: 1, parent=parent, label="quick") == 1
    with pytest.raises(ValueError):
        run_in_background(lambda: int("x"), parent=parent, label="bad")
    assert parent.findChildren(QProgressDialog) == []


def test_error_is_raised_in_the_gui_thread(qapp: QApplication) -> None:
    def work() -> None:
        raise ValueError("bad file: line 3")

    with pytest.raises(ValueError, match="bad file: line 3"):
        run_in_background(work, parent=None, label="x")


def test_dialog_shows_only_after_the_delay_and_events_run(qtbot: object) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)  # type: ignore[attr-defined]
    parent.show()
    seen: list[bool] = []
    ticker = Ticker()
    QTimer.singleShot(60, lambda: seen.append(loading_dialog() is not None))
    QTimer.singleShot(400, lambda: seen.append(loading_dialog() is not None))
    assert run_in_background(lambda: time.sleep(0.6) or 7, parent=parent, label="slow") == 7
    ticker.timer.stop()
    assert seen == [False, True]
    assert ticker.ticks > 30  # ~120 would run in 0.6 s; a blocked GUI thread gets none
    assert loading_dialog() is None


def test_cancel_abandons_the_result(qtbot: object) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)  # type: ignore[attr-defined]
    release = threading.Event()

    def work() -> str:
        release.wait(5)
        return "late"

    def press_cancel() -> None:
        dialog = loading_dialog()
        assert dialog is not None
        click_cancel(dialog)

    QTimer.singleShot(350, press_cancel)
    with pytest.raises(LoadCancelled):
        run_in_background(work, parent=parent, label="slow", delay_ms=100)
    assert len(loading._RUNNING) == 1  # the worker still runs; its result will be dropped
    release.set()
    qtbot.waitUntil(lambda: not loading._RUNNING, timeout=3000)  # type: ignore[attr-defined]


def test_a_wait_ended_without_the_result_is_a_cancel_not_a_missing_result(
    qtbot: object,
) -> None:
    """The application quitting ends every event loop, the load's own too: that is a
    load abandoned (``LoadCancelled``), not a result of None for the caller to open."""
    parent = QWidget()
    qtbot.addWidget(parent)  # type: ignore[attr-defined]
    release = threading.Event()

    def work() -> str:
        release.wait(5)
        return "late"

    def end_the_wait() -> None:
        (job,) = loading._RUNNING
        assert job.loop is not None
        job.loop.exit(-1)  # as QCoreApplication.exit() does to every loop

    QTimer.singleShot(50, end_the_wait)
    with pytest.raises(LoadCancelled):
        run_in_background(work, parent=parent, label="slow", delay_ms=1000)
    release.set()
    qtbot.waitUntil(lambda: not loading._RUNNING, timeout=3000)  # type: ignore[attr-defined]


# -- the window ---------------------------------------------------------------------------


def test_big_map_opens_through_the_worker_with_the_window_live(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.json"
    data = dump_map(big_map())
    path.write_bytes(data)
    threads: list[int] = []
    real_load = MapSession.load

    def load(self: MapSession, p: Path) -> MapDocument:
        threads.append(threading.get_ident())
        return real_load(self, p)

    monkeypatch.setattr(MapSession, "load", load)
    ticker = Ticker()
    assert window.open_path(path)
    ticker.timer.stop()
    assert threads and threads[0] != threading.get_ident()
    assert len(window.session.doc.dungeon.rooms) == 3969
    assert dump_map(window.session.doc) == data
    # The event loop ran while the worker parsed (how often depends on the machine's load
    # and the worker holding the interpreter: the rate belongs in a benchmark, not here).
    assert ticker.ticks >= 1


def test_cancel_leaves_the_open_map_unchanged(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot: object
) -> None:
    assert window.open_path(DEMO)
    before = dump_map(window.session.doc)
    other = tmp_path / "other.json"
    other.write_bytes(dump_map(new_document(8, 8, name="Other")))
    release = threading.Event()
    real_load = MapSession.load

    def slow_load(self: MapSession, p: Path) -> MapDocument:
        release.wait(5)
        return real_load(self, p)

    monkeypatch.setattr(MapSession, "load", slow_load)

    def press_cancel() -> None:
        dialog = loading_dialog()
        assert dialog is not None and "other.json" in dialog.labelText()
        click_cancel(dialog)

    QTimer.singleShot(loading.SHOW_AFTER_MS + 150, press_cancel)
    assert not window.open_path(other)
    release.set()
    qtbot.waitUntil(lambda: not loading._RUNNING, timeout=3000)  # type: ignore[attr-defined]
    assert dump_map(window.session.doc) == before
    assert window.session.path == DEMO
    assert "Stopped opening other.json" in window.statusBar().currentMessage()


def test_hostile_file_shows_the_error_and_leaves_the_map(
    window: MainWindow, tmp_path: Path, errors: list[str]
) -> None:
    assert window.open_path(DEMO)
    before = dump_map(window.session.doc)
    bad = tmp_path / "hostile.json"
    bad.write_bytes(
        b'{"format": "brick-companion-map", "version": 1, "width": 2, "height": 1,'
        b' "terrain": ["#\\u212a"]}'
    )
    assert not window.open_path(bad)
    assert len(errors) == 1
    assert errors[0].startswith("Cannot open the map: hostile.json: terrain row 0, column 1")
    assert dump_map(window.session.doc) == before
    assert window.session.path == DEMO


def test_party_opens_through_the_worker(
    window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.gui.testing import DEMO_PARTY
    from companion.rulesets.brickquest.character import Party

    threads: list[int] = []
    real_load = Party.load

    def load(path: Path, *args: object, **kwargs: object) -> Party:
        threads.append(threading.get_ident())
        return real_load(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Party, "load", load)
    assert window.party_dock.open_path(DEMO_PARTY)
    assert threads and threads[0] != threading.get_ident()
    assert len(window.party_dock.model.characters()) == 6
    assert window.party_dock.path == DEMO_PARTY
