"""Autosave of the open map, and the offer to restore it after a crash."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMessageBox

from companion import userdirs
from companion.atomic import backup_path
from companion.gui.autosave import ORIGIN_SUFFIX, SUFFIX, autosave_name, origin_of
from companion.gui.main_window import MainWindow
from companion.gui.testing import DEMO, make_settings, make_window
from companion.model import edits
from companion.model.mapfile import dump_map
from companion.rules.maps import load_map_file


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Autosaves go under a throw-away home, never the user's."""
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return make_settings(tmp_path)


@pytest.fixture
def map_file(tmp_path: Path) -> Path:
    path = tmp_path / "crypt.json"
    shutil.copy(DEMO, path)
    return path


def crashing_window(qtbot: object, settings: QSettings) -> Iterator[MainWindow]:
    """A window that is never closed: it is dropped as a crash would drop it."""
    w = MainWindow(settings=settings)
    w.show_error = lambda title, text: None  # type: ignore[method-assign]
    w.show()
    qtbot.waitExposed(w)  # type: ignore[attr-defined]
    w.autosave.timer.setInterval(50)
    yield w
    if shiboken6.isValid(w):
        w.hide()
        shiboken6.delete(w)  # no closeEvent: nothing is cleaned up


def autosaves() -> list[Path]:
    folder = userdirs.autosave_dir()
    return sorted(folder.glob(f"*{SUFFIX}")) if folder.is_dir() else []


def test_edit_autosave_crash_and_restore(
    qtbot: object, settings: QSettings, tmp_path: Path, map_file: Path
) -> None:
    first = crashing_window(qtbot, settings)
    w = next(first)
    assert w.open_path(map_file)
    w.session.push(edits.SetName("Crypt, edited"), "Rename")
    assert autosaves() == []  # not yet: a minute (here 50 ms) after the edit
    qtbot.waitUntil(lambda: len(autosaves()) == 1, timeout=3000)  # type: ignore[attr-defined]
    saved = autosaves()[0]
    assert saved.name == "crypt.autosave.json"
    assert saved.read_bytes() == dump_map(w.session.doc)
    assert origin_of(saved) == map_file.resolve()
    next(first, None)  # the crash
    assert autosaves() == [saved]
    assert load_map_file(map_file).name != "Crypt, edited"  # the file itself never saw it

    offered: list[list[Path]] = []
    again = make_window(qtbot, make_settings(tmp_path / "second"))
    again.autosave.ask_restore = lambda paths: offered.append(paths) or paths  # type: ignore[method-assign]
    assert again.autosave.offer_restore() == saved
    assert offered == [[saved]]
    assert again.session.doc.name == "Crypt, edited"
    assert again.session.path == map_file.resolve()
    assert not again.session.undo_stack.isClean() and again.isWindowModified()
    # Saving puts the edit in the file, keeps the old one as .bak, and drops the autosave.
    assert again.save()
    assert load_map_file(map_file).name == "Crypt, edited"
    assert load_map_file(backup_path(map_file)).name != "Crypt, edited"
    assert autosaves() == []
    assert not list(saved.parent.glob(f"*{ORIGIN_SUFFIX}"))


def test_clean_close_removes_the_autosave(
    qtbot: object, settings: QSettings, map_file: Path
) -> None:
    w = make_window(qtbot, settings)
    w.autosave.timer.setInterval(20)
    assert w.open_path(map_file)
    w.session.push(edits.SetName("Changed"), "Rename")
    qtbot.waitUntil(lambda: len(autosaves()) == 1, timeout=3000)  # type: ignore[attr-defined]
    assert w.close()  # the test window discards the change
    assert autosaves() == []


def test_no_autosave_without_unsaved_edits(qtbot: object, settings: QSettings) -> None:
    w = make_window(qtbot, settings)
    assert w.autosave.autosave_now() is None
    w.session.push(edits.SetName("Changed"), "Rename")
    assert w.autosave.timer.isActive()
    w.session.undo_stack.undo()  # back to the saved state
    assert w.autosave.autosave_now() is None
    assert autosaves() == []


def test_an_untitled_map_is_named_after_the_map(qtbot: object, settings: QSettings) -> None:
    first = crashing_window(qtbot, settings)
    w = next(first)
    w.session.push(edits.SetName("Deep/../Vault*"), "Rename")
    path = w.autosave.autosave_now()
    assert path is not None and path.name == "Deep_Vault.autosave.json"
    assert origin_of(path) is None
    next(first, None)
    again = make_window(qtbot, settings)
    again.autosave.ask_restore = lambda paths: paths  # type: ignore[method-assign]
    assert again.autosave.offer_restore() == path
    assert again.session.doc.name == "Deep/../Vault*"
    assert again.session.path is None
    # This window closes cleanly (discarding): the restored autosave goes with it.
    assert again.close()
    assert autosaves() == []


def test_declined_autosaves_are_deleted(qtbot: object, settings: QSettings) -> None:
    first = crashing_window(qtbot, settings)
    w = next(first)
    w.session.push(edits.SetName("Lost"), "Rename")
    assert w.autosave.autosave_now() is not None
    next(first, None)
    again = make_window(qtbot, settings)
    before = dump_map(again.session.doc)
    again.autosave.ask_restore = lambda paths: []  # type: ignore[method-assign]
    assert again.autosave.offer_restore() is None
    assert autosaves() == []
    assert dump_map(again.session.doc) == before


def test_a_broken_autosave_is_refused_by_name(qtbot: object, settings: QSettings) -> None:
    folder = userdirs.ensure(userdirs.autosave_dir())
    (folder / f"bad{SUFFIX}").write_bytes(b"{not json")
    errors: list[str] = []
    w = make_window(qtbot, settings, errors)
    before = dump_map(w.session.doc)
    w.autosave.ask_restore = lambda paths: paths  # type: ignore[method-assign]
    assert w.autosave.offer_restore() is None
    assert errors and "bad.autosave.json" in errors[0] and "Invalid JSON" in errors[0]
    assert dump_map(w.session.doc) == before


def test_restore_asks_before_replacing_unsaved_edits(qtbot: object, settings: QSettings) -> None:
    first = crashing_window(qtbot, settings)
    w = next(first)
    w.session.push(edits.SetName("From the crash"), "Rename")
    assert w.autosave.autosave_now() is not None
    next(first, None)
    again = make_window(qtbot, settings)
    again.session.push(edits.SetName("Typed since"), "Rename")
    again.ask_save_changes = lambda: QMessageBox.StandardButton.Cancel  # type: ignore[method-assign]
    again.autosave.ask_restore = lambda paths: paths  # type: ignore[method-assign]
    assert again.autosave.offer_restore() is None
    assert again.session.doc.name == "Typed since"
    assert len(autosaves()) == 1  # kept for the next offer
    again.ask_save_changes = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    assert again.close()


def test_autosave_names_are_safe() -> None:
    assert autosave_name("  ") == "untitled"
    assert autosave_name("../../etc/passwd") == "etc_passwd"
    assert autosave_name("Crypt of the Ünknown") == "Crypt of the _nknown"
    assert len(autosave_name("x" * 500)) == 80
