"""The window's files: new, open and save maps, open rosters, the recent files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from companion import APP_NAME
from companion.gui.busy import busy
from companion.gui.dialogs.new_map import NewMapDialog
from companion.gui.loading import LoadCancelled, run_in_background
from companion.gui.session import ruleset_of
from companion.gui.window.base import WindowBase
from companion.model.mapfile import MapDocument, MapFileError
from companion.rules.game import GAME_SUFFIX
from companion.rules.ruleset import UnknownRuleset
from companion.userdirs import default_documents_dir

MAX_RECENT = 8
MAP_FILTER = "Brick Companion maps (*.json);;All files (*)"
#: File → Open: maps, games and rosters (a game or roster opens as such).
OPEN_FILTER = (
    f"Maps, games and rosters (*.json *{GAME_SUFFIX});;Brick Companion maps (*.json);;"
    f"Brick Companion games (*{GAME_SUFFIX});;All files (*)"
)
#: Roster files end so; File → Open shows them in the roster sheets.
ROSTER_SUFFIX = ".roster.json"


class FilesPart(WindowBase):
    """New, open and save; rosters opened from File → Open; the recent files."""

    def new_map(self) -> None:
        if not self.maybe_save():
            return
        spec = NewMapDialog(self, self.session.ruleset.id).exec()
        if spec is not None:
            left = self._leave_game()
            self.set_document(spec.document(), None)
            if left:
                self.statusBar().showMessage(f"New map; {left}", 8000)

    def set_document(self, doc: MapDocument, path: Path | None) -> None:
        self.ctx.select_figure(None)
        self.session.replace(doc, path)

    def open_map(self, path: Path | None = None) -> bool:
        if not self.maybe_save():
            return False
        if path is None:
            start = str(self.session.path.parent) if self.session.path else ""
            name, _ = QFileDialog.getOpenFileName(self, "Open", start, OPEN_FILTER)
            if not name:
                return False
            path = Path(name)
        return self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a map, a game or a roster; a file that cannot be read is refused, the open
        one stays."""
        if path.name.endswith(GAME_SUFFIX):
            return self.open_game(path)
        if path.name.endswith(ROSTER_SUFFIX):
            return self.open_roster(path)
        try:
            doc = run_in_background(
                lambda: self.session.load(path), parent=self, label=f"Opening {path.name}…"
            )
        except LoadCancelled:
            self.statusBar().showMessage(f"Stopped opening {path.name}", 4000)
            return False
        except MapFileError as exc:
            self.show_error("Cannot open the map", str(exc))
            return False
        with busy():
            try:
                ruleset_of(doc)  # usable: else the map (and a game at the table) stay
                left = self._leave_game()
                self.set_document(doc, path)
            except UnknownRuleset as exc:  # registered when it loaded, and now broken
                self.show_error("Cannot open the map", str(exc))
                return False
        self._add_recent(path)
        if left:
            self.statusBar().showMessage(f"Opened {path.name}; {left}", 8000)
        else:
            self.statusBar().showMessage(f"Opened {path.name}", 4000)
        return True

    def _leave_game(self) -> str:
        """Close the game at the table before another map replaces its map (the game
        would go on over the wrong map, and a save would write the game's map into the
        new map's file).  Nothing is lost: each action is written as it is taken, and the
        game is first in File → Open Recent.  Returns what to tell the user ("" if no
        game was open)."""
        game = self.play.game
        if game is None:
            return ""
        path = game.path
        self.close_game()
        if path is None:
            return "the game at the table was closed"
        self._add_recent(path)
        return f"the game {path.name} was closed (saved: File → Open Recent resumes it)"

    def save(self) -> bool:
        if self.session.path is None:
            return self.save_as()
        return self.save_to(self.session.path)

    def save_as(self) -> bool:
        start = str(self.session.path or default_documents_dir() / f"{self.session.doc.name}.json")
        name, _ = QFileDialog.getSaveFileName(self, "Save map", start, MAP_FILTER)
        if not name:
            return False
        path = Path(name)
        if not path.suffix:
            path = path.with_suffix(".json")
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        try:
            with busy():
                self.session.save(path)
        except OSError as exc:
            self.show_error("Cannot save the map", str(exc))
            return False
        self.autosave.saved()
        self._add_recent(path)
        self.statusBar().showMessage(f"Saved {path.name}", 4000)
        return True

    def maybe_save(self) -> bool:
        """True when it is fine to drop the open map (saved, discarded or unchanged)."""
        if self.session.undo_stack.isClean():
            return True
        answer = self.ask_save_changes()
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def ask_save_changes(self) -> QMessageBox.StandardButton:
        buttons = (
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel
        )
        return QMessageBox.question(
            self,
            APP_NAME,
            f"Save the changes to “{self.session.doc.name}”?",
            buttons,
            QMessageBox.StandardButton.Save,
        )

    def show_error(self, title: str, text: str) -> None:
        """Tell the user what went wrong (tests replace this to read the message)."""
        QMessageBox.warning(self, title, text)

    def _document_replaced(self) -> None:
        self._sync_map_options()
        self._sync_ruleset_docks()
        self.canvas.overlays.clear()
        if self.canvas.tool is not None:
            self.canvas.tool.cancel()
        self._update_title()

    def open_roster(self, path: Path) -> bool:
        """Show a roster file in the roster sheets (File → Open… for ``*.roster.json``)."""
        if not self.roster_panel.maybe_save():
            return False
        ok = self.roster_panel.open_path(path)
        if ok:
            self.roster_sheets_dock.show()
            self.roster_sheets_dock.raise_()
        return ok

    def recent_files(self) -> list[str]:
        value = self.settings.value("recentFiles", [])
        if isinstance(value, str):
            value = [value]
        files = value if isinstance(value, list | tuple) else []
        return [str(v) for v in files][:MAX_RECENT]

    def _add_recent(self, path: Path) -> None:
        p = str(path.resolve())
        files = [p] + [f for f in self.recent_files() if f != p]
        self.settings.setValue("recentFiles", files[:MAX_RECENT])
        self._refresh_recent()

    def open_recent(self, path: Path) -> bool:
        if path.name.endswith(GAME_SUFFIX):
            return self.open_game(path)
        return self.open_map(path)

    def _refresh_recent(self) -> None:
        menu = self.actions_.recent_menu
        menu.clear()
        files = self.recent_files()
        for i, f in enumerate(files, 1):
            a = menu.addAction(f"&{i} {Path(f).name}")
            a.setStatusTip(f)
            a.triggered.connect(lambda _=False, f=f: self.open_recent(Path(f)))
        menu.setEnabled(bool(files))
