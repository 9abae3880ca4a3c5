"""Fighting and shooting: opposed rolls of bumped dice, the hits the winner scores, and
hits taken through armour to broken.

"Roll both figures fight dice; high roll takes no damage, and, if armed and in range,
scores the difference in hits.  Ties cause 1 hit to each, and discards one item of armor."
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.brickmasters_of_the_unknown.rules import (
    Ctx,
    halve,
    in_arc,
    lost_turn,
    stat_die,
    weapon_for,
)
from companion.rulesets.brickmasters_of_the_unknown.state import Encounter, Fig, Stat


@dataclass(frozen=True)
class Side:
    """One side of an opposed roll: who rolls, its bumps and whether it counts as unarmed."""

    fig: Fig
    bumps: int = 0
    unarmed: bool = False


def roll_bonus(f: Fig, shooting: bool) -> int:
    """Added to the roll itself: Berserker +2 to the fight roll."""
    return 0 if shooting else 2 * f.count("berserker")


def can_damage(ctx: Ctx, s: Side, target: Fig, shooting: bool) -> bool:
    """Armed (its stat not a "u"), the target in its weapon's range and, if the option
    says so, in its forward arc; an asleep, turned or frog figure deals nothing."""
    f = s.fig
    stat = "shoot" if shooting else "fight"
    if s.unarmed or stat in f.unarmed_stats or lost_turn(f) is not None:
        return False
    if weapon_for(ctx, f, target, shooting) is None:
        return False
    return in_arc(f, target, shooting) or not (shooting or ctx.options.fight_needs_arc)


def hits_scored(ctx: Ctx, s: Side, target: Fig, diff: int, shooting: bool) -> int:
    """The winner's hits: the difference, Strong +1 (fighting) or Marksmen +2 (shooting),
    then ½ or 2x for light and heavy weapons when damage classes are played."""
    if diff <= 0 or not can_damage(ctx, s, target, shooting):
        return 0
    f = s.fig
    hits = diff + (2 * f.count("marksmen") if shooting else f.count("strong"))
    weapon = weapon_for(ctx, f, target, shooting)
    if ctx.options.damage_classes and weapon is not None:
        if weapon.damage == "light":
            hits = halve(ctx, hits)
        elif weapon.damage == "heavy":
            hits *= 2
    return hits


def take_hits(ctx: Ctx, f: Fig, hits: int) -> tuple[Fig, list[Event]]:
    """Hits taken: Berserker +2, Tough −1 each; less the armour value; one removable piece
    discarded per remaining hit; then a cape, staff, headgear or hand weapon each; then
    broken."""
    if hits <= 0 or f.broken:
        return f, []
    taken = max(0, hits + 2 * f.count("berserker") - f.count("tough"))
    value = len(f.armour) + int(f.torso) + f.inherent
    left = max(0, taken - value)
    events = [
        Event(
            kind="damage",
            figure=f.id,
            amount=taken,
            text=f"{f.name} takes {taken} hit{'s' * (taken != 1)} (armour value {value})",
        )
    ]
    return _strip(ctx, f, left, events)


def _strip(ctx: Ctx, f: Fig, left: int, events: list[Event]) -> tuple[Fig, list[Event]]:
    pieces = min(left, len(f.armour))
    if pieces:
        gone = f.armour[:pieces]
        f = f.with_(armour=f.armour[pieces:])
        left -= pieces
        events.append(
            Event(
                kind="armour",
                figure=f.id,
                amount=pieces,
                text=f"{f.name} discards {', '.join(gone)}",
            )
        )
    while left and ctx.options.auto_discard_items:
        hand = [w for w in f.weapons if w.hand]
        if f.items:
            item = f.items[0]
            f = f.with_(items=f.items[1:], gear=tuple(g for g in f.gear if g != item))
        elif hand:
            item = hand[0].name
            f = f.with_(weapons=tuple(w for w in f.weapons if w is not hand[0]))
        else:
            break
        left -= 1
        events.append(
            Event(
                kind="item",
                figure=f.id,
                amount=1,
                text=f"{f.name} discards its {item} to absorb a hit",
            )
        )
    if left:
        f = f.with_(broken=True)
        events.append(Event(kind="broken", figure=f.id, text=f"{f.name} is broken"))
    return f, events


def tie_hit(ctx: Ctx, f: Fig) -> tuple[Fig, list[Event]]:
    """A tie's 1 hit and discarded piece: by default the piece alone (the hit lands when
    none is left); or 1 hit through the armour value and a piece (an option)."""
    if f.broken:
        return f, []
    events = [Event(kind="tie", figure=f.id, amount=1, text=f"{f.name} takes the tie's hit")]
    if ctx.options.tie_damage == "hit":
        f, more = take_hits(ctx, f, 1)
        if f.armour and not f.broken:
            f, more2 = _strip(ctx, f, 1, [])
            more += more2
        return f, events + more
    return _strip(ctx, f, 1, events)


@dataclass(frozen=True)
class Contest:
    """An opposed fight or shot, rolled: the rolls and what each side scores."""

    a_roll: int
    b_roll: int
    a_hits: int
    b_hits: int
    tie: bool


def contest(ctx: Ctx, a: Side, b: Side, shooting: bool, dice: Dice) -> Contest:
    stat: Stat = "shoot" if shooting else "fight"
    da = stat_die(a.fig, stat, a.bumps)
    db = stat_die(b.fig, stat, b.bumps)
    word = "shoots at" if shooting else "fights"
    ra = dice.roll(1, f"{a.fig.name} {word} {b.fig.name}: {stat} d{da}", da).total
    rb = dice.roll(1, f"{b.fig.name} against {a.fig.name}: {stat} d{db}", db).total
    return score(ctx, a, b, shooting, ra, rb)


def score(ctx: Ctx, a: Side, b: Side, shooting: bool, ra_face: int, rb_face: int) -> Contest:
    """What two faces give (the odds use it too)."""
    ra = ra_face + roll_bonus(a.fig, shooting)
    rb = rb_face + roll_bonus(b.fig, shooting)
    if ra == rb:
        return Contest(ra, rb, 0, 0, True)
    if ra > rb:
        return Contest(ra, rb, hits_scored(ctx, a, b.fig, ra - rb, shooting), 0, False)
    return Contest(ra, rb, 0, hits_scored(ctx, b, a.fig, rb - ra, shooting), False)


def tie_hurts(ctx: Ctx, hitter: Side, target: Fig, shooting: bool) -> bool:
    """A tie hurts ``target`` when ``hitter`` is armed and in range; when shooting, "even
    if opponent isn't missile armed"."""
    return shooting or can_damage(ctx, hitter, target, shooting)


def apply_contest(
    ctx: Ctx, enc: Encounter, a: Side, b: Side, c: Contest, shooting: bool
) -> tuple[Encounter, list[Event]]:
    """Hits for a one-on-one contest (a gang's hits on a lone figure go through here too)."""
    events: list[Event] = []
    fa, fb = enc.fig(a.fig.id), enc.fig(b.fig.id)
    if c.tie:
        if tie_hurts(ctx, b, fa, shooting):
            fa, ev = tie_hit(ctx, fa)
            events += ev
        if tie_hurts(ctx, a, fb, shooting):
            fb, ev = tie_hit(ctx, fb)
            events += ev
    else:
        fa, ev = take_hits(ctx, fa, c.b_hits)
        events += ev
        fb, ev = take_hits(ctx, fb, c.a_hits)
        events += ev
    return enc.replace_fig(fa).replace_fig(fb), events


def contest_text(a: Fig, b: Fig, c: Contest, shooting: bool) -> str:
    verb = "shoots at" if shooting else "fights"
    if c.tie:
        return f"{a.name} {verb} {b.name}: {c.a_roll} against {c.b_roll}, a tie"
    won, hits = (a, c.a_hits) if c.a_roll > c.b_roll else (b, c.b_hits)
    tail = f", {hits} hit{'s' * (hits != 1)}" if hits else ", no damage"
    return f"{a.name} {verb} {b.name}: {c.a_roll} against {c.b_roll}, {won.name} wins{tail}"
