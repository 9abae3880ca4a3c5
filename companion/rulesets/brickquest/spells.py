"""Resolving spells: areas measured with the geometry, damage, healing, conditions, upkeep.

There are no saving throws: spell damage is not opposed by a Defense roll.  Ongoing
hostile effects are marked ``breakable``: at the start of the caster's turn each target
rolls one die and a 6 breaks the effect (``turns.start_turn``).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from companion.model.dungeon import Facing, Terrain
from companion.model.geometry import (
    area_circle,
    area_cone,
    area_line,
    area_square,
    tokens_in,
)
from companion.rules.dice import Dice
from companion.rules.places import place_name
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.combat import apply_damage, deal_damage, figures_facing
from companion.rulesets.brickquest.context import (
    BREAKABLE,
    Ctx,
    carried_spells,
    may_know,
    squares_apart,
)
from companion.rulesets.brickquest.initiative import place_in_order
from companion.rulesets.brickquest.moving import may_end_on
from companion.rulesets.brickquest.state import Affliction, FigureState, GameState

Outcome = tuple[GameState, list[Event]]
#: Curse: damage at once and at the start of each of the target's turns.
CURSE_DAMAGE = 1


def resolve_cast(ctx: Ctx, actor: FigureState, action: act.Action, dice: Dice) -> Outcome:
    assert isinstance(action, act.Cast)
    spell = ctx.catalog.spells[action.spell]
    state, events = _pay(ctx, actor, spell, action)
    ctx = Ctx(state, ctx.catalog)
    actor = state.figures[actor.id]
    if action.facing is not None:
        actor = actor.model_copy(update={"facing": action.facing})
        state = state.with_figure(actor)
        ctx = Ctx(state, ctx.catalog)
    targets = _affected(ctx, actor, spell, action)
    effect = spell.effect
    events.append(Event(kind="spell", figure=actor.id, text=f"{actor.name} casts {spell.name}."))
    if effect.damage_dice and effect.applies is None:  # a ward's damage waits for a step
        state, more = _damage_area(ctx, actor, spell, action, targets, dice)
        return state, events + more
    if effect.heal_dice:
        for fig in targets:
            state, more = heal(Ctx(state, ctx.catalog), fig.id, dice, effect.heal_dice, spell.name)
            events += more
        return state, events
    state, more = _special(Ctx(state, ctx.catalog), actor, spell, action, targets, dice)
    return state, events + more


def _pay(ctx: Ctx, actor: FigureState, spell: s.SpellDef, action: act.Action) -> Outcome:
    """Deduct the spell points, or use up the scroll / the book's spell."""
    assert isinstance(action, act.Cast)
    carried = carried_spells(actor)
    card = ctx.card(actor)
    if action.item is not None or (spell.id in carried and not may_know(card, spell)):
        item = action.item or carried[spell.id]
        kind, _, names = item.partition(":")
        if ctx.catalog.get_item(kind).free_casts_per_spell is not None:
            # The spell is used up: a scroll goes, a book keeps its other spells.
            items = list(actor.items)
            items.remove(item)
            rest = [n for n in names.split("+") if n != spell.id]
            if rest:
                items.append(f"{kind}:{'+'.join(rest)}")
            actor = actor.model_copy(update={"items": tuple(items)})
        text = f"{actor.name} reads {spell.name} from a {kind}."
        return ctx.state.with_figure(actor), [Event(kind="spell", figure=actor.id, text=text)]
    cost = action.points if spell.variable_cost else spell.cost
    # Forced with too few points: the caster is drained to 0, never below.
    actor = actor.model_copy(update={"sp": max(0, actor.sp - (cost or 0))})
    return ctx.state.with_figure(actor), []


def _target_square(ctx: Ctx, actor: FigureState, target: act.Target | None) -> tuple[int, int]:
    if target is None:
        return actor.pos
    if isinstance(target, str):
        fig = ctx.state.figures.get(target)
        return fig.pos if fig is not None else actor.pos  # a potion in hand
    return (int(target[0]), int(target[1]))


def _area_mask(
    ctx: Ctx, actor: FigureState, spell: s.SpellDef, action: act.Cast
) -> np.ndarray | None:
    area = spell.area
    board = ctx.board
    sq = _target_square(ctx, actor, action.target)
    if isinstance(area, s.Circle):
        centre = actor.pos if area.centred_on == "caster" else sq
        return area_circle(board, centre, area.radius)
    if isinstance(area, s.Cone):
        return area_cone(board, actor.pos, action.facing or actor.facing, area.length)
    if isinstance(area, s.Line):
        toward: Facing | tuple[int, int] = (
            sq if action.target is not None and sq != actor.pos else (action.facing or actor.facing)
        )  # aimed at the caster's own square (forced): along its facing
        return area_line(board, actor.pos, toward, area.length)
    if isinstance(area, s.SquareArea):
        return area_square(board, actor.pos, area.side)
    return None


def _affected(
    ctx: Ctx, actor: FigureState, spell: s.SpellDef, action: act.Cast
) -> list[FigureState]:
    """The living figures the spell falls on."""
    area = spell.area
    mask = _area_mask(ctx, actor, spell, action)
    if mask is not None:
        ids = [t.id for t in tokens_in(ctx.board, mask) if not t.dead]
        figs = [ctx.state.figures[i] for i in ids]
        if (
            isinstance(area, s.Circle)
            and area.centred_on == "caster"
            and spell.effect.damage_dice is None
        ):
            return figs  # war horn / war drums: sorted by side below
        return figs
    if isinstance(area, s.SelfArea):
        if area.affects_figures_facing_caster:
            return figures_facing(ctx, actor)
        return [actor]
    if isinstance(area, s.AdjacentFigure | s.FigureInSight) and isinstance(action.target, str):
        return [ctx.state.figures[action.target]]
    if isinstance(area, s.TargetAndAdjacent):
        sq = _target_square(ctx, actor, action.target)
        return [
            f
            for f in ctx.state.figures.values()
            if not f.dead and f.inside is None and squares_apart(ctx.squares(f), [sq]) <= 1
        ]
    return []


def _damage_area(
    ctx: Ctx,
    actor: FigureState,
    spell: s.SpellDef,
    action: act.Cast,
    targets: list[FigureState],
    dice: Dice,
) -> Outcome:
    """Roll once for the spell and apply it to every figure in the area."""
    effect = spell.effect
    state = ctx.state
    events: list[Event] = []
    centre = _target_square(ctx, actor, action.target)
    main = dice.roll(effect.damage_dice or 0, f"{spell.name} damage")
    side = None
    if effect.adjacent_damage_dice:
        side = dice.roll(
            effect.adjacent_damage_dice, f"{spell.name} damage to the adjacent squares"
        )
    for fig in targets:
        current = state.figures[fig.id]
        if current.dead:
            continue
        if effect.physical and current.has("ethereal"):
            events.append(
                Event(kind="info", figure=fig.id, text=f"{fig.name} is ethereal: unharmed.")
            )
            continue
        covered = Ctx(state, ctx.catalog).squares(current)
        amount = main.total if side is None or centre in covered else side.total
        text = f"{spell.name} deals {amount} to {fig.name}."
        state, more = deal_damage(Ctx(state, ctx.catalog), fig.id, amount, text, dice, actor.id)
        events += more
    return state, events


def heal(
    ctx: Ctx, figure_id: str, dice: Dice, count: int, what: str, *, may_exceed: bool = False
) -> Outcome:
    """Heal ``count`` dice, never above the starting hit points unless ``may_exceed``."""
    fig = ctx.state.figures[figure_id]
    if fig.dead:
        return ctx.state, []
    roll = dice.roll(count, f"{what} heals {fig.name}")
    hp = fig.hp + roll.total if may_exceed else min(fig.max_hp, fig.hp + roll.total)
    event = Event(
        kind="heal",
        figure=fig.id,
        amount=hp - fig.hp,
        text=f"{what} heals {fig.name} by {hp - fig.hp}.",
    )
    return ctx.state.with_figure(fig.model_copy(update={"hp": hp})), [event]


def cure(fig: FigureState, conditions: tuple[str, ...]) -> FigureState:
    """Remove ``conditions``; a Wolfman still within its cure window turns back."""
    changes: dict[str, object] = {"afflictions": fig.without(*conditions)}
    wolf = fig.affliction("werewolf")
    if "lycanthropy" in conditions and wolf is not None and wolf.rounds and wolf.source:
        class_id, _, side = wolf.source.partition("|")
        changes.update(class_id=class_id or None, monster_id=None, side=side or fig.side)
        changes["afflictions"] = tuple(a for a in fig.without(*conditions) if a.id != "werewolf")
    return fig.model_copy(update=changes)


def _special(
    ctx: Ctx,
    actor: FigureState,
    spell: s.SpellDef,
    action: act.Cast,
    targets: list[FigureState],
    dice: Dice,
) -> Outcome:
    """Every spell that is not plain damage or healing."""
    effect = spell.effect
    state = ctx.state
    events: list[Event] = []
    rounds = spell.duration.rounds or spell.duration.effect_rounds
    if effect.cures:
        for fig in targets:
            state = state.with_figure(
                cure(state.figures[fig.id], tuple(c.value for c in effect.cures))
            )
            events.append(Event(kind="condition", figure=fig.id, text=f"{fig.name} is cured."))
    if effect.applies is not None and effect.applies.value not in ("magic_locked", "warded"):
        cond = effect.applies.value
        for fig in targets:
            current = state.figures[fig.id]
            value = (
                effect.move_per_action or effect.actions_per_round or effect.damage_per_round or 0
            )
            hostile = cond in BREAKABLE
            aff = Affliction(
                id=cond, rounds=rounds, source=actor.id, breakable=hostile, value=value
            )
            state = state.with_figure(current.with_affliction(aff))
            events.append(
                Event(
                    kind="condition", figure=fig.id, text=f"{fig.name} is {cond.replace('_', ' ')}."
                )
            )
            if cond == "cursed":
                state, more = apply_damage(
                    Ctx(state, ctx.catalog),
                    fig.id,
                    effect.damage_per_round or CURSE_DAMAGE,
                    dice,
                    actor.id,
                )
                events += more
    if effect.spell_point_transfer_loss is not None and action.points:
        for fig in targets:
            current = state.figures[fig.id]
            gain = max(0, action.points - effect.spell_point_transfer_loss)
            state = state.with_figure(current.model_copy(update={"sp": current.sp + gain}))
            events.append(
                Event(
                    kind="spell_points",
                    figure=fig.id,
                    amount=gain,
                    text=f"{fig.name} receives {gain} spell points.",
                )
            )
    if effect.enemies_attack_modifier:
        for fig in targets:
            current = state.figures[fig.id]
            if current.side == actor.side:
                continue
            aff = Affliction(
                id="war_horn", rounds=rounds, source=actor.id, value=effect.enemies_attack_modifier
            )
            state = state.with_figure(current.with_affliction(aff))
            events.append(
                Event(kind="condition", figure=fig.id, text=f"{fig.name} is struck with fear.")
            )
    if spell.duration.kind == "sustained":
        caster = state.figures[actor.id]
        aff = Affliction(id="sustaining", source=spell.id)
        state = state.with_figure(caster.with_affliction(aff))
    state, more = _placed(Ctx(state, ctx.catalog), actor, spell, action, rounds)
    return state, events + more


def _placed(
    ctx: Ctx, actor: FigureState, spell: s.SpellDef, action: act.Cast, rounds: int | None
) -> Outcome:
    """Spells that change the board: locks, wards, walls, teleport, summons, potions."""
    effect = spell.effect
    state = ctx.state
    events: list[Event] = []
    sq = _target_square(ctx, actor, action.target)
    if effect.applies is not None and effect.applies.value == "magic_locked":
        locks = dict(state.magic_locks)
        locks[sq] = (actor.id, rounds or 1)
        state = state.evolve(magic_locks=locks)
        events.append(Event(kind="spell", text=f"The lock at {place_name(sq)} is sealed by magic."))
    if effect.applies is not None and effect.applies.value == "warded":
        state = state.evolve(wards=(*state.wards, sq))
        events.append(Event(kind="spell", text=f"{place_name(sq)} is warded."))
    if effect.unlocks:
        state = _unlock_one(state, sq)
        events.append(Event(kind="spell", text=f"A lock at {place_name(sq)} springs open."))
    if isinstance(spell.area, s.Wall):
        dungeon = state.dungeon.copy()
        walls = dict(state.stone_walls)
        wall_ctx = Ctx(state, ctx.catalog)
        taken = {q for f in state.figures.values() for q in wall_ctx.squares(f)}
        taken |= set(dungeon.objects)
        for w in action.squares:
            if w in taken or w in walls or dungeon.terrain_at(*w) is Terrain.WALL:
                continue  # forced onto a figure, furniture or a wall: no stone there
            walls[w] = (actor.id, rounds or 1, int(dungeon.terrain[w[1], w[0]]))
            dungeon.terrain[w[1], w[0]] = int(Terrain.WALL)
        state = state.evolve(dungeon=dungeon, stone_walls=walls)
        events.append(Event(kind="spell", text="A wall of stone rises."))
    if effect.teleport_max_squares is not None and may_end_on(
        Ctx(state, ctx.catalog), actor.id, sq
    ):
        mover = state.figures[actor.id]
        state = state.with_figure(mover.model_copy(update={"x": sq[0], "y": sq[1]}))
        events.append(
            Event(
                kind="moved", figure=actor.id, text=f"{actor.name} teleports to {place_name(sq)}."
            )
        )
    if effect.summons is not None and may_end_on(
        Ctx(state, ctx.catalog), "", sq, ctx.monster_size(effect.summons)
    ):
        state, more = _summon(Ctx(state, ctx.catalog), actor, effect.summons, sq)
        events += more
    if effect.potion_multiplier is not None and isinstance(action.target, str):
        holder = state.figures[actor.id]
        items = [
            f"{i}@x{effect.potion_multiplier}" if i == action.target else i for i in holder.items
        ]
        state = state.with_figure(holder.model_copy(update={"items": tuple(items)}))
        events.append(Event(kind="spell", figure=actor.id, text="The potion grows stronger."))
    return state, events


def _unlock_one(state: GameState, sq: tuple[int, int]) -> GameState:
    """Magic UnLock removes one lock: the magic one first, else the physical one."""
    if sq in state.magic_locks:
        return state.evolve(magic_locks={k: v for k, v in state.magic_locks.items() if k != sq})
    dungeon = state.dungeon
    obj = dungeon.object_at(*sq)
    if dungeon.terrain_at(*sq) is Terrain.DOOR_LOCKED:
        dungeon = dungeon.copy()
        dungeon.terrain[sq[1], sq[0]] = int(Terrain.DOOR_CLOSED)
    elif obj is not None and obj.locked:
        dungeon = dungeon.copy()
        dungeon.objects[sq] = replace(obj, locked=False)
    return state.evolve(dungeon=dungeon)


def _summon(ctx: Ctx, caster: FigureState, monster_id: str, sq: tuple[int, int]) -> Outcome:
    card = ctx.catalog.monsters[monster_id]
    new_id = f"{caster.id}_elemental"
    fig = FigureState(
        id=new_id,
        name=f"{caster.name}'s {card.name}",
        side=caster.side,
        monster_id=monster_id,
        x=sq[0],
        y=sq[1],
        facing=caster.facing,
        hp=card.hit_points or 1,
        max_hp=card.hit_points or 1,
        visited=(sq,),
    )
    state = ctx.state.with_figure(fig)
    state = place_in_order(state, new_id, card.initiative)
    return state, [
        Event(kind="spell", figure=new_id, text=f"A {card.name} rises at {place_name(sq)}.")
    ]
