"""The roster panel: every character of a roster, the selected one's sheet, and edits.

For a ruleset that keeps its characters in a roster (``CharacterSheets``).  The panel
holds the roster document (a JSON value) and asks the ruleset for everything else: the
sheets, the new character's fields, each edit.  Every change swaps the whole document
through a ``QUndoStack``, so Ctrl+Z undoes it.  A refusal of the ruleset is shown above
the sheet in words, never as a traceback.  It names no ruleset: ``get_ruleset(id)`` and
the ``CharacterSheets`` protocol only.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QIcon,
    QKeySequence,
    QPainter,
    QPixmap,
    QResizeEvent,
    QShowEvent,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QDockWidget,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QScrollArea,
    QSplitter,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from companion.gui.canvas.glyphs import side_colour
from companion.gui.roster.create_dialog import NewCharacterDialog
from companion.gui.roster.panel_files import RosterFilesPart
from companion.gui.roster.sheet_widget import BODY_PT, SECTION_PT, SheetWidget, font_of
from companion.rules.roster_files import (
    sheets_rules,
)
from companion.rules.ruleset import CharacterSheets
from companion.rules.table import SheetView

#: Panels at least this wide put the list beside the sheet; narrower, above it.
SIDE_BY_SIDE_PX = 760
#: The colour of an error message (readable on the dark theme and on a light one).
ERROR_COLOUR = "#e8604c"


def side_icon(side: str, size: int = 18) -> QIcon:
    """A round swatch of the side's colour."""
    pix = QPixmap(size, size)
    pix.fill(QColor(0, 0, 0, 0))
    p = QPainter(pix)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    colour = side_colour(side) if side else QColor(128, 128, 128)
    p.setPen(colour.darker(150))
    p.setBrush(colour)
    p.drawEllipse(1, 1, size - 2, size - 2)
    p.end()
    return QIcon(pix)


class RosterCommand(QUndoCommand):
    """One change of the roster: the whole document before and after."""

    def __init__(
        self,
        panel: RosterPanel,
        before: dict[str, Any],
        after: dict[str, Any],
        text: str,
        select: str | None = None,
    ) -> None:
        super().__init__(text)
        self.panel = panel
        self.before = before
        self.after = after
        self.select = select
        self.selected_before = panel.current_id()

    def redo(self) -> None:
        self.panel._show_roster(self.after, self.select or self.selected_before)

    def undo(self) -> None:
        self.panel._show_roster(self.before, self.selected_before)


class RosterPanel(RosterFilesPart, QWidget):
    """A roster's characters and the selected one's sheet, edited through the ruleset.

    The window puts it in a dock: ``set_roster`` / ``open_path`` fill it, ``roster()``
    is the document, ``set_game_state`` adds a game's numbers to the sheets, and
    ``rosterChanged`` is emitted after every change (edit, undo, redo, a new roster).
    """

    rosterChanged = Signal()
    #: A short note for the status bar (saved, exported...).
    statusMessage = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, own_undo_shortcuts: bool = True) -> None:
        super().__init__(parent)
        self.setObjectName("rosterPanel")
        self.rules: CharacterSheets | None = None
        self.ruleset_id = ""
        self.path: Path | None = None
        self._roster: dict[str, Any] = {}
        self._views: list[SheetView] = []
        #: What the list shows, one (id, title, subtitle, side) per character.
        self._listed: list[tuple[str, str, str, str | None]] = []
        self._state: Any | None = None
        #: Whether the game moved on while the panel was out of sight (``set_game_state``).
        self._stale = False
        #: The character selected while out of sight (``select``), shown when caught up.
        self._selecting: str | None = None
        #: The dock the panel is in, once followed to catch up when it is shown again.
        self._dock: QDockWidget | None = None
        #: The game's sheets of the last few (state, roster) pairs, newest last.
        self._game_sheets: OrderedDict[tuple[int, int], tuple[Any, Any, list[SheetView]]] = (
            OrderedDict()
        )
        self.undo_stack = QUndoStack(self)
        self.undo_stack.cleanChanged.connect(lambda _clean: self._update_header())

        root = QVBoxLayout(self)
        root.setContentsMargins(6, 6, 6, 6)
        root.setSpacing(6)

        self.heading = QLabel()
        self.heading.setObjectName("rosterHeading")
        self.heading.setFont(font_of(self, SECTION_PT, bold=True))
        self.heading.setWordWrap(True)
        root.addWidget(self.heading)

        self.toolbar = QToolBar("Roster")
        self.toolbar.setObjectName("rosterToolBar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.setIconSize(QSize(16, 16))
        root.addWidget(self.toolbar)

        self.error_label = QLabel()
        self.error_label.setObjectName("rosterError")
        self.error_label.setWordWrap(True)
        self.error_label.setFont(font_of(self, BODY_PT, bold=True))
        self.error_label.setStyleSheet(f"color: {ERROR_COLOUR};")
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.error_label.hide()
        root.addWidget(self.error_label)

        self.list = QListWidget()
        self.list.setObjectName("rosterList")
        self.list.setFont(font_of(self, BODY_PT))
        self.list.setIconSize(QSize(18, 18))
        self.list.setSpacing(3)
        self.list.setUniformItemSizes(True)
        self.list.currentItemChanged.connect(lambda *_: self._show_sheet())

        self.sheet = SheetWidget()
        self.sheet.edited.connect(self.edit)
        self.sheet_scroll = QScrollArea()
        self.sheet_scroll.setObjectName("rosterSheetScroll")
        self.sheet_scroll.setWidgetResizable(True)
        self.sheet_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.sheet_scroll.setWidget(self.sheet)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(self.list)
        self.splitter.addWidget(self.sheet_scroll)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        root.addWidget(self.splitter, 1)

        self.empty_label = QLabel()
        self.empty_label.setObjectName("rosterEmpty")
        self.empty_label.setFont(font_of(self, BODY_PT))
        self.empty_label.setWordWrap(True)
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        bottom = QHBoxLayout()
        bottom.addWidget(self.empty_label, 1)
        root.addLayout(bottom)

        self._make_actions(own_undo_shortcuts)
        self._orientation_for(self.width())
        self._refresh()

    # -- actions ---------------------------------------------------------------------------
    def _make_actions(self, own_undo_shortcuts: bool) -> None:
        def act(text: str, slot: Callable[[], object], tip: str) -> QAction:
            a = QAction(text, self)
            a.setStatusTip(tip)
            a.setToolTip(tip)
            a.triggered.connect(lambda _checked=False: slot())
            return a

        self.new_action = act("New character…", self.new_character, "Add a character")
        self.remove_action = act("Remove", self.remove_character, "Remove the selected character")
        self.open_action = act("Open…", self.open_dialog, "Open a roster file")
        self.save_action = act("Save", self.save, "Save the roster")
        self.save_as_action = act("Save as…", self.save_as, "Save the roster in a new file")
        self.export_action = act(
            "Export PDF…", self.export_dialog, "Every sheet or card as a PDF, ready to print"
        )
        for a in (self.new_action, self.remove_action):
            self.toolbar.addAction(a)
        self.toolbar.addSeparator()
        # The file actions in one menu button, so a narrow dock shows every button.
        self.file_menu = QMenu("Roster file", self)
        for a in (self.open_action, self.save_action, self.save_as_action):
            self.file_menu.addAction(a)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.export_action)
        self.file_button = QToolButton()
        self.file_button.setObjectName("rosterFileButton")
        self.file_button.setText("File")
        self.file_button.setToolTip("Open, save and export the roster")
        self.file_button.setMenu(self.file_menu)
        self.file_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.toolbar.addWidget(self.file_button)

        self.undo_action = self.undo_stack.createUndoAction(self, "Undo")
        self.redo_action = self.undo_stack.createRedoAction(self, "Redo")
        if own_undo_shortcuts:
            # Only while the focus is in the panel: the window's own Undo keeps Ctrl+Z
            # elsewhere.  A window that adds ``undo_stack`` to its QUndoGroup passes False.
            for a, key in (
                (self.undo_action, QKeySequence.StandardKey.Undo),
                (self.redo_action, QKeySequence.StandardKey.Redo),
            ):
                a.setShortcut(QKeySequence(key))
                a.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.addAction(a)

    # -- the document ----------------------------------------------------------------------
    def set_roster(
        self, ruleset_id: str, party: Mapping[str, Any] | None = None, path: Path | None = None
    ) -> None:
        """Show ``party`` (None: a blank roster) of ``ruleset_id``, from ``path`` if it
        came from a file; the undo history starts again.  ``ValueError`` when the ruleset
        is unknown, keeps no roster, or refuses the roster (nothing changes then)."""
        rules = sheets_rules(ruleset_id)
        doc = rules.blank_roster() if party is None else copy.deepcopy(dict(party))
        rules.check_roster(doc)
        self.rules = rules
        self.ruleset_id = ruleset_id
        self.path = Path(path) if path is not None else None
        self._state = None
        self.undo_stack.clear()
        self._show_roster(doc, None)
        self.undo_stack.setClean()
        self._update_header()

    def roster(self) -> dict[str, Any]:
        """A copy of the roster document as it is now."""
        return copy.deepcopy(self._roster)

    def is_modified(self) -> bool:
        return not self.undo_stack.isClean()

    def set_game_state(self, state: Any | None) -> None:
        """Show a game's numbers on the sheets (hits, knocked out...); None: the roster's.

        A game's next state, while the panel is out of sight (its dock closed or behind
        another tab), is shown once the panel is seen again: the ruleset is not asked for
        every sheet on every action nobody sees."""
        same_mode = (state is None) == (self._state is None)
        self._state = state
        if same_mode and self._out_of_sight():
            self._stale = True
            self._follow_dock()
            return
        self._refresh()

    def _out_of_sight(self) -> bool:
        """Whether nobody can see the panel (never before its window is shown)."""
        window = self.window()
        if not window.isVisible():
            return False
        return not self.isVisible() or self.visibleRegion().isEmpty()

    def _follow_dock(self) -> None:
        """Catch up when the dock holding the panel is shown or its tab raised."""
        parent = self.parentWidget()
        while parent is not None and not isinstance(parent, QDockWidget):
            parent = parent.parentWidget()
        if parent is not None and parent is not self._dock:
            if self._dock is not None:
                self._dock.visibilityChanged.disconnect(self._dock_shown)
            self._dock = parent
            parent.visibilityChanged.connect(self._dock_shown)

    def _dock_shown(self, shown: bool) -> None:
        if shown:
            self.catch_up()

    def catch_up(self) -> None:
        """Show the game's state now if it moved on while the panel was out of sight."""
        if self._stale:
            self._refresh()

    def showEvent(self, event: QShowEvent) -> None:
        self.catch_up()
        super().showEvent(event)

    def views(self) -> list[SheetView]:
        """The sheets shown, one per character."""
        self.catch_up()
        return list(self._views)

    def current_id(self) -> str | None:
        if self._selecting is not None:
            return self._selecting
        item = self.list.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def select(self, character_id: str) -> bool:
        ids = [entry[0] for entry in self._listed]  # the list's rows, in order
        if character_id not in ids or self.list.count() != len(ids):
            return False
        if self._stale:  # out of sight: selected, with its sheet, when caught up
            self._selecting = character_id
            return True
        row = ids.index(character_id)
        if self.list.currentRow() != row:
            self.list.setCurrentRow(row)
        return True

    # -- changes ---------------------------------------------------------------------------
    def _push(self, after: dict[str, Any], text: str, select: str | None = None) -> None:
        if after == self._roster:
            return
        self.undo_stack.push(RosterCommand(self, self.roster(), after, text, select))

    def _ask(self, what: str, call: Callable[[], dict[str, Any]]) -> dict[str, Any] | None:
        """The ruleset's answer, or None with its refusal shown above the sheet."""
        try:
            result = call()
        except ValueError as exc:
            self.show_error(f"{what}: {exc}")
            return None
        except Exception as exc:  # a ruleset's bug is reported, never a traceback
            self.show_error(f"{what}: the ruleset failed ({type(exc).__name__}: {exc})")
            return None
        self.show_error("")
        return result

    def edit(self, character_id: str, key: str, value: Any) -> bool:
        """Change one field of one character (the sheet's ``edited``); False if refused."""
        if self.rules is None:
            return False
        rules = self.rules
        name = self._title_of(character_id)
        after = self._ask(
            f"Cannot change {name}",
            lambda: rules.edit_character(self._roster, character_id, key, value),
        )
        if after is None:
            self._show_sheet()  # the editor shows the roster's value again
            return False
        label = self._label_of(character_id, key)
        self._push(after, f"Change {label} of {name}", character_id)
        return True

    def new_character(self) -> bool:
        """New character…: the ruleset's creation fields in a dialog; True if one was added."""
        if self.rules is None:
            self.show_error("Open or start a roster first.")
            return False
        rules = self.rules
        view = self._call(lambda: rules.creation_fields(self._roster), "New character")
        if view is None:
            return False
        dialog = NewCharacterDialog(
            view, lambda values: rules.add_character(self._roster, values), self
        )
        if not dialog.exec() or dialog.result_roster is None:
            return False
        return self.add_roster_with_new(dialog.result_roster)

    def add_roster_with_new(self, after: dict[str, Any]) -> bool:
        """Take ``after`` (the roster with one character more) as an undoable change."""
        before_ids = {v.id for v in self._views}
        new_ids = [
            c.get("id")
            for c in after.get("characters", [])
            if isinstance(c, Mapping) and c.get("id") not in before_ids
        ]
        new_id = str(new_ids[0]) if new_ids else None
        name = next(
            (
                str(c.get("name") or c.get("id"))
                for c in after.get("characters", [])
                if c.get("id") == new_id
            ),
            "character",
        )
        self._push(after, f"New character {name}", new_id)
        self.show_error("")
        return True

    def remove_character(self, character_id: str | None = None) -> bool:
        """Remove the selected character (undoable)."""
        if self.rules is None:
            return False
        cid = character_id or self.current_id()
        if cid is None:
            return False
        rules = self.rules
        name = self._title_of(cid)
        row = next((i for i, v in enumerate(self._views) if v.id == cid), 0)
        after = self._ask(
            f"Cannot remove {name}", lambda: rules.remove_character(self._roster, cid)
        )
        if after is None:
            return False
        rest = [v.id for v in self._views if v.id != cid]
        neighbour = rest[min(row, len(rest) - 1)] if rest else None
        self._push(after, f"Remove {name}", neighbour)
        return True

    # -- showing ---------------------------------------------------------------------------
    def show_error(self, text: str) -> None:
        """A refusal above the sheet ("" hides it)."""
        self.error_label.setText(text)
        self.error_label.setVisible(bool(text))

    def _call(self, call: Callable[[], Any], what: str) -> Any | None:
        try:
            return call()
        except Exception as exc:  # shown in words, never a traceback
            self.show_error(f"{what}: {exc}")
            return None

    def _show_roster(self, doc: dict[str, Any], select: str | None) -> None:
        """Make ``doc`` the roster shown (undo commands call this)."""
        self._roster = copy.deepcopy(doc)
        self._refresh(select)
        self.rosterChanged.emit()

    def _sheets(self) -> list[SheetView]:
        if self.rules is None:
            return []
        rules = self.rules
        if self._state is not None:
            state, roster = self._state, self._roster
            key = (id(state), id(roster))
            hit = self._game_sheets.get(key)
            if hit is not None and hit[0] is state and hit[1] is roster:
                self._game_sheets.move_to_end(key)
                return list(hit[2])
            views = self._call(lambda: rules.sheets(roster, state), "Game sheets")
            if views is not None:
                # an undo or redo goes back to a state whose sheets were read already
                self._game_sheets[key] = (state, roster, list(views))
                while len(self._game_sheets) > 8:
                    self._game_sheets.popitem(last=False)
                return list(views)
        views = self._call(lambda: rules.sheets(self._roster), "Sheets")
        return list(views or [])

    def _refresh(self, select: str | None = None) -> None:
        keep = select or self.current_id()
        self._stale, self._selecting = False, None
        self._views = self._sheets()
        self.list.blockSignals(True)
        try:
            # The list is built again only when what it shows changed (a game's change
            # mostly changes a sheet's numbers, not the names and sides listed).
            listed: list[tuple[str, str, str, str | None]] = [
                (v.id, v.title, v.subtitle, v.side) for v in self._views
            ]
            if listed != self._listed or self.list.count() != len(listed):
                self._listed = listed
                self.list.clear()
                for view in self._views:
                    text = f"{view.title}\n{view.subtitle}" if view.subtitle else view.title
                    item = QListWidgetItem(side_icon(view.side), text)
                    item.setData(Qt.ItemDataRole.UserRole, view.id)
                    item.setToolTip(
                        f"{view.title}: {view.subtitle}" if view.subtitle else view.title
                    )
                    self.list.addItem(item)
            ids = [v.id for v in self._views]
            row = ids.index(keep) if keep in ids else (0 if ids else -1)
            self.list.setCurrentRow(row)
        finally:
            self.list.blockSignals(False)
        has = self.rules is not None
        self.new_action.setEnabled(has)
        self.remove_action.setEnabled(has and bool(self._views))
        for a in (self.save_action, self.save_as_action):
            a.setEnabled(has)
        self.export_action.setEnabled(bool(self._views))
        if not has:
            self.empty_label.setText("No roster open: Open… a roster file.")
        elif not self._views:
            self.empty_label.setText("No characters yet: New character… adds one.")
        self.empty_label.setVisible(not has or not self._views)
        self._update_header()
        self._show_sheet()

    def _show_sheet(self) -> None:
        cid = self.current_id()
        view = next((v for v in self._views if v.id == cid), None)
        # During a game the game keeps the numbers: its sheets are read, not edited here.
        playing = self._state is not None
        self.sheet.set_view(view, editable=not playing)
        self.remove_action.setEnabled(self.rules is not None and view is not None and not playing)
        self.new_action.setEnabled(self.rules is not None and not playing)

    def _update_header(self) -> None:
        if self.rules is None:
            self.heading.setText("Roster")
            return
        name = str(self._roster.get("name") or "Roster")
        count = len(self._views)
        what = f"{count} character{'s' if count != 1 else ''}"
        where = f" · {self.path.name}" if self.path is not None else ""
        star = " *" if self.is_modified() else ""
        game = " · in a game" if self._state is not None else ""
        # Short enough for a narrow dock; the file is named in the tooltip.
        self.heading.setText(f"{name}{star} ({what}{game})")
        self.heading.setToolTip(f"{getattr(self.rules, 'title', self.ruleset_id)}{where}")

    def _title_of(self, character_id: str) -> str:
        return next((v.title for v in self._views if v.id == character_id), character_id)

    def _label_of(self, character_id: str, key: str) -> str:
        for v in self._views:
            if v.id == character_id:
                for s in v.sections:
                    for f in s.fields:
                        if f.key == key:
                            return f.label.lower()
        return key

    # -- layout ----------------------------------------------------------------------------
    def _orientation_for(self, width: int) -> None:
        wide = width >= SIDE_BY_SIDE_PX
        wanted = Qt.Orientation.Horizontal if wide else Qt.Orientation.Vertical
        if self.splitter.orientation() != wanted or not self.splitter.sizes():
            self.splitter.setOrientation(wanted)
            if wide:
                self.list.setMinimumHeight(0)
                self.splitter.setSizes([max(220, width // 4), max(400, width - width // 4)])
            else:
                # Narrow (a side dock beside the game): the sheet, which follows who acts
                # and is the only place gold and items show, gets most of the height.
                self.list.setMinimumHeight(64)
                self.splitter.setSizes([120, 600])
        if not wide:  # a shorter dock: the list gives up its height first, to a third
            sizes = self.splitter.sizes()
            total = sum(sizes)
            if len(sizes) == 2 and total > 0 and sizes[0] > max(64, total // 3):
                third = max(64, total // 3)
                self.splitter.setSizes([third, total - third])

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._orientation_for(event.size().width())
