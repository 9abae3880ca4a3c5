"""Attack and defense: the dice each side rolls, every modifier of the text, and damage.

Attack total = sum of Attack Dice + bonuses; Defense total = sum of Defense Dice +
bonuses; damage = attack - defense when positive (DESIGN.md).  Incorporeal targets
count only the attack dice showing 5 or 6.  Optional rules: critical miss and hit,
height bonus.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.model.dungeon import Facing
from companion.model.geometry import Board, area_circle, in_arc, is_behind, is_behind_figure
from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickquest import schema as s
from companion.rulesets.brickquest.context import Ctx
from companion.rulesets.brickquest.state import Affliction, FigureState, GameState

Mode = str  # "melee" | "reach" | "ranged"
#: Height bonus (optional rule): one point per this many full bricks, capped.
BRICKS_PER_HEIGHT_POINT = 3
HEIGHT_BONUS_CAP = 3
#: Open-handed attack of a disarmed figure (critical miss rule).
OPEN_HAND_DICE = 1


def base_attack(
    card: s.ClassDef | s.MonsterDef, fig: FigureState, mode: Mode
) -> tuple[int, int] | None:
    """(dice, bonus) of the figure's ``mode`` attack, or None if it has none."""
    a = card.attack
    if mode == "melee":
        if fig.disarmed:
            return (OPEN_HAND_DICE, 0)
        if a.melee_dice is None:
            return None
        by_weapon = getattr(card, "attack_dice_by_weapon", {})
        dice = by_weapon.get(fig.weapon, a.melee_dice) if fig.weapon else a.melee_dice
        return (dice, a.melee_bonus)
    if fig.disarmed:
        return None
    if mode == "ranged":
        return None if a.ranged_dice is None else (a.ranged_dice, a.ranged_bonus)
    if mode == "reach":
        return None if a.reach_dice is None else (a.reach_dice, a.melee_bonus)
    return None


def turned_board(ctx: Ctx, actor: FigureState, turn: str) -> Board:
    """The board with ``actor`` given its free 90° turn (``left`` or ``right``)."""
    facing = actor.facing.left if turn == "left" else actor.facing.right
    tokens = [replace(t, facing=facing) if t.id == actor.id else t for t in ctx.board.tokens]
    return ctx.board.with_tokens(tokens)


@dataclass(frozen=True)
class Modifiers:
    """Everything added to one side's roll, with the reasons, for the log."""

    dice: int
    bonus: int
    notes: tuple[str, ...]


def attack_modifiers(ctx: Ctx, attacker: FigureState, target: FigureState, mode: Mode) -> Modifiers:
    card = ctx.card(attacker)
    base = base_attack(card, attacker, mode)
    assert base is not None, "validated before resolving"
    dice, bonus = base
    notes: list[str] = []
    if attacker.focus_attack:
        dice += attacker.focus_attack
        notes.append(f"+{attacker.focus_attack} focus dice")
    specials = not attacker.has("hiccups")  # Hiccups: no special abilities
    charge = card.ability("charge")
    line = attacker.turn.charge_line
    if specials and isinstance(charge, s.Charge) and line and attacker.turn.actions_used == 1:
        dx, dy, n = line
        ahead = any(_along(attacker.pos, q, dx, dy) for q in ctx.squares(target))
        if n >= charge.min_squares and ahead:
            dice += charge.extra_attack_dice
            notes.append(f"+{charge.extra_attack_dice} charge")
    backstab = card.ability("backstab")
    if ctx.size(attacker) == 1 and ctx.size(target) == 1:
        behind = is_behind(attacker.pos, target.pos, target.facing)
    else:  # behind a Large Creature's back edge
        behind = is_behind_figure(ctx.token(attacker), ctx.token(target))
    if specials and isinstance(backstab, s.Backstab) and behind:
        dice += backstab.extra_attack_dice
        notes.append(f"+{backstab.extra_attack_dice} backstab")
    drums = _war_drums(ctx, attacker)
    if drums:
        bonus += drums
        notes.append(f"+{drums} war drums")
    horn = attacker.affliction("war_horn")
    if horn is not None:
        bonus += horn.value
        notes.append(f"{horn.value} war horn")
    if ctx.state.options.height_bonus:
        dh = ctx.stand_height(attacker) - ctx.stand_height(target)
        step = max(-HEIGHT_BONUS_CAP, min(HEIGHT_BONUS_CAP, int(dh / BRICKS_PER_HEIGHT_POINT)))
        if step:
            bonus += step
            notes.append(f"{step:+d} height")
    return Modifiers(dice, bonus, tuple(notes))


def defense_modifiers(ctx: Ctx, target: FigureState) -> Modifiers:
    card = ctx.card(target)
    dice = card.defense_dice
    bonus = card.defense_bonus + card.ability_defense_modifier
    notes: list[str] = []
    focus = card.ability("prowess") or card.ability("ninja_focus")
    if isinstance(focus, s.Prowess | s.NinjaFocus):
        extra = focus.dice - target.focus_attack
        if extra:
            dice += extra
            notes.append(f"+{extra} focus dice")
    if target.rage_penalty:
        dice = max(0, dice - target.rage_penalty)
        notes.append(f"-{target.rage_penalty} rage")
    drums = _war_drums(ctx, target)
    if drums:
        bonus += drums
        notes.append(f"+{drums} war drums")
    return Modifiers(dice, bonus, tuple(notes))


def _along(a: tuple[int, int], b: tuple[int, int], dx: int, dy: int) -> bool:
    """Whether ``b`` lies ahead of ``a`` on the straight line of steps (dx, dy)."""
    return any((a[0] + k * dx, a[1] + k * dy) == b for k in range(1, 64))


def _war_drums(ctx: Ctx, fig: FigureState) -> int:
    """+1 to attack and defense for allies within the radius of a drumming dwarf."""
    spell = ctx.catalog.spells.get("war_drums")
    if spell is None or not isinstance(spell.area, s.Circle):
        return 0
    for drummer in ctx.state.figures.values():
        keeps = drummer.affliction("sustaining")
        if drummer.dead or keeps is None or keeps.source != "war_drums":
            continue
        if drummer.side != fig.side:
            continue
        mask = area_circle(ctx.board, drummer.pos, spell.area.radius)
        if any(ctx.board.in_bounds(q) and mask[q[1], q[0]] for q in ctx.squares(fig)):
            return spell.effect.allies_attack_modifier or 1
    return 0


def counting_faces(ctx: Ctx, attacker: FigureState, target: FigureState) -> frozenset[int] | None:
    """The attack dice faces that count against ``target`` (None: all of them).

    Incorporeal: only 5s and 6s count, unless the optional rule gives characters enchanted
    weapons ("Characters wielding enchanted weapons" — monsters' attacks still count 5-6).
    """
    incorporeal = ctx.card(target).ability("incorporeal")
    if not isinstance(incorporeal, s.Incorporeal):
        return None
    if ctx.state.options.enchanted_weapons and attacker.class_id is not None:
        return None
    return frozenset(incorporeal.counting_faces)


def resolve_attack(
    ctx: Ctx, attacker: FigureState, target: FigureState, mode: Mode, dice: Dice
) -> tuple[GameState, list[Event]]:
    """Roll attack against defense and apply the damage and its after-effects."""
    atk = attack_modifiers(ctx, attacker, target, mode)
    dfn = defense_modifiers(ctx, target)
    a_roll = dice.roll(atk.dice, f"{attacker.name} attacks {target.name}", modifier=atk.bonus)
    d_roll = dice.roll(dfn.dice, f"{target.name} defends", modifier=dfn.bonus)
    faces = a_roll.faces
    counting = counting_faces(ctx, attacker, target)
    if counting is not None:
        faces = tuple(f for f in faces if f in counting)
    attack_total = sum(faces) + atk.bonus
    defense_total = d_roll.total + dfn.bonus
    damage = max(0, attack_total - defense_total)
    events: list[Event] = []
    state = ctx.state
    crit = ""
    if state.options.critical_hits and len(a_roll.faces) > 1:
        if all(f == 1 for f in a_roll.faces):
            damage = 0
            crit = " Critical miss: the weapon drops to the base."
            holder = state.figures[attacker.id]
            state = state.with_figure(holder.model_copy(update={"disarmed": True}))
        sixes = sum(1 for f in a_roll.faces if f == 6)
        if sixes > 1 and damage < sixes:
            damage = sixes
            crit = f" Critical hit: at least {sixes} damage."
    notes = ", ".join(atk.notes + dfn.notes)
    events.append(
        Event(
            kind="attack",
            figure=target.id,
            amount=damage,
            text=(
                f"{attacker.name} attacks {target.name} ({mode}): {attack_total} against"
                f" {defense_total}{f' [{notes}]' if notes else ''} — {damage} damage.{crit}"
            ),
        )
    )
    fresh = state.figures[target.id].model_copy(update={"attacked_since_turn": True})
    state = state.with_figure(fresh)
    if fresh.has("posing"):  # attacked, the statue gives up pretending
        state, more = wake_statue(state, fresh.id)
        events += more
    if damage:
        state, more = apply_damage(Ctx(state, ctx.catalog), target.id, damage, dice, attacker.id)
        events += more
    return state, events


def apply_damage(
    ctx: Ctx, target_id: str, damage: int, dice: Dice, source_id: str | None = None
) -> tuple[GameState, list[Event]]:
    """Take ``damage`` hit points off; death, vampirism, poison, rot and lycanthropy follow."""
    state = ctx.state
    target = state.figures[target_id]
    if target.dead or damage <= 0:
        return state, []
    hp = max(0, target.hp - damage)
    events: list[Event] = []
    source = state.figures.get(source_id) if source_id else None
    source_card = ctx.card(source) if source else None
    updated = target.model_copy(update={"hp": hp})
    if hp == 0:
        convert = source_card.ability("vampire_conversion") if source_card else None
        if isinstance(convert, s.VampireConversion) and target.class_id is not None:
            monster = ctx.catalog.monsters[convert.becomes]
            caster = monster.ability("spellcaster")
            sp = caster.spell_points if isinstance(caster, s.Spellcaster) else 0
            updated = updated.model_copy(
                update={
                    "class_id": None,
                    "monster_id": monster.id,
                    "side": source.side if source else target.side,
                    "hp": monster.hit_points or target.max_hp,
                    "max_hp": monster.hit_points or target.max_hp,
                    "sp": sp,
                    "max_sp": sp,
                    "afflictions": (),
                    "focus_attack": 0,
                    "rage_penalty": 0,
                    "disarmed": False,
                }
            )
            events.append(
                Event(
                    kind="condition",
                    figure=target.id,
                    text=f"{target.name} becomes a {monster.name}!",
                )
            )
            return state.with_figure(updated), events
        updated = updated.model_copy(update={"dead": True, "afflictions": ()})
        events.append(Event(kind="died", figure=target.id, text=f"{target.name} dies."))
        return state.with_figure(updated), events
    if source_card is not None:
        updated, more = _on_damage(source_card, updated, dice, source_id)
        events += more
    state = state.with_figure(updated)
    if updated.has("posing"):  # hurt (by a spell, a trap), the statue gives up pretending
        state, more = wake_statue(state, updated.id)
        events += more
    return state, events


def wake_statue(state: GameState, figure_id: str) -> tuple[GameState, list[Event]]:
    """A living statue stops posing: it attacks, or it is attacked or hurt."""
    fig = state.figures[figure_id]
    fig = fig.model_copy(update={"afflictions": fig.without("posing")})
    text = f"The statue comes to life: it is {fig.name}!"
    return state.with_figure(fig), [Event(kind="condition", figure=fig.id, text=text)]


def deal_damage(
    ctx: Ctx, target_id: str, damage: int, text: str, dice: Dice, source_id: str | None = None
) -> tuple[GameState, list[Event]]:
    """Report ``damage`` to the target with ``text``, then :func:`apply_damage` it."""
    event = Event(kind="damage", figure=target_id, amount=damage, text=text)
    state, events = apply_damage(ctx, target_id, damage, dice, source_id)
    return state, [event, *events]


def _on_damage(
    card: s.ClassDef | s.MonsterDef, target: FigureState, dice: Dice, source_id: str | None
) -> tuple[FigureState, list[Event]]:
    """Poison, mummy rot and lycanthropy passed on by a damaging attack."""
    events: list[Event] = []
    afflictions = list(target.afflictions)
    poison = card.ability("poison")
    if isinstance(poison, s.Poison):
        afflictions = [a for a in afflictions if a.id != "poisoned"]
        afflictions.append(
            Affliction(
                id="poisoned",
                rounds=poison.delay_turns,
                value=poison.extra_damage,
                source=source_id,
            )
        )
        events.append(Event(kind="condition", figure=target.id, text=f"{target.name} is poisoned."))
    rot = card.ability("mummy_rot")
    if isinstance(rot, s.MummyRot) and not target.has("mummy_rot"):
        afflictions.append(Affliction(id="mummy_rot", value=rot.damage_per_round, source=source_id))
        events.append(
            Event(kind="condition", figure=target.id, text=f"{target.name} has mummy rot.")
        )
    lyc = card.ability("lycanthropy")
    if isinstance(lyc, s.Lycanthropy) and not target.has("lycanthropy") and target.class_id:
        roll = dice.roll(1, f"does {target.name} catch lycanthropy?")
        if roll.faces[0] >= lyc.contract_on:
            afflictions.append(
                Affliction(
                    id="lycanthropy",
                    rounds=lyc.turns_to_change,
                    value=lyc.cure_window,
                    source=source_id,
                )
            )
            events.append(
                Event(
                    kind="condition",
                    figure=target.id,
                    text=f"{target.name} has contracted lycanthropy!",
                )
            )
    return target.model_copy(update={"afflictions": tuple(afflictions)}), events


def figures_facing(ctx: Ctx, caster: FigureState) -> list[FigureState]:
    """Living figures whose firing arc faces ``caster`` (Blinding Light); a Large
    Creature's arc is that of its front edge, and any square of the caster counts."""
    caster_squares = ctx.squares(caster)
    return [
        f
        for f in ctx.state.figures.values()
        if f.id != caster.id
        and not f.dead
        and f.inside is None
        and in_arc(ctx.token(f), f.facing, caster_squares)
    ]


def facing_after_turn(fig: FigureState, turn: str | None) -> Facing:
    if turn == "left":
        return fig.facing.left
    if turn == "right":
        return fig.facing.right
    return fig.facing
