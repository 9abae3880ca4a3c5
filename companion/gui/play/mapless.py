"""Games whose ruleset needs no map: Game → New game without a map ▸ one per ruleset.

Such a ruleset (a graph board, no ``GridBoard``) is listed from its declaration
(``RulesetInfo.needs_map``) without loading it; choosing it asks the New game dialog's
questions (its options and set-up choices) and where to save the game, and no map.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMenu, QMessageBox

from companion.gui.play.new_game import NewGameDialog
from companion.rules.capabilities import table_actor_label
from companion.rules.game import GAME_SUFFIX
from companion.rules.ruleset import (
    UnknownRuleset,
    available_rulesets,
    blank_table,
    get_ruleset,
    ruleset_info,
)
from companion.rules.user_tables import load_table, missing_entries, table_specs
from companion.userdirs import default_documents_dir

if TYPE_CHECKING:
    from companion.gui.window.base import WindowBase


def table_menu_title(ruleset: object | None) -> str:
    """The Game menu's entry for the table's actions: named for who takes them in the
    open game's ruleset (``TableActor``: "BrickMaster"), else "Table"."""
    return "&" + (table_actor_label(ruleset) if ruleset is not None else "Table")


def mapless_rulesets() -> list[tuple[str, str]]:
    """(id, title) of every registered ruleset played without a map, by title."""
    out = []
    for rid in available_rulesets():
        try:
            info = ruleset_info(rid)
        except UnknownRuleset:
            continue
        if not info.needs_map:
            out.append((rid, info.title))
    return sorted(out, key=lambda r: r[1])


class MaplessGames:
    """The Game menu's "New game without a map" entries, and starting such a game."""

    def __init__(self, window: WindowBase, menu: QMenu, game_filter: str) -> None:
        self.window = window
        self.game_filter = game_filter
        self.menu = menu.addMenu("New game &without a map")
        self.menu.setObjectName("maplessGamesMenu")
        self.menu.aboutToShow.connect(self.fill)
        self.fill()

    def fill(self) -> None:
        self.menu.clear()
        for rid, title in mapless_rulesets():
            action = self.menu.addAction(f"{title}…")
            action.triggered.connect(lambda _=False, r=rid: self.new_game(r))
        if self.menu.isEmpty():
            self.menu.addAction("(no ruleset is played without a map)").setEnabled(False)

    def new_game(self, ruleset_id: str) -> bool:
        """Start a game of ``ruleset_id`` on its own board: its options and choices, then
        where to save it; the open map is put away first (saved or not, as asked)."""
        w = self.window
        try:
            rules = get_ruleset(ruleset_id)
        except UnknownRuleset as exc:
            w.show_error("Cannot start the game", str(exc))
            return False
        table = blank_table(ruleset_id, rules.title)
        note = f"{rules.title} · played on its own board: no map is needed"
        dialog = NewGameDialog(
            list(rules.option_specs()), list(rules.setup_choices(table)), note, w
        )
        if not dialog.exec():
            return False
        start = str(default_documents_dir() / f"{ruleset_id}{GAME_SUFFIX}")
        name, _ = QFileDialog.getSaveFileName(w, "Save the game as", start, self.game_filter)
        if not name:
            return False
        path = Path(name)
        if not path.name.endswith(GAME_SUFFIX):
            path = path.with_name(path.name.removesuffix(".jsonl") + GAME_SUFFIX)
        if not w.maybe_save():  # the map makes way for the game's own board
            return False
        spec = dialog.spec()
        refused: list[tuple[str, str]] = []
        shown = w.play.show_error
        w.play.show_error = lambda title, text: refused.append((title, text))
        try:
            ok = w.play.new_game(
                path,
                None,
                ruleset_id=ruleset_id,
                options=spec.options,
                choices=spec.choices,
                dice=spec.dice,
                seed=spec.seed,
            )
        finally:
            w.play.show_error = shown
        if ok:
            w._add_recent(path)
        for title, text in refused:
            self.refused(rules, title, text)
        return ok

    def refused(self, rules: object, title: str, text: str) -> None:
        """Say why the game did not start; when the ruleset's tables still have entries
        to fill in, offer to open them (Rules → Tables…)."""
        w = self.window
        rid = getattr(rules, "id", "")
        counts = [
            (spec.title, len(missing_entries(load_table(spec, rid)))) for spec in table_specs(rules)
        ]
        todo = [f"{title} ({n} to fill)" for title, n in counts if n]
        if not todo:
            shown_error = w.show_error
            shown_error(title, text)
            return
        box = QMessageBox(QMessageBox.Icon.Warning, title, text, parent=w)
        box.setObjectName("gameRefused")
        # The refusal names the entries; the tables' pages holding them, once each.
        box.setInformativeText("Rules → Tables… pages to fill in: " + ", ".join(todo) + ".")
        fill = box.addButton("Fill in the tables…", QMessageBox.ButtonRole.AcceptRole)
        fill.setObjectName("fillTables")
        box.addButton(QMessageBox.StandardButton.Close)
        box.exec()
        if box.clickedButton() is fill:
            w.rules_menu.open_tables(rules)
