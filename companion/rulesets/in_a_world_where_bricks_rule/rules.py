"""In a World Where Bricks Rule's rules: who may act, what each action needs, what it does.

One function per question, each used by validation, resolution, the odds and the table
views alike, so no rule is written twice.  Every number comes from the catalog
(``resources/rulesets/in_a_world_where_bricks_rule``) or the game's options.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from companion.model.dungeon import Terrain
from companion.model.geometry.tabletop import (
    Base,
    StraightMove,
    centre_distance,
    centre_of,
    cover_fraction,
    gap,
    in_contact,
    sight_blocked,
    straight_move,
)
from companion.model.kept import Kept
from companion.rules.places import place_name
from companion.rules.verdict import Reason
from companion.rulesets.in_a_world_where_bricks_rule.catalog import IawwbrCatalog
from companion.rulesets.in_a_world_where_bricks_rule.lengths import studs_text
from companion.rulesets.in_a_world_where_bricks_rule.reasons import IawwbrReason
from companion.rulesets.in_a_world_where_bricks_rule.roster import has_range
from companion.rulesets.in_a_world_where_bricks_rule.schema import (
    CoverRule,
    FriendInContact,
    LengthMeasure,
    Options,
    Situation,
    UnblockedMovement,
    UndeadRevival,
    WizardBlast,
)
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle, Fighter

R = IawwbrReason


@dataclass(frozen=True)
class Ctx:
    """A battle and the data it is played with."""

    battle: Battle
    catalog: IawwbrCatalog

    @property
    def options(self) -> Options:
        return self.battle.options

    @property
    def length(self) -> float:
        """Studs in one length."""
        return float(self.battle.options.length_studs)

    def ability(self, f: Fighter, kind: str) -> object | None:
        return self.catalog.get_class(f.class_id).ability(kind)


def reason(code: IawwbrReason, message: str, cell: tuple[int, int] | None = None) -> Reason:
    return Reason(code=code, message=message, square=cell)


# -- who may act ------------------------------------------------------------------------


def activation_defense(ctx: Ctx, f: Fighter) -> int:
    """The defense the round's roll must reach: Knight -6, Soldier -3."""
    return ctx.catalog.activation_defense(f.class_id, f.defense)


def revives(ctx: Ctx, f: Fighter) -> UndeadRevival | None:
    got = ctx.ability(f, "undead_revival")
    return got if isinstance(got, UndeadRevival) else None


def may_be_eligible(ctx: Ctx, f: Fighter, roll: int) -> bool:
    """Whether the round's ``roll`` lets ``f`` act (a knocked-out Undead: roll its d6)."""
    if f.knocked_out:
        if revives(ctx, f) is None:
            return False
        if not ctx.options.undead_revival_needs_activation_roll:
            return True
    return activation_defense(ctx, f) <= roll


def waiting(ctx: Ctx, b: Battle | None = None) -> list[Fighter]:
    """Characters the roll let act that have not yet been activated, nor lost the round."""
    b = b or ctx.battle
    return [
        f
        for fid, f in b.fighters.items()
        if fid in b.eligible
        and fid not in b.done
        and fid not in b.stunned
        and (not f.knocked_out or revives(ctx, f) is not None)
    ]


def choosable(ctx: Ctx) -> list[str]:
    """The characters the player to move may activate now (the active one alone, if any)."""
    b = ctx.battle
    if b.winner is not None or b.roll is None:
        return []
    if b.active is not None:
        return [b.active]
    return [f.id for f in waiting(ctx) if f.side == b.side_to_act]


def actions_per_activation(ctx: Ctx) -> int:
    return ctx.catalog.rules.actions.per_activation


def actions_left(ctx: Ctx, f: Fighter, pick: Collection[str] | None = None) -> int:
    """Actions ``f`` has left now; ``pick``: ``choosable(ctx)`` if already known."""
    b = ctx.battle
    if b.active == f.id:
        return actions_per_activation(ctx) - b.actions_used
    return actions_per_activation(ctx) if f.id in (choosable(ctx) if pick is None else pick) else 0


# -- measuring --------------------------------------------------------------------------


def separation(ctx: Ctx, a: Base, b: Base) -> float:
    """Studs between two characters as "within one length" measures them (an option)."""
    if ctx.options.length_measured_between is LengthMeasure.CENTRES:
        return centre_distance(a, b)
    return max(0.0, gap(a, b))


def touching(ctx: Ctx, a: Fighter, b: Fighter) -> bool:
    """Base contact: the bases touch and stand at heights a character can reach across
    (less than ``contact_height_bricks`` apart: one on a tower is not in contact with one
    below)."""
    if abs(a.elevation - b.elevation) >= ctx.options.contact_height_bricks:
        return False
    return in_contact(a.base, b.base, ctx.options.contact_gap_studs)


def enemies_in_contact(ctx: Ctx, f: Fighter) -> list[Fighter]:
    return [
        o
        for o in ctx.battle.standing()
        if o.side != f.side and o.id != f.id and touching(ctx, f, o)
    ]


def movement_freedom(ctx: Ctx, f: Fighter) -> UnblockedMovement | None:
    got = ctx.ability(f, "unblocked_movement")
    return got if isinstance(got, UnblockedMovement) else None


#: Straight moves already measured, newest last: validating a move, checking that a forced
#: one can be carried out and resolving it each measure the same move.  Keyed by what the
#: measure reads: the table, its arrays, the figures, the options and the catalog (by
#: identity: a battle is replaced, never changed; each entry keeps them, so an id is not
#: reused while it is kept), the mover (a frozen value) and the cell.
_MEASURED: Kept[StraightMove] = Kept(64)


def check_move(ctx: Ctx, f: Fighter, to: tuple[int, int]) -> StraightMove:
    """What a straight move of ``f`` to the cell ``to`` crosses (Space Trooper: unblocked),
    measured once per battle, mover and cell (``measure_move``)."""
    b = ctx.battle
    held = (b.table, b.fighters, b.layers, b.options, ctx.catalog)
    key = (*map(id, held), f, (to[0], to[1]))
    hit = _MEASURED.get(key, held)
    return hit if hit is not None else _MEASURED.put(key, measure_move(ctx, f, to), held)


def measure_move(ctx: Ctx, f: Fighter, to: tuple[int, int]) -> StraightMove:
    """``check_move`` measured afresh."""
    free = movement_freedom(ctx, f)
    return straight_move(
        ctx.battle.table,
        f.base,
        centre_of(to),
        ctx.battle.bases(exclude=f.id),
        tall=ctx.options.tall_height_bricks,
        ignore_tall=bool(free and free.ignores_tall_objects),
        ignore_figures=bool(free and free.ignores_characters),
        layers=ctx.battle.table_layers,
    )


def difficult_move_cost(ctx: Ctx, f: Fighter) -> int:
    """Move actions a move of ``f`` through difficult terrain costs: two (a Space Trooper:
    one, as any move)."""
    free = movement_freedom(ctx, f)
    if free and free.ignores_difficult_terrain:
        return 1
    return ctx.catalog.rules.movement.difficult_terrain_actions


def move_cost(ctx: Ctx, f: Fighter, move: StraightMove) -> int:
    """Move actions a move costs: one, or ``difficult_move_cost`` through difficult terrain."""
    return difficult_move_cost(ctx, f) if move.difficult else 1


def move_reasons(ctx: Ctx, f: Fighter, to: tuple[int, int]) -> list[Reason]:
    """Why ``f`` may not move straight to ``to`` (empty: it may)."""
    table = ctx.battle.table
    if not table.in_bounds(*to):
        return [reason(R.OFF_TABLE, f"{place_name(to)} is off the table", to)]
    move = check_move(ctx, f, to)
    out = []
    reach = ctx.length * ctx.catalog.rules.movement.lengths_per_move
    if move.length > reach + 1e-6:
        out.append(
            reason(
                R.INSUFFICIENT_MOVEMENT,
                f"{f.name} moves at most one length ({reach:g} studs) in a straight line; "
                f"that is {studs_text(move.length)}",
                to,
            )
        )
    if move.off_table:
        out.append(reason(R.OFF_TABLE, "the move leaves the table", to))
    if move.blocked_at is not None:
        out.append(
            reason(R.IMPASSABLE_TERRAIN, _blocked_by(ctx, move.blocked_at, to), move.blocked_at)
        )
    if move.through is not None:
        other = ctx.battle.fighter(move.through)
        out.append(
            reason(R.OCCUPIED, f"{other.name} is in the way: characters block movement", other.cell)
        )
    if move.onto is not None:
        name = ctx.battle.fighter(move.onto).name
        out.append(reason(R.OCCUPIED, f"{name}'s base is there", to))
    return out


#: What a barrier cell is, in a refusal.
_BARRIER_NAMES = {
    Terrain.WALL: "a wall",
    Terrain.WATER: "water",
    Terrain.LAVA: "lava",
    Terrain.VOID: "the table's edge",
    Terrain.DOOR_CLOSED: "a shut door",
    Terrain.DOOR_LOCKED: "a locked door",
}


def _blocked_by(ctx: Ctx, cell: tuple[int, int], to: tuple[int, int]) -> str:
    """Why a move stops at ``cell``, worded: the barrier or the tall object there."""
    what = _BARRIER_NAMES.get(ctx.battle.table.terrain_at(*cell))
    if what is None:
        return "a tall object is in the way: a character cannot move through or over it"
    if cell == to:
        return f"a character cannot stop on {what}"
    return f"{what} is in the way"


# -- attacking --------------------------------------------------------------------------


def ranged(ctx: Ctx, f: Fighter) -> bool:
    """Whether ``f`` "has range" now (a dropped weapon gives none)."""
    return has_range(f.class_id, f.weapon, ctx.catalog)


@dataclass(frozen=True)
class AttackPlan:
    """How an attack would be made: melee or ranged, its bonus and each modifier."""

    melee: bool
    level: int
    modifiers: tuple[tuple[str, int], ...]
    defense: int

    @property
    def bonus(self) -> int:
        return self.level + sum(v for _, v in self.modifiers)

    @property
    def need(self) -> int:
        """The lowest d20 face that hits."""
        return self.defense - self.bonus


def covered(ctx: Ctx, a: Fighter, t: Fighter, declared: bool) -> bool:
    """ "Target has ≥50% cover", judged as the game's option says."""
    if ctx.options.cover is CoverRule.DECLARED:
        return declared
    others = ctx.battle.bases(exclude=a.id)
    share = cover_fraction(
        ctx.battle.table,
        a.base,
        t.base,
        others,
        tall=ctx.options.tall_height_bricks,
        layers=ctx.battle.table_layers,
    )
    return share >= 0.5


def plan_attack(ctx: Ctx, a: Fighter, t: Fighter, declared_cover: bool = False) -> AttackPlan:
    """The attack's modifiers, from the text's list and the attacker's class."""
    rules = ctx.catalog.rules.attack
    cls = ctx.catalog.get_class(a.class_id)
    melee = touching(ctx, a, t)
    mods: list[tuple[str, int]] = []

    def add(situation: Situation, label: str) -> None:
        if not cls.exempt_from(situation):
            mods.append((label, rules.modifier(situation)))

    if melee and ranged(ctx, a):
        add(Situation.MELEE_BY_RANGED_CHARACTER, "melee by a character with range")
    if t.elevation <= a.elevation - ctx.options.lower_elevation_min_bricks:
        add(Situation.TARGET_LOWER, "target lower")
    if covered(ctx, a, t, declared_cover):
        add(Situation.TARGET_IN_COVER, "target in cover")
    friends = [
        o
        for o in ctx.battle.standing()
        if o.side == a.side and o.id not in (a.id, t.id) and touching(ctx, o, t)
    ]
    friends_count = not melee or ctx.options.friend_in_contact_applies_to is FriendInContact.ALL
    if friends and friends_count:
        add(
            Situation.TARGET_IN_CONTACT_WITH_ATTACKER_SIDE,
            f"target in contact with {friends[0].name}",
        )
    # Reading: a bow, crossbow or gun gives its class bonus when it shoots; in base
    # contact the character fights, not shoots (classes.toml).
    shooting = a.weapon is not None and ctx.catalog.get_weapon(a.weapon).ranged
    if a.weapon is not None and not (melee and shooting):
        bonus = cls.attack_bonus(a.weapon)
        if bonus:
            mods.append(
                (f"{cls.name} with a {ctx.catalog.get_weapon(a.weapon).name.lower()}", bonus)
            )
    level = a.level if rules.adds_level else 0
    return AttackPlan(melee=melee, level=level, modifiers=tuple(mods), defense=t.defense)


def hits_dealt(ctx: Ctx, a: Fighter) -> int:
    """Hits a successful attack gives: one, and the Brute's extra."""
    return ctx.catalog.rules.attack.hits + ctx.catalog.get_class(a.class_id).extra_hits_dealt


def knock_out_at(ctx: Ctx, f: Fighter) -> int:
    """Hits that knock ``f`` out: its level (Brute: one more)."""
    return ctx.catalog.knock_out_hits(f.class_id, f.level)


def beyond_reach(ctx: Ctx, a: Fighter, t: Fighter) -> Reason | None:
    """Why ``t`` is beyond ``a``'s attacks: not in base contact and ``a`` has no range, or
    farther than its range (None: in contact, or within range).  One of
    ``attack_reasons``: an attack on a target beyond reach is never legal."""
    if touching(ctx, a, t):
        return None
    if not ranged(ctx, a):
        return reason(
            R.NO_RANGE, f"{t.name} is not in base contact and {a.name} has no range", t.cell
        )
    reach = ctx.length * ctx.catalog.rules.attack.ranged_reach_lengths
    dist = separation(ctx, a.base, t.base)
    if dist > reach + 1e-6:
        return reason(
            R.OUT_OF_RANGE,
            f"{t.name} is {studs_text(dist)} away; range reaches one length ({reach:g} studs)",
            t.cell,
        )
    return None


def attack_reasons(ctx: Ctx, a: Fighter, t: Fighter) -> list[Reason]:
    """Why ``a`` may not attack ``t`` (empty: it may)."""
    if t.id == a.id:
        return [reason(R.INVALID_TARGET, f"{a.name} cannot attack itself")]
    if t.knocked_out:
        return [reason(R.TARGET_DEAD, f"{t.name} is knocked out and out of the battle", t.cell)]
    out = []
    if a.weapon is None and not ctx.options.unarmed_attacks and not ranged(ctx, a):
        out.append(
            reason(R.DISARMED, f"{a.name} has no weapon (this game allows no unarmed attacks)")
        )
    if touching(ctx, a, t):
        return out
    far = beyond_reach(ctx, a, t)
    if far is not None:
        out.append(far)
    if not ranged(ctx, a):
        return out
    if ctx.options.ranged_attack_needs_line_of_sight:  # out of range and unseen: both said
        others = ctx.battle.bases(exclude=a.id)
        blocked = sight_blocked(
            ctx.battle.table,
            a.base,
            t.base,
            others,
            tall=ctx.options.tall_height_bricks,
            layers=ctx.battle.table_layers,
        )
        if blocked is not None:
            cell = blocked if isinstance(blocked, tuple) else ctx.battle.fighter(blocked).cell
            what = (
                "a tall object" if isinstance(blocked, tuple) else ctx.battle.fighter(blocked).name
            )
            out.append(
                reason(R.NO_LINE_OF_SIGHT, f"{what} blocks the line of sight to {t.name}", cell)
            )
    return out


def blast_of(ctx: Ctx, f: Fighter) -> WizardBlast | None:
    got = ctx.ability(f, "wizard_blast")
    return got if isinstance(got, WizardBlast) else None


def blast_reasons(ctx: Ctx, a: Fighter, t: Fighter) -> list[Reason]:
    """Why ``a`` may not use the Wizard's blast on ``t`` (empty: it may)."""
    blast = blast_of(ctx, a)
    if blast is None:
        return [reason(R.NO_ABILITY, f"{a.name} is not a Wizard")]
    out = []
    if a.id in ctx.battle.blasts:
        out.append(reason(R.ABILITY_USED, "the Wizard's blast can only be used once per round"))
    if t.id == a.id:
        out.append(reason(R.INVALID_TARGET, "the blast strikes another character"))
    elif t.knocked_out:
        out.append(reason(R.TARGET_DEAD, f"{t.name} is knocked out", t.cell))
    else:
        reach = ctx.length * blast.range_lengths
        dist = separation(ctx, a.base, t.base)
        if dist > reach + 1e-6:
            out.append(
                reason(
                    R.OUT_OF_RANGE,
                    f"{t.name} is {studs_text(dist)} away; the blast reaches one length "
                    f"({reach:g} studs)",
                    t.cell,
                )
            )
    return out


# -- climbing and picking up ------------------------------------------------------------

#: How far beyond its base's edge a character reaches to climb or pick something up (studs).
REACH_STUDS = 1.5


def climb_reasons(ctx: Ctx, f: Fighter, to: tuple[int, int]) -> list[Reason]:
    table = ctx.battle.table
    if not table.in_bounds(*to):
        return [reason(R.OFF_TABLE, f"{place_name(to)} is off the table", to)]
    point = centre_of(to)
    out = []
    if centre_distance(f.base, Base("", point[0], point[1], 0)) > f.radius + REACH_STUDS:
        out.append(reason(R.NOT_ADJACENT, "climb onto something next to the base", to))
    move = check_move(ctx, f, to)
    layers = ctx.battle.table_layers
    top = float(layers.top[to[1], to[0]])
    if move.off_table or layers.wall[to[1], to[0]]:
        out.append(reason(R.IMPASSABLE_TERRAIN, "nothing can be climbed there", to))
    elif top <= f.elevation:
        out.append(reason(R.NOTHING_TO_CLIMB, "there is nothing higher to climb onto", to))
    if move.onto is not None:
        out.append(reason(R.OCCUPIED, f"{ctx.battle.fighter(move.onto).name}'s base is there", to))
    return out


def item_reachable(f: Fighter, x: float, y: float) -> bool:
    return centre_distance(f.base, Base("", x, y, 0)) <= f.radius + REACH_STUDS


def remaining_sides(ctx: Ctx, b: Battle) -> list[str]:
    """Sides that still have characters in the battle, in activation order: standing ones,
    and (an option) a knocked-out Undead, which "may still activate"."""
    alive = {f.side for f in b.standing()}
    if ctx.options.fallen_undead_remains:
        alive |= {f.side for f in b.fighters.values() if f.knocked_out and revives(ctx, f)}
    return [s for s in b.sides if s in alive]


def rise_blocked_by(ctx: Ctx, f: Fighter) -> Fighter | None:
    """A standing character whose base lies where the fallen ``f`` would rise."""
    return next(
        (o for o in ctx.battle.standing() if o.id != f.id and gap(o.base, f.base) < -1e-6),
        None,
    )


def climbable(ctx: Ctx, f: Fighter) -> bool:
    """Whether something higher stands within the character's reach to climb onto."""
    table = ctx.battle.table
    top = ctx.battle.table_layers.top
    wall = ctx.battle.table_layers.wall
    reach = int(f.radius + REACH_STUDS) + 1
    cx, cy = f.cell
    for y in range(max(0, cy - reach), min(table.height, cy + reach + 1)):
        for x in range(max(0, cx - reach), min(table.width, cx + reach + 1)):
            if wall[y, x] or top[y, x] <= f.elevation:
                continue
            if centre_distance(f.base, Base("", x + 0.5, y + 0.5, 0)) <= f.radius + REACH_STUDS:
                return True
    return False
