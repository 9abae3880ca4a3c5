"""Maps checked against their ruleset: the ids a map's figures may have come from the
plugin the map names (``MapOptions.ruleset``), never from a ruleset the model knows; so
does the check of a map's own ``board`` section (``BoardSection``).

The model's loader knows no ruleset: ``load_map_file`` and ``load_map_bytes`` here read a
map with these checks (``RULESET_MAPS``, the model's ``MapRules``); every caller above
the model reads maps through them.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.model import mapfile
from companion.model.dungeon import DungeonMap
from companion.model.mapfile import MapDocument
from companion.rules.capabilities import BoardSection, GridBoard, TableCheck
from companion.rules.ruleset import Ruleset, UnknownRuleset, get_ruleset
from companion.rules.user_tables import tables_stamp


@dataclass(frozen=True)
class RulesetIds:
    """The classes and monsters a ruleset's figures may be (``mapfile.KnownIds``)."""

    classes: Mapping[str, str]
    monsters: Mapping[str, str]


def known_ids(ruleset_id: str) -> RulesetIds | None:
    """The ids figures of ``ruleset_id`` may have (the user's own rows of its tables
    included, ``UserTables``); None when no such ruleset loads."""
    return _known_ids(ruleset_id, tables_stamp(ruleset_id))


@cache
def _known_ids(ruleset_id: str, stamp: object) -> RulesetIds | None:
    del stamp  # the cache key: the user's table files as they are now
    try:
        ruleset = get_ruleset(ruleset_id)
    except UnknownRuleset:
        return None
    if not isinstance(ruleset, GridBoard):  # played without a map: no map figures
        return RulesetIds(classes={}, monsters={})
    return RulesetIds(
        classes=dict(ruleset.figure_kinds("class")),
        monsters=dict(ruleset.figure_kinds("monster")),
    )


def _ruleset(ruleset_id: str) -> Ruleset[Any, Any] | None:
    return _ruleset_for(ruleset_id, tables_stamp(ruleset_id))


@cache
def _ruleset_for(ruleset_id: str, stamp: object) -> Ruleset[Any, Any] | None:
    del stamp  # the cache key: the user's table files as they are now
    try:
        return get_ruleset(ruleset_id)
    except UnknownRuleset:
        return None


def board_problems(
    ruleset_id: str, board: Mapping[str, Any], dungeon: DungeonMap
) -> list[tuple[str, str]]:
    """Every problem of a map's ``board`` section as its ruleset sees it, as (place,
    message); a ruleset without a board section (``BoardSection``) takes none."""
    ruleset = _ruleset(ruleset_id)
    if ruleset is None:
        return [("options.ruleset", f"unknown ruleset {ruleset_id!r}: the board is not checked")]
    if not isinstance(ruleset, BoardSection):
        return [
            (
                "board",
                f"the ruleset {ruleset.title!r} ({ruleset_id}) has no board section; "
                "remove 'board' or choose a ruleset that has one",
            )
        ]
    return list(ruleset.board_problems(board, dungeon))


def table_problems(doc: MapDocument) -> list[tuple[str, str]]:
    """Every reason a game could not start on ``doc`` as its ruleset sees it (``TableCheck``),
    as (place, message); a ruleset without the check, or an unknown one, finds none; a
    ruleset played without a map (no ``GridBoard``) finds the map itself out of place."""
    ruleset = _ruleset(doc.options.ruleset)
    if ruleset is not None and not isinstance(ruleset, GridBoard):
        return [
            (
                "options.ruleset",
                f"the ruleset {ruleset.title!r} ({ruleset.id}) is played without a map "
                "(its board is its own): no game is played on this map",
            )
        ]
    if ruleset is None or not isinstance(ruleset, TableCheck):
        return []
    return list(ruleset.table_problems(doc))


class RulesetMaps:
    """The model's ``MapRules`` from the ruleset plugins: ``known_ids``, ``board_problems``."""

    def known_ids(self, ruleset_id: str) -> RulesetIds | None:
        return known_ids(ruleset_id)

    def board_problems(
        self, ruleset_id: str, board: Mapping[str, Any], dungeon: DungeonMap
    ) -> list[tuple[str, str]]:
        return board_problems(ruleset_id, board, dungeon)


#: The checks every map is read with.
RULESET_MAPS = RulesetMaps()


def load_map_file(path: str | os.PathLike[str]) -> MapDocument:
    """A map file read and checked against its ruleset; ``MapFileError`` lists why not."""
    return mapfile.load_map_file(path, rules=RULESET_MAPS)


def load_map_bytes(data: bytes, *, source: str = "map") -> MapDocument:
    """Untrusted bytes read as a map checked against its ruleset; ``MapFileError``."""
    return mapfile.load_map_bytes(data, source=source, rules=RULESET_MAPS)
