"""Autosave for the map editor, and the offer to restore after a crash.

A minute (``interval_ms``) after an edit leaves the map unsaved, the open map is written
to ``userdirs.autosave_dir()/NAME.autosave.json`` (atomically, through ``QSaveFile``),
with the file it belongs to, if any, in ``NAME.autosave.origin`` beside it.  A save of the
map removes its autosave; a clean close removes every autosave the window wrote.  What is
left in the folder was left by a crash: the next launch offers it (``offer_restore``,
through the ``ask_restore`` hook that tests replace).  Autosaves are read back through
the same bounded, validated loader as any map.

Replacing the document (a new or opened map, a game started) keeps the old autosave
until the window closes cleanly, so nothing is deleted that the user did not save or
close on.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QMessageBox
from shiboken6 import isValid

from companion import APP_NAME, userdirs
from companion.gui.loading import LoadCancelled, is_loading, run_in_background
from companion.gui.session import save_bytes
from companion.model.mapfile import MapFileError, dump_map

if TYPE_CHECKING:
    from companion.gui.main_window import MainWindow

#: How long after an unsaved edit the map is autosaved.
DEFAULT_INTERVAL_MS = 60_000
SUFFIX = ".autosave.json"
ORIGIN_SUFFIX = ".autosave.origin"


def autosave_name(text: str) -> str:
    """A file name for ``text`` that any platform accepts (never empty)."""
    name = re.sub(r"[^\w\- ]+", "_", text, flags=re.ASCII).strip(" _.")[:80]
    return name or "untitled"


def origin_of(autosave: Path) -> Path | None:
    """The map file an autosave belongs to, when it had one."""
    side = autosave.with_name(autosave.name.removesuffix(SUFFIX) + ORIGIN_SUFFIX)
    try:
        text = side.read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return Path(text) if text and "\n" not in text else None


def remove(autosave: Path) -> None:
    """Delete an autosave and its origin note (either may be missing)."""
    autosave.unlink(missing_ok=True)
    autosave.with_name(autosave.name.removesuffix(SUFFIX) + ORIGIN_SUFFIX).unlink(missing_ok=True)


class Autosaver(QObject):
    """Writes the window's open map now and then while it has unsaved edits."""

    def __init__(
        self,
        window: MainWindow,
        *,
        interval_ms: int = DEFAULT_INTERVAL_MS,
        folder: Path | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.session = window.session
        self._folder = folder
        #: The autosave of the open document, once written (or restored from).
        self.written: Path | None = None
        #: Every autosave this window wrote or restored: removed on a clean close.
        self.mine: set[Path] = set()
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(interval_ms)
        self.timer.timeout.connect(self.autosave_now)
        self.session.undo_stack.indexChanged.connect(self._edited)
        self.session.replaced.connect(self._replaced)

    # -- where --------------------------------------------------------------------------
    def folder(self) -> Path:
        return self._folder if self._folder is not None else userdirs.autosave_dir()

    def target(self) -> Path:
        """Where the open map is autosaved: named after its file, else after the map."""
        path = self.session.path
        name = autosave_name(path.stem if path is not None else self.session.doc.name)
        return self.folder() / f"{name}{SUFFIX}"

    def pending(self) -> list[Path]:
        """Autosaves in the folder, newest first."""
        try:
            found = [p for p in self.folder().glob(f"*{SUFFIX}") if p.is_file()]
        except OSError:
            return []
        return sorted(found, key=lambda p: p.stat().st_mtime, reverse=True)

    # -- writing ------------------------------------------------------------------------
    def _edited(self, _index: int) -> None:
        stack = self.session.undo_stack
        if not (isValid(stack) and isValid(self.timer)):  # the window is being destroyed
            return
        if not stack.isClean() and not self.timer.isActive():
            self.timer.start()

    def autosave_now(self) -> Path | None:
        """Write the open map if it has unsaved edits; the file written, or None."""
        self.timer.stop()
        if self.session.undo_stack.isClean():
            return None
        target = self.target()
        try:
            userdirs.ensure(target.parent)
            origin = self.session.path
            side = target.with_name(target.name.removesuffix(SUFFIX) + ORIGIN_SUFFIX)
            if origin is not None:
                save_bytes(side, str(origin.resolve()).encode("utf-8"))
            else:
                side.unlink(missing_ok=True)
            save_bytes(target, dump_map(self.session.doc))
        except OSError as exc:
            self.window.statusBar().showMessage(f"Autosave failed: {exc}", 8000)
            return None
        if self.written is not None and self.written != target:
            remove(self.written)  # renamed: the new autosave holds the same edits
            self.mine.discard(self.written)
        self.written = target
        self.mine.add(target)
        return target

    def saved(self) -> None:
        """The map was saved: its autosave is no longer needed."""
        self.timer.stop()
        if self.written is not None:
            remove(self.written)
            self.mine.discard(self.written)
            self.written = None

    def closed(self) -> None:
        """The window closed cleanly (saved or discarded): remove every autosave it wrote."""
        self.timer.stop()
        for path in self.mine:
            remove(path)
        self.mine.clear()
        self.written = None

    def _replaced(self) -> None:
        self.timer.stop()
        self.written = None

    # -- restoring ----------------------------------------------------------------------
    def offer_restore(self) -> Path | None:
        """Offer the autosaves a crash left behind; restore the newest one chosen.

        Autosaves declined are deleted; those chosen but not opened (one map at a time)
        stay and are offered again next time.  Returns the autosave restored, if any.
        """
        if is_loading():  # a map opening at launch: ask once it is shown
            QTimer.singleShot(200, self.offer_restore)
            return None
        found = [p for p in self.pending() if p not in self.mine]
        if not found:
            return None
        chosen = [p for p in self.ask_restore(found) if p in found]
        for path in found:
            if path not in chosen:
                remove(path)
        for path in chosen:
            if self.restore(path):
                return path
        return None

    def restore(self, autosave: Path) -> bool:
        """Open ``autosave`` as the unsaved state of the map it belongs to."""
        if not self.window.maybe_save():
            return False
        try:
            doc = run_in_background(
                lambda: self.session.load(autosave),
                parent=self.window,
                label=f"Restoring {autosave.name}…",
            )
        except LoadCancelled:
            return False
        except MapFileError as exc:
            self.window.show_error("Cannot restore the autosave", str(exc))
            return False
        origin = origin_of(autosave)
        self.window.set_document(doc, origin)
        self.session.undo_stack.resetClean()  # unsaved until the user saves it
        self.window.statusBar().showMessage(f"Restored the unsaved changes to {doc.name}", 8000)
        self.written = autosave
        self.mine.add(autosave)
        return True

    def ask_restore(self, paths: list[Path]) -> list[Path]:
        """Which autosaves to restore (tests replace this); the rest are deleted."""
        lines = []
        for p in paths[:10]:
            when = datetime.fromtimestamp(p.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            origin = origin_of(p)
            lines.append(f"• {origin.name if origin else p.name.removesuffix(SUFFIX)} ({when})")
        box = QMessageBox(self.window)
        box.setIcon(QMessageBox.Icon.Question)
        box.setWindowTitle(APP_NAME)
        box.setText("The program stopped before these map changes were saved:")
        box.setInformativeText("\n".join(lines) + "\n\nRestore the newest? Discard deletes them.")
        restore = box.addButton("Restore", QMessageBox.ButtonRole.AcceptRole)
        box.addButton("Discard", QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(restore)
        box.setEscapeButton(restore)  # closing the box loses nothing
        box.exec()
        return list(paths) if box.clickedButton() is restore else []
