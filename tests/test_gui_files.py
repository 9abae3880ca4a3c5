"""Files in the GUI: save/load round trip, hostile files refused, layout remembered, smoke."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from companion.gui.app import QUIT_AFTER_ENV
from companion.gui.busy import busy
from companion.gui.main_window import MainWindow
from companion.gui.testing import DEMO, DEMO_PARTY, ROOT, click, make_settings, make_window
from companion.model.dungeon import Terrain
from companion.model.mapfile import MAX_FILE_BYTES, dump_map
from companion.rules.maps import load_map_bytes


@pytest.fixture
def errors() -> list[str]:
    return []


@pytest.fixture
def window(qtbot: object, tmp_path: Path, errors: list[str]) -> Iterator[MainWindow]:
    w = make_window(qtbot, make_settings(tmp_path), errors)
    yield w
    w.session.undo_stack.setClean()


def test_demo_opens(window: MainWindow, errors: list[str]) -> None:
    assert window.open_path(DEMO)
    doc = window.session.doc
    assert errors == []
    assert doc.name == "The Sunken Forge"
    assert len(doc.figures) >= 6 and len(doc.dungeon.rooms) >= 5
    terrain = set(int(t) for t in doc.dungeon.terrain.ravel())
    for t in (
        Terrain.WATER,
        Terrain.LAVA,
        Terrain.FIRE_SPOUT,
        Terrain.STAIRS,
        Terrain.DOOR_OPEN,
        Terrain.DOOR_CLOSED,
        Terrain.DOOR_LOCKED,
    ):
        assert int(t) in terrain, t
    assert doc.dungeon.floor.max() >= 2
    assert "The Sunken Forge" in window.windowTitle()


def test_save_and_load_round_trip(qtbot: object, window: MainWindow, tmp_path: Path) -> None:
    window.open_path(DEMO)
    window.set_tool("terrain")
    click(qtbot, window.canvas, (3, 3))
    assert window.isWindowModified()
    path = tmp_path / "saved.json"
    assert window.save_to(path)
    assert not window.isWindowModified()
    saved = path.read_bytes()
    assert saved == dump_map(window.session.doc)
    before = dump_map(window.session.doc)
    assert window.open_path(path)
    assert dump_map(window.session.doc) == before
    assert window.session.path == path
    assert str(path.resolve()) == window.recent_files()[0]


def test_save_is_atomic_and_failure_is_reported(
    window: MainWindow, tmp_path: Path, errors: list[str]
) -> None:
    target = tmp_path / "no-such-folder" / "map.json"
    assert not window.save_to(target)
    assert errors and "Cannot save the map" in errors[0]
    assert not target.exists()
    good = tmp_path / "map.json"
    assert window.save_to(good)
    assert load_map_bytes(good.read_bytes()).name == window.session.doc.name
    assert not list(tmp_path.glob("*.json.*"))  # no temporary files left behind


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (b"{not json", "Invalid JSON"),
        (b"[" * 50_000 + b"]" * 50_000, "recursion limit"),
        (
            b'{"format": "brick-companion-map", "version": 1, "width": 100000, "height": 2,'
            b' "terrain": ["#"]}',
            "width",
        ),
        (
            b'{"format": "brick-companion-map", "version": 1, "width": 2, "height": 1,'
            b' "terrain": [7]}',
            "terrain[0]",
        ),
        (b'{"format": "word-document"}', "not a Brick Companion map"),
    ],
)
def test_hostile_files_are_refused_and_the_map_stays(
    window: MainWindow, tmp_path: Path, errors: list[str], content: bytes, expected: str
) -> None:
    window.open_path(DEMO)
    before = dump_map(window.session.doc)
    bad = tmp_path / "bad.json"
    bad.write_bytes(content)
    assert not window.open_path(bad)
    assert len(errors) == 1 and "Cannot open the map" in errors[0]
    assert "bad.json" in errors[0] and expected in errors[0]
    assert dump_map(window.session.doc) == before
    assert window.session.path == DEMO


def test_huge_and_missing_files_are_refused(
    window: MainWindow, tmp_path: Path, errors: list[str]
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES + 10)
    assert not window.open_path(huge)
    assert "larger than 16 MB" in errors[-1]
    assert not window.open_path(tmp_path / "missing.json")
    assert "cannot read the file" in errors[-1]
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert not window.open_path(fifo)  # would block forever if it were read
    assert "not a regular file" in errors[-1]
    assert not window.open_path(tmp_path)
    assert "not a regular file" in errors[-1]


def test_unsaved_changes_are_asked_about(qtbot: object, window: MainWindow, tmp_path: Path) -> None:
    from PySide6.QtWidgets import QMessageBox

    window.set_tool("terrain")
    click(qtbot, window.canvas, (3, 3))
    asked: list[bool] = []

    def cancel() -> QMessageBox.StandardButton:
        asked.append(True)
        return QMessageBox.StandardButton.Cancel

    window.ask_save_changes = cancel  # type: ignore[method-assign]
    assert not window.open_map(DEMO)
    assert asked and window.session.doc.name != "The Sunken Forge"
    window.ask_save_changes = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    assert window.open_map(DEMO)


def test_layout_is_remembered(qtbot: object, tmp_path: Path) -> None:
    settings = make_settings(tmp_path)
    first = make_window(qtbot, settings)
    first.legend_dock.hide()
    first.actions_.heights.setChecked(True)
    first.save_layout()
    first.close()
    second = make_window(qtbot, make_settings(tmp_path))
    assert second.legend_dock.isHidden()
    assert second.actions_.heights.isChecked()
    assert second.canvas.features.show_heights


def test_app_starts_on_the_demo_and_quits(tmp_path: Path) -> None:
    env = dict(
        os.environ,
        QT_QPA_PLATFORM="offscreen",
        HOME=str(tmp_path),
        XDG_CONFIG_HOME=str(tmp_path / "config"),
    )
    env[QUIT_AFTER_ENV] = "1500"
    out = subprocess.run(
        [sys.executable, "-m", "companion", str(DEMO), "--party", str(DEMO_PARTY)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr


def test_the_wait_cursor_is_shown_while_busy_and_restored_after_an_error(qtbot: object) -> None:
    with pytest.raises(OSError), busy():
        cursor = QApplication.overrideCursor()
        assert cursor is not None and cursor.shape() == Qt.CursorShape.WaitCursor
        raise OSError("disk full")
    assert QApplication.overrideCursor() is None
