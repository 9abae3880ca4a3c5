"""Heroica's checks of the movement phase: the roll, a move along its path (orthogonal
steps onto free spaces, through locked doors only with a key, stopping where it must),
the doors, the relics used instead of moving, the magic doors and the maps."""

from __future__ import annotations

from companion.rules.places import place_name
from companion.rules.verdict import Reason
from companion.rulesets.heroica.actions import (
    Move,
    MoveMagicDoor,
    PassDoor,
    ReadMap,
    RollMove,
    SkipMove,
    Unlock,
    UseRelic,
)
from companion.rulesets.heroica.reasons import HeroicaReason
from companion.rulesets.heroica.rules import (
    SHIELD,
    Ctx,
    adjacent,
    diagonal,
    distances,
    forward_end,
    hero_blockers,
    locked_edges,
    plural,
    reason,
    share_location,
    taken_cells,
)
from companion.rulesets.heroica.schema import MoveMonster
from companion.rulesets.heroica.state import Cell, Hero
from companion.rulesets.heroica.validate_turn import movement_open, shield_choice

R = HeroicaReason


def check_roll_move(ctx: Ctx, h: Hero, a: RollMove) -> list[Reason]:
    q = ctx.quest
    out = movement_open(ctx, h, "The movement roll")
    if q.move_face is not None or q.moved:
        out.append(reason(R.ALREADY_ROLLED, f"{h.name} has rolled to move this turn"))
    if q.move_lost:
        out.append(reason(R.MOVEMENT_LOST, f"{h.name} lost this movement turn"))
    if q.skill_used:
        out.append(reason(R.WRONG_PHASE, f"{h.name} used a skill instead of rolling"))
    return out


def check_skip(ctx: Ctx, h: Hero, a: SkipMove) -> list[Reason]:
    out = movement_open(ctx, h, "Letting the move go")
    if not ctx.quest.move_lost:
        out.append(reason(R.ALREADY_IN_STATE, f"{h.name} has its movement turn"))
    return out


def check_path(ctx: Ctx, h: Hero, path: list[Cell], allowance: int) -> list[Reason]:
    """A hero's steps: orthogonal, onto spaces, not into monsters or obstacles, through
    locked doors only with a key, within the allowance, stopping where it must.

    Every problem is reported: the allowance first (for a jump, the shortest way's
    length to the space jumped to), then each step's in path order (a monster or
    obstacle in the way, a locked door, the first space it must stop on).  A diagonal
    step, a jump or a step off the spaces ends the list: nothing after it is a path."""
    q = ctx.quest
    blocked = hero_blockers(ctx, h)
    edges = locked_edges(q)
    out: list[Reason] = []
    if len(path) > allowance:
        out.append(
            reason(
                R.INSUFFICIENT_MOVEMENT,
                f"{len(path)} {plural(len(path), 'space')}; {h.name} may move {allowance} more",
                path[allowance] if allowance < len(path) else path[-1],
            )
        )
    key = h.key
    prev = h.at
    stopped = False
    for i, c in enumerate(path):
        if not adjacent(prev, c) and all(r.code != R.INSUFFICIENT_MOVEMENT for r in out):
            # A jump: how far its space really is comes first, as the allowance does.
            out = [*_too_far(ctx, h, prev, c, i, allowance, key), *out]
        if diagonal(prev, c):
            return [*out, reason(R.DIAGONAL, "you may not move diagonally", c)]
        if not adjacent(prev, c):
            return [
                *out,
                reason(R.NOT_ADJACENT, f"{place_name(c)} is not next to {place_name(prev)}", c),
            ]
        if c not in q.spaces:
            return [*out, reason(R.IMPASSABLE_TERRAIN, f"{place_name(c)} is not a space", c)]
        if c in blocked:
            what = q.occupant(c)
            name = (
                ctx.catalog.monsters[q.monsters[what].kind].name
                if what in q.monsters
                # A blocked space with no monster holds an obstacle (``hero_blockers``),
                # so ``feature_at`` finds one; mypy cannot know that from its signature.
                else ctx.catalog.features[q.feature_at(c).kind].name  # type: ignore[union-attr]  # an obstacle: see above
            )
            out.append(reason(R.OCCUPIED, f"the {name} at {place_name(c)} is in the way", c))
        if frozenset((prev, c)) in edges:
            if not key:
                out.append(
                    reason(
                        R.LOCKED, f"a locked door between {place_name(prev)} and {place_name(c)}", c
                    )
                )
            key = False  # the key opens it, once
        if i < len(path) - 1 and stops_at(ctx, h, c) and not stopped:
            out.append(
                reason(
                    R.MUST_STOP, f"{h.name} must stop at {place_name(c)}: {stops_at(ctx, h, c)}", c
                )
            )
            stopped = True
        prev = c
    return out


def _too_far(
    ctx: Ctx, h: Hero, prev: Cell, c: Cell, taken: int, allowance: int, key: bool
) -> list[Reason]:
    """A step that jumps from ``prev`` to ``c`` (after ``taken`` steps): whether ``c`` is
    also beyond the allowance by the shortest way of spaces, or by no way at all; or,
    within it, another hero's space, which no move ends on."""
    q = ctx.quest
    if c not in q.spaces:
        return []  # said by the step's own reason
    blocked = hero_blockers(ctx, h) - {c}
    away = distances(q, prev, blocked=blocked, doors=not key, until=c).get(c)
    if away is None:
        return [
            reason(
                R.INSUFFICIENT_MOVEMENT,
                f"no way of free spaces leads from {place_name(h.at)} to {place_name(c)}",
                c,
            )
        ]
    if taken + away <= allowance:
        # Within reach: but a move onto another hero does not end there.
        names = [o.name for o in q.in_play() if o.at == c and o.id != h.id]
        if names:
            return [
                reason(
                    R.OCCUPIED,
                    f"{names[0]} is on {place_name(c)}: a move onto it goes on forward "
                    "to the first available space",
                    c,
                )
            ]
        return []
    return [
        reason(
            R.INSUFFICIENT_MOVEMENT,
            f"{place_name(c)} is {taken + away} {plural(taken + away, 'space')} from "
            f"{place_name(h.at)}; {h.name} may move {allowance}",
            c,
        )
    ]


def stops_at(ctx: Ctx, h: Hero, c: Cell) -> str:
    """Why a hero entering ``c`` must end its move there ('' if it need not)."""
    q = ctx.quest
    if any(adjacent(m.at, c) for m in q.monsters.values()):
        return "it is next to a monster, and must fight"
    f = q.feature_at(c)
    if f is not None and f.kind in ("treasure_chest", "casket"):
        return f"it must search the {ctx.catalog.features[f.kind].name.lower()}"
    if any(adjacent(r.at, c) for r in q.features.values() if r.kind == "rocks"):
        return "it is next to rocks, and must explore them"
    return ""


def check_move(ctx: Ctx, h: Hero, a: Move) -> list[Reason]:
    q = ctx.quest
    out = movement_open(ctx, h, "Moving")
    if q.move_lost:
        return [*out, reason(R.MOVEMENT_LOST, f"{h.name} lost this movement turn")]
    if q.move_face is None:
        return [*out, reason(R.NOT_ROLLED, f"roll the Action Die before {h.name} moves")]
    if q.stopped:
        return [*out, reason(R.MUST_STOP, f"{h.name}'s move has ended")]
    if q.move_face == SHIELD and q.shield_used:
        return [*out, reason(R.WRONG_PHASE, f"{h.name} used the Shield instead of moving")]
    out += check_path(ctx, h, a.path, q.moves_left)
    if not out and forward_end(q, h.id, a.path) is None:
        end = a.path[-1]
        why = (
            f"{h.name} would end where it began"
            if end == h.at
            else f"no space is free forward past the hero at {place_name(end)}"
        )
        out.append(reason(R.OCCUPIED, f"{why}: the move goes nowhere", end))
    return out


def _door_side(ctx: Ctx, h: Hero, door_id: str) -> list[Reason]:
    q = ctx.quest
    door = q.features.get(door_id)
    if door is None or door.kind not in ("locked_door", "magic_door"):
        return [reason(R.INVALID_TARGET, f"{door_id!r} is not a locked or magic door")]
    if door.kind == "locked_door":
        if h.at not in (door.at, door.to):
            return [reason(R.NOT_ADJACENT, f"{h.name} is not at the door", door.at)]
    elif not adjacent(h.at, door.at):
        return [reason(R.NOT_ADJACENT, f"{h.name} is not next to the magic door", door.at)]
    return []


def check_unlock(ctx: Ctx, h: Hero, a: Unlock) -> list[Reason]:
    out = movement_open(ctx, h, "Unlocking a door")
    door = ctx.quest.features.get(a.door)
    if door is None or door.kind != "locked_door":
        return [*out, reason(R.INVALID_TARGET, f"{a.door!r} is not a locked door")]
    out += _door_side(ctx, h, a.door)
    if not h.key:
        out.append(reason(R.NO_KEY, f"{h.name} carries no key", door.at))
    return out


def check_pass_door(ctx: Ctx, h: Hero, a: PassDoor) -> list[Reason]:
    return shield_choice(ctx, h, "Passing a door") + _door_side(ctx, h, a.door)


def check_relic(ctx: Ctx, h: Hero, a: UseRelic) -> list[Reason]:
    q = ctx.quest
    if a.relic not in h.relics:
        return [reason(R.NO_SUCH_ITEM, f"{h.name} holds no {a.relic!r}")]
    item = ctx.catalog.items[a.relic]
    out = shield_choice(ctx, h, f"The {item.name}")
    if item.effect("bless") is not None:
        other = q.heroes.get(a.target)
        if other is None or other.out:
            return [*out, reason(R.INVALID_TARGET, f"{a.target!r} is not a hero in play")]
        if not share_location(q, h.at, other.at):
            out.append(reason(R.NOT_IN_LOCATION, f"{other.name} is not in {h.name}'s location"))
        return out
    effect = item.effect("move_monster")
    if not isinstance(effect, MoveMonster):
        return [*out, reason(R.NO_ABILITY, f"the {item.name} is not used this way")]
    m = q.monsters.get(a.target)
    if m is None:
        return [*out, reason(R.INVALID_TARGET, f"no monster {a.target!r}")]
    if ctx.catalog.monsters[m.kind].rank not in effect.ranks:
        out.append(reason(R.INVALID_TARGET, "only a Level 1 or 2 monster", m.at))
    if effect.take_from == "your_location" and not share_location(q, h.at, m.at):
        out.append(reason(R.NOT_IN_LOCATION, "the monster is not in your location", m.at))
    if a.to is None:
        return [*out, reason(R.INVALID_TARGET, "say where the monster goes ('to')")]
    out += empty_space(ctx, a.to, exclude=m.id)
    if effect.place_in == "your_location" and not share_location(q, h.at, a.to):
        out.append(reason(R.NOT_IN_LOCATION, f"{place_name(a.to)} is not in your location", a.to))
    return out


def empty_space(ctx: Ctx, cell: Cell, *, exclude: str | None = None) -> list[Reason]:
    q = ctx.quest
    if cell not in q.spaces:
        return [reason(R.IMPASSABLE_TERRAIN, f"{place_name(cell)} is not a space", cell)]
    if (
        cell in taken_cells(q, exclude=exclude)
        or q.feature_at(cell) is not None
        or q.items_at(cell)
    ):
        return [reason(R.OCCUPIED, f"{place_name(cell)} is not empty", cell)]
    return []


def check_magic_door(ctx: Ctx, h: Hero, a: MoveMagicDoor) -> list[Reason]:
    q = ctx.quest
    out = movement_open(ctx, h, "Moving a magic door")
    f = q.feature_at(h.at)
    if f is None or f.kind != "magic_space":
        out.append(reason(R.INVALID_TARGET, f"{h.name} is not on a magic space", h.at))
    elif q.magic_used:
        out.append(reason(R.ABILITY_USED, "the magic space has been used this turn"))
    allowed = ctx.catalog.features["magic_door"].moved_to
    return out + _moved_to(ctx, a.door, "magic_door", a.to, allowed)


def check_read_map(ctx: Ctx, h: Hero, a: ReadMap) -> list[Reason]:
    q = ctx.quest
    out = movement_open(ctx, h, "Reading a map")
    if not any(f.kind == "map" and adjacent(f.at, h.at) for f in q.features.values()):
        out.append(reason(R.NOT_ADJACENT, f"{h.name} is not next to a map", h.at))
    elif q.magic_used:
        out.append(reason(R.ABILITY_USED, "a map has been read this turn"))
    allowed = ctx.catalog.features["map"].moves_casket_to
    return out + _moved_to(ctx, a.casket, "casket", a.to, allowed)


def _moved_to(
    ctx: Ctx, feature_id: str, kind: str, to: Cell, colours: tuple[str, ...]
) -> list[Reason]:
    """A feature of ``kind`` moved to ``to``: an empty space of one of ``colours``."""
    q = ctx.quest
    feature = q.features.get(feature_id)
    name = ctx.catalog.features[kind].name.lower()
    if feature is None or feature.kind != kind:
        return [reason(R.INVALID_TARGET, f"{feature_id!r} is not a {name}")]
    out = empty_space(ctx, to)
    if q.colours.get(to) not in colours:
        out.append(reason(R.INVALID_TARGET, f"a {name} goes to a {' or '.join(colours)} space", to))
    return out
