"""Maps checked against their ruleset: the ids a map's figures may have come from the
plugin the map names (``MapOptions.ruleset``), never from a ruleset the model knows; so
does the check of a map's own ``board`` section (``BoardSection``).

Importing this module installs :func:`known_ids` as ``mapfile.KNOWN_IDS_HOOK`` and
:func:`board_problems` as ``mapfile.BOARD_HOOK``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from companion.model import mapfile
from companion.model.dungeon import DungeonMap
from companion.model.mapfile import MapDocument
from companion.rules.capabilities import BoardSection, GridBoard, TableCheck
from companion.rules.ruleset import Ruleset, UnknownRuleset, get_ruleset


@dataclass(frozen=True)
class RulesetIds:
    """The classes and monsters a ruleset's figures may be (``mapfile.KnownIds``)."""

    classes: Mapping[str, str]
    monsters: Mapping[str, str]


@cache
def known_ids(ruleset_id: str) -> RulesetIds | None:
    """The ids figures of ``ruleset_id`` may have; None when no such ruleset loads."""
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


@cache
def _ruleset(ruleset_id: str) -> Ruleset[Any, Any] | None:
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


mapfile.KNOWN_IDS_HOOK = known_ids
mapfile.BOARD_HOOK = board_problems
