"""Sapper charges: placed as an action, going off at the end of the Sapper's turn after
0 to 3 rounds of fuse, with the blast zones of the data."""

from __future__ import annotations

import math

from companion.model.dungeon import Terrain
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.combat import deal_damage
from companion.rulesets.brickquest.context import Ctx, chebyshev
from companion.rulesets.brickquest.moving import may_end_on
from companion.rulesets.brickquest.state import Charge, FigureState, GameState

Outcome = tuple[GameState, list[Event]]
Square = tuple[int, int]


def _charge_def(ctx: Ctx, owner: FigureState, ability: str) -> s.SapperCharge:
    sapper = ctx.card(owner).ability("sapper")
    assert isinstance(sapper, s.Sapper)
    return next(c for c in sapper.charges if c.id == ability)


def place_charge(ctx: Ctx, actor: FigureState, action: act.Sapper) -> Outcome:
    spec = _charge_def(ctx, actor, action.ability)
    fig = actor.model_copy(update={"explosives": max(0, actor.explosives - spec.cost)})
    charge = Charge(
        owner=actor.id, ability=action.ability, squares=action.squares, rounds=action.fuse
    )
    state = ctx.state.with_figure(fig).evolve(charges=(*ctx.state.charges, charge))
    when = "at the end of this turn" if action.fuse == 0 else f"in {action.fuse} round(s)"
    text = f"{actor.name} sets a {spec.name} charge; it goes off {when}."
    return state, [Event(kind="sapper", figure=actor.id, text=text)]


def explode_due(ctx: Ctx, owner_id: str, dice: Dice) -> Outcome:
    """At the end of the owner's turn: charges whose fuse has run out go off."""
    state = ctx.state
    events: list[Event] = []
    waiting: list[Charge] = []
    due: list[Charge] = []
    for c in state.charges:
        if c.owner != owner_id:
            waiting.append(c)
        elif c.rounds <= 0:
            due.append(c)
        else:
            waiting.append(c.model_copy(update={"rounds": c.rounds - 1}))
    state = state.evolve(charges=tuple(waiting))
    owner = state.figures[owner_id]
    for c in due:
        state, more = _explode(Ctx(state, ctx.catalog), owner, c, dice)
        events += more
    return state, events


def _zone(state: GameState, charge: Charge, zone: str) -> list[Square]:
    dungeon = state.dungeon
    targets = set(charge.squares)
    squares = [(x, y) for y in range(dungeon.height) for x in range(dungeon.width)]
    if zone in ("target", "under_rubble"):
        return list(targets)
    if zone == "adjacent":
        return [
            q for q in squares if q not in targets and min(chebyshev(q, t) for t in targets) == 1
        ]
    centre = charge.squares[0]
    return [
        q
        for q in squares
        if min(chebyshev(q, t) for t in targets) > 1 and math.dist(q, centre) <= 2 + 1e-9
    ]


def _explode(ctx: Ctx, owner: FigureState, charge: Charge, dice: Dice) -> Outcome:
    spec = _charge_def(ctx, owner, charge.ability)
    state = ctx.state
    events = [Event(kind="sapper", figure=owner.id, text=f"{spec.name} goes off!")]
    dungeon = state.dungeon.copy()
    if charge.ability == "clear_rubble":
        for x, y in charge.squares:
            if dungeon.terrain[y, x] == int(Terrain.OBSTACLE):
                dungeon.terrain[y, x] = int(Terrain.FLOOR)
    elif charge.ability == "open_door":
        x, y = charge.squares[0]
        if Terrain(int(dungeon.terrain[y, x])).is_door:
            dungeon.terrain[y, x] = int(Terrain.DOOR_OPEN)
    elif charge.ability == "block_passage":
        for x, y in charge.squares:
            dungeon.terrain[y, x] = int(Terrain.OBSTACLE)
    # Who is where is taken when the charge goes off, before anyone is hurt or blown clear.
    # A Large Creature is caught once, by the innermost blast reaching one of its squares.
    caught = []
    large_caught: set[str] = set()
    for blast in spec.blasts:
        for sq in _zone(state, charge, blast.zone):
            victim = ctx.living_at(sq)
            if victim is None:
                continue
            if ctx.size(victim) > 1:
                if victim.id in large_caught:
                    continue
                large_caught.add(victim.id)
            caught.append((blast, victim.id))
    state = state.evolve(dungeon=dungeon)
    for blast, victim_id in caught:
        victim = state.figures[victim_id]
        if victim.dead:
            continue
        amount = blast.points
        if blast.dice:
            amount += dice.roll(blast.dice, f"{spec.name} hits {victim.name}").total
        text = f"The blast deals {amount} to {victim.name}."
        state, more = deal_damage(Ctx(state, ctx.catalog), victim.id, amount, text, dice, owner.id)
        events += more
        if blast.zone == "under_rubble" and not state.figures[victim.id].dead:
            state = _blow_clear(Ctx(state, ctx.catalog), victim.id)
    return state, events


def _blow_clear(ctx: Ctx, figure_id: str) -> GameState:
    """A figure caught under falling rubble is blown to the nearest free square (a Large
    Creature: the nearest place where all of its squares are free)."""
    state = ctx.state
    fig = state.figures[figure_id]
    blocked = state.dungeon.blocks_movement()
    large = ctx.size(fig) > 1
    best = None
    for y in range(state.dungeon.height):
        for x in range(state.dungeon.width):
            if blocked[y, x] or state.dungeon.terrain_at(x, y) is Terrain.FIRE_SPOUT:
                continue
            if large and ((x, y) == fig.pos or not may_end_on(ctx, fig.id, (x, y))):
                continue
            if any(f.pos == (x, y) and f.inside is None for f in state.figures.values()):
                continue
            d = math.dist((x, y), fig.pos)
            if best is None or d < best[0]:
                best = (d, (x, y))
    if best is None:
        return state
    return state.with_figure(fig.model_copy(update={"x": best[1][0], "y": best[1][1]}))
