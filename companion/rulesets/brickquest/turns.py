"""The start and end of a figure's turn, and whose turn comes next.

At the start: ongoing spells rolling to break (a 6) at the start of their caster's turn
and otherwise happening again (a curse hurts again), regeneration, poison, mummy rot,
lycanthropy counting down, upkeep of sustained spells, meditation paying out, Prowess /
Ninja Focus / Rage choices.
At the end: Recuperate, timed conditions counting down, Sapper charges going off, the
next figure in initiative.

Durations: a condition lasting N rounds covers N turns of the figure that bears it,
counting the turn it is put on if that is the bearer's own (a potion): it counts down at
the end of each of the bearer's turns.  Walls of Stone and Magic Locks, which have no
bearer, count down at the start of their caster's turn and end N rounds after the cast.
"""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.actions import BeginTurn
from companion.rulesets.brickquest.combat import apply_damage
from companion.rulesets.brickquest.context import Ctx
from companion.rulesets.brickquest.state import Affliction, FigureState, GameState, TurnState

#: Conditions that deal their ``value`` in damage at the beginning of each round ("an
#: additional point of damage at the beginning of each round until Cured").
DAMAGE_EACH_ROUND = ("mummy_rot",)
#: Conditions that count down at the start of the bearer's turn ("N turns after").
START_COUNTDOWN = ("poisoned", "lycanthropy", "werewolf")
#: Ongoing spell effects that hurt again each time they are not broken: id -> default damage.
RECURRING_DAMAGE = {"cursed": 1}
#: The monster a lycanthrope turns into.
WEREWOLF = "wolfman"


def start_turn(
    ctx: Ctx, figure_id: str, dice: Dice, choice: BeginTurn | None = None
) -> tuple[GameState, list[Event]]:
    """Begin ``figure_id``'s turn if it has not begun; returns the new state and events."""
    fig = ctx.state.figures[figure_id]
    if fig.turn.started:
        return ctx.state, []
    events: list[Event] = []
    state = ctx.state
    state, more = _break_rolls(Ctx(state, ctx.catalog), fig.id, dice)
    events += more
    state, more = _tick_afflictions(Ctx(state, ctx.catalog), fig.id, dice)
    events += more
    state, more = _upkeep(Ctx(state, ctx.catalog), fig.id, choice)
    events += more
    state = _tick_placed(state, fig.id)
    fig = state.figures[fig.id]
    if fig.dead:
        return state, events
    card = ctx.card(fig)
    regen = card.ability("regenerates")
    if (
        isinstance(regen, s.Regenerates)
        and fig.hp < fig.max_hp
        and not any(fig.has(c.value) for c in regen.not_while)
    ):
        hp = min(fig.max_hp, fig.hp + regen.hit_points_per_turn)
        events.append(
            Event(kind="heal", figure=fig.id, amount=hp - fig.hp, text=f"{fig.name} regenerates.")
        )
        fig = fig.model_copy(update={"hp": hp})
    if fig.meditating:
        if not fig.attacked_since_turn:
            med = card.ability("meditation")
            count = med.spell_point_dice if isinstance(med, s.Meditation) else 1
            roll = dice.roll(count, f"{fig.name}'s meditation")
            # Only the Mana Potion is said to go beyond the starting spell points.
            fig = fig.model_copy(update={"sp": max(fig.sp, min(fig.max_sp, fig.sp + roll.total))})
            events.append(
                Event(
                    kind="spell_points",
                    figure=fig.id,
                    amount=roll.total,
                    text=f"{fig.name} gains {roll.total} spell points from meditation.",
                )
            )
        fig = fig.model_copy(update={"meditating": False})
    rage = card.ability("rage")
    raging = bool(choice and choice.rage and isinstance(rage, s.Rage))
    fig = fig.model_copy(
        update={
            "turn": TurnState(started=True, raging=raging),
            "focus_attack": choice.focus_attack if choice else 0,
            "rage_penalty": rage.defense_dice_given_up
            if raging and isinstance(rage, s.Rage)
            else 0,
            "attacked_since_turn": False,
            "breakaway_attacked": False,
            "breakaway_tried": (),
        }
    )
    state = state.with_figure(fig)
    if state.initiative is not None:
        state = state.evolve(current=fig.id)
    return state, events


def _break_rolls(ctx: Ctx, caster_id: str, dice: Dice) -> tuple[GameState, list[Event]]:
    """Each target of the caster's ongoing spells rolls one die; a 6 breaks it."""
    state = ctx.state
    events: list[Event] = []
    for other in list(state.figures.values()):
        hold = [a for a in other.afflictions if a.breakable and a.source == caster_id]
        if not hold or other.dead:
            continue
        kept = [a for a in other.afflictions if a not in hold]
        damage = 0
        for a in hold:
            roll = dice.roll(1, f"{other.name} tries to break {a.id.replace('_', ' ')}")
            if roll.faces[0] == 6:
                events.append(
                    Event(
                        kind="condition",
                        figure=other.id,
                        text=f"{other.name} breaks free of {a.id.replace('_', ' ')}.",
                    )
                )
            else:
                kept.append(a)
                if a.id in RECURRING_DAMAGE:
                    hurt = a.value or RECURRING_DAMAGE[a.id]
                    damage += hurt
                    events.append(
                        Event(
                            kind="damage",
                            figure=other.id,
                            amount=hurt,
                            text=f"{other.name} suffers from {a.id.replace('_', ' ')} again.",
                        )
                    )
        state = state.with_figure(other.model_copy(update={"afflictions": tuple(kept)}))
        if damage:
            state, more = apply_damage(Ctx(state, ctx.catalog), other.id, damage, dice, caster_id)
            events += more
    return state, events


def _tick_afflictions(ctx: Ctx, figure_id: str, dice: Dice) -> tuple[GameState, list[Event]]:
    state = ctx.state
    fig = state.figures[figure_id]
    events: list[Event] = []
    damage = 0
    kept: list[Affliction] = []
    for a in fig.afflictions:
        if a.id == "poisoned" and (a.rounds or 0) <= 1:
            damage += a.value or 1
            events.append(
                Event(
                    kind="damage",
                    figure=fig.id,
                    amount=a.value or 1,
                    text=f"Poison hurts {fig.name}.",
                )
            )
            continue
        if a.rounds is None or a.id not in START_COUNTDOWN:
            kept.append(a)
            continue
        left = a.rounds - 1
        if left > 0:
            kept.append(a.model_copy(update={"rounds": left}))
        elif a.id == "lycanthropy":
            origin = f"{fig.class_id or ''}|{fig.side}"
            fig, more = _turn_werewolf(ctx, fig)
            kept.append(Affliction(id="werewolf", rounds=a.value or 5, source=origin))
            events += more
        elif a.id == "werewolf":
            events.append(
                Event(kind="condition", figure=fig.id, text=f"{fig.name} is a Wolfman for good.")
            )
    state = state.with_figure(fig.model_copy(update={"afflictions": tuple(kept)}))
    if damage:
        state, more = apply_damage(Ctx(state, ctx.catalog), fig.id, damage, dice)
        events += more
    return state, events


def _turn_werewolf(ctx: Ctx, fig: FigureState) -> tuple[FigureState, list[Event]]:
    """Lycanthropy runs its course: the character becomes a Wolfman (curable for a while)."""
    wolf = ctx.catalog.monsters.get(WEREWOLF)
    if wolf is None:
        return fig, []
    changed = fig.model_copy(update={"class_id": None, "monster_id": wolf.id, "side": "dungeon"})
    event = Event(kind="condition", figure=fig.id, text=f"{fig.name} turns into a Wolfman!")
    return changed, [event]


def _upkeep(ctx: Ctx, figure_id: str, choice: BeginTurn | None) -> tuple[GameState, list[Event]]:
    """Sustained spells cost their upkeep now, or end."""
    state = ctx.state
    fig = state.figures[figure_id]
    keeps = fig.affliction("sustaining")
    if keeps is None or keeps.source is None:
        return state, []
    spell = ctx.catalog.spells[keeps.source]
    cost = spell.upkeep_per_round or 0
    if (choice is None or choice.sustain) and fig.sp >= cost and not fig.dead:
        fig = fig.model_copy(update={"sp": fig.sp - cost})
        text = f"{fig.name} spends {cost} spell points to keep up {spell.name}."
        return state.with_figure(fig), [Event(kind="spell", figure=fig.id, amount=cost, text=text)]
    return end_sustained(state, fig.id, spell.name)


def end_sustained(
    state: GameState, figure_id: str, spell_name: str
) -> tuple[GameState, list[Event]]:
    fig = state.figures[figure_id]
    state = state.with_figure(fig.model_copy(update={"afflictions": fig.without("sustaining")}))
    summoned = f"{fig.id}_elemental"
    if summoned in state.figures:
        figures = {k: v for k, v in state.figures.items() if k != summoned}
        initiative = (
            tuple(i for i in state.initiative if i != summoned) if state.initiative else None
        )
        numbers = {k: v for k, v in state.initiative_numbers.items() if k != summoned}
        state = state.evolve(figures=figures, initiative=initiative, initiative_numbers=numbers)
    return state, [Event(kind="spell", figure=fig.id, text=f"{spell_name} ends.")]


def _tick_placed(state: GameState, caster_id: str) -> GameState:
    """Walls of Stone and Magic Locks count down at the start of their caster's turn."""
    walls = dict(state.stone_walls)
    dungeon = state.dungeon
    changed = False
    for sq, (caster, left, under) in list(walls.items()):
        if caster != caster_id:
            continue
        if left <= 1:
            if not changed:
                dungeon = dungeon.copy()
                changed = True
            dungeon.terrain[sq[1], sq[0]] = under
            del walls[sq]
        else:
            walls[sq] = (caster, left - 1, under)
    locks = {
        sq: (caster, left - 1 if caster == caster_id else left)
        for sq, (caster, left) in state.magic_locks.items()
        if not (caster == caster_id and left <= 1)
    }
    return state.evolve(stone_walls=walls, magic_locks=locks, dungeon=dungeon)


def end_turn(ctx: Ctx, figure_id: str, dice: Dice) -> tuple[GameState, list[Event]]:
    """Finish the turn: Recuperate, Sapper charges, and pass to the next figure."""
    from companion.rulesets.brickquest.sapping import explode_due

    state = ctx.state
    fig = state.figures[figure_id]
    events: list[Event] = []
    card = ctx.card(fig)
    recup = card.ability("recuperate")
    if (
        isinstance(recup, s.Recuperate)
        and not fig.turn.cast
        and fig.sp < fig.max_sp
        and not fig.dead
    ):
        sp = min(fig.max_sp, fig.sp + recup.spell_points_per_round)
        events.append(
            Event(
                kind="spell_points",
                figure=fig.id,
                amount=sp - fig.sp,
                text=f"{fig.name} recuperates a spell point.",
            )
        )
        fig = fig.model_copy(update={"sp": sp})
    fig, more = _count_down(fig)
    events += more
    fig = fig.model_copy(update={"turn": TurnState(), "turns_taken": fig.turns_taken + 1})
    state = state.with_figure(fig)
    state, more = explode_due(Ctx(state, ctx.catalog), fig.id, dice)
    events += more
    before = state.round
    state = advance(state)
    if state.round != before:
        state, more = start_round(Ctx(state, ctx.catalog), dice)
        events += more
    return state, events


def start_round(ctx: Ctx, dice: Dice) -> tuple[GameState, list[Event]]:
    """The beginning of a round: mummy rot hurts every bearer; initiative is rolled again
    when the game's option says so."""
    state = ctx.state
    events = [Event(kind="round", text=f"Round {state.round} begins.")]
    for fig in list(state.figures.values()):
        rot = [a for a in fig.afflictions if a.id in DAMAGE_EACH_ROUND]
        if fig.dead or not rot:
            continue
        hurt = max(a.value or 1 for a in rot)  # "not cumulative"
        events.append(
            Event(
                kind="damage",
                figure=fig.id,
                amount=hurt,
                text=f"{fig.name} suffers from mummy rot.",
            )
        )
        state, more = apply_damage(Ctx(state, ctx.catalog), fig.id, hurt, dice)
        events += more
    every = state.options.reroll_initiative
    if every and state.initiative is not None and (state.round - 1) % every == 0:
        state = state.evolve(needs_initiative=True, current=None)
        events.append(Event(kind="round", text="Initiative is rolled again this round."))
    return state, events


def _count_down(fig: FigureState) -> tuple[FigureState, list[Event]]:
    """Timed conditions lose a round at the end of the bearer's turn; at 0 they end."""
    kept: list[Affliction] = []
    events: list[Event] = []
    for a in fig.afflictions:
        if a.rounds is None or a.id in START_COUNTDOWN:
            kept.append(a)
        elif a.rounds > 1:
            kept.append(a.model_copy(update={"rounds": a.rounds - 1}))
        else:
            events.append(
                Event(
                    kind="condition",
                    figure=fig.id,
                    text=f"{fig.name} is no longer {a.id.replace('_', ' ')}.",
                )
            )
    return fig.model_copy(update={"afflictions": tuple(kept)}), events


def advance(state: GameState) -> GameState:
    """Pass the turn to the next living figure in initiative; a new round after the last.

    Figures that held are skipped in the round's normal order and act after it, in
    initiative order (the holding phase).
    """
    if state.initiative is None or state.current is None:
        return state
    order = [f for f in state.initiative if f in state.figures]

    def ready(f: str) -> bool:
        return not state.figures[f].dead

    i = order.index(state.current) if state.current in order else -1
    if not state.holding_phase:
        for nxt in order[i + 1 :]:
            if ready(nxt) and nxt not in state.held:
                return state.evolve(current=nxt)
        i = -1
    for nxt in order[i + 1 :]:
        if ready(nxt) and nxt in state.held:
            return state.evolve(current=nxt, holding_phase=True)
    first = next((f for f in order if ready(f)), None)
    return state.evolve(current=first, round=state.round + 1, held=(), holding_phase=False)
