"""Interacting with doors, chests, barrels, levers, items and other figures; using items."""

from __future__ import annotations

from companion.model.dungeon import DungeonMap, ObjectKind, Terrain
from companion.rules.places import place_name
from companion.rules.verdict import LEGAL, Reason, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.context import (
    Ctx,
    chebyshev,
    item_base,
    spell_lists,
    squares_apart,
)
from companion.rulesets.brickquest.moving import may_end_on
from companion.rulesets.brickquest.reasons import BrickQuestReason
from companion.rulesets.brickquest.schema import ItemCategory
from companion.rulesets.brickquest.state import FigureState

Square = tuple[int, int]
#: Objects a figure can climb into (the BrickMaster rules which can close from inside):
#: "Large closable objects such as sarcophagi or large barrels may conceal creatures".
CONTAINERS = (ObjectKind.SARCOPHAGUS, ObjectKind.BARREL)
KEY = "key"


def door_fronts(dungeon: DungeonMap, sq: Square) -> list[Square]:
    """The squares directly in front of a door (either side of its passage).

    The passage runs across the wall the door sits in; neighbouring door squares count
    as wall, so a double door works the same.  Without walls to tell, any side will do.
    """
    x, y = sq

    def solid(cx: int, cy: int) -> bool:
        if not dungeon.in_bounds(cx, cy):
            return True
        t = dungeon.terrain_at(cx, cy)
        return t in (Terrain.WALL, Terrain.VOID) or t.is_door

    across_we = solid(x - 1, y) and solid(x + 1, y)
    across_ns = solid(x, y - 1) and solid(x, y + 1)
    if across_we and not across_ns:
        fronts = [(x, y - 1), (x, y + 1)]
    elif across_ns and not across_we:
        fronts = [(x - 1, y), (x + 1, y)]
    else:
        fronts = [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]
    return [f for f in fronts if dungeon.in_bounds(*f)]


def check_interact(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    assert isinstance(action, act.Interact)
    kind = action.kind
    if kind == "arm":
        if not actor.disarmed:
            return illegal(BrickQuestReason.ALREADY_IN_STATE, f"{actor.name} is holding a weapon")
        return LEGAL
    if kind == "climb_out":
        if actor.inside is None:
            return illegal(BrickQuestReason.INVALID_TARGET, f"{actor.name} is not inside anything")
        return _check_exit_square(ctx, actor, action)
    if kind in ("give", "take", "loot"):
        return _check_figure_interaction(ctx, actor, action)
    if kind == "pick_up":
        return _check_pick_up(ctx, actor, action)
    sq = _target_square(ctx, action)
    if sq is None:
        return illegal(BrickQuestReason.INVALID_TARGET, f"{kind} needs a target square")
    if actor.inside is not None and sq != actor.inside:
        return illegal(
            BrickQuestReason.INVALID_TARGET,
            f"from inside, {actor.name} can only open or close what it is in",
            actor.inside,
        )
    dungeon = ctx.state.dungeon
    if not dungeon.in_bounds(*sq):
        return illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(sq)} is off the map", sq)
    if dungeon.terrain_at(*sq).is_door and kind in ("open", "close", "lock", "unlock"):
        return _check_door(ctx, actor, kind, sq)
    obj = dungeon.object_at(*sq)
    if obj is None:
        return illegal(
            BrickQuestReason.INVALID_TARGET, f"there is nothing to {kind} at {place_name(sq)}", sq
        )
    # Where the figure stands and the object's state are both said (not next to the
    # chest, and it is locked with no key), or that the object cannot be used so.
    where: tuple[Reason, ...] = ()
    if squares_apart(ctx.squares(actor), [sq]) != 1 and actor.inside != sq:
        where = illegal(
            BrickQuestReason.NOT_ADJACENT, f"{actor.name} is not next to the {obj.kind}", sq
        ).reasons
    if kind == "activate":
        if obj.kind is not ObjectKind.LEVER:
            why = f"a {obj.kind} cannot be activated"
            return Verdict(
                reasons=where + illegal(BrickQuestReason.INVALID_TARGET, why, sq).reasons
            )
        return Verdict(reasons=where)
    if obj.kind is ObjectKind.LEVER:
        why = "a lever can only be activated"
        return Verdict(reasons=where + illegal(BrickQuestReason.INVALID_TARGET, why, sq).reasons)
    if (
        not where
        and obj.kind is ObjectKind.CHEST
        and kind in ("open", "close")
        and actor.inside != sq
    ):
        dx, dy = obj.facing.delta
        front = (sq[0] + dx, sq[1] + dy)
        if front not in ctx.squares(actor):
            where = illegal(
                BrickQuestReason.NOT_IN_FRONT,
                f"the chest opens from its front, {place_name(front)}",
                front,
            ).reasons
    return Verdict(reasons=where + _check_object_state(ctx, actor, kind, sq).reasons)


def _check_object_state(ctx: Ctx, actor: FigureState, kind: str, sq: Square) -> Verdict:
    """What the object's state says against ``kind``, every reason: opening a chest that
    is open already says only that; a magic lock and a missing key are both said."""
    obj = ctx.state.dungeon.object_at(*sq)
    assert obj is not None
    out: list[Reason] = []

    def no(code: BrickQuestReason, text: str) -> None:
        out.append(Reason(code=code, message=text, square=sq))

    if kind == "open":
        if obj.is_open:
            no(BrickQuestReason.ALREADY_IN_STATE, f"the {obj.kind} is open already")
        else:
            if sq in ctx.state.magic_locks:
                no(BrickQuestReason.LOCKED, f"the {obj.kind} is magically locked")
            if obj.locked and KEY not in actor.items:
                no(BrickQuestReason.NO_KEY, f"the {obj.kind} is locked and {actor.name} has no key")
    elif kind == "close" and not obj.is_open:
        no(BrickQuestReason.ALREADY_IN_STATE, f"the {obj.kind} is closed already")
    elif kind in ("lock", "unlock"):
        if KEY not in actor.items:
            no(BrickQuestReason.NO_KEY, f"{actor.name} has no key")
        if obj.locked == (kind == "lock"):
            no(BrickQuestReason.ALREADY_IN_STATE, f"the {obj.kind} is {kind}ed already")
    elif kind == "climb_in":
        if obj.kind not in CONTAINERS:  # nothing else to say about climbing into it
            no(BrickQuestReason.INVALID_TARGET, f"{actor.name} cannot climb into that")
            return Verdict(reasons=tuple(out))
        if not obj.is_open:
            no(BrickQuestReason.INVALID_TARGET, f"{actor.name} cannot climb into that")
        if any(f.inside == sq for f in ctx.state.figures.values()):
            no(BrickQuestReason.OCCUPIED, f"someone is already inside the {obj.kind}")
    return Verdict(reasons=tuple(out))


def _check_door(ctx: Ctx, actor: FigureState, kind: str, sq: Square) -> Verdict:
    dungeon = ctx.state.dungeon
    fronts = door_fronts(dungeon, sq)
    where: tuple[Reason, ...] = ()
    if not any(sq in fronts for sq in ctx.squares(actor)):
        spots = " or ".join(f"{place_name((x, y))}" for x, y in fronts)
        where = illegal(
            BrickQuestReason.NOT_IN_FRONT,
            f"{actor.name} must stand directly in front of the door ({spots})",
            sq,
        ).reasons
    return Verdict(reasons=where + _door_state(ctx, actor, kind, sq).reasons)


def _door_state(ctx: Ctx, actor: FigureState, kind: str, sq: Square) -> Verdict:
    """What the door's state says against ``kind``, every reason (a door open already
    is not asked about its locks)."""
    t = ctx.state.dungeon.terrain_at(*sq)
    out: list[Reason] = []

    def no(code: BrickQuestReason, text: str) -> None:
        out.append(Reason(code=code, message=text, square=sq))

    if kind == "open":
        if t is Terrain.DOOR_OPEN:
            no(BrickQuestReason.ALREADY_IN_STATE, "the door is open already")
        else:
            if sq in ctx.state.magic_locks:
                no(BrickQuestReason.LOCKED, "the door is magically locked: no key opens it")
            if t is Terrain.DOOR_LOCKED and KEY not in actor.items:
                no(BrickQuestReason.NO_KEY, f"the door is locked and {actor.name} has no key")
    elif kind == "close":
        if t is not Terrain.DOOR_OPEN:
            no(BrickQuestReason.ALREADY_IN_STATE, "the door is closed already")
        if ctx.living_at(sq) is not None:
            no(BrickQuestReason.OCCUPIED, "someone stands in the doorway")
    else:
        if KEY not in actor.items:
            no(BrickQuestReason.NO_KEY, f"{actor.name} has no key")
        wanted = Terrain.DOOR_CLOSED if kind == "lock" else Terrain.DOOR_LOCKED
        if t is not wanted:
            state = "open" if t is Terrain.DOOR_OPEN else t.name.lower().replace("door_", "")
            no(BrickQuestReason.ALREADY_IN_STATE, f"the door is {state}")
    return Verdict(reasons=tuple(out))


def _target_square(ctx: Ctx, action: act.Interact) -> Square | None:
    if action.target is None:
        return None
    if isinstance(action.target, str):
        return ctx.figure(action.target).pos
    return (int(action.target[0]), int(action.target[1]))


def _check_figure_interaction(ctx: Ctx, actor: FigureState, action: act.Interact) -> Verdict:
    if not isinstance(action.target, str):
        return illegal(BrickQuestReason.INVALID_TARGET, f"{action.kind} needs a figure as target")
    other = ctx.figure(action.target)
    if other.id == actor.id:
        return illegal(BrickQuestReason.INVALID_TARGET, f"{actor.name} cannot {action.kind} itself")
    where: tuple[Reason, ...] = ()
    if squares_apart(ctx.squares(actor), ctx.squares(other)) != 1:
        where = illegal(
            BrickQuestReason.NOT_ADJACENT, f"{other.name} is not next to {actor.name}", other.pos
        ).reasons
    return Verdict(reasons=where + _exchange(actor, other, action).reasons)


def _exchange(actor: FigureState, other: FigureState, action: act.Interact) -> Verdict:
    """What giving, taking or looting needs besides standing next to the other figure,
    every reason: the other figure's state (alive for looting; living, a character and
    willing for taking), then the items."""
    out: list[Reason] = []

    def no(code: BrickQuestReason, text: str) -> None:
        out.append(Reason(code=code, message=text))

    if action.kind == "loot":
        if not other.dead:
            no(BrickQuestReason.INVALID_TARGET, f"{other.name} is alive: no looting")
        missing = [i for i in action.items if i not in other.items]
        if missing:
            no(BrickQuestReason.NO_SUCH_ITEM, f"{other.name} carries no {missing[0]}")
        # searching a body that carries nothing is an action that finds nothing
        return Verdict(reasons=tuple(out))
    if other.dead:
        no(BrickQuestReason.TARGET_DEAD, f"{other.name} is dead")
    if action.kind == "take" and other.class_id is None:
        no(
            BrickQuestReason.INVALID_TARGET,
            f"{other.name} is no character with a swag bin (pick its pockets, or loot it)",
        )
    if action.kind == "take" and not action.permission:
        no(BrickQuestReason.NO_PERMISSION, f"{other.name} does not allow it")
    holder = actor if action.kind == "give" else other
    missing = [i for i in action.items if i not in holder.items]
    if not action.items or missing:
        what = ", ".join(missing) if missing else "nothing named"
        no(BrickQuestReason.NO_SUCH_ITEM, f"{holder.name} does not carry {what}")
    return Verdict(reasons=tuple(out))


def _check_pick_up(ctx: Ctx, actor: FigureState, action: act.Interact) -> Verdict:
    """Both reasons: the square out of reach, and nothing lying there."""
    sq = _target_square(ctx, action) or actor.pos
    out: list[Reason] = []
    if squares_apart(ctx.squares(actor), [sq]) > 1:
        out += illegal(
            BrickQuestReason.NOT_ADJACENT, f"{place_name(sq)} is not next to {actor.name}", sq
        ).reasons
    shelf = ctx.state.dungeon.object_at(*sq) if ctx.state.dungeon.in_bounds(*sq) else None
    on_shelf = shelf is not None and shelf.kind is ObjectKind.SHELF and shelf.contents
    if not ctx.state.floor_items.get(sq) and not on_shelf:
        out += illegal(
            BrickQuestReason.NO_SUCH_ITEM, f"nothing lies at {place_name(sq)}", sq
        ).reasons
    return Verdict(reasons=tuple(out))


def _check_exit_square(ctx: Ctx, actor: FigureState, action: act.Interact) -> Verdict:
    """Both reasons: the object still closed, and the square (next to the object, then
    free)."""
    inside = actor.inside
    assert inside is not None
    out: list[Reason] = []
    obj = ctx.state.dungeon.object_at(*inside)
    if obj is not None and not obj.is_open:
        out += illegal(
            BrickQuestReason.ALREADY_IN_STATE, f"the {obj.kind} is closed: open it first"
        ).reasons
    sq = _target_square(ctx, action)
    if sq is None or chebyshev(inside, sq) != 1:
        out += illegal(
            BrickQuestReason.INVALID_TARGET, "climbing out needs a square next to the object"
        ).reasons
    elif not ctx.state.dungeon.in_bounds(*sq) or not may_end_on(ctx, actor.id, sq):
        out += illegal(BrickQuestReason.OCCUPIED, f"{place_name(sq)} is not free", sq).reasons
    return Verdict(reasons=tuple(out))


def check_use_item(ctx: Ctx, actor: FigureState, action: act.Action) -> Verdict:
    """Every reason against using the item: not carried, then what the item is (only a
    potion is used so), then who it helps.  An item the rules do not know, and not
    carried, says only that it is not carried."""
    assert isinstance(action, act.UseItem)
    out: list[Reason] = []
    carried = action.item in actor.items
    if not carried:
        out += illegal(
            BrickQuestReason.NO_SUCH_ITEM, f"{actor.name} does not carry {action.item}"
        ).reasons
    item = ctx.catalog.items.get(item_base(action.item))
    if item is None and not carried:
        return Verdict(reasons=tuple(out))
    if item is None or item.potion is None:
        kind = item.category.value if item else "item"
        hint = (
            " (cast its spell instead)" if kind in (ItemCategory.SCROLL, ItemCategory.BOOK) else ""
        )
        out += illegal(
            BrickQuestReason.INVALID_TARGET, f"a {kind} cannot be used like that{hint}"
        ).reasons
        return Verdict(reasons=tuple(out))
    if item.potion.casters_only and not spell_lists(ctx.card(actor)):
        out += illegal(
            BrickQuestReason.NOT_A_CASTER, f"{item.name} only helps spellcasters"
        ).reasons
    return Verdict(reasons=tuple(out))
