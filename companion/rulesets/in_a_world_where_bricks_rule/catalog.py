"""In a World Where Bricks Rule's data, loaded, checked across files, and looked up by id."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar

from companion.datafiles import DataFileError, load_toml, lookup, resource_dir
from companion.rulesets.in_a_world_where_bricks_rule.schema import (
    ArmorDef,
    ArmorFile,
    ClassDef,
    ClassesFile,
    Options,
    OptionsFile,
    RulesFile,
    WeaponAttackBonus,
    WeaponDef,
    WeaponsFile,
)

#: The ruleset's id, and the folder of its data under ``resources/rulesets/``.
RULESET_ID = "in_a_world_where_bricks_rule"

#: The data file of each part of the catalog.
DATA_FILES: Mapping[str, str] = MappingProxyType(
    {
        "classes": "classes.toml",
        "armor": "armor.toml",
        "weapons": "weapons.toml",
        "rules": "rules.toml",
        "options": "options.toml",
    }
)

_V = TypeVar("_V")


def data_dir() -> Path:
    """The folder of the ruleset's data files."""
    return resource_dir() / "rulesets" / RULESET_ID


@dataclass(frozen=True)
class IawwbrCatalog:
    """Every class, armor and weapon by id (in file order), the rules and the options."""

    classes: Mapping[str, ClassDef]
    armor: Mapping[str, ArmorDef]
    shield_bonus: int
    weapons: Mapping[str, WeaponDef]
    rules: RulesFile
    options: OptionsFile

    def get_class(self, class_id: str) -> ClassDef:
        return lookup("class", self.classes, class_id)

    def get_armor(self, armor_id: str) -> ArmorDef:
        return lookup("armor", self.armor, armor_id)

    def get_weapon(self, weapon_id: str) -> WeaponDef:
        return lookup("weapon", self.weapons, weapon_id)

    def defense(self, armor_id: str, shield: bool = False) -> int:
        """The guide's defense for ``armor_id``, plus the shield's bonus when carried."""
        return self.get_armor(armor_id).defense + (self.shield_bonus if shield else 0)

    def activation_defense(self, class_id: str, defense: int) -> int:
        """The defense the round's roll must reach for a character of ``class_id`` to act."""
        return defense + self.get_class(class_id).activation_modifier

    def knock_out_hits(self, class_id: str, level: int) -> int:
        """Hits at which a character of ``class_id`` and ``level`` is knocked out."""
        return level + self.get_class(class_id).extra_hits_sustained

    def default_options(self) -> Options:
        return self.options.defaults()

    def make_options(self, **changes: Any) -> Options:
        """The default options with ``changes``, validated (an unknown name is refused)."""
        return Options.model_validate({**self.default_options().model_dump(), **changes})


def _reference_problems(classes: ClassesFile, weapons: WeaponsFile) -> list[str]:
    known = {weapon.id for weapon in weapons.weapons}
    problems = []
    for c_index, class_def in enumerate(classes.classes):
        for a_index, ability in enumerate(class_def.abilities):
            if not isinstance(ability, WeaponAttackBonus):
                continue
            for w_index, weapon in enumerate(ability.weapons):
                if weapon not in known:
                    near = difflib.get_close_matches(weapon, sorted(known), n=1)
                    hint = f"; did you mean {near[0]!r}?" if near else ""
                    problems.append(
                        f"classes.{c_index}.abilities.{a_index}.weapons.{w_index}: "
                        f"unknown weapon id {weapon!r} (not in weapons.toml){hint}"
                    )
    return problems


def load_catalog(folder: Path | None = None) -> IawwbrCatalog:
    """Load and check the data files in ``folder`` (default: the bundled ones).

    Raises :class:`~companion.datafiles.DataFileError` naming the file and the field of the
    first file with problems, including weapons that ``weapons.toml`` does not define.
    """
    base = data_dir() if folder is None else folder
    paths = {key: base / name for key, name in DATA_FILES.items()}
    classes = load_toml(paths["classes"], ClassesFile)
    armor = load_toml(paths["armor"], ArmorFile)
    weapons = load_toml(paths["weapons"], WeaponsFile)
    rules = load_toml(paths["rules"], RulesFile)
    options = load_toml(paths["options"], OptionsFile)
    problems = _reference_problems(classes, weapons)
    if problems:
        raise DataFileError(paths["classes"], problems)
    return IawwbrCatalog(
        classes=MappingProxyType({c.id: c for c in classes.classes}),
        armor=MappingProxyType({a.id: a for a in armor.armor}),
        shield_bonus=armor.shield_bonus,
        weapons=MappingProxyType({w.id: w for w in weapons.weapons}),
        rules=rules,
        options=options,
    )


@cache
def default_catalog() -> IawwbrCatalog:
    """The bundled catalog, loaded once."""
    return load_catalog()
