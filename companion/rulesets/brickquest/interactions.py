"""Resolving interactions with doors, objects, items and other figures, and item use."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

from companion.model.dungeon import DungeonMap, ObjectKind, Terrain
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.context import Ctx, item_base, item_multiplier, item_worth
from companion.rulesets.brickquest.spells import cure, heal
from companion.rulesets.brickquest.state import Affliction, FigureState, GameState

Outcome = tuple[GameState, list[Event]]
Square = tuple[int, int]


def resolve_interact(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    assert isinstance(action, act.Interact)
    state = ctx.state
    kind = action.kind
    if kind == "arm":
        fig = actor.model_copy(update={"disarmed": False})
        return state.with_figure(fig), [_event(actor, f"{actor.name} takes up a weapon again.")]
    if kind in ("give", "take", "loot"):
        return _swap_items(ctx, actor, action)
    if kind == "pick_up":
        here = _square(ctx, action.target) or actor.pos
        found = state.floor_items.get(here, ())
        floor = {k: v for k, v in state.floor_items.items() if k != here}
        state = state.evolve(floor_items=floor)
        shelf = state.dungeon.object_at(*here)
        if shelf is not None and shelf.kind is ObjectKind.SHELF and shelf.contents:
            found = (*found, *shelf.contents)  # "or on one shelf in an adjacent square"
            dungeon = state.dungeon.copy()
            dungeon.objects[here] = replace(shelf, contents=())
            state = state.evolve(dungeon=dungeon)
        fig = actor.model_copy(update={"items": (*actor.items, *found)})
        state = state.with_figure(fig)
        what = ", ".join(found) or "nothing"
        return state, [_event(actor, f"{actor.name} picks up {what}.")]
    if kind == "climb_out":
        sq = _square(ctx, action.target)
        assert sq is not None
        fig = actor.model_copy(update={"inside": None, "x": sq[0], "y": sq[1]})
        return state.with_figure(fig), [_event(actor, f"{actor.name} climbs out.")]
    sq = _square(ctx, action.target)
    assert sq is not None
    if state.dungeon.terrain_at(*sq).is_door and kind in ("open", "close", "lock", "unlock"):
        return _door(ctx, actor, kind, sq)
    return _object(ctx, actor, kind, sq)


def _square(ctx: Ctx, target: act.Target | None) -> Square | None:
    if target is None:
        return None
    if isinstance(target, str):
        return ctx.state.figures[target].pos
    return (int(target[0]), int(target[1]))


def _event(actor: FigureState, text: str) -> Event:
    return Event(kind="interact", figure=actor.id, text=text)


_DOOR_AFTER = {
    "open": Terrain.DOOR_OPEN,
    "close": Terrain.DOOR_CLOSED,
    "lock": Terrain.DOOR_LOCKED,
    "unlock": Terrain.DOOR_CLOSED,
}


def double_door(dungeon: DungeonMap, sq: Square) -> list[Square]:
    """The door squares joined to ``sq`` in a row (a double door opens with one action)."""
    want = dungeon.terrain_at(*sq)
    seen = {sq}
    queue = deque([sq])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if nxt not in seen and dungeon.in_bounds(*nxt) and dungeon.terrain_at(*nxt) is want:
                seen.add(nxt)
                queue.append(nxt)
    return sorted(seen)


def _door(ctx: Ctx, actor: FigureState, kind: str, sq: Square) -> Outcome:
    dungeon = ctx.state.dungeon.copy()
    squares = double_door(dungeon, sq) if kind in ("open", "close") else [sq]
    if kind != "open":  # a door does not shut on someone standing in the doorway
        squares = [q for q in squares if ctx.living_at(q) is None]
    for x, y in squares:
        dungeon.terrain[y, x] = int(_DOOR_AFTER[kind])
    word = {"open": "opens", "close": "closes", "lock": "locks", "unlock": "unlocks"}[kind]
    what = "the double door" if len(squares) > 1 else "the door"
    return ctx.state.evolve(dungeon=dungeon), [_event(actor, f"{actor.name} {word} {what}.")]


def _object(ctx: Ctx, actor: FigureState, kind: str, sq: Square) -> Outcome:
    state = ctx.state
    dungeon = state.dungeon.copy()
    obj = dungeon.objects[sq]
    if kind == "activate":
        return state, [_event(actor, f"{actor.name} pulls the {obj.kind}.")]
    if kind == "climb_in":
        fig = actor.model_copy(update={"inside": sq, "x": sq[0], "y": sq[1]})
        return state.with_figure(fig), [_event(actor, f"{actor.name} climbs into the {obj.kind}.")]
    if kind == "open":
        dungeon.objects[sq] = replace(obj, is_open=True, locked=False, contents=())
        fig = actor.model_copy(update={"items": (*actor.items, *obj.contents)})
        found = f" and takes {', '.join(obj.contents)}" if obj.contents else ""
        state = state.evolve(dungeon=dungeon).with_figure(fig)
        return state, [_event(actor, f"{actor.name} opens the {obj.kind}{found}.")]
    if kind == "close":
        dungeon.objects[sq] = replace(obj, is_open=False)
    elif kind in ("lock", "unlock"):
        dungeon.objects[sq] = replace(obj, locked=kind == "lock")
    return state.evolve(dungeon=dungeon), [_event(actor, f"{actor.name} {kind}s the {obj.kind}.")]


def _swap_items(ctx: Ctx, actor: FigureState, action: act.Interact) -> Outcome:
    state = ctx.state
    assert isinstance(action.target, str)
    other = state.figures[action.target]
    if action.kind == "loot":
        moved = other.items if not action.items else action.items
    else:
        moved = action.items
    giver, taker = (actor, other) if action.kind == "give" else (other, actor)
    left = list(giver.items)
    present = []
    for item in moved:
        if item in left:  # forced: only what the giver really holds changes hands
            left.remove(item)
            present.append(item)
    moved = tuple(present)
    state = state.with_figure(giver.model_copy(update={"items": tuple(left)}))
    taker = state.figures[taker.id]
    state = state.with_figure(taker.model_copy(update={"items": (*taker.items, *moved)}))
    verb = {"give": "gives", "take": "takes", "loot": "loots"}[action.kind]
    what = ", ".join(moved) if moved else "nothing"
    worth = item_worth(moved, ctx.catalog)
    gold = f": worth {worth} gold" if worth else ""
    return state, [_event(actor, f"{actor.name} {verb} {what} ({other.name}){gold}.")]


def resolve_use_item(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    """Drink a potion: heal, spell points, speed, a condition granted, or a cure."""
    assert isinstance(action, act.UseItem)
    item = ctx.catalog.items[item_base(action.item)]
    potion = item.potion
    assert potion is not None
    times = item_multiplier(action.item)
    items = list(actor.items)
    items.remove(action.item)
    state = ctx.state.with_figure(actor.model_copy(update={"items": tuple(items)}))
    events = [_event(actor, f"{actor.name} drinks the {item.name}.")]
    if potion.heal_dice:
        state, more = heal(
            Ctx(state, ctx.catalog), actor.id, dice, potion.heal_dice * times, item.name
        )
        events += more
    fig = state.figures[actor.id]
    if potion.spell_point_dice:
        roll = dice.roll(potion.spell_point_dice * times, f"{item.name} for {fig.name}")
        sp = fig.sp + roll.total if potion.can_exceed_max else min(fig.max_sp, fig.sp + roll.total)
        fig = fig.model_copy(update={"sp": sp})
        events.append(
            Event(
                kind="spell_points",
                figure=fig.id,
                amount=roll.total,
                text=f"{fig.name} gains {roll.total} spell points.",
            )
        )
    if potion.move_bonus:
        aff = Affliction(id="speed", rounds=potion.rounds, value=potion.move_bonus * times)
        fig = fig.with_affliction(aff)
    if potion.grants is not None:
        cond = potion.grants.value
        rounds = potion.rounds * times if potion.rounds else None  # strengthened: twice as long
        aff = Affliction(id=cond, rounds=rounds, value=4 if cond == "ethereal" else 0)
        fig = fig.with_affliction(aff)
    if potion.cures:
        fig = cure(fig, tuple(c.value for c in potion.cures))
    return state.with_figure(fig), events
