"""The roster: every figure's hit points, conditions and initiative number."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import (
    QDockWidget,
    QHeaderView,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from companion.gui.play.answers import Answers
from companion.gui.play.controller import PlayController
from companion.gui.play.while_shown import WhileShown
from companion.rules.table import tracks_text

COLUMNS = ("Figure", "What", "HP", "Init", "Conditions")
#: Whether the cell is drawn as a dead figure's (grey).
DEAD_ROLE = Qt.ItemDataRole.UserRole + 1

#: At most this many changed rows are set without telling the table (``_set_quietly``).
QUIET_ROWS = 4
#: A row as shown: the figure's id, whether it is dead, and its cells' texts.
Row = tuple[str, bool, tuple[str, ...]]


class RosterDock(QDockWidget):
    """A table of the figures, monsters first; the dead greyed and marked."""

    def __init__(self, controller: PlayController, parent: QWidget | None = None) -> None:
        super().__init__("Roster", parent)
        self.setObjectName("rosterDock")
        self.controller = controller
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("rosterTable")
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.setWidget(self.table)
        #: Each row as last set (a row that is the same is not touched), and the answers
        #: it was for.
        self._rows: list[Row] = []
        self._shown_for: Answers | None = None
        #: Runs ``_update`` only while the roster shows (it is a tab behind the log).
        self.shown = WhileShown(self, self._update)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the figures; nothing while hidden, nothing for the state already shown."""
        self.shown()

    def _update(self) -> None:
        answers = self.controller.answers()
        if answers is not None and answers is self._shown_for:
            return
        self._fill()
        self._shown_for = answers

    def _fill(self) -> None:
        """Only the rows whose text or colour changed are touched (setting an item
        re-measures the resize-to-contents columns)."""
        views = sorted(
            self.controller.figures().values(), key=lambda v: (v.is_character, v.dead, v.name)
        )
        table = self.table
        # A ruleset whose figures have named tracks (a guard, armour) shows them for HP.
        head = "Tracks" if any(v.tracks for v in views) else COLUMNS[2]
        header = table.horizontalHeaderItem(2)
        if header is not None and header.text() != head:
            header.setText(head)
        rows = self._rows
        del rows[len(views) :]
        changed: list[tuple[int, Row]] = []
        for row, v in enumerate(views):
            conditions = ", ".join(
                [
                    *v.states,
                    *(b.label + (f" ({b.rounds})" if b.rounds else "") for b in v.badges),
                ]
            )
            cells = (
                v.name + (" ✝" if v.dead else ""),
                v.kind,
                tracks_text(v) if v.tracks else f"{v.hp}/{v.max_hp}",
                v.initiative,
                conditions,
            )
            shown: Row = (v.id, v.dead, cells)
            if row >= len(rows) or rows[row] != shown:
                changed.append((row, shown))
        if table.rowCount() == len(views) and len(changed) <= QUIET_ROWS:
            self._set_quietly(changed)
        else:
            self._set_rows(len(views), changed)
        for row, now in changed:
            if row < len(rows):
                rows[row] = now
            else:
                rows.append(now)

    def _set_rows(self, count: int, changed: list[tuple[int, Row]]) -> None:
        """Set the changed rows with the table told of each cell (it lays out again)."""
        table = self.table
        # Updates are held only while rows come or go: turning them back on repaints the
        # whole table, which a changed cell alone does not need.
        bulk = table.rowCount() != count
        if bulk:
            table.setUpdatesEnabled(False)
        try:
            if bulk:
                table.setRowCount(count)
            for row, (fid, dead, cells) in changed:
                for col, text in enumerate(cells):
                    self._set_cell(row, col, text, fid, dead)
        finally:
            if bulk:
                table.setUpdatesEnabled(True)

    def _set_quietly(self, changed: list[tuple[int, Row]]) -> None:
        """Set a few changed rows with the table not told, then repaint each changed cell
        alone.  Told, the table measures every row of every resize-to-contents column
        again and repaints the header; that is needed only when a cell's text might
        widen or narrow its column: wider than the column now, or narrower than a text
        as wide as the column (it may have been the widest)."""
        table = self.table
        model = table.model()
        header = table.horizontalHeader()
        grid = 1 if table.showGrid() else 0
        option = QStyleOptionViewItem()
        table.initViewItemOption(option)

        def width(index: QModelIndex) -> int:
            return table.itemDelegateForIndex(index).sizeHint(option, index).width() + grid

        tell: list[QModelIndex] = []
        repaint: list[QModelIndex] = []
        blocked = model.blockSignals(True)
        try:
            for row, (fid, dead, cells) in changed:
                for col, text in enumerate(cells):
                    item = table.item(row, col)
                    index = model.index(row, col)
                    if item is None:
                        self._set_cell(row, col, text, fid, dead)
                        tell.append(index)
                        continue
                    if item.text() == text:
                        if self._set_cell(row, col, text, fid, dead):  # its colour
                            repaint.append(index)
                        continue
                    before = width(index)
                    self._set_cell(row, col, text, fid, dead)
                    size, after = header.sectionSize(col), width(index)
                    # fits, and did not narrow a cell that may have been the widest
                    if after <= size and (after >= before or before < size):
                        repaint.append(index)
                    else:
                        tell.append(index)
        finally:
            model.blockSignals(blocked)
        for index in tell:
            model.dataChanged.emit(index, index, [])
        for index in repaint:
            table.update(index)

    def _set_cell(self, row: int, col: int, text: str, fid: str, dead: bool) -> bool:
        """Set what differs; whether anything did."""
        item = self.table.item(row, col)
        changed = False
        if item is None:
            item = QTableWidgetItem(text)
            self.table.setItem(row, col, item)
            changed = True
        elif item.text() != text:
            item.setText(text)
            changed = True
        if item.data(Qt.ItemDataRole.UserRole) != fid:
            item.setData(Qt.ItemDataRole.UserRole, fid)
        if bool(item.data(DEAD_ROLE)) != dead:
            item.setData(DEAD_ROLE, dead)
            changed = True
            if dead:
                item.setForeground(Qt.GlobalColor.gray)
            else:
                item.setData(Qt.ItemDataRole.ForegroundRole, None)
        return changed
