"""Building an encounter: from a rules scenario's keys, or from a table map (and, if
given, a roster of characters).

The set-up document (what ``initial_state`` reads) holds::

    {"map": {"terrain": [...], "heights": [...]},     # one character per stud
     "sides": ["red", "blue"],                         # optional: the figures' order
     "figures": [{"id", "side", "class" | "mook", "at": [x, y], "facing": "N", ...}],
     "options": {...},
     "round": 1, "phase": "initiative", "acted": [...]}

A figure's dice, move and gimmicks come from its class or mook unless given; its
weapons, armour, items, spells and gems are listed (VOCABULARY.md).  A game made from a
map file passes the map itself as ``"dungeon"``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.model.dungeon import DungeonMap
from companion.model.geometry.tabletop import (
    TableLayers,
    barriers,
    centre_of,
    standing_height,
)
from companion.model.mapfile import MapDocument
from companion.model.textmap import TextMapError, parse_text_map
from companion.rules.places import place_name
from companion.rules.ruleset import ScenarioSetup
from companion.rules.scenario import ScenarioError, row_problems, validation_problems
from companion.rules.table import SetupChoice
from companion.rulesets.brickmasters_of_the_unknown.catalog import BmotuCatalog
from companion.rulesets.brickmasters_of_the_unknown.character import read_roster
from companion.rulesets.brickmasters_of_the_unknown.dtypes import Dtype
from companion.rulesets.brickmasters_of_the_unknown.options import Options
from companion.rulesets.brickmasters_of_the_unknown.rules import FACING
from companion.rulesets.brickmasters_of_the_unknown.state import (
    STATS,
    Casting,
    Effect,
    Encounter,
    Fig,
    Stat,
    Weapon,
)

Row = Annotated[str, Field(max_length=512)]
Cell = tuple[int, int]
Ident = Annotated[str, Field(min_length=1, max_length=64)]
Ids = Annotated[list[Ident], Field(max_length=40)]
_ARMOUR_SLOTS = ("helmet", "breastplate", "shield", "visor", "pauldrons", "burnoose")


class SetupError(ValueError):
    """A set-up that cannot start an encounter; the message names the place."""


class TableSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    terrain: list[Row] = Field(min_length=1, max_length=512)
    heights: list[Row] | None = Field(default=None, max_length=512)

    @property
    def size(self) -> tuple[int, int]:
        return max(len(row) for row in self.terrain), len(self.terrain)


class EffectSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: Literal[
        "bump", "asleep", "webbed", "haste", "slow", "turned", "frog", "charmed", "mending"
    ]
    rounds: int = Field(ge=1, le=99)
    stat: Stat | None = None
    amount: int = Field(default=0, ge=-7, le=7)
    side: str = ""


class FigureSpec(BaseModel):
    """A figure on the table: its class or mook, what it carries, what happened to it."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    id: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")]
    name: Annotated[str, Field(max_length=200)] = ""
    side: Annotated[str, Field(min_length=1, max_length=32)]
    class_id: Annotated[str | None, Field(alias="class", max_length=64)] = None
    mook: Annotated[str | None, Field(max_length=64)] = None
    elite: bool = False
    at: Cell
    facing: str = "S"
    fight: Dtype | None = None
    shoot: Dtype | None = None
    cast: Dtype | None = None
    adventure: Dtype | None = None
    unarmed: list[Stat] | None = None
    move: Annotated[int, Field(ge=0, le=99)] | None = None
    gimmicks: Ids | None = None
    weapons: Ids = Field(default_factory=list)
    armour: Ids | None = None
    torso: bool | None = None
    inherent: Annotated[int, Field(ge=0, le=20)] | None = None
    items: Ids = Field(default_factory=list)
    spells: Ids = Field(default_factory=list)
    prepared: Ids | None = None
    spells_left: Annotated[int, Field(ge=0, le=40)] | None = None
    gems: Ids = Field(default_factory=list)
    beast: bool | None = None
    undead: bool | None = None
    broken: bool = False
    initiative: Annotated[int, Field(ge=0, le=99)] | None = None
    effects: list[EffectSpec] = Field(default_factory=list, max_length=20)
    used: Ids = Field(default_factory=list)
    base: Annotated[float, Field(ge=0.5, le=8)] | None = None


class CastingSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    caster: Ident
    spell: Ident
    targets: Ids = Field(default_factory=list)
    mode: str = ""
    stat: Stat | None = None
    to: Cell | None = None


class EncounterSpec(BaseModel):
    """A scenario's keys for this ruleset."""

    model_config = ConfigDict(extra="forbid")

    map: TableSpec
    sides: list[Annotated[str, Field(min_length=1, max_length=32)]] | None = Field(
        default=None, max_length=8
    )
    figures: list[FigureSpec] = Field(default_factory=list, max_length=200)
    options: dict[str, Any] = Field(default_factory=dict)
    round: Annotated[int, Field(ge=1)] = 1
    phase: Literal["initiative", "action", "final_shots", "combat", "spells"] | None = None
    acted: Ids = Field(default_factory=list)
    castings: list[CastingSpec] = Field(default_factory=list, max_length=40)


def scenario_setup(ruleset_id: str, doc: Mapping[str, Any]) -> ScenarioSetup:
    """Validate a scenario's keys; ``ScenarioError`` lists every problem with its place."""
    try:
        spec = EncounterSpec.model_validate_json(json.dumps(dict(doc)))
    except ValidationError as exc:
        raise ScenarioError(problems=validation_problems(exc)) from None
    ragged = row_problems("map.terrain", spec.map.terrain)
    ragged += row_problems("map.heights", spec.map.heights or [], spec.map.size[0])
    if ragged:
        raise ScenarioError(problems=ragged)
    setup = {"ruleset": ruleset_id, **spec.model_dump(by_alias=True, exclude_none=True)}
    return ScenarioSetup(setup=setup, grid=spec.map.size)


def weapon_of(catalog: BmotuCatalog, weapon_id: str) -> Weapon:
    w = catalog.get_weapon(weapon_id)
    fight, shoot = w.use("fight"), w.use("shoot")
    return Weapon(
        id=w.id,
        name=w.name,
        fight_range=float(fight.range_studs) if fight else None,
        shoot_range=float(shoot.range_studs) if shoot else None,
        damage=w.damage_class,  # type: ignore[arg-type]
        reloads=w.no_final_shot,
        opening=int(w.opening_studs),
        hand=w.hand_weapon,
    )


def make_fig(fs: FigureSpec, catalog: BmotuCatalog, options: Options, where: str) -> Fig:
    """A figure from its spec, the gaps filled from its class or mook."""
    if (fs.class_id is None) == (fs.mook is None):
        raise SetupError(f"{where}: give a class or a mook (one of them)")
    try:
        if fs.class_id is not None:
            cls = catalog.get_class(fs.class_id)
            dice = {s: cls.dtype(s) for s in STATS}
            unarmed: set[Stat] = set()
            move = cls.move
            gimmicks = tuple(cls.free_gimmicks)
            pen = cls.move_penalty
            penalty = (pen.free_pieces, pen.per_pieces, pen.studs)
            kind, kind_name, is_char = cls.id, cls.name, True
            armour: tuple[str, ...] = ()
            inherent, beast, undead = 0, False, False
        else:
            mook = catalog.get_mook(str(fs.mook))
            dice = {s: mook.stat(s).die for s in STATS}
            unarmed = {s for s in STATS if mook.stat(s).unarmed}
            move = mook.move
            if options.goblin_mook_move == "ten" and mook.move_reading is not None:
                move = mook.move_reading
            gimmicks = tuple(mook.gimmicks)
            if fs.elite and mook.elite is not None:
                gimmicks += tuple(mook.elite.gimmicks)
                for s in STATS:
                    better = getattr(mook.elite, s)
                    if better is not None:
                        dice[s] = better
            penalty = (1, 1, 1)
            kind, kind_name, is_char = mook.id, mook.name, False
            armour = _ARMOUR_SLOTS[: mook.armour_worn]
            inherent, beast, undead = mook.armour_inherent, mook.beast, mook.undead
        weapons = [weapon_of(catalog, w) for w in fs.weapons]
        gimmick_ids = tuple(fs.gimmicks) if fs.gimmicks is not None else gimmicks
        for g in gimmick_ids:
            catalog.get_gimmick(g)
        beast = fs.beast if fs.beast is not None else beast
        if beast and not any(w.fight_range for w in weapons):
            weapons.append(weapon_of(catalog, catalog.beast_weapon))
        if "kung_fu" in gimmick_ids and not any(w.fight_range for w in weapons):
            weapons.append(weapon_of(catalog, "kung_fu_hands"))
        if fs.armour is not None:
            armour = tuple(fs.armour)
        for a in armour:
            if not catalog.get_armour(a).removable:
                raise SetupError(f"{where}.armour: {a!r} is not a removable piece (say torso)")
        items = [catalog.get_item(i) for i in fs.items]
        gems = tuple(catalog.get_gem(g).spell for g in fs.gems)
        for sp in fs.spells:
            catalog.get_spell(sp)
    except SetupError:
        raise
    except (KeyError, LookupError, ValueError) as exc:
        raise SetupError(f"{where}: {exc}") from None
    for s in STATS:
        given = getattr(fs, s)
        if given is not None:
            dice[s] = given
    if fs.unarmed is not None:
        unarmed = set(fs.unarmed)
    prepared = tuple(fs.prepared) if fs.prepared is not None else tuple(fs.spells)
    cx, cy = centre_of(fs.at)
    facing = fs.facing.upper()
    if not FACING.allows(facing):
        raise SetupError(
            f"{where}.facing: {fs.facing!r} is not one of {', '.join(FACING.directions)}"
        )
    return Fig(
        id=fs.id,
        name=fs.name or fs.id,
        side=fs.side,
        kind=kind,
        kind_name=kind_name,
        is_character=is_char,
        dice=tuple((s, dice[s]) for s in STATS),
        unarmed_stats=frozenset(unarmed),
        move=fs.move if fs.move is not None else move,
        move_penalty=penalty,
        gimmicks=gimmick_ids,
        weapons=tuple(weapons),
        armour=armour,
        torso=bool(fs.torso) if fs.torso is not None else False,
        inherent=fs.inherent if fs.inherent is not None else inherent,
        items=tuple(i.id for i in items if i.absorbs_hit),
        gear=tuple(i.id for i in items if i.casting_gear),
        spells_known=tuple(fs.spells),
        prepared=prepared,
        spells_left=fs.spells_left if fs.spells_left is not None else len(prepared),
        gems=gems,
        beast=beast,
        undead=fs.undead if fs.undead is not None else undead,
        x=cx,
        y=cy,
        radius=fs.base if fs.base is not None else options.base_radius_studs,
        facing=facing,
        elevation=0,
        armour_start=armour,
        broken=fs.broken,
        initiative=fs.initiative,
        effects=tuple(Effect(e.kind, e.rounds, e.stat, e.amount, e.side) for e in fs.effects),
        used=frozenset(fs.used),
    )


def build_encounter(setup: Mapping[str, Any], catalog: BmotuCatalog) -> Encounter:
    """The encounter a set-up document starts; ``SetupError`` names what is wrong."""
    raw = {k: v for k, v in setup.items() if k not in ("ruleset", "dungeon")}
    given = setup.get("dungeon")
    if isinstance(given, DungeonMap):
        raw.setdefault("map", {"terrain": ["."]})
    try:
        spec = EncounterSpec.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise SetupError(f"{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    try:
        options = Options(**spec.options)
    except ValidationError as exc:
        err = exc.errors()[0]
        known = ", ".join(Options.model_fields)
        raise SetupError(
            f"options.{'.'.join(map(str, err['loc']))}: {err['msg']} (options: {known})"
        ) from None
    if isinstance(given, DungeonMap):
        table = given.copy()
    else:
        try:
            table = parse_text_map(spec.map.terrain, spec.map.heights)
        except TextMapError as exc:
            raise SetupError(f"map: {exc}") from None
    figs: dict[str, Fig] = {}
    wall = barriers(table)
    problems: list[str] = []
    for i, fs in enumerate(spec.figures):
        where = f"figures.{i}"
        if fs.id in figs:
            problems.append(f"{where}.id: {fs.id!r} is used twice")
            continue
        x, y = fs.at
        if not table.in_bounds(x, y):
            problems.append(
                f"{where}.at: {place_name(fs.at)} is off the {table.width}x{table.height} table"
            )
            continue
        if wall[y, x]:
            problems.append(f"{where}.at: {place_name(fs.at)} is a wall or a barrier")
            continue
        try:
            f = make_fig(fs, catalog, options, where)
        except SetupError as exc:
            problems.append(str(exc))
            continue
        figs[fs.id] = f.with_(
            elevation=standing_height(table, (f.x, f.y)), tiebreak=len(spec.figures) - i
        )
    if problems:
        raise SetupError("; ".join(problems))
    sides = tuple(spec.sides or dict.fromkeys(f.side for f in figs.values()))
    strays = [f"{f.id}: side {f.side!r}" for f in figs.values() if f.side not in sides]
    if strays:
        raise SetupError(f"figures on no side of {list(sides)}: {', '.join(strays)}")
    for c in spec.castings:
        if c.caster not in figs:
            raise SetupError(f"castings: no figure {c.caster!r}")
    phase = spec.phase
    if phase is None:
        phase = (
            "action"
            if figs and all(f.initiative is not None for f in figs.values())
            else "initiative"
        )
    if phase != "initiative" and any(f.initiative is None for f in figs.values()):
        figs = {k: f.with_(initiative=f.initiative or 0) for k, f in figs.items()}
    return Encounter(
        table=table,
        figs=figs,
        sides=sides,
        options=options,
        round=spec.round,
        phase=phase,
        acted=frozenset(spec.acted),
        castings=tuple(
            Casting(c.caster, c.spell, tuple(c.targets), c.mode, c.stat, c.to)
            for c in spec.castings
        ),
        layers=TableLayers.of(table),
    )


# -- a new game from a table map ----------------------------------------------------------

#: The kit a map figure is placed with when no roster says what it carries [GAP]: the
#: text has no starting equipment ("wysiwyg"), so a plausible minifig of each class.
KITS: dict[str, dict[str, Any]] = {
    "fighter": {"weapons": ["sword"], "armour": ["helmet", "breastplate", "shield"], "torso": True},
    "mage": {
        "weapons": ["dagger"],
        "items": ["magic_staff", "wizard_hat_pointy", "cape"],
        "spells": ["zap_blast", "sleep_stun", "heal"],
    },
    "rogue": {"weapons": ["dagger", "bow"], "armour": ["helmet"]},
    "adventurer": {"weapons": ["sword", "thrown"], "armour": ["helmet", "shield"]},
    "dwarf": {"weapons": ["two_handed"], "armour": ["helmet", "breastplate"]},
    "elf": {
        "weapons": ["bow"],
        "items": ["baton_wand", "cape"],
        "spells": ["zap_blast", "curse_bless", "haste_slow", "web_wall", "teleport", "charm"],
    },
    "hobbit": {"weapons": ["dagger", "thrown"]},
    "goblin": {"weapons": ["bow", "dagger"]},
}
_MOOK_WEAPONS: dict[str, list[str]] = {
    "knight": ["lance"], "soldier": ["spear"], "archer": ["bow", "dagger"],
    "pirate": ["sword", "pistol"], "ninja": ["sword", "thrown"], "viking": ["two_handed"],
    "orc": ["sword"], "goblin": ["bow", "dagger"],
    "dwarf": ["two_handed"], "elf": ["bow"], "townfolk": ["improvised"], "native": ["spear", "bow"],
    "yeoman": ["bow", "dagger"], "troll": ["small_club"], "joe_skeleton": ["sword"],
}  # fmt: skip


def setup_choices(doc: MapDocument, catalog: BmotuCatalog) -> list[SetupChoice]:
    """Each map figure's weapons and armour, defaulting to its kit."""
    weapons = tuple((w.id, w.name) for w in catalog.weapons.values() if not w.natural)
    pieces = tuple((a.id, a.name) for a in catalog.armour.values() if a.removable)
    out = []
    for p in doc.figures:
        kit = _kit(p.class_id, p.monster, catalog)
        if kit is None:
            continue
        out.append(
            SetupChoice(
                figure=p.id,
                key="weapons",
                label=f"{p.label}: weapons",
                choices=weapons,
                default=tuple(kit.get("weapons", ())),
                multiple=True,
            )
        )
        out.append(
            SetupChoice(
                figure=p.id,
                key="armour",
                label=f"{p.label}: armour pieces",
                choices=pieces,
                default=tuple(kit.get("armour", ())),
                multiple=True,
            )
        )
    return out


def _kit(class_id: str | None, mook: str | None, catalog: BmotuCatalog) -> dict[str, Any] | None:
    if class_id and class_id in catalog.classes:
        return dict(KITS.get(class_id, {}))
    if mook and mook in catalog.mooks:
        m = catalog.mooks[mook]
        return {
            "weapons": _MOOK_WEAPONS.get(mook, []),
            "armour": list(_ARMOUR_SLOTS[: m.armour_worn]),
        }
    return None


def game_setup(
    doc: MapDocument,
    party: Mapping[str, Any] | None,
    options: Mapping[str, Any],
    choices: Mapping[str, Mapping[str, Any]],
    catalog: BmotuCatalog,
) -> dict[str, Any]:
    """A new game's set-up: the map's figures, each a roster character of its id (when a
    roster is given) or a class or mook with its kit (and the choices made for it)."""
    problems = table_problems(doc, catalog)
    if problems and party is None:
        raise SetupError("; ".join(f"{place}: {message}" for place, message in problems))
    roster = None
    # A party of another ruleset (the window's open BrickQuest party) plays no part here.
    if party is not None and party.get("ruleset") == "brickmasters_of_the_unknown":
        try:
            roster = read_roster(party, catalog)
        except ValueError as exc:
            raise SetupError(f"roster: {exc}") from None
    figures = []
    for p in doc.figures:
        c = roster.character(p.id) if roster is not None else None
        base: dict[str, Any] = {
            "id": p.id,
            "name": p.name,
            "side": p.side,
            "at": list(p.at),
            "facing": str(p.facing.value if hasattr(p.facing, "value") else p.facing),
        }
        if c is not None:
            # A sheet whose day has not begun (no spells prepared, none rolled): every
            # known spell is ready, one cast each [GAP: the text prepares them each day].
            prepared = c.spells_prepared
            if not prepared and c.spells_per_day is None:
                prepared = c.spells_known
            per_day = c.spells_per_day if c.spells_per_day is not None else len(prepared)
            left = max(0, per_day - c.spells_cast_today)
            own: dict[str, Any] = {
                "name": c.label,
                "side": c.side,
                "class": c.class_id,
                **{s: f"d{c.dtype(s)}" for s in STATS},
                "gimmicks": list(c.gimmicks),
                "weapons": list(c.weapons),
                "armour": list(c.armour),
                "torso": c.printed_torso,
                "items": list(c.items),
                "gems": list(c.gems),
                "spells": list(c.spells_known),
                "prepared": list(prepared),
                "spells_left": left,
                "broken": c.broken,
                "used": list(c.used_today),
                "base": c.base,
            }
            base.update(own)
        else:
            kit = _kit(p.class_id, p.monster, catalog)
            if kit is None:
                what = p.class_id or p.monster or "nothing"
                raise SetupError(
                    f"figure {p.id!r}: {what!r} is no class or mook of this game"
                    + (" and the roster has no character of that id" if roster is not None else "")
                )
            picked = choices.get(p.id, {})
            kit.update({k: list(v) for k, v in picked.items() if k in ("weapons", "armour")})
            base.update(kit)
            if p.class_id:
                base["class"] = p.class_id
            else:
                base["mook"] = p.monster
        figures.append(base)
    sides = list(dict.fromkeys(f["side"] for f in figures))
    if roster is not None:
        sides = list(dict.fromkeys([*roster.sides, *sides]))
    return {
        "dungeon": doc.dungeon,
        "map": {"terrain": ["."]},
        "sides": sides,
        "figures": figures,
        "options": dict(options),
    }


def table_problems(doc: MapDocument, catalog: BmotuCatalog) -> list[tuple[str, str]]:
    """Every reason a game could not start on ``doc`` (``TableCheck``): a figure that is no
    class nor mook, off the table or on a wall, or a base over another's (bases of the
    default radius, 1 stud); ``game_setup`` refuses the same."""
    problems: list[tuple[str, str]] = []
    wall = barriers(doc.dungeon)
    radius = Options().base_radius_studs
    placed: list[tuple[str, tuple[float, float]]] = []
    for i, p in enumerate(doc.figures):
        place = f"figures[{i}] {p.id!r}"
        if _kit(p.class_id, p.monster, catalog) is None:
            what = p.class_id or p.monster or "nothing"
            problems.append((place, f"{what!r} is no class or mook of Brickmasters of the Unknown"))
        x, y = p.at
        if not doc.dungeon.in_bounds(x, y):
            problems.append((place, f"{place_name(p.at)} is off the table"))
            continue
        if wall[y, x]:
            problems.append((place, f"{place_name(p.at)} is a wall or a barrier"))
            continue
        cx, cy = centre_of(p.at)
        for other, (ox, oy) in placed:
            gap = ((cx - ox) ** 2 + (cy - oy) ** 2) ** 0.5 - 2 * radius
            if gap < -1e-6:
                problems.append((place, f"{p.id}'s base overlaps {other}'s (gap {gap:.1f} studs)"))
        placed.append((p.id, (cx, cy)))
    return problems
