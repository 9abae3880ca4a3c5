"""Moving: the path step by step, with breakaway attacks (optional rule), fire spouts,
magic wards and blinded figures veering off course."""

from __future__ import annotations

from companion.model.dungeon import Terrain
from companion.model.geometry import front_of, front_squares, validate_path
from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.combat import deal_damage, resolve_attack
from companion.rulesets.brickquest.context import BOARDS, Ctx, footprint, move_allowance
from companion.rulesets.brickquest.grid import BRICKQUEST_GRID
from companion.rulesets.brickquest.state import FigureState, GameState, TurnState

Outcome = tuple[GameState, list[Event]]
Square = tuple[int, int]
#: Classes that cross fire spouts more nimbly (hurt on 1-2 instead of 1-3).
NIMBLE_ON_SPOUTS = ("human_thief",)
FIRE_SPOUT_HURTS_ON = 3
NIMBLE_HURTS_ON = 2
#: Blinded: a d6 per square or attack; 1-2 veers left, 3-4 right, 5-6 goes true.
VEER_LEFT_MAX = 2
VEER_RIGHT_MAX = 4
_EIGHT = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]


def resolve_move(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    """Walk the path square by square: breakaway attacks, fire spouts and wards on the way.

    A forced move (the BrickMaster overruling) goes as far as the figure can physically go
    and ends on the last square of it the figure may stand on.  A figure hidden inside a
    barrel or sarcophagus climbs out first, onto that part of the path; when no square of
    the path would take it (``forced.check_resolvable`` refuses that beforehand; only a
    blinded figure veering can still find itself there), it stays hidden where it is,
    never standing on the object's square outside it.
    """
    assert isinstance(action, act.Move)
    hidden = actor.inside
    if hidden is not None:  # forced out of a barrel or sarcophagus: it climbs out first
        actor = actor.model_copy(update={"inside": None})
        ctx = Ctx(ctx.state.with_figure(actor), ctx.catalog)
    state = ctx.state
    events: list[Event] = []
    path = list(action.path)
    if actor.has("blinded"):
        path, events = _veer_path(ctx, actor, path, dice)
    path = physical_path(ctx, actor, path)
    if hidden is not None and not path:
        return ctx.state.with_figure(actor.model_copy(update={"inside": hidden})), events
    prev = actor.pos
    walked: list[tuple[int, int]] = []
    for sq in path:
        # Nobody could reach a hidden figure, so nobody threatens its climbing out.
        if state.options.breakaway and not (hidden is not None and not walked):
            state, more = _breakaway(Ctx(state, ctx.catalog), actor.id, prev, dice)
            events += more
        mover = state.figures[actor.id]
        if mover.dead:
            break
        walked.append(sq)
        state = state.with_figure(mover.model_copy(update={"x": sq[0], "y": sq[1]}))
        state, more = _enter_square(Ctx(state, ctx.catalog), actor.id, sq, dice)
        events += more
        prev = sq
    mover = state.figures[actor.id]
    facing = action.facing or mover.facing
    visited = tuple(dict.fromkeys((*mover.visited, *walked)))
    line = _straight_line(actor.pos, walked) if actor.turn.actions_used == 0 else None
    turn = mover.turn.model_copy(update={"charge_line": line})
    state = state.with_figure(
        mover.model_copy(update={"facing": facing, "visited": visited, "turn": turn})
    )
    if walked:
        events.insert(
            0,
            Event(
                kind="moved",
                figure=actor.id,
                text=f"{actor.name} moves to {place_name(walked[-1])}.",
            ),
        )
    return state, events


def physical_path(ctx: Ctx, actor: FigureState, path: list[Square]) -> list[Square]:
    """The part of ``path`` the figure can take: up to the first square it cannot enter
    (off the map; solid unless ethereal -- for a Large Creature, any square it would
    cover), then back to the last square it may end on."""
    dungeon = ctx.state.dungeon
    solid = BOARDS.layers(dungeon).blocks_movement
    ethereal = actor.has("ethereal")
    size = ctx.size(actor)
    out: list[Square] = []
    for sq in path:
        if any(
            not dungeon.in_bounds(x, y) or (solid[y, x] and not ethereal)
            for x, y in footprint(sq, size)
        ):
            break
        out.append(sq)
    while out and not may_end_on(ctx, actor.id, out[-1]):
        out.pop()
    return out


def may_end_on(ctx: Ctx, figure_id: str, sq: Square, size: int | None = None) -> bool:
    """Open ground with nobody else (alive or dead) on it and no fire spout.

    ``size``: the squares per side of the figure that would stand there (default: the
    figure ``figure_id``'s, else 1).  A Large Creature needs all of its squares so, and
    their floors at most a step apart (``geometry.movement``'s reading).
    """
    state = ctx.state
    if size is None:
        fig = state.figures.get(figure_id)
        size = ctx.size(fig) if fig is not None else 1
    dungeon = state.dungeon
    covered = footprint(sq, size)
    blocked = BOARDS.layers(dungeon).blocks_movement
    for x, y in covered:
        if not dungeon.in_bounds(x, y) or blocked[y, x]:
            return False
        if dungeon.terrain_at(x, y) is Terrain.FIRE_SPOUT:
            return False
    if size > 1:
        floors = [dungeon.floor_at(*q) for q in covered]
        if max(floors) - min(floors) > BRICKQUEST_GRID.max_step:
            return False
    for f in state.figures.values():
        if f.id == figure_id or f.inside is not None:
            continue
        if f.pos in covered or (
            (n := ctx.size(f)) > 1 and any(q in covered for q in footprint(f.pos, n))
        ):
            return False
    return True


def _straight_line(
    start: tuple[int, int], walked: list[tuple[int, int]]
) -> tuple[int, int, int] | None:
    if not walked:
        return None
    steps = {(b[0] - a[0], b[1] - a[1]) for a, b in zip([start, *walked], walked, strict=False)}
    if len(steps) != 1:
        return None
    dx, dy = steps.pop()
    return (dx, dy, len(walked))


def _enter_square(ctx: Ctx, figure_id: str, sq: Square, dice: Dice) -> Outcome:
    """Fire spouts and magic wards hurt whoever steps in."""
    state = ctx.state
    events: list[Event] = []
    fig = state.figures[figure_id]
    if state.dungeon.terrain_at(*sq) is Terrain.FIRE_SPOUT and not fig.has("ethereal"):
        roll = dice.roll(1, f"{fig.name} crosses a fire spout")
        limit = NIMBLE_HURTS_ON if fig.class_id in NIMBLE_ON_SPOUTS else FIRE_SPOUT_HURTS_ON
        if roll.faces[0] <= limit:
            text = f"The fire spout burns {fig.name}."
            state, more = deal_damage(Ctx(state, ctx.catalog), fig.id, 1, text, dice)
            events += more
    if sq in state.wards:
        roll = dice.roll(1, f"the ward at {place_name(sq)} flares")
        wards = tuple(w for w in state.wards if w != sq)
        state = state.evolve(wards=wards)
        if not fig.has("ethereal"):
            text = f"Blue flame engulfs {fig.name}: {roll.total} damage."
            state, more = deal_damage(Ctx(state, ctx.catalog), fig.id, roll.total, text, dice)
            events += more
    return state, events


def _breakaway(
    ctx: Ctx, mover_id: str, leaving: tuple[int, int], dice: Dice
) -> tuple[GameState, list[Event]]:
    """Optional rule: leaving a square an enemy threatens in melee invites its attack.

    Each enemy makes at most one such attack a round (since its turn began); a mover
    that breaks away (a 6) may not be tried again by that enemy this round.
    """
    state = ctx.state
    events: list[Event] = []
    for enemy_id in list(state.figures):
        enemy = state.figures[enemy_id]
        mover = state.figures[mover_id]
        if mover.dead or mover.has("ethereal"):
            break
        if not _threatens(Ctx(state, ctx.catalog), enemy, mover, leaving):
            continue
        roll = dice.roll(1, f"{mover.name}'s breakaway roll from {enemy.name}")
        if roll.faces[0] == 6:
            tried = (*enemy.breakaway_tried, mover.id)
            state = state.with_figure(enemy.model_copy(update={"breakaway_tried": tried}))
            events.append(
                Event(
                    kind="info",
                    figure=mover.id,
                    text=f"{mover.name} breaks away from {enemy.name}.",
                )
            )
            continue
        enemy = enemy.model_copy(update={"breakaway_attacked": True})
        state = state.with_figure(enemy)
        free = enemy.model_copy(update={"turn": TurnState()})  # no Charge on a free attack
        # The mover still stands on ``leaving``: it is attacked as it steps off.
        state, more = resolve_attack(Ctx(state, ctx.catalog), free, mover, "melee", dice)
        events += more
    return state, events


def _threatens(ctx: Ctx, enemy: FigureState, mover: FigureState, leaving: tuple[int, int]) -> bool:
    """Whether ``enemy`` may make the breakaway attack on ``mover`` leaving ``leaving``.

    A Large Creature threatens the squares in front of its whole front edge, and one
    leaves it when any square it covers is among them; heights are compared from the
    highest floor under each."""
    if enemy.dead or enemy.inside is not None or enemy.side == mover.side:
        return False
    if enemy.breakaway_attacked or mover.id in enemy.breakaway_tried:
        return False
    if enemy.has("ethereal") or enemy.disarmed or ctx.card(enemy).attack.melee_dice is None:
        return False
    enemy_size, mover_size = ctx.size(enemy), ctx.size(mover)
    dungeon = ctx.state.dungeon
    if enemy_size == 1 and mover_size == 1:
        if leaving not in front_squares(enemy.pos, enemy.facing):
            return False
        return abs(dungeon.floor_at(*leaving) - dungeon.floor_at(*enemy.pos)) <= 2
    front = front_of(ctx.token(enemy))
    here = mover.model_copy(update={"x": leaving[0], "y": leaving[1]})
    if not any(sq in front for sq in ctx.squares(here)):
        return False
    return abs(ctx.stand_height(here) - ctx.stand_height(enemy)) <= 2


def _veer_path(
    ctx: Ctx, actor: FigureState, path: list[tuple[int, int]], dice: Dice
) -> tuple[list[tuple[int, int]], list[Event]]:
    """A blinded figure rolls for each square; a veer ends the move on the square it veered to."""
    prev = actor.pos
    out: list[tuple[int, int]] = []
    for sq in path:
        aim = veer(prev, sq, dice, f"{actor.name} moves blind")
        if aim != sq:
            check = validate_path(
                ctx.board, actor.id, [*out, aim], move_allowance(ctx.card(actor), actor)
            )
            if check.ok:
                out.append(aim)
            text = f"{actor.name} stumbles blindly off the path."
            return out, [Event(kind="info", figure=actor.id, text=text)]
        out.append(sq)
        prev = sq
    return out, []


def veer(
    origin: tuple[int, int], aim: tuple[int, int], dice: Dice, purpose: str
) -> tuple[int, int]:
    """Where a blinded figure's step, blow or shot lands: on 1-2 the left diagonal, on 3-4
    the right one, on 5-6 the square aimed at.  For a neighbouring square that is the
    diagonal itself; a shot further off lands on the square beside its target, one step
    to the left or right of the line of fire, as the diagonal is beside the square ahead."""
    dx = max(-1, min(1, aim[0] - origin[0]))
    dy = max(-1, min(1, aim[1] - origin[1]))
    face = dice.roll(1, purpose).faces[0]
    if face > VEER_RIGHT_MAX or (dx, dy) == (0, 0):
        return aim
    i = _EIGHT.index((dx, dy)) + (-1 if face <= VEER_LEFT_MAX else 1)
    ddx, ddy = _EIGHT[i % 8]
    return (aim[0] + ddx - dx, aim[1] + ddy - dy)
