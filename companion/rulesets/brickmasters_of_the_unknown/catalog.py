"""Brickmasters of the Unknown's data, loaded, checked across files, and looked up by id."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from pathlib import Path
from types import MappingProxyType

from companion.datafiles import DataFileError, load_toml, lookup, resource_dir
from companion.rulesets.brickmasters_of_the_unknown.schema import (
    ArmourDef,
    ArmourFile,
    CastingRules,
    ClassDef,
    ClassesFile,
    DamageClassDef,
    Economy,
    GemDef,
    GimmickDef,
    GimmicksFile,
    ItemDef,
    ItemsFile,
    MookDef,
    MooksFile,
    SpellDef,
    SpellsFile,
    WeaponDef,
    WeaponsFile,
)

#: The ruleset's id, and the folder of its data under ``resources/rulesets/``.
RULESET_ID = "brickmasters_of_the_unknown"

#: The data file of each part of the catalog.
DATA_FILES: Mapping[str, str] = MappingProxyType(
    {
        "classes": "classes.toml",
        "gimmicks": "gimmicks.toml",
        "spells": "spells.toml",
        "mooks": "mooks.toml",
        "weapons": "weapons.toml",
        "armour": "armour.toml",
        "items": "items.toml",
    }
)


def data_dir() -> Path:
    """The folder of the ruleset's data files."""
    return resource_dir() / "rulesets" / RULESET_ID


@dataclass(frozen=True)
class BmotuCatalog:
    """Every class, gimmick, spell, gem, mook, weapon, armour piece and item by id (in file
    order), the casting rules and the economy."""

    classes: Mapping[str, ClassDef]
    gimmicks: Mapping[str, GimmickDef]
    spells: Mapping[str, SpellDef]
    gems: Mapping[str, GemDef]
    casting: CastingRules
    mooks: Mapping[str, MookDef]
    weapons: Mapping[str, WeaponDef]
    damage_classes: Mapping[str, DamageClassDef]
    beast_weapon: str
    armour: Mapping[str, ArmourDef]
    items: Mapping[str, ItemDef]
    economy: Economy
    gimmicks_per_adventure_bump_down: int

    def get_class(self, class_id: str) -> ClassDef:
        return lookup("class", self.classes, class_id)

    def get_gimmick(self, gimmick_id: str) -> GimmickDef:
        return lookup("gimmick", self.gimmicks, gimmick_id)

    def get_spell(self, spell_id: str) -> SpellDef:
        return lookup("spell", self.spells, spell_id)

    def get_gem(self, gem_id: str) -> GemDef:
        return lookup("gem", self.gems, gem_id)

    def get_mook(self, mook_id: str) -> MookDef:
        return lookup("mook", self.mooks, mook_id)

    def get_weapon(self, weapon_id: str) -> WeaponDef:
        return lookup("weapon", self.weapons, weapon_id)

    def get_armour(self, armour_id: str) -> ArmourDef:
        return lookup("armour piece", self.armour, armour_id)

    def get_item(self, item_id: str) -> ItemDef:
        return lookup("item", self.items, item_id)

    def damage_class(self, weapon_id: str) -> DamageClassDef:
        """The optional damage class of a weapon (L106-111)."""
        return self.damage_classes[self.get_weapon(weapon_id).damage_class]

    def damage_factor(self, weapon_id: str) -> Fraction:
        """Hits are multiplied by this under the optional damage rule (½, 1 or 2)."""
        dc = self.damage_class(weapon_id)
        return Fraction(dc.numerator, dc.denominator)

    def weapon_price_yp(self, weapon_id: str) -> int:
        """L154: light 5, standard 10, heavy 20 (natural weapons are not sold: 0)."""
        weapon = self.get_weapon(weapon_id)
        return 0 if weapon.natural else self.damage_class(weapon_id).price_yp

    def gem_for_spell(self, spell_id: str) -> GemDef | None:
        return next((g for g in self.gems.values() if g.spell == spell_id), None)

    def gem_value_yp(self, gem_id: str) -> int:
        """ "Gems are worth 10yp x spell number" (L154)."""
        spell = self.get_spell(self.get_gem(gem_id).spell)
        return self.casting.gem_value_yp_per_number * spell.number

    def casting_gear(self) -> tuple[str, ...]:
        """Ids of the items that let a figure cast (L113)."""
        return tuple(i for i, item in self.items.items() if item.casting_gear)

    def hit_absorbers(self) -> tuple[str, ...]:
        """Items and weapons that may be discarded to absorb one hit each (L96)."""
        items = [i for i, item in self.items.items() if item.absorbs_hit]
        weapons = [w for w, weapon in self.weapons.items() if weapon.hand_weapon]
        return (*items, *weapons)

    def spells_known_at_start(self, cast_die: int, gimmicks: Iterable[str] = ()) -> int:
        """ "½ the max value of their cast stat" (L115), plus Magus's +2 (L62) per Magus."""
        base = cast_die * self.casting.known_numerator // self.casting.known_denominator
        return base + sum(self.get_gimmick(g).extra_spells_known for g in gimmicks)

    def can_cast_die(self, cast_die: int) -> bool:
        """ "a figure must have a Cast dtype > d4" (L113)."""
        return cast_die > self.casting.cast_above

    def coin_value(self, coin_id: str) -> int:
        coin = next((c for c in self.economy.coins if c.id == coin_id), None)
        if coin is None:
            raise KeyError(f"unknown coin {coin_id!r}")
        return coin.value


def _missing(
    where: str, ident: str | None, known: Iterable[str], file: str, problems: list[str]
) -> None:
    if ident is None:
        return
    pool = sorted(known)
    if ident in pool:
        return
    near = difflib.get_close_matches(ident, pool, n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    problems.append(f"{where}: unknown id {ident!r} (not in {file}){hint}")


def _class_problems(classes: ClassesFile, gimmicks: set[str]) -> list[str]:
    problems: list[str] = []
    for c, class_def in enumerate(classes.classes):
        for g, ident in enumerate(class_def.free_gimmicks):
            _missing(f"classes.{c}.free_gimmicks.{g}", ident, gimmicks, "gimmicks.toml", problems)
    return problems


def _gimmick_problems(gimmicks: GimmicksFile, spells: set[str], weapons: set[str]) -> list[str]:
    problems: list[str] = []
    for g, gimmick in enumerate(gimmicks.gimmicks):
        for s, ident in enumerate(gimmick.free_spells):
            _missing(f"gimmicks.{g}.free_spells.{s}", ident, spells, "spells.toml", problems)
        _missing(
            f"gimmicks.{g}.counts_as_weapon",
            gimmick.counts_as_weapon,
            weapons,
            "weapons.toml",
            problems,
        )
    return problems


def _spell_problems(spells: SpellsFile) -> list[str]:
    problems: list[str] = []
    spell_ids = {s.id for s in spells.spells}
    gem_ids = {g.id for g in spells.gems}
    for s, spell in enumerate(spells.spells):
        _missing(f"spells.{s}.gem", spell.gem, gem_ids, "the gems of spells.toml", problems)
    for g, gem in enumerate(spells.gems):
        _missing(f"gems.{g}.spell", gem.spell, spell_ids, "spells.toml", problems)
    return problems


def _mook_problems(mooks: MooksFile, gimmicks: set[str]) -> list[str]:
    problems: list[str] = []
    for m, mook in enumerate(mooks.mooks):
        for g, ident in enumerate(mook.gimmicks):
            _missing(f"mooks.{m}.gimmicks.{g}", ident, gimmicks, "gimmicks.toml", problems)
        if mook.elite is not None:
            for g, ident in enumerate(mook.elite.gimmicks):
                _missing(
                    f"mooks.{m}.elite.gimmicks.{g}", ident, gimmicks, "gimmicks.toml", problems
                )
    return problems


def _weapon_problems(weapons: WeaponsFile) -> list[str]:
    problems: list[str] = []
    classes = {d.id for d in weapons.damage_classes}
    ids = {w.id for w in weapons.weapons}
    for w, weapon in enumerate(weapons.weapons):
        _missing(
            f"weapons.{w}.damage_class", weapon.damage_class, classes, "damage_classes", problems
        )
    _missing("beast_weapon", weapons.beast_weapon, ids, "weapons", problems)
    return problems


def _armour_problems(armour: ArmourFile) -> list[str]:
    problems: list[str] = []
    ids = {a.id for a in armour.armour}
    for a, piece in enumerate(armour.armour):
        _missing(f"armour.{a}.needs", piece.needs, ids, "armour.toml", problems)
    return problems


def load_catalog(folder: Path | None = None) -> BmotuCatalog:
    """Load and check the data files in ``folder`` (default: the bundled ones).

    Raises :class:`~companion.datafiles.DataFileError` naming the file and the entry of
    the first file with problems, including ids another file does not define.
    """
    base = data_dir() if folder is None else folder
    paths = {key: base / name for key, name in DATA_FILES.items()}
    classes = load_toml(paths["classes"], ClassesFile)
    gimmicks = load_toml(paths["gimmicks"], GimmicksFile)
    spells = load_toml(paths["spells"], SpellsFile)
    mooks = load_toml(paths["mooks"], MooksFile)
    weapons = load_toml(paths["weapons"], WeaponsFile)
    armour = load_toml(paths["armour"], ArmourFile)
    items = load_toml(paths["items"], ItemsFile)
    gimmick_ids = {g.id for g in gimmicks.gimmicks}
    checks = (
        ("classes", _class_problems(classes, gimmick_ids)),
        (
            "gimmicks",
            _gimmick_problems(
                gimmicks, {s.id for s in spells.spells}, {w.id for w in weapons.weapons}
            ),
        ),
        ("spells", _spell_problems(spells)),
        ("mooks", _mook_problems(mooks, gimmick_ids)),
        ("weapons", _weapon_problems(weapons)),
        ("armour", _armour_problems(armour)),
    )
    for key, problems in checks:
        if problems:
            raise DataFileError(paths[key], problems)
    return BmotuCatalog(
        classes=MappingProxyType({c.id: c for c in classes.classes}),
        gimmicks=MappingProxyType({g.id: g for g in gimmicks.gimmicks}),
        spells=MappingProxyType({s.id: s for s in spells.spells}),
        gems=MappingProxyType({g.id: g for g in spells.gems}),
        casting=spells.casting,
        mooks=MappingProxyType({m.id: m for m in mooks.mooks}),
        weapons=MappingProxyType({w.id: w for w in weapons.weapons}),
        damage_classes=MappingProxyType({d.id: d for d in weapons.damage_classes}),
        beast_weapon=weapons.beast_weapon,
        armour=MappingProxyType({a.id: a for a in armour.armour}),
        items=MappingProxyType({i.id: i for i in items.items}),
        economy=items.economy,
        gimmicks_per_adventure_bump_down=classes.gimmicks_per_adventure_bump_down,
    )


@cache
def default_catalog() -> BmotuCatalog:
    """The bundled catalog, loaded once."""
    return load_catalog()
