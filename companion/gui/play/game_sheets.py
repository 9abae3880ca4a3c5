"""The party sheet of a game whose ruleset keeps its sheets in the game itself
(``GameSheets``: QUBQST's Hit Power, WEK, Casting Points, gold, gems and items), shown
read-only in a dock beside the log and printed as a PDF through the roster's paper
(``companion.printing.roster.pdf``).  The sheets come from the ruleset; no rule here.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from companion.gui.play.controller import PlayController
from companion.gui.play.while_shown import WhileShown
from companion.gui.roster.sheet_widget import SheetWidget
from companion.printing.roster.pdf import export_sheets_pdf
from companion.rules.capabilities import GameSheets
from companion.rules.table import SheetView


def game_sheets(controller: PlayController) -> list[SheetView]:
    """The open game's sheets, as its ruleset fills them (none without ``GameSheets``)."""
    game = controller.game
    if game is None or not isinstance(game.ruleset, GameSheets):
        return []
    return list(game.ruleset.game_sheets(game.state))


class GameSheetsDock(QDockWidget):
    """The game's sheets one under the other, and a button to print them."""

    #: A line for the status bar (a PDF written).
    statusMessage = Signal(str)

    def __init__(self, controller: PlayController, parent: QWidget | None = None) -> None:
        super().__init__("Party", parent)
        self.setObjectName("gameSheetsDock")
        self.setToolTip("The party's sheet, as the game has it now")
        self.controller = controller
        body = QWidget()
        lay = QVBoxLayout(body)
        lay.setContentsMargins(4, 4, 4, 4)
        top = QHBoxLayout()
        self.note = QLabel("")
        self.note.setObjectName("gameSheetsNote")
        self.note.setWordWrap(True)
        top.addWidget(self.note, 1)
        self.print_button = QPushButton("&Print sheets…")
        self.print_button.setObjectName("printGameSheets")
        self.print_button.clicked.connect(lambda _=False: self.export_dialog())
        top.addWidget(self.print_button)
        lay.addLayout(top)
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.holder = QWidget()
        self.sheet_box = QVBoxLayout(self.holder)
        self.sheet_box.setContentsMargins(0, 0, 0, 0)
        self.sheet_box.addStretch(1)
        self.scroller.setWidget(self.holder)
        lay.addWidget(self.scroller, 1)
        self.setWidget(body)
        #: One read-only sheet widget per sheet, in the ruleset's order.
        self.sheets: list[SheetWidget] = []
        self.views: list[SheetView] = []
        #: Runs ``_update`` only while the dock shows (a tab beside the log).
        self.shown = WhileShown(self, self._update)
        controller.changed.connect(self.refresh)
        controller.gameChanged.connect(self.sync)
        self.hide()

    def offered(self) -> bool:
        game = self.controller.game
        return game is not None and isinstance(game.ruleset, GameSheets)

    def sync(self) -> None:
        """Shown for a game with sheets of its own, hidden otherwise."""
        self.setVisible(self.offered())
        self.refresh()

    def refresh(self) -> None:
        """The sheets as the game has them (asked only while the dock shows)."""
        if not self.offered():
            self.views = []
            self.shown.stale = False
            return
        self.shown()

    def _update(self) -> None:
        if not self.offered():
            return
        views = game_sheets(self.controller)
        self.views = views
        while len(self.sheets) < len(views):
            sheet = SheetWidget()
            sheet.setObjectName(f"gameSheet{len(self.sheets)}")
            self.sheet_box.insertWidget(len(self.sheets), sheet)
            self.sheets.append(sheet)
        for sheet, view in zip(self.sheets, views, strict=False):
            sheet.set_view(view, editable=False)
            sheet.show()
        for sheet in self.sheets[len(views) :]:
            sheet.hide()
        self.note.setText(f"{len(views)} sheet(s), as the game has them now")
        self.print_button.setEnabled(bool(views))

    def export_pdf(self, path: Path, page: str = "A4") -> int:
        """The sheets to the PDF ``path``; the page count (``ValueError``/``OSError``)."""
        self.shown.fresh()
        game = self.controller.game
        title = f"{game.ruleset.title}: party sheet" if game is not None else "Party sheet"
        return export_sheets_pdf(self.views, path, page, title=title)

    def export_dialog(self) -> bool:
        """Ask where, then write the PDF; a message box says why not."""
        self.shown.fresh()
        game = self.controller.game
        if not self.views or game is None:
            return False
        stem = game.path.name.split(".")[0] if game.path is not None else "party"
        start = str((game.path.parent if game.path else Path()) / f"{stem}-party.pdf")
        name, chosen = QFileDialog.getSaveFileName(
            self, "Print the party sheet", start, "PDF, A4 (*.pdf);;PDF, Letter (*.pdf)"
        )
        if not name:
            return False
        page = "Letter" if "Letter" in chosen else "A4"
        try:
            pages = self.export_pdf(Path(name), page)
        except (ValueError, OSError, RuntimeError) as exc:
            QMessageBox.warning(self, "Print the party sheet", f"Could not write {name}:\n\n{exc}")
            return False
        self.statusMessage.emit(f"Party sheet written to {name} ({pages} page(s))")
        return True
