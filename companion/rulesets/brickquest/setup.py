"""Build a BrickQuest game state from a set-up document (a scenario without its checks)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from difflib import get_close_matches
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.model.dungeon import (
    DEFAULT_OBJECT_HEIGHT,
    DungeonMap,
    Facing,
    MapObject,
    ObjectKind,
)
from companion.model.mapfile import MapDocument
from companion.model.textmap import TextMapError, parse_text_map
from companion.rules.places import place_name
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.context import BREAKABLE, footprint, item_base
from companion.rulesets.brickquest.schema import (
    ClassDef,
    Condition,
    ItemCategory,
    MonsterDef,
    Sapper,
    SpecialTreasure,
    Spellcaster,
)
from companion.rulesets.brickquest.state import (
    Affliction,
    FigureState,
    GameState,
    Options,
    profile,
)

#: Conditions a scenario may start a figure with.
KNOWN_EFFECTS = frozenset(
    {c.value for c in Condition} - {"magic_locked", "warded", "posing"}
    | {"speed", "war_horn", "werewolf"}
)
#: Ethereal movement: "floating at a rate of 4 squares per action".
ETHEREAL_RATE = 4


class SetupError(ValueError):
    """A set-up that cannot start a game; the message names the field."""


class EffectSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    rounds: int | None = Field(default=None, ge=0, le=999)
    source: str | None = None


class ObjectSpec(BaseModel):
    """A piece of furniture on the map: chest, barrel, sarcophagus, lever..."""

    model_config = ConfigDict(extra="forbid")

    at: tuple[int, int]
    kind: ObjectKind
    height: int | None = Field(default=None, ge=0, le=100)
    facing: Facing = Facing.S
    open: bool = False
    locked: bool = False
    contents: list[str] = Field(default_factory=list, max_length=64)


class FigureSpec(BaseModel):
    """A figure of the scenario format: a class or a monster, where it stands."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    id: str = Field(min_length=1, max_length=64)
    name: str | None = None
    side: str = Field(min_length=1, max_length=64)
    class_: str | None = Field(default=None, alias="class")
    monster: str | None = None
    weapon: str | None = None
    at: tuple[int, int]
    facing: Facing = Facing.S
    hp: int | None = Field(default=None, ge=0, le=999)
    max_hp: int | None = Field(default=None, ge=1, le=999)
    sp: int | None = Field(default=None, ge=0, le=999)
    dead: bool = False
    effects: list[str | EffectSpec] = Field(default_factory=list, max_length=50)
    items: list[str] = Field(default_factory=list, max_length=200)
    explosives: int | None = Field(default=None, ge=0, le=99)
    #: Optional abilities of the monster's card this one has (a casting snakeman).
    abilities: list[str] = Field(default_factory=list, max_length=10)
    #: A living statue still pretending (None: a statue poses, anything else does not).
    posing: bool | None = None


def _unknown(kind: str, ident: str, known: Iterable[str]) -> str:
    near = get_close_matches(ident, list(known), n=3)
    hint = f" (did you mean {', '.join(repr(n) for n in near)}?)" if near else ""
    return f"unknown {kind} {ident!r}{hint}"


def standing_problem(dungeon: DungeonMap, fid: str, x: int, y: int) -> str | None:
    """Why ``fid`` cannot stand on [x, y] (a wall, a barrel...), or None: it may.

    The one check of a figure's square for a game's set-up (``build_state``) and a map
    (``table_problems``, ``brick-companion validate``), so both say the same."""
    obj = dungeon.object_at(x, y)
    if obj is not None and obj.blocks_movement:
        return (
            f"{fid} stands on a {obj.kind.value} at {place_name((x, y))};"
            " figures cannot stand on it"
        )
    if dungeon.blocks_movement()[y, x]:
        terrain = dungeon.terrain_at(x, y).name.lower().replace("_", " ")
        return f"{fid} stands on {terrain} at {place_name((x, y))}"
    return None


def table_problems(doc: MapDocument) -> list[tuple[str, str]]:
    """Every map figure on a square it may not stand on, as (place, message)."""
    problems = []
    for i, fig in enumerate(doc.figures):
        x, y = fig.at
        if doc.dungeon.in_bounds(x, y):
            problem = standing_problem(doc.dungeon, fig.id, x, y)
            if problem is not None:
                problems.append((f"figures[{i}] {fig.id!r}", problem))
    return problems


def build_state(setup: Mapping[str, Any], catalog: BrickQuestCatalog) -> GameState:
    """The initial state; ``SetupError`` names what is wrong and where."""
    try:
        options = Options.model_validate(setup.get("options", {}))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = f"options.{'.'.join(map(str, err['loc']))}"
        if err["type"] == "extra_forbidden":
            name = str(err["loc"][-1])
            known = ", ".join(Options.model_fields)
            raise SetupError(
                f"{where}: {_unknown('option', name, Options.model_fields)} (options: {known})"
            ) from None
        raise SetupError(f"{where}: {err['msg']}") from None
    spec = setup.get("map") or {}
    given = setup.get("dungeon")
    if isinstance(given, DungeonMap):  # a game made from a map file (game_setup.py)
        dungeon = given.copy()
    else:
        try:
            dungeon = parse_text_map(
                spec.get("terrain", []), spec.get("heights"), spec.get("stairs")
            )
        except TextMapError as exc:
            raise SetupError(f"map: {exc}") from None
    _place_objects(dungeon, spec.get("objects") or [], catalog)
    floor_items = _floor_items(dungeon, spec.get("items") or {}, catalog)
    blocked = dungeon.blocks_movement()
    figures: dict[str, FigureState] = {}
    occupied: dict[tuple[int, int], str] = {}
    for index, raw in enumerate(setup.get("figures", [])):
        where = f"figures.{index}"
        try:
            fs = FigureSpec.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise SetupError(f"{where}.{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
        if fs.id in figures:
            raise SetupError(f"{where}.id: figure id {fs.id!r} is used twice")
        x, y = fs.at
        if not dungeon.in_bounds(x, y):
            raise SetupError(f"{where}.at: square {place_name((x, y))} is off the map")
        if blocked[y, x]:
            raise SetupError(f"{where}.at: {standing_problem(dungeon, fs.id, x, y)}")
        if not fs.dead and (x, y) in occupied:
            raise SetupError(
                f"{where}.at: {place_name((x, y))} is already taken by {occupied[(x, y)]}"
            )
        fig = _figure(fs, catalog, where)
        size = options.large_footprint if profile(catalog, fig).large else 1
        covered = footprint((x, y), size)
        _check_footprint(dungeon, fs, covered, occupied, where)
        figures[fs.id] = fig
        if not fs.dead:
            for sq in covered:
                occupied[sq] = fs.id
    initiative = setup.get("initiative")
    if initiative is not None:
        if not isinstance(initiative, list | tuple):
            raise SetupError("initiative: give the figure ids in acting order")
        for i, fid in enumerate(initiative):
            if fid not in figures:
                raise SetupError(f"initiative.{i}: {_unknown('figure', fid, figures)}")
    numbers = setup.get("initiative_numbers") or {}
    if not isinstance(numbers, Mapping):
        raise SetupError("initiative_numbers: give {figure: number}")
    for fid, number in numbers.items():
        if fid not in figures:
            raise SetupError(f"initiative_numbers.{fid}: {_unknown('figure', fid, figures)}")
        if not isinstance(number, int) or isinstance(number, bool):
            raise SetupError(f"initiative_numbers.{fid}: {number!r} is not a whole number")
    return GameState(
        options=options,
        dungeon=dungeon,
        figures=figures,
        initiative=tuple(initiative) if initiative is not None else None,
        initiative_numbers=dict(numbers),
        current=initiative[0] if initiative else None,
        floor_items=floor_items,
        needs_initiative=bool(setup.get("roll_initiative")) and initiative is None,
    )


def _check_footprint(
    dungeon: DungeonMap,
    fs: FigureSpec,
    covered: list[tuple[int, int]],
    occupied: dict[tuple[int, int], str],
    where: str,
) -> None:
    """A Large Creature's other squares: on the map, open, free (``large_footprint``)."""
    if len(covered) == 1:
        return
    blocked = dungeon.blocks_movement()
    n = int(len(covered) ** 0.5)
    x, y = fs.at
    what = f"{fs.id} covers {n}x{n} squares from {place_name((x, y))} (option large_footprint)"
    for cx, cy in covered[1:]:
        if not dungeon.in_bounds(cx, cy):
            raise SetupError(f"{where}.at: {what}: {place_name((cx, cy))} is off the map")
        if blocked[cy, cx]:
            obj = dungeon.object_at(cx, cy)
            terrain = dungeon.terrain_at(cx, cy).name.lower().replace("_", " ")
            under = f"a {obj.kind.value}" if obj is not None and obj.blocks_movement else terrain
            raise SetupError(f"{where}.at: {what}: {place_name((cx, cy))} is {under}")
        if not fs.dead and (cx, cy) in occupied:
            raise SetupError(
                f"{where}.at: {what}: {place_name((cx, cy))}"
                f" is already taken by {occupied[(cx, cy)]}"
            )


def _place_objects(dungeon: DungeonMap, raw: list[Any], catalog: BrickQuestCatalog) -> None:
    for index, entry in enumerate(raw):
        where = f"map.objects.{index}"
        try:
            obj = ObjectSpec.model_validate(entry)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise SetupError(f"{where}.{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
        x, y = obj.at
        if not dungeon.in_bounds(x, y):
            raise SetupError(f"{where}.at: square {place_name((x, y))} is off the map")
        if (x, y) in dungeon.objects:
            raise SetupError(f"{where}.at: {place_name((x, y))} already holds an object")
        for item in obj.contents:
            check_item(item, catalog, f"{where}.contents")
        height = obj.height if obj.height is not None else DEFAULT_OBJECT_HEIGHT[obj.kind]
        dungeon.objects[(x, y)] = MapObject(
            kind=obj.kind,
            height=height,
            facing=obj.facing,
            is_open=obj.open,
            locked=obj.locked,
            contents=tuple(obj.contents),
        )


def _floor_items(
    dungeon: DungeonMap, raw: Mapping[str, list[str]], catalog: BrickQuestCatalog
) -> dict[tuple[int, int], tuple[str, ...]]:
    out: dict[tuple[int, int], tuple[str, ...]] = {}
    for key, items in raw.items():
        try:
            x, y = (int(p) for p in key.split(","))
        except ValueError:
            raise SetupError(f"map.items: key {key!r} is not 'x,y'") from None
        if not dungeon.in_bounds(x, y):
            raise SetupError(f"map.items.{key}: square {place_name((x, y))} is off the map")
        for item in items:
            check_item(item, catalog, f"map.items.{key}")
        out[(x, y)] = tuple(items)
    return out


def _affliction(spec: str | EffectSpec, where: str) -> Affliction:
    """A condition the figure starts with.  One given a ``source`` that is a hostile
    ongoing spell (curse, hiccups, silence, blindness) rolls to break at the start of
    that figure's turns, as if it had been cast."""
    e = EffectSpec(id=spec) if isinstance(spec, str) else spec
    if e.id not in KNOWN_EFFECTS:
        raise SetupError(f"{where}: {_unknown('effect', e.id, sorted(KNOWN_EFFECTS))}")
    breakable = e.source is not None and e.id in BREAKABLE
    value = 1 if e.id in ("cursed", "mummy_rot", "poisoned") else 0
    if e.id == "ethereal":
        value = ETHEREAL_RATE
    return Affliction(id=e.id, rounds=e.rounds, source=e.source, breakable=breakable, value=value)


def _special_treasure(card: ClassDef | MonsterDef) -> tuple[str, ...]:
    """What a monster carries by its card: Elephanthulhu's ruby eyes (``ruby@x5`` twice)."""
    treasure = card.ability("special_treasure")
    if not isinstance(treasure, SpecialTreasure):
        return ()
    return (f"{treasure.item}@x{treasure.multiplier}",) * treasure.count


def check_item(item: str, catalog: BrickQuestCatalog, where: str) -> None:
    """A carried item string: a catalog id, ``scroll:<spell>``, ``book:<a>+<b>+<c>``, or a
    strengthened potion ``<potion>@x2``."""
    base = item_base(item)
    if base not in catalog.items:
        raise SetupError(f"{where}: {_unknown('item', base, catalog.items)}")
    card = catalog.items[base]
    _, at, times = item.partition("@")
    if at and not (times.startswith("x") and times[1:].isdigit() and int(times[1:]) >= 1):
        raise SetupError(f"{where}: {item!r}: write a stronger or richer item as '{base}@x2'")
    _, _, spells = item.partition(":")
    if card.category in (ItemCategory.SCROLL, ItemCategory.BOOK):
        names = spells.split("+") if spells else []
        if not names or (card.spell_count is not None and len(names) > card.spell_count):
            raise SetupError(
                f"{where}: {item!r} should name 1 to {card.spell_count} spell(s),"
                f" e.g. '{base}:levin_bolt'"
            )
        for name in names:
            if name not in catalog.spells:
                raise SetupError(f"{where}: {_unknown('spell', name, catalog.spells)}")
    elif spells:
        raise SetupError(f"{where}: only scrolls and books name spells, not {item!r}")


def _figure(fs: FigureSpec, catalog: BrickQuestCatalog, where: str) -> FigureState:
    card: ClassDef | MonsterDef
    weapons: Mapping[str, int]
    if (fs.class_ is None) == (fs.monster is None):
        raise SetupError(f"{where}: give exactly one of 'class' and 'monster'")
    if fs.class_ is not None:
        if fs.class_ not in catalog.classes:
            raise SetupError(f"{where}.class: {_unknown('class', fs.class_, catalog.classes)}")
        card = catalog.classes[fs.class_]
        if fs.abilities:
            raise SetupError(f"{where}.abilities: only monsters have optional abilities")
        base_hp: int | None = card.hit_points
        base_sp = card.spell_points or 0
        weapons = {}
    else:
        assert fs.monster is not None
        if fs.monster not in catalog.monsters:
            known = catalog.monsters
            raise SetupError(f"{where}.monster: {_unknown('monster', fs.monster, known)}")
        monster = catalog.monsters[fs.monster]
        for i, ability in enumerate(fs.abilities):
            if ability not in monster.optional_abilities:
                optional = ", ".join(monster.optional_abilities) or "none"
                raise SetupError(
                    f"{where}.abilities.{i}: {monster.name} has no optional ability {ability!r}"
                    f" (optional: {optional})"
                )
        monster = monster.fitted(fs.abilities)
        card = monster
        base_hp = monster.hit_points
        caster = monster.ability("spellcaster")
        base_sp = caster.spell_points if isinstance(caster, Spellcaster) else 0
        weapons = monster.attack_dice_by_weapon
    if fs.weapon is not None and weapons and fs.weapon not in weapons:
        raise SetupError(f"{where}.weapon: {_unknown('weapon', fs.weapon, weapons)}")
    max_hp = fs.max_hp or base_hp or fs.hp
    if max_hp is None:
        raise SetupError(
            f"{where}.hp: the rules give {card.name} no hit points; set 'hp' in the scenario"
        )
    hp = max_hp if fs.hp is None else fs.hp
    sapper = card.ability("sapper")
    explosives = fs.explosives
    if explosives is None:
        explosives = sapper.explosive_points if isinstance(sapper, Sapper) else 0
    for item in fs.items:
        check_item(item, catalog, f"{where}.items")
    afflictions = tuple(_affliction(e, f"{where}.effects.{i}") for i, e in enumerate(fs.effects))
    statue = card.has_ability("living_statue")
    if fs.posing and not statue:
        raise SetupError(f"{where}.posing: only a living statue poses as a statue")
    if statue and fs.posing is not False and not fs.dead:
        afflictions = (*afflictions, Affliction(id="posing"))  # it starts as a statue
    return FigureState(
        id=fs.id,
        name=fs.name or fs.id,
        side=fs.side,
        class_id=fs.class_,
        monster_id=fs.monster,
        weapon=fs.weapon,
        x=fs.at[0],
        y=fs.at[1],
        facing=fs.facing,
        hp=0 if fs.dead else min(hp, 999),
        max_hp=max_hp,
        sp=base_sp if fs.sp is None else fs.sp,
        max_sp=base_sp,
        dead=fs.dead or hp <= 0,
        afflictions=afflictions,
        items=(*fs.items, *_special_treasure(card)),
        explosives=explosives,
        visited=(fs.at,),
        optional_abilities=tuple(fs.abilities),
    )
