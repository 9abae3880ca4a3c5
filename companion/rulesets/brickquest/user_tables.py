"""BrickQuest's tables the user may fill in: monsters (homebrew ones, or house-rule cards).

The user's ``monsters.toml`` (``companion.rules.user_tables``) is written like the bundled
``resources/rulesets/brickquest/monsters.toml`` and checked by the same ``MonsterDef`` and
the same cross-file references (``reference_problems``); a row whose id is a bundled
monster's replaces that card.  ``catalog_in_play`` is the catalog games are played with:
the bundled one itself while the user has no (sound) file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from companion.rules.user_tables import CrossProblem, TableSpec, load_table, tables_stamp
from companion.rulesets.brickquest import INFO
from companion.rulesets.brickquest.catalog import BrickQuestCatalog, data_dir, default_catalog
from companion.rulesets.brickquest.schema import (
    ClassesFile,
    ItemsFile,
    MonsterDef,
    MonstersFile,
    SkillsFile,
    SpellsFile,
    reference_problems,
)


def _monster_references(monsters: Sequence[MonsterDef]) -> list[CrossProblem]:
    """The bundled catalog's reference checks, over the merged monsters."""
    cat = default_catalog()
    problems = reference_problems(
        ClassesFile.model_construct(format_version=1, classes=tuple(cat.classes.values())),
        MonstersFile.model_construct(format_version=1, monsters=tuple(monsters)),
        SpellsFile.model_construct(format_version=1, spells=tuple(cat.spells.values())),
        ItemsFile.model_construct(format_version=1, items=tuple(cat.items.values())),
        SkillsFile.model_construct(
            format_version=1,
            skills=tuple(cat.skills.values()),
            difficulties=tuple(cat.difficulties.values()),
        ),
    )
    out: list[CrossProblem] = []
    for problem in problems:
        parts = problem.loc.split(".")
        if problem.file == "monsters" and len(parts) > 1 and parts[1].isdigit():
            out.append((int(parts[1]), ".".join(parts[2:]), problem.message))
    return out


@cache
def monsters_table() -> TableSpec[MonsterDef]:
    """The monster cards: a homebrew monster, or a bundled card with house rules."""
    return TableSpec(
        id="monsters",
        title="Monsters",
        row=MonsterDef,
        bundled=data_dir() / "monsters.toml",
        key="id",
        overrides=True,
        check=_monster_references,
        description=(
            "Monster cards the Figures tool places and games play; a row with a bundled "
            "monster's id replaces that card."
        ),
    )


def user_tables() -> tuple[TableSpec[Any], ...]:
    return (monsters_table(),)


@lru_cache(maxsize=4)
def _catalog_for(stamp: tuple[tuple[str, int, int], ...]) -> BrickQuestCatalog:
    del stamp  # the cache key: the user's files as they are now
    table = load_table(monsters_table(), INFO.id)
    if not table.user_rows_in_play:
        return default_catalog()
    monsters = MappingProxyType({r.key: r.row for r in table.rows})
    return replace(default_catalog(), monsters=monsters)


def catalog_in_play() -> BrickQuestCatalog:
    """The bundled catalog with the user's monsters (when their file is sound)."""
    return _catalog_for(tables_stamp(INFO.id))
