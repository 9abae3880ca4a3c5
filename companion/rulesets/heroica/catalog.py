"""Heroica's data (expanded rules), loaded, checked across files, and looked up by id."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.datafiles import DataFileError, load_toml, lookup, resource_dir
from companion.rules.table import DieSpec
from companion.rulesets.heroica.schema import (
    Category,
    DiceFile,
    DieDef,
    Feature,
    FireAttack,
    FliesOver,
    FullHealthBonus,
    HeroDef,
    HeroesFile,
    HurtOnlyBy,
    ItemDef,
    ItemsFile,
    MonsterDef,
    MonstersFile,
    Options,
    OptionsFile,
    Price,
    Rank,
    RankDef,
    Realm,
    Reroll,
    Skill,
    SkillPoints,
    TablesFile,
    Unlocks,
)

#: The ruleset's id, and the folder of its data under ``resources/rulesets/``.
RULESET_ID = "heroica"

#: The data file of each part of the catalog, in the order they are checked.
DATA_FILES: Mapping[str, str] = MappingProxyType(
    {
        "dice": "dice.toml",
        "heroes": "heroes.toml",
        "monsters": "monsters.toml",
        "items": "items.toml",
        "tables": "tables.toml",
        "options": "options.toml",
    }
)


def data_dir() -> Path:
    """The folder of the ruleset's data files."""
    return resource_dir() / "rulesets" / RULESET_ID


@dataclass(frozen=True)
class HeroicaCatalog:
    """Every die, hero, rank, monster and item by id (in file order), the tables, the options."""

    dice: Mapping[str, DieDef]
    heroes: Mapping[str, HeroDef]
    skill_points: SkillPoints
    ranks: Mapping[str, RankDef]
    monsters: Mapping[str, MonsterDef]
    items: Mapping[str, ItemDef]
    #: The store, the potion phases and the relic rules (``items.toml``).
    items_file: ItemsFile
    realms: Mapping[str, Realm]
    features: Mapping[str, Feature]
    tables: TablesFile
    options: OptionsFile

    def get_die(self, die_id: str) -> DieDef:
        return lookup("die", self.dice, die_id)

    def get_hero(self, hero_id: str) -> HeroDef:
        return lookup("hero", self.heroes, hero_id)

    def get_rank(self, rank: Rank | str) -> RankDef:
        return lookup("rank", self.ranks, str(rank))

    def get_monster(self, monster_id: str) -> MonsterDef:
        return lookup("monster", self.monsters, monster_id)

    def get_item(self, item_id: str) -> ItemDef:
        return lookup("item", self.items, item_id)

    def get_realm(self, realm_id: str) -> Realm:
        return lookup("realm", self.realms, realm_id)

    def get_feature(self, feature_id: str) -> Feature:
        return lookup("feature", self.features, feature_id)

    def dice_specs(self) -> tuple[DieSpec, ...]:
        """The six dice as the rules core shows and reads them (labels, face 1 first)."""
        return tuple(DieSpec(id=d.id, name=d.name, faces=d.faces) for d in self.dice.values())

    def items_of(self, category: Category | str) -> tuple[ItemDef, ...]:
        wanted = Category(category)
        return tuple(item for item in self.items.values() if item.category == wanted)

    def monsters_of(self, rank: Rank | str) -> tuple[MonsterDef, ...]:
        wanted = Rank(rank)
        return tuple(m for m in self.monsters.values() if m.rank == wanted)

    def monsters_in(self, realm_id: str) -> tuple[MonsterDef, ...]:
        """The monster kinds of a realm (the "relevant realm" of generators and Map Build)."""
        self.get_realm(realm_id)
        return tuple(m for m in self.monsters.values() if realm_id in m.realms)

    def strength(self, monster_id: str) -> int:
        return self.get_rank(self.get_monster(monster_id).rank).strength

    def health_levels(
        self, monster_id: str, players: int, *, map_build: bool = False, boss_number: int = 1
    ) -> int:
        """A monster's starting health with ``players`` in the game (bosses and the Dragon
        depend on it; ``boss_number``: the n-th boss of a Map Build game)."""
        rank = self.get_rank(self.get_monster(monster_id).rank)
        return rank.health_levels(players, map_build=map_build, boss_number=boss_number)

    def gold_for(self, monster_id: str, options: Options | None = None) -> int:
        """Gold for defeating a monster; a boss's is the option ``boss_gold``."""
        rank = self.get_rank(self.get_monster(monster_id).rank)
        if rank.gold is not None:
            return rank.gold
        if rank.id is Rank.BOSS:
            return (options or self.default_options()).boss_gold
        return 0

    def price(self, item_id: str) -> Price | None:
        """What the store asks and pays for an item; None: it neither sells nor buys it."""
        category = self.get_item(item_id).category
        return next((p for p in self.items_file.shop.prices if p.category == category), None)

    def hero_skill(self, hero_id: str, *, with_own_weapon: bool = False) -> Skill:
        """A hero's skill, or its "(If the <Hero> has the <Weapon>: ...)" version."""
        hero = self.get_hero(hero_id)
        return hero.with_weapon.skill if with_own_weapon else hero.skill

    def default_options(self) -> Options:
        return self.options.defaults()

    def make_options(self, **changes: Any) -> Options:
        """The default options with ``changes``, validated (an unknown name is refused)."""
        return Options.model_validate({**self.default_options().model_dump(), **changes})


# ------------------------------------------------------------------ cross-checks


def _unknown(where: str, kind: str, ident: str, known: Iterable[str], source: str) -> str:
    near = difflib.get_close_matches(ident, sorted(known), n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    return f"{where}: unknown {kind} {ident!r} (not in {source}){hint}"


def _face(where: str, label: str, die: DieDef) -> list[str]:
    if label in die.faces:
        return []
    near = difflib.get_close_matches(label, die.distinct_faces, n=1)
    hint = f"; did you mean {near[0]!r}?" if near else ""
    return [f"{where}: {label!r} is not a face of the {die.name}{hint}"]


def _dice_problems(dice: DiceFile) -> list[str]:
    by_id = {d.id: d for d in dice.dice}
    problems = []
    for index, die in enumerate(dice.dice):
        if die.replaces is None:
            continue
        replaced = by_id.get(die.replaces)
        if replaced is None:
            problems.append(
                _unknown(f"dice.{index}.replaces", "die", die.replaces, by_id, "dice.toml")
            )
        elif set(die.faces) != set(replaced.faces):
            problems.append(
                f"dice.{index}.faces: must carry the faces of the {replaced.name} "
                f"({', '.join(replaced.distinct_faces)})"
            )
    return problems


def _skill_cost(where: str, skill: Skill | None, points: SkillPoints) -> list[str]:
    if skill is not None and skill.cost > points.full:
        full = f"{points.full} skill point" + ("" if points.full == 1 else "s")
        return [f"{where}.cost: {skill.cost} is more than the full {full}"]
    return []


def _hero_problems(heroes: HeroesFile, dice: Mapping[str, DieDef], items: ItemsFile) -> list[str]:
    character = dice["character"]
    item_ids = {i.id: i for i in items.items}
    problems = []
    for index, hero in enumerate(heroes.heroes):
        where = f"heroes.{index}"
        problems += _face(f"{where}.character_die_face", hero.character_die_face, character)
        weapon = hero.with_weapon.weapon
        if weapon not in item_ids:
            problems.append(
                _unknown(f"{where}.with_weapon.weapon", "item", weapon, item_ids, "items.toml")
            )
        elif item_ids[weapon].category is not Category.WEAPON:
            problems.append(f"{where}.with_weapon.weapon: {weapon!r} is not a weapon")
        problems += _skill_cost(f"{where}.skill", hero.skill, heroes.skill_points)
        problems += _skill_cost(
            f"{where}.with_weapon.skill", hero.with_weapon.skill, heroes.skill_points
        )
    named = [hero.character_die_face for hero in heroes.heroes]
    for label in character.distinct_faces:
        if named.count(label) != 1:
            problems.append(
                f"heroes: the Character Die face {label!r} must name one hero "
                f"(found {named.count(label)})"
            )
    return problems


def _monster_problems(
    monsters: MonstersFile, dice: Mapping[str, DieDef], tables: TablesFile
) -> list[str]:
    realms = {r.id for r in tables.realms}
    features = {f.id for f in tables.features}
    action = dice["action"]
    problems = []
    for index, monster in enumerate(monsters.monsters):
        where = f"monsters.{index}"
        for r_index, realm in enumerate(monster.realms):
            if realm not in realms:
                problems.append(
                    _unknown(f"{where}.realms.{r_index}", "realm", realm, realms, "tables.toml")
                )
        for a_index, ability in enumerate(monster.abilities):
            at = f"{where}.abilities.{a_index}"
            if isinstance(ability, FliesOver):
                for o_index, obstacle in enumerate(ability.obstacles):
                    if obstacle not in features:
                        problems.append(
                            _unknown(
                                f"{at}.obstacles.{o_index}",
                                "feature",
                                obstacle,
                                features,
                                "tables.toml",
                            )
                        )
            elif isinstance(ability, HurtOnlyBy):
                for f_index, label in enumerate(ability.faces):
                    problems += _face(f"{at}.faces.{f_index}", label, action)
            elif isinstance(ability, FireAttack):
                if ability.die not in dice:
                    problems.append(_unknown(f"{at}.die", "die", ability.die, dice, "dice.toml"))
                if ability.wakes_in not in realms:
                    problems.append(
                        _unknown(f"{at}.wakes_in", "realm", ability.wakes_in, realms, "tables.toml")
                    )
                for f_index, label in enumerate(ability.no_damage_on):
                    problems += _face(f"{at}.no_damage_on.{f_index}", label, action)
    return problems


def _item_problems(
    items: ItemsFile, dice: Mapping[str, DieDef], points: SkillPoints, tables: TablesFile
) -> list[str]:
    phases = {p.id for p in tables.phases}
    features = {f.id for f in tables.features}
    item_ids = {i.id for i in items.items}
    problems = []
    if items.shop.phase not in phases:
        problems.append(_unknown("shop.phase", "phase", items.shop.phase, phases, "tables.toml"))
    for index, phase in enumerate(items.potion_use.phases):
        if phase not in phases:
            problems.append(
                _unknown(f"potion_use.phases.{index}", "phase", phase, phases, "tables.toml")
            )
    priced = {p.category: p for p in items.shop.prices}
    for index, category in enumerate(items.shop.versus_final_sale):
        if category not in priced:
            problems.append(
                f"shop.versus_final_sale.{index}: the store pays nothing for {category.value!r}"
            )
    for index, item in enumerate(items.items):
        where = f"items.{index}"
        problems += _skill_cost(f"{where}.skill", item.skill, points)
        if item.category is Category.POTION and item.colour is None:
            problems.append(f"{where}.colour: a potion needs its colour")
        if item.label is not None and item.skill is not None and item.label != item.skill.style:
            problems.append(f"{where}.label: differs from the skill's style")
        for e_index, effect in enumerate(item.effects):
            at = f"{where}.effects.{e_index}"
            if isinstance(effect, Reroll) and effect.die not in dice:
                problems.append(_unknown(f"{at}.die", "die", effect.die, dice, "dice.toml"))
            elif isinstance(effect, FullHealthBonus):
                for n_index, other in enumerate(effect.not_with):
                    if other not in item_ids:
                        problems.append(
                            _unknown(
                                f"{at}.not_with.{n_index}", "item", other, item_ids, "items.toml"
                            )
                        )
            elif isinstance(effect, Unlocks) and effect.feature not in features:
                problems.append(
                    _unknown(f"{at}.feature", "feature", effect.feature, features, "tables.toml")
                )
    return problems


def _table_problems(
    tables: TablesFile, dice: Mapping[str, DieDef], items: Mapping[str, ItemDef]
) -> list[str]:
    problems = []
    for where, (die_id, die_field, rows) in tables.die_tables().items():
        die = dice.get(die_id)
        if die is None:
            problems.append(_unknown(die_field or where, "die", die_id, dice, "dice.toml"))
            continue
        faces = [str(getattr(row, "face")) for row in rows]  # noqa: B009
        for index, label in enumerate(faces):
            problems += _face(f"{where}.{index}.face", label, die)
        for label in die.distinct_faces:
            if faces.count(label) != 1:
                problems.append(
                    f"{where}: the {die.name} face {label!r} must have one row "
                    f"(found {faces.count(label)})"
                )
    if tables.turn_order.first not in dice:
        problems.append(
            _unknown("turn_order.first", "die", tables.turn_order.first, dice, "dice.toml")
        )
    for index, condition in enumerate(tables.conditions):
        die = dice.get(condition.die)
        if die is None:
            problems.append(
                _unknown(f"conditions.{index}.die", "die", condition.die, dice, "dice.toml")
            )
            continue
        if die.when != condition.id:
            problems.append(f"conditions.{index}.die: the {die.name} is not the {condition.id} die")
        problems += _face(f"conditions.{index}.ends_on_face", condition.ends_on_face, die)
    colours = set(tables.space_colours)
    realm_ids = {r.id for r in tables.realms}
    location = dice["location"]
    realm_faces: dict[str, str] = {}
    for index, realm in enumerate(tables.realms):
        if realm.colour is not None and realm.colour not in colours:
            problems.append(f"realms.{index}.colour: {realm.colour!r} is not in space_colours")
        if realm.location_die_face is not None:
            problems += _face(
                f"realms.{index}.location_die_face", realm.location_die_face, location
            )
            if realm.location_die_face in realm_faces:
                problems.append(
                    f"realms.{index}.location_die_face: {realm.location_die_face!r} is "
                    f"already the face of {realm_faces[realm.location_die_face]!r}"
                )
            realm_faces[realm.location_die_face] = realm.id
    for index, lava in enumerate(tables.lava_mountain_generator.rows):
        if (lava.result == "realm") != (lava.face in realm_faces):
            problems.append(
                f"lava_mountain_generator.rows.{index}.result: 'realm' is the result of "
                "exactly the faces that name a realm"
            )
    for index, row in enumerate(tables.map_build.location):
        if (row.tile == "realm_rolled") != (row.face in realm_faces):
            problems.append(
                f"map_build.location.{index}.tile: 'realm_rolled' is the tile of exactly "
                "the faces that name a realm"
            )
    feature_ids = {f.id for f in tables.features}
    for index, feature in enumerate(tables.features):
        where = f"features.{index}"
        if feature.realm is not None and feature.realm not in realm_ids:
            problems.append(
                _unknown(f"{where}.realm", "realm", feature.realm, realm_ids, "tables.toml")
            )
        if feature.unlocked_by is not None and feature.unlocked_by not in items:
            problems.append(
                _unknown(f"{where}.unlocked_by", "item", feature.unlocked_by, items, "items.toml")
            )
        for name in ("moves_casket_to", "moved_to", "moved_to_if_only_waldurk_forest"):
            for c_index, colour in enumerate(getattr(feature, name)):
                if colour not in colours:
                    problems.append(f"{where}.{name}.{c_index}: {colour!r} is not in space_colours")
    rules = tables.movement_rules
    for name, blocked in (
        ("heroes_blocked_by", rules.heroes_blocked_by),
        ("monsters_blocked_by", rules.monsters_blocked_by),
    ):
        for index, feature_id in enumerate(blocked):
            if feature_id not in feature_ids:
                problems.append(
                    _unknown(
                        f"movement_rules.{name}.{index}",
                        "feature",
                        feature_id,
                        feature_ids,
                        "tables.toml",
                    )
                )
    variations = {v.id for v in tables.variations}
    needs = feature_ids | set(items) | variations
    for index, choice in enumerate(tables.shield_instead_of_moving):
        if choice.requires not in needs:
            problems.append(
                _unknown(
                    f"shield_instead_of_moving.{index}.requires",
                    "feature, item or variation",
                    choice.requires,
                    needs,
                    "tables.toml or items.toml",
                )
            )
    for name, used_in in (
        ("fire_track", tables.fire_track.used_in),
        ("boss_track", tables.boss_track.used_in),
    ):
        for index, variation in enumerate(used_in):
            if variation not in variations:
                problems.append(
                    _unknown(
                        f"{name}.used_in.{index}", "variation", variation, variations, "tables.toml"
                    )
                )
    build = tables.map_build
    if build.starting_realm not in realm_ids:
        problems.append(
            _unknown(
                "map_build.starting_realm", "realm", build.starting_realm, realm_ids, "tables.toml"
            )
        )
    for index, die_id in enumerate(build.dice):
        if die_id not in dice:
            problems.append(_unknown(f"map_build.dice.{index}", "die", die_id, dice, "dice.toml"))
    placeable = set(items) | feature_ids
    for index, items_row in enumerate(build.items):
        for p_index, thing in enumerate(items_row.places):
            if thing not in placeable:
                problems.append(
                    _unknown(
                        f"map_build.items.{index}.places.{p_index}",
                        "item or feature",
                        thing,
                        placeable,
                        "items.toml or tables.toml",
                    )
                )
    return problems


def _option_problems(options: OptionsFile, points: SkillPoints) -> list[str]:
    if options.starting_skill_points.default > points.full:
        full = f"{points.full} skill point" + ("" if points.full == 1 else "s")
        return [f"starting_skill_points.default: more than the full {full}"]
    return []


def _first_problems(checked: Sequence[tuple[Path, list[str]]]) -> None:
    for path, problems in checked:
        if problems:
            raise DataFileError(path, problems)


def load_catalog(folder: Path | None = None) -> HeroicaCatalog:
    """Load and check the data files in ``folder`` (default: the bundled ones).

    Raises :class:`~companion.datafiles.DataFileError` naming the file and the field of the
    first file with problems, including ids, die faces and colours another file lacks.
    """
    base = data_dir() if folder is None else folder
    paths = {key: base / name for key, name in DATA_FILES.items()}
    dice = load_toml(paths["dice"], DiceFile)
    heroes = load_toml(paths["heroes"], HeroesFile)
    monsters = load_toml(paths["monsters"], MonstersFile)
    items = load_toml(paths["items"], ItemsFile)
    tables = load_toml(paths["tables"], TablesFile)
    options = load_toml(paths["options"], OptionsFile)
    dice_by_id = MappingProxyType({d.id: d for d in dice.dice})
    items_by_id = MappingProxyType({i.id: i for i in items.items})
    points = heroes.skill_points
    _first_problems(
        [
            (paths["dice"], _dice_problems(dice)),
            (paths["heroes"], _hero_problems(heroes, dice_by_id, items)),
            (paths["monsters"], _monster_problems(monsters, dice_by_id, tables)),
            (paths["items"], _item_problems(items, dice_by_id, points, tables)),
            (paths["tables"], _table_problems(tables, dice_by_id, items_by_id)),
            (paths["options"], _option_problems(options, points)),
        ]
    )
    return HeroicaCatalog(
        dice=dice_by_id,
        heroes=MappingProxyType({h.id: h for h in heroes.heroes}),
        skill_points=points,
        ranks=MappingProxyType({r.id.value: r for r in monsters.ranks}),
        monsters=MappingProxyType({m.id: m for m in monsters.monsters}),
        items=items_by_id,
        items_file=items,
        realms=MappingProxyType({r.id: r for r in tables.realms}),
        features=MappingProxyType({f.id: f for f in tables.features}),
        tables=tables,
        options=options,
    )


@cache
def default_catalog() -> HeroicaCatalog:
    """The bundled catalog, loaded once."""
    return load_catalog()


def dice_specs() -> tuple[DieSpec, ...]:
    """The bundled catalog's dice, as :class:`~companion.rules.table.DieSpec` values."""
    return default_catalog().dice_specs()
