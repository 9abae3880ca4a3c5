"""The user's own rows of a ruleset's tables (``UserTables``): Rules → Tables…"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox

from companion.rules.user_tables import UserTables

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
    return action


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
