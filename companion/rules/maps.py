"""Maps checked against their ruleset: the ids a map's figures may have come from the
plugin the map names (``MapOptions.ruleset``), never from a ruleset the model knows.

Importing this module installs :func:`known_ids` as ``mapfile.KNOWN_IDS_HOOK``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from companion.model import mapfile
from companion.rules.ruleset import UnknownRuleset, get_ruleset


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
    return RulesetIds(
        classes=dict(ruleset.figure_kinds("class")),
        monsters=dict(ruleset.figure_kinds("monster")),
    )


mapfile.KNOWN_IDS_HOOK = known_ids
