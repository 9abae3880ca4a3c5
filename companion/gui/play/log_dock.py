"""The game log: each action as a sentence with its dice; forced ones marked."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QShowEvent
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from companion.atomic import write_atomic
from companion.gui.play.controller import PlayController
from companion.gui.play.while_shown import WhileShown
from companion.rules.game import Game, LogLine

FORCED = QColor(235, 120, 60)
#: More entries than this replaced at once (a game opened) are put in with the list's
#: updates held: fewer, they are not (turning updates back on repaints the whole dock).
BULK = 8


def line_text(line: LogLine) -> str:
    dice = "; ".join(line.dice)
    forced = f"  ⚠ FORCED ({line.why})" if line.forced else ""
    note = f"  ({line.note})" if line.note else ""
    changes = "".join(f"\n    ↳ {c}" for c in line.changes)
    return (
        f"{line.index + 1}. {line.text}{forced}{note}"
        + (f"\n    ⚄ {dice}" if dice else "")
        + changes
    )


def log_markdown(lines: list[LogLine], title: str, rounds: list[int] | None = None) -> str:
    """The log as Markdown: a heading per round, each entry a numbered line under it
    (numbered through the game), its dice after it."""
    out = [f"# {title}"]
    current: int | None = None
    for i, line in enumerate(lines):
        round_ = rounds[i] if rounds is not None and i < len(rounds) else None
        if i == 0 or round_ != current:
            current = round_
            out += ["", f"## Round {round_}" if round_ is not None else "## The game", ""]
        text = line_text(line).replace("\n    ⚄ ", " — dice: ")
        out.append(text.replace("\n", " "))
    return "\n".join(out) + "\n"


class LogList(QListWidget):
    """A word-wrapped list whose items carry their own size.

    Without it, every added entry makes the view measure the wrapped text of every entry
    again (10 ms at 300 entries, 56 ms at 2,000).  Each item is measured once, as the
    view would, when it is added, and all of them again only when the width changes
    (or the font, or the style).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        # The list fills its own background (the window's colour, as under it): its scroll
        # bar, repainted as each entry is added, repaints the list's frame with it, not the
        # dock and the window behind.
        self.setAutoFillBackground(True)
        self._fitted_width = -1

    def fit(self, items: list[QListWidgetItem]) -> None:
        """Set the size of ``items`` (in the list) to what the delegate measures now."""
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        width = self.viewport().width()
        # the width the list view lays wrapped items out in
        option.rect = QRect(0, 0, max(1, width - 2 * self.spacing()), 1)
        delegate = self.itemDelegate()
        inner = max(1, width - 2 * self.spacing())
        # The delegate answers the size an item carries without measuring it: that size is
        # taken away first, quietly, so an item sized at another width (the list without
        # its scroll bar, a dock not laid out yet) is measured at this one.
        model = self.model()
        for item in items:
            had = item.sizeHint()
            quiet = model.blockSignals(True)
            try:
                item.setData(Qt.ItemDataRole.SizeHintRole, None)  # measured, not answered
                hint = delegate.sizeHint(option, self.indexFromItem(item))
                size = QSize(inner, hint.height())  # never wider than the list
                if size == had:
                    item.setSizeHint(size)  # as it was: nothing to lay out or repaint
            finally:
                model.blockSignals(quiet)
            if size != had:
                item.setSizeHint(size)
        self._fitted_width = width

    def lay_out_now(self) -> None:
        """Lay the rows out now, not in a timer of the list's own after the window's
        paint: an entry taken away (an undo) is painted with the rest of the window."""
        self.executeDelayedItemsLayout()

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.viewport().width() != self._fitted_width:
            self.fit([self.item(i) for i in range(self.count())])
        return super().viewportEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.fit([self.item(i) for i in range(self.count())])


class LogDock(QDockWidget):
    """The log; selecting an entry shows its squares on the map."""

    squaresSelected = Signal(object)  # tuple of squares
    #: Where the log was exported, for the status bar.
    statusMessage = Signal(str)

    def __init__(self, controller: PlayController, parent: QWidget | None = None) -> None:
        super().__init__("Game log", parent)
        self.setObjectName("logDock")
        self.controller = controller
        body = QWidget()
        layout = QVBoxLayout(body)
        self.list = LogList()
        self.list.setObjectName("gameLog")
        self.list.currentItemChanged.connect(self._selected)
        layout.addWidget(self.list, 1)
        self.export_button = QPushButton("Export as Markdown…")
        self.export_button.clicked.connect(lambda: self.export())
        layout.addWidget(self.export_button)
        self.setWidget(body)
        self.lines: list[LogLine] = []
        #: (text, forced) of each entry in the list, to update only what changed.
        self._shown: list[tuple[str, bool]] = []
        #: The game and its records (frozen values) the list shows: a record that is the
        #: same object, with all before it, is the same entry worded the same.
        self._game: Game | None = None
        self._records: list[object] = []
        #: Runs ``_update`` only while the log shows.
        self.shown = WhileShown(self, self._update)
        controller.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        """Show the log (nothing while the dock is hidden: it catches up when shown)."""
        self.shown()

    def _update(self) -> None:
        """Entries already shown as they are stay, only the ones after the first
        difference are replaced (an action adds one, an undo takes one away)."""
        game = self.controller.game
        records: list[object] = list(game.session.entries) if game is not None else []
        same = 0  # the leading entries logged as they were
        if game is self._game:
            for old_record, record in zip(self._records, records, strict=False):
                if old_record is not record:
                    break
                same += 1
            if same == len(records) == len(self._records):
                return  # nothing logged changed (a pick, a pending action)
        lines = game.log() if game else []
        self._game, self._records = game, records
        same = min(same, len(lines), len(self._shown))
        shown = self._shown[:same] + [(line_text(line), line.forced) for line in lines[same:]]
        keep = 0
        for old, new in zip(self._shown, shown, strict=False):
            if old != new:
                break
            keep += 1
        self.lines = lines
        self.export_button.setEnabled(bool(lines))
        if keep == len(self._shown) == len(shown):
            return
        bulk = len(self._shown) + len(shown) - 2 * keep > BULK
        self.list.blockSignals(True)
        if bulk:
            self.list.setUpdatesEnabled(False)
        try:
            for row in range(self.list.count() - 1, keep - 1, -1):
                self.list.takeItem(row)  # owned by Python now: freed with it
            added = []
            for line, (text, forced) in zip(lines[keep:], shown[keep:], strict=True):
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, line.index)
                if forced:
                    item.setForeground(QBrush(FORCED))
                self.list.addItem(item)
                added.append(item)
            self.list.fit(added)
        finally:
            if bulk:
                self.list.setUpdatesEnabled(True)
            self.list.blockSignals(False)
        self._shown = shown
        if len(shown) > keep:
            self._to_end()
        else:
            self.list.lay_out_now()

    def _to_end(self) -> None:
        """Show the latest entry, now and once the list is laid out (a game reopened after
        a crash fills the list before the dock has its size)."""
        self.list.scrollToBottom()
        QTimer.singleShot(0, self.list.scrollToBottom)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.list.currentItem() is None:  # nothing picked to look at: the latest
            self._to_end()

    def _selected(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        index = int(item.data(Qt.ItemDataRole.UserRole))
        game = self.controller.game
        squares = game.entry_squares(index) if game is not None else self.lines[index].squares
        self.squaresSelected.emit(squares)

    def export(self, path: Path | None = None) -> bool:
        """The log as Markdown to ``path`` (asked if None); the status bar says where, a
        message box why not."""
        game = self.controller.game
        if game is None:
            return False
        self.shown.fresh()  # the log as it is now, even from a hidden dock
        if path is None:
            start = str(game.path.with_suffix("").with_suffix(".md")) if game.path else ""
            name, _ = QFileDialog.getSaveFileName(self, "Export the log", start, "Markdown (*.md)")
            if not name:
                return False
            path = Path(name)
        title = f"{game.doc.name} — game log"
        text = log_markdown(self.lines, title, game.entry_rounds())
        try:
            write_atomic(path, text.encode("utf-8"))
        except OSError as exc:
            QMessageBox.warning(self, "Export the log", f"Could not write {path}:\n\n{exc}")
            return False
        self.statusMessage.emit(f"Game log exported to {path}")
        return True
