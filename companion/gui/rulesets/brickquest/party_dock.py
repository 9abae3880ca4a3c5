"""The party beside the map: a dock with one character's brick sheet, the Party menu,
the party view for the table, and sheet export and printing.

The party has its own undo stack; the main window's undo actions follow whichever of
the map and the party was edited last (a ``QUndoGroup``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QSettings, Qt
from PySide6.QtGui import QAction, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from companion.gui.export import export_sheets_interactive, print_sheets_interactive
from companion.gui.loading import LoadCancelled, run_in_background
from companion.gui.sheets import CharacterCreateDialog, CharacterSheetPanel, PartyModel, PartyView
from companion.gui.sheets.party_view import fit_to_screen
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Party, PartyFileError

PARTY_FILTER = "Brick Companion parties (*.party.json *.json);;All files (*)"


class PartyDock(QDockWidget):
    """Pick a character, see and edit its sheet; add and remove characters."""

    def __init__(self, catalog: BrickQuestCatalog, parent: QMainWindow) -> None:
        super().__init__("Party", parent)
        self.setObjectName("partyDock")
        self.model = PartyModel(catalog, parent=self)
        self.path: Path | None = None
        self.chooser = QComboBox(objectName="characterChooser")
        self.chooser.setAccessibleName("Character")
        self.add_button = QPushButton("New…", objectName="newCharacterButton")
        self.remove_button = QPushButton("Remove", objectName="removeCharacterButton")
        self.panel = CharacterSheetPanel(self.model)
        top = QHBoxLayout()
        top.addWidget(self.chooser, 1)
        top.addWidget(self.add_button)
        top.addWidget(self.remove_button)
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


class ShortcutsOverTextFields(QObject):
    """Lets the window's party shortcuts through the text fields of a sheet.

    A text field may claim a key combination for itself before the window's shortcuts
    see it: under X11's key bindings a line edit or spin box takes Ctrl+E (end of line),
    so Export sheets never fired while a sheet's name field had focus.  Installed on
    the fields, this declines such a claim for the shortcut of an enabled action; the
    action then runs.  A key that is no such shortcut reaches the field as before.
    """

    TEXT_FIELDS = (QLineEdit, QAbstractSpinBox, QTextEdit, QPlainTextEdit, QComboBox)

    def __init__(self, actions: Sequence[QAction], parent: QObject) -> None:
        super().__init__(parent)
        self.actions = tuple(actions)

    def watch(self, root: QWidget) -> None:
        """Filter every text field inside ``root``."""
        for widget in root.findChildren(QWidget):
            if isinstance(widget, self.TEXT_FIELDS):
                widget.installEventFilter(self)

    def is_shortcut(self, event: QKeyEvent) -> bool:
        pressed = QKeySequence(event.keyCombination())
        return any(action.isEnabled() and pressed in action.shortcuts() for action in self.actions)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (
            event.type() == QEvent.Type.ShortcutOverride
            and isinstance(event, QKeyEvent)
            and self.is_shortcut(event)
        ):
            event.ignore()  # not the field's: the shortcut map gets the key
            return True
        return super().eventFilter(watched, event)


class PartyActions:
    """The Party menu and its actions, wired to a ``PartyDock``."""

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
