"""Games whose ruleset needs no map: Game → New game without a map ▸ one per ruleset.

Such a ruleset (a graph board, no ``GridBoard``) is listed from its declaration
(``RulesetInfo.needs_map``) without loading it; choosing it asks the New game dialog's
questions (its options and set-up choices) and where to save the game, and no map.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFileDialog, QMenu

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
        ok = w.play.new_game(
            path,
            None,
            ruleset_id=ruleset_id,
            options=spec.options,
            choices=spec.choices,
            dice=spec.dice,
            seed=spec.seed,
        )
        if ok:
            w._add_recent(path)
        return ok
