"""The user's own rows of a ruleset's tables (``UserTables``): Rules → Tables…"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from companion.rules.user_tables import UserTables, load_table, table_specs, tables_stamp

if TYPE_CHECKING:
    from companion.gui.main_window import MainWindow


def install_rules_menu(window: MainWindow) -> QAction:
    """The Rules menu and its Tables… action, offered when the map's ruleset has tables."""
    menu = window.menuBar().addMenu("&Rules")
    action = QAction("&Tables…", window)
    action.setObjectName("tablesAction")
    action.setStatusTip("Your own rows of the rules' tables: homebrew monsters, house rules")
    action.triggered.connect(lambda _=False: open_tables(window))
    menu.addAction(action)
    menu.aboutToShow.connect(
        lambda: action.setEnabled(isinstance(window.session.ruleset, UserTables))
    )
    warned: set[tuple[str, object]] = set()

    def check() -> None:
        warn_of_problems(window, warned)

    window.session.replaced.connect(check)
    window.firstPainted.connect(check)
    return action


def table_problems(ruleset: Any) -> list[str]:
    """Every problem of the user's table files of ``ruleset`` (their rows are not in play)."""
    lines: list[str] = []
    for spec in table_specs(ruleset):
        lines.extend(str(p) for p in load_table(spec, ruleset.id).problems)
    return lines


def warn_of_problems(window: MainWindow, warned: set[tuple[str, object]]) -> None:
    """Say once per version of the files that the map's ruleset's user tables have
    problems, so their rows are left out of play (never silently)."""
    ruleset_id = window.session.ruleset_id
    stamp = tables_stamp(ruleset_id)
    if not stamp or (ruleset_id, stamp) in warned:
        return  # no user tables: the ruleset need not even load
    warned.add((ruleset_id, stamp))
    lines = table_problems(window.session.ruleset)
    if lines:
        window.show_error(
            "Your tables have problems",
            "Your rows of these tables are not in play until they are fixed "
            "(Rules → Tables… shows them on their cells):\n" + "\n".join(lines[:10]),
        )


def open_tables(window: MainWindow) -> None:
    """Open the tables of the map's ruleset (a message when it has none)."""
    from companion.gui.tables.dialog import TablesDialog

    ruleset = window.session.ruleset
    if not isinstance(ruleset, UserTables) or not ruleset.user_tables():
        QMessageBox.information(
            window, "No tables", f"{ruleset.title} has no tables you can fill in."
        )
        return
    dialog = TablesDialog(ruleset, window)
    dialog.saved.connect(lambda _ids: rules_data_changed(window))
    window.tables_dialog = dialog
    dialog.open()


def rules_data_changed(window: MainWindow) -> None:
    """After the user's tables are written: the map's ruleset loads them anew."""
    window.session.reload_ruleset()
    window.ctx.rulesDataChanged.emit()
    window.statusBar().showMessage(
        "Your tables are saved: the Figures tool and new games use them "
        "(a game already open keeps the rows it began with).",
        8000,
    )
