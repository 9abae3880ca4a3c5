"""The user's own rows of a ruleset's tables (``UserTables``): Rules → Tables…"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from companion.rules.ruleset import UnknownRuleset, available_rulesets, get_ruleset, ruleset_info
from companion.rules.user_tables import UserTables, load_table, table_specs, tables_stamp

if TYPE_CHECKING:
    from companion.gui.main_window import MainWindow
    from companion.gui.tables.dialog import TablesDialog


class RulesMenu(QObject):
    """The window's Rules menu: Tables…, offered when the map's ruleset has tables; and
    a word when the user's tables of a map's ruleset are left out of play."""

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        #: Rules → Tables… while open.
        self.dialog: TablesDialog | None = None
        #: (ruleset id, files' stamp) already warned about.
        self._warned: set[tuple[str, object]] = set()
        self.menu = window.menuBar().addMenu("&Rules")
        self.tables_action = QAction("&Tables…", window)
        self.tables_action.setObjectName("tablesAction")
        self.tables_action.setStatusTip(
            "Your own rows of the rules' tables: homebrew monsters, your own classes"
        )
        self.tables_action.triggered.connect(lambda _=False: self.open_tables())
        self.menu.addAction(self.tables_action)
        #: Every other ruleset's tables, with nothing of it open (QUBQST's cards before a
        #: game, a homebrew class before the roster): loaded only when picked.
        self.others_menu = self.menu.addMenu("Tables of &another ruleset")
        self.others_menu.setObjectName("otherTablesMenu")
        self.others_menu.aboutToShow.connect(self._fill_others)
        self.menu.aboutToShow.connect(self._sync)
        window.session.replaced.connect(self.warn_of_problems)
        window.firstPainted.connect(self.warn_of_problems)

    def _sync(self) -> None:
        self.tables_action.setEnabled(isinstance(self.window.session.ruleset, UserTables))

    def _fill_others(self) -> None:
        """The registered rulesets but the open one, by title, none of them loaded."""
        self.others_menu.clear()
        current = self.window.session.ruleset_id
        for ruleset_id in available_rulesets():
            if ruleset_id == current:
                continue
            try:
                title = ruleset_info(ruleset_id).title
            except UnknownRuleset:
                continue  # a broken plugin says what is wrong when it is opened
            action = self.others_menu.addAction(f"{title}…")
            action.setData(ruleset_id)
            action.triggered.connect(lambda _=False, r=ruleset_id: self.open_other(r))

    def open_other(self, ruleset_id: str) -> None:
        """Open the tables of a ruleset that nothing open uses."""
        try:
            ruleset = get_ruleset(ruleset_id)
        except UnknownRuleset as exc:
            self.window.show_error("Cannot open the tables", str(exc))
            return
        self.open_tables(ruleset)

    def open_tables(self, ruleset: Any | None = None) -> None:
        """Open the tables of ``ruleset``, by default the map's or game's (a message when
        it has none)."""
        from companion.gui.tables.dialog import TablesDialog

        if ruleset is None:
            ruleset = self.window.session.ruleset
        if not table_specs(ruleset):
            QMessageBox.information(
                self.window, "No tables", f"{ruleset.title} has no tables you can fill in."
            )
            return
        self.dialog = TablesDialog(ruleset, self.window)
        self.dialog.saved.connect(lambda _ids: self.rules_data_changed())
        self.dialog.open()

    def rules_data_changed(self) -> None:
        """After the user's tables are written: the map's ruleset loads them anew."""
        w = self.window
        w.session.reload_ruleset()
        w.ctx.rulesDataChanged.emit()
        w.statusBar().showMessage(
            "Your tables are saved: the Figures tool and new games use them "
            "(a game already open keeps the rows it began with).",
            8000,
        )

    def warn_of_problems(self) -> None:
        """Say once per version of the files that the map's ruleset's user tables have
        problems, so their rows are left out of play (never silently)."""
        ruleset_id = self.window.session.ruleset_id
        stamp = tables_stamp(ruleset_id)
        if not stamp or (ruleset_id, stamp) in self._warned:
            return  # no user tables: the ruleset need not even load
        self._warned.add((ruleset_id, stamp))
        lines = table_problems(self.window.session.ruleset)
        if lines:
            self.window.show_error(
                "Your tables have problems",
                "Your rows of these tables are not in play until they are fixed "
                "(Rules → Tables… shows them on their cells):\n" + "\n".join(lines[:10]),
            )


def table_problems(ruleset: Any) -> list[str]:
    """Every problem of the user's table files of ``ruleset`` (their rows are not in play)."""
    lines: list[str] = []
    for spec in table_specs(ruleset):
        lines.extend(str(p) for p in load_table(spec, ruleset.id).problems)
    return lines
