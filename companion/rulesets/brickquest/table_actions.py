"""The BrickMaster's own actions: initiative, an order override, adjustments, map edits.

They belong to no figure and spend no action.  Each is logged like any other action, so
undo, replay and the audit treat a hand-set hit point or an opened secret door the same
way as a sword blow.
"""

from __future__ import annotations

from companion.model.dungeon import IMPASSABLE, TERRAIN_CHARS
from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rules.ruleset import Event
from companion.rules.verdict import LEGAL, Verdict, illegal
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.context import Ctx
from companion.rulesets.brickquest.initiative import roll_initiative
from companion.rulesets.brickquest.reasons import BrickQuestReason
from companion.rulesets.brickquest.setup import KNOWN_EFFECTS, SetupError, check_item
from companion.rulesets.brickquest.state import Affliction, GameState

Outcome = tuple[GameState, list[Event]]
TableAction = act.RollInitiative | act.Reorder | act.Adjust | act.EditMap


def check_table(ctx: Ctx, action: TableAction) -> Verdict:
    """Is the BrickMaster's action possible?  (They are overrides: few rules apply.)"""
    state = ctx.state
    if isinstance(action, act.RollInitiative):
        return LEGAL
    if isinstance(action, act.Reorder):
        return _check_order(state, action.order)
    if isinstance(action, act.Adjust):
        return _check_adjust(ctx, action)
    return _check_edit(ctx, action)


def _unknown_figure(state: GameState, fid: str) -> Verdict:
    return illegal(BrickQuestReason.UNKNOWN_FIGURE, f"there is no figure {fid!r} in this game")


def _check_order(state: GameState, order: tuple[str, ...]) -> Verdict:
    for fid in order:
        if fid not in state.figures:
            return _unknown_figure(state, fid)
    if len(set(order)) != len(order):
        return illegal(BrickQuestReason.INVALID_TARGET, "the new order names a figure twice")
    living = {f for f, fig in state.figures.items() if not fig.dead}
    missing = sorted(living - set(order))
    if missing:
        return illegal(
            BrickQuestReason.INVALID_TARGET, f"the new order leaves out {', '.join(missing)}"
        )
    return LEGAL


def _check_adjust(ctx: Ctx, action: act.Adjust) -> Verdict:
    state = ctx.state
    fig = state.figures.get(action.figure)
    if fig is None:
        return _unknown_figure(state, action.figure)
    for effect in action.add_effects:
        if effect not in KNOWN_EFFECTS:
            return illegal(BrickQuestReason.INVALID_TARGET, f"{effect!r} is not a condition")
    for item in action.add_items:
        try:
            check_item(item, ctx.catalog, "add_items")
        except SetupError as exc:
            return illegal(BrickQuestReason.NO_SUCH_ITEM, str(exc))
    for item in action.remove_items:
        if item not in fig.items:
            return illegal(BrickQuestReason.NO_SUCH_ITEM, f"{fig.name} does not carry {item}")
    if action.at is not None:
        # A Large Creature is put down with all of its squares on the map and free.
        for x, y in ctx.squares(fig, action.at):
            if not state.dungeon.in_bounds(x, y):
                return illegal(
                    BrickQuestReason.INVALID_TARGET, f"{place_name((x, y))} is off the map", (x, y)
                )
            other = ctx.living_at((x, y))
            if other is not None and other.id != fig.id:
                return illegal(
                    BrickQuestReason.OCCUPIED,
                    f"{other.name} stands on {place_name((x, y))}",
                    (x, y),
                )
    return LEGAL


def _check_edit(ctx: Ctx, action: act.EditMap) -> Verdict:
    dungeon = ctx.state.dungeon
    x, y = action.at
    if not dungeon.in_bounds(x, y):
        return illegal(
            BrickQuestReason.INVALID_TARGET, f"{place_name((x, y))} is off the map", action.at
        )
    if action.terrain is not None:
        if action.terrain not in TERRAIN_CHARS:
            return illegal(BrickQuestReason.INVALID_TARGET, f"{action.terrain!r} is not a terrain")
        standing = ctx.living_at(action.at)
        if standing is not None and TERRAIN_CHARS[action.terrain] in IMPASSABLE:
            return illegal(
                BrickQuestReason.OCCUPIED,
                f"{standing.name} stands on {place_name((x, y))}",
                action.at,
            )
    if action.move_object_to is not None:
        if action.at not in dungeon.objects:
            return illegal(
                BrickQuestReason.INVALID_TARGET,
                f"no object stands on {place_name((x, y))}",
                action.at,
            )
        to = action.move_object_to
        if not dungeon.in_bounds(*to):
            return illegal(BrickQuestReason.INVALID_TARGET, f"{place_name(to)} is off the map", to)
        if to in dungeon.objects:
            other = dungeon.objects[to].kind.value
            return illegal(
                BrickQuestReason.OCCUPIED, f"a {other} already stands on {place_name(to)}", to
            )
    return LEGAL


#: What forcing may override in the BrickMaster's own actions: a figure or a wall put where
#: a figure stands.  Anything else their checks find (an unknown figure, a square off the map,
#: an item not carried, one object onto another) cannot be carried out at all.
FORCEABLE = frozenset({BrickQuestReason.OCCUPIED})


def _impossible(ctx: Ctx, action: TableAction) -> str | None:
    """Why the action cannot be carried out even when forced, or None."""
    for reason in check_table(ctx, action).reasons:
        onto_object = isinstance(action, act.EditMap) and reason.square == action.move_object_to
        if reason.code not in FORCEABLE or onto_object:
            return reason.message
    return None


def resolve_table(ctx: Ctx, action: TableAction, dice: Dice) -> Outcome:
    """Carry out the BrickMaster's action; ``ValueError`` when it cannot be done at all."""
    why_not = _impossible(ctx, action)
    if why_not is not None:
        raise ValueError(why_not)
    state = ctx.state
    if isinstance(action, act.RollInitiative):
        new, events = roll_initiative(state, ctx.catalog, dice)
        return new.evolve(needs_initiative=False, held=(), holding_phase=False), events
    if isinstance(action, act.Reorder):
        current = state.current if state.current in action.order else action.order[0]
        text = "The BrickMaster sets the order: " + ", ".join(
            state.figures[f].name for f in action.order
        )
        return state.evolve(initiative=action.order, current=current), [
            Event(kind="info", text=text + ".")
        ]
    if isinstance(action, act.Adjust):
        return _adjust(state, action)
    return _edit(state, action)


def _adjust(state: GameState, action: act.Adjust) -> Outcome:
    fig = state.figures[action.figure]
    changes: dict[str, object] = {}
    said: list[str] = []
    if action.hp is not None:
        hp = min(action.hp, fig.max_hp)
        changes.update(hp=hp, dead=hp == 0)
        said.append(f"hit points {fig.hp} → {hp}")
    if action.sp is not None:
        changes["sp"] = action.sp
        said.append(f"spell points {fig.sp} → {action.sp}")
    afflictions = [a for a in fig.afflictions if a.id not in action.remove_effects]
    afflictions += [Affliction(id=e) for e in action.add_effects if not fig.has(e)]
    if action.add_effects or action.remove_effects:
        changes["afflictions"] = tuple(afflictions)
        said += [f"+{e}" for e in action.add_effects] + [f"-{e}" for e in action.remove_effects]
    items = list(fig.items)
    for item in action.remove_items:
        items.remove(item)
    items += action.add_items
    if action.add_items or action.remove_items:
        changes["items"] = tuple(items)
        said += [f"+{i}" for i in action.add_items] + [f"-{i}" for i in action.remove_items]
    if action.at is not None:
        changes.update(x=action.at[0], y=action.at[1])
        said.append(f"moved to {place_name(action.at)}")
    text = f"The BrickMaster adjusts {fig.name}: {', '.join(said) or 'nothing'}."
    event = Event(kind="adjust", figure=fig.id, text=text)
    return state.with_figure(fig.model_copy(update=changes)), [event]


def _edit(state: GameState, action: act.EditMap) -> Outcome:
    dungeon = state.dungeon.copy()
    x, y = action.at
    said = []
    if action.terrain is not None:
        dungeon.terrain[y, x] = int(TERRAIN_CHARS[action.terrain])
        said.append(
            f"the square {place_name((x, y))} becomes {TERRAIN_CHARS[action.terrain].name.lower()}"
        )
    if action.move_object_to is not None:
        obj = dungeon.objects.pop(action.at)
        dungeon.objects[action.move_object_to] = obj
        said.append(f"the {obj.kind.value} moves to {place_name(action.move_object_to)}")
    text = "The BrickMaster edits the map: " + "; ".join(said) + "."
    return state.evolve(dungeon=dungeon), [Event(kind="edit", text=text)]
