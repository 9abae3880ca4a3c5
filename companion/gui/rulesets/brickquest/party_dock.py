"""The party beside the map: a dock with one character's brick sheet, the Party menu,
the party view for the table, and sheet export and printing.

The party has its own undo stack; the main window's undo actions follow whichever of
the map and the party was edited last (a ``QUndoGroup``).  ``PartyActions`` is what the
window knows of all this: BrickQuest's ``companion.gui.rulesets.PartyPart``.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from companion.gui.loading import LoadCancelled, run_in_background
from companion.gui.rulesets import Act
from companion.gui.rulesets.brickquest.export import (
    export_sheets_interactive,
    print_sheets_interactive,
)
from companion.gui.rulesets.brickquest.sheets import (
    CharacterCreateDialog,
    CharacterSheetPanel,
    PartyModel,
    PartyView,
)
from companion.gui.rulesets.brickquest.sheets.party_view import fit_to_screen
from companion.gui.shortcuts import ShortcutsOverTextFields
from companion.gui.uifiles import named
from companion.rules.table import FigureView
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character, Party, PartyFileError
from companion.rulesets.brickquest.game_sheets import adjustment, game_party

PARTY_FILTER = "Brick Companion parties (*.party.json *.json);;All files (*)"


class PartyDock(QDockWidget):
    """Pick a character, see and edit its sheet; add and remove characters."""

    def __init__(self, catalog: BrickQuestCatalog, parent: QMainWindow) -> None:
        super().__init__("Party", parent)
        self.setObjectName("partyDock")
        self.model = PartyModel(catalog, parent=self)
        self.path: Path | None = None
        self.chooser = named(QComboBox(), "characterChooser")
        self.chooser.setAccessibleName("Character")
        self.add_button = named(QPushButton("New…"), "newCharacterButton")
        self.remove_button = named(QPushButton("Remove"), "removeCharacterButton")
        self.panel = CharacterSheetPanel(self.model)
        # The chooser on a row of its own: a character's name and class read whole in
        # the narrow right-hand column; its buttons below it.
        top = QVBoxLayout()
        top.addWidget(self.chooser)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        top.addLayout(buttons)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        scroll.setWidget(self.panel)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        layout.addWidget(scroll, 1)
        self.setWidget(body)
        self.chooser.currentIndexChanged.connect(self._chosen)
        self.add_button.clicked.connect(self.new_character)
        self.remove_button.clicked.connect(self.remove_character)
        self.model.partyReset.connect(self._rebuild)
        self.model.characterChanged.connect(self._renamed)
        self._rebuild()

    # -- characters ---------------------------------------------------------------------
    def current_id(self) -> str | None:
        data = self.chooser.currentData()
        return str(data) if data is not None else None

    def select(self, character_id: str) -> None:
        i = self.chooser.findData(character_id)
        if i >= 0:
            self.chooser.setCurrentIndex(i)
        self.show()
        self.raise_()

    def new_character(self) -> None:
        names = {c.name for c in self.model.characters()}
        character = CharacterCreateDialog.ask(self.model.catalog, self, existing_names=names)
        if character is not None:
            self.model.add_character(character)
            self.select(character.id)

    def remove_character(self) -> None:
        cid = self.current_id()
        if cid is not None:
            self.model.remove_character(cid)

    def _chosen(self) -> None:
        self.panel.set_character(self.current_id())
        self.remove_button.setEnabled(self.current_id() is not None)

    def _rebuild(self) -> None:
        keep = self.current_id()
        self.chooser.blockSignals(True)
        self.chooser.clear()
        for c in self.model.characters():
            self.chooser.addItem(self._label(c.id), c.id)
        i = self.chooser.findData(keep) if keep else -1
        self.chooser.setCurrentIndex(i if i >= 0 else (0 if self.chooser.count() else -1))
        self.chooser.blockSignals(False)
        self._chosen()

    def _renamed(self, character_id: str) -> None:
        i = self.chooser.findData(character_id)
        if i >= 0:
            self.chooser.setItemText(i, self._label(character_id))

    def _label(self, character_id: str) -> str:
        c = self.model.character(character_id)
        return f"{c.name} — {self.model.class_of(character_id).name}"

    # -- files ----------------------------------------------------------------------------
    def open_path(self, path: Path) -> bool:
        """Load a party file; on a bad file say why and keep the party as it was."""
        known = self.model.catalog.classes
        try:
            party = run_in_background(
                lambda: Party.load(path, known_class_ids=known),
                parent=self,
                label=f"Opening {path.name}…",
            )
        except LoadCancelled:
            return False
        except PartyFileError as exc:
            QMessageBox.warning(self, "Open party", f"Could not open {path.name}:\n{exc}")
            return False
        self.model.replace_party(party, f"Open {path.name}")
        self.model.undo_stack.clear()
        self.model.undo_stack.setClean()
        self.path = path
        return True

    def save_to(self, path: Path) -> bool:
        try:
            self.model.save(path)
        except (OSError, PartyFileError) as exc:
            QMessageBox.warning(self, "Save party", f"Could not save {path.name}:\n{exc}")
            return False
        self.model.undo_stack.setClean()
        self.path = path
        return True


class PartyActions:
    """The Party menu and its actions, wired to a ``PartyDock``; for the window, the party
    (``companion.gui.rulesets.PartyPart``)."""

    def __init__(self, window: QMainWindow, dock: PartyDock, settings: QSettings) -> None:
        self.window = window
        self.dock = dock
        self.settings = settings
        self._view: PartyView | None = None

        def act(
            text: str,
            slot: object,
            keys: str | QKeySequence.StandardKey | None = None,
            tip: str = "",
        ) -> QAction:
            a = QAction(text, window)
            if keys is not None:
                a.setShortcut(QKeySequence(keys))
            a.setStatusTip(tip)
            a.triggered.connect(slot)
            window.addAction(a)
            return a

        self.new_character = act(
            "&New character…",
            dock.new_character,
            "Ctrl+Shift+N",
            "Create a character from the rules' classes",
        )
        self.open = act("&Open party…", self.open_party, None, "Open a party file")
        self.save = act("&Save party", self.save_party, None, "Save the party")
        self.save_as = act("Save party &as…", self.save_party_as, None)
        self.view = act(
            "Party &view",
            self.show_view,
            "Ctrl+Shift+P",
            "Every sheet side by side, readable across the table",
        )
        self.export = act(
            "&Export sheets…",
            self.export_sheets,
            "Ctrl+E",
            "Sheets and table aids as a PDF at true scale",
        )
        self.print = act(
            "&Print sheets…",
            self.print_sheets,
            QKeySequence.StandardKey.Print,
            "Print sheets and table aids",
        )
        self.keys_guard = ShortcutsOverTextFields(
            (self.new_character, self.view, self.export, self.print), window
        )
        self.keys_guard.watch(dock)

    # -- the window's PartyPart -----------------------------------------------------------
    @property
    def undo_stack(self) -> QUndoStack:
        return self.dock.model.undo_stack

    def open_path(self, path: Path) -> bool:
        return self.dock.open_path(path)

    def linked_names(self, figure_ids: Collection[str]) -> list[str]:
        return [c.name for c in self.dock.model.party.characters if c.id in figure_ids]

    def game_party(self) -> dict[str, Any] | None:
        party = self.dock.model.file_party
        if not party.characters:
            return None
        return {"characters": party.model_dump(mode="json").get("characters", [])}

    def show_game(
        self, party: Mapping[str, Any] | None, figures: Mapping[str, FigureView], act: Act
    ) -> None:
        def sheet_edited(before: Character, after: Character) -> bool:
            """A click on a sheet during a game: the BrickMaster's logged adjustment."""
            action = adjustment(before, after)
            if action is None:
                return False
            if after.name != before.name or after.player != before.player:
                self.window.statusBar().showMessage(
                    "Names are kept in the party file, not the game.", 5000
                )
            return act(action)

        self.dock.model.show_game(game_party(party, figures), sheet_edited)

    def close_game(self) -> None:
        self.dock.model.show_game(None, None)

    # -- the Party menu ------------------------------------------------------------------
    def build_menu(self) -> None:
        bar = self.window.menuBar()
        menu = bar.addMenu("&Party")
        menu.addAction(self.new_character)
        menu.addSeparator()
        for a in (self.open, self.save, self.save_as):
            menu.addAction(a)
        menu.addSeparator()
        menu.addAction(self.view)
        menu.addAction(self.export)
        menu.addAction(self.print)

    def open_party(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self.window, "Open party", "", PARTY_FILTER)
        if name and self.dock.open_path(Path(name)):
            self.settings.setValue("party/path", name)

    def save_party(self) -> bool:
        if self.dock.path is None:
            return self.save_party_as()
        return self.dock.save_to(self.dock.path)

    def save_party_as(self) -> bool:
        name, _ = QFileDialog.getSaveFileName(
            self.window, "Save party", "party.party.json", PARTY_FILTER
        )
        if not name:
            return False
        ok = self.dock.save_to(Path(name))
        if ok:
            self.settings.setValue("party/path", name)
        return ok

    def show_view(self) -> PartyView:
        """A window with every sheet side by side (F11 for full screen)."""
        if self._view is None:
            view = PartyView(self.dock.model)
            view.setWindowTitle("Party")
            view.setWindowFlag(Qt.WindowType.Window, True)
            view.characterActivated.connect(self.dock.select)
            fit_to_screen(view, screen=self.window.screen())
            full = QAction(view)
            full.setShortcut(QKeySequence("F11"))
            full.triggered.connect(
                lambda: view.showNormal() if view.isFullScreen() else view.showFullScreen()
            )
            view.addAction(full)
            self._view = view
        self._view.show()
        self._view.raise_()
        return self._view

    def export_sheets(self) -> None:
        path = export_sheets_interactive(self.window, self.dock.model, self.dock.current_id())
        if path is not None:
            self.window.statusBar().showMessage(f"Sheets exported to {path}", 8000)

    def print_sheets(self) -> None:
        print_sheets_interactive(self.window, self.dock.model, self.dock.current_id())

    def maybe_save(self) -> bool:
        """Ask before unsaved party changes are lost; False means stay."""
        if self.dock.model.undo_stack.isClean():
            return True
        answer = self.ask_save_changes()
        if answer == QMessageBox.StandardButton.Save:
            return self.save_party()
        return answer == QMessageBox.StandardButton.Discard

    def ask_save_changes(self) -> QMessageBox.StandardButton:
        return QMessageBox.question(
            self.window,
            "Unsaved party",
            "The party has changes that are not saved. Save them?",
            QMessageBox.StandardButton.Save
            | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
