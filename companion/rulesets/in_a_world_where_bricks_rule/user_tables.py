"""In a World Where Bricks Rule's tables the user may fill in: classes.

"Classes are listed toward the end of these rules (or feel free to make up your own)": a
home-made class goes in the user's ``classes.toml`` (``companion.rules.user_tables``),
written like the bundled ``resources/rulesets/in_a_world_where_bricks_rule/classes.toml``
and checked by the same ``ClassDef`` and the same weapon references.  The text's ten
classes stay as they are: the table only takes new classes.  ``catalog_in_play`` is the
catalog games are played with: the bundled one itself while the user has no sound file.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

from companion.rules.user_tables import CrossProblem, TableSpec, load_table, tables_stamp
from companion.rulesets.in_a_world_where_bricks_rule.catalog import (
    RULESET_ID,
    IawwbrCatalog,
    _reference_problems,
    data_dir,
    default_catalog,
)
from companion.rulesets.in_a_world_where_bricks_rule.schema import (
    ClassDef,
    ClassesFile,
    WeaponsFile,
)


def _class_references(classes: Sequence[ClassDef]) -> list[CrossProblem]:
    """The bundled catalog's weapon checks, over the merged classes."""
    weapons = WeaponsFile.model_construct(
        format_version=1, weapons=tuple(default_catalog().weapons.values())
    )
    merged = ClassesFile.model_construct(format_version=1, classes=tuple(classes))
    out: list[CrossProblem] = []
    for line in _reference_problems(merged, weapons):
        loc, _, message = line.partition(": ")
        parts = loc.split(".")
        out.append((int(parts[1]), ".".join(parts[2:]), message))
    return out


@cache
def classes_table() -> TableSpec[ClassDef]:
    """Home-made classes, beside the text's ten."""
    return TableSpec(
        id="classes",
        title="Classes",
        row=ClassDef,
        bundled=data_dir() / "classes.toml",
        key="id",
        overrides=False,
        check=_class_references,
        description=(
            "Classes a character may have (the roster's sheets and games use them); the "
            "text's ten stay as they are: add your own with a new id."
        ),
    )


def user_tables() -> tuple[TableSpec[Any], ...]:
    return (classes_table(),)


@lru_cache(maxsize=4)
def _catalog_for(stamp: tuple[tuple[str, int, int], ...]) -> IawwbrCatalog:
    del stamp  # the cache key: the user's files as they are now
    table = load_table(classes_table(), RULESET_ID)
    if not table.user_rows_in_play:
        return default_catalog()
    return replace(default_catalog(), classes=MappingProxyType({r.key: r.row for r in table.rows}))


def catalog_in_play() -> IawwbrCatalog:
    """The bundled catalog with the user's classes (when their file is sound)."""
    return _catalog_for(tables_stamp(RULESET_ID))
