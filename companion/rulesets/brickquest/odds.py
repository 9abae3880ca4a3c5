"""The exact odds of an attack or a damaging spell: enumerated, never sampled.

An attack rolls its Attack Dice against the target's Defense Dice (combat.py); the
distribution of each side's total is built die by die, with what the critical rules and
Incorporeal need (how many sixes, whether every die shows 1), then combined exactly.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from companion.rules.table import Odds
from companion.rulesets.brickquest import actions as act
from companion.rulesets.brickquest.combat import (
    attack_modifiers,
    counting_faces,
    defense_modifiers,
)
from companion.rulesets.brickquest.context import Ctx

#: (counted sum, sixes, all ones) -> probability
Faces = dict[tuple[int, int, bool], float]


def roll_distribution(count: int, counting: frozenset[int] | None = None) -> Faces:
    """Every outcome of ``count`` d6: the sum of the faces that count, the sixes, and
    whether all the dice show 1."""
    dist: Faces = {(0, 0, True): 1.0}
    for _ in range(count):
        nxt: Faces = defaultdict(float)
        for (total, sixes, ones), p in dist.items():
            for face in range(1, 7):
                add = face if counting is None or face in counting else 0
                key = (total + add, sixes + (face == 6), ones and face == 1)
                nxt[key] += p / 6
        dist = dict(nxt)
    return dist


def sum_distribution(count: int) -> dict[int, float]:
    out: dict[int, float] = defaultdict(float)
    for (total, _, _), p in roll_distribution(count).items():
        out[total] += p
    return dict(out)


def attack_odds(ctx: Ctx, action: act.Attack) -> Odds | None:
    state = ctx.state
    attacker, target = state.figures[action.actor], state.figures.get(action.target)
    if target is None or target.dead:
        return None
    atk = attack_modifiers(ctx, attacker, target, action.mode)
    dfn = defense_modifiers(ctx, target)
    counting = counting_faces(ctx, attacker, target)
    crits = state.options.critical_hits and atk.dice > 1
    defense = sum_distribution(dfn.dice)
    damage: dict[int, float] = defaultdict(float)
    for (total, sixes, ones), pa in roll_distribution(atk.dice, counting).items():
        for d_total, pd in defense.items():
            dealt = max(0, total + atk.bonus - (d_total + dfn.bonus))
            if crits and ones:
                dealt = 0
            elif crits and sixes > 1:
                dealt = max(dealt, sixes)
            damage[dealt] += pa * pd
    return _odds(
        dict(damage),
        target.hp,
        f"{atk.dice} attack dice{_plus(atk.bonus)} against"
        f" {dfn.dice} defense dice{_plus(dfn.bonus)}",
    )


def spell_odds(
    ctx: Ctx, action: act.Cast, target_hp: int | None, ethereal: bool = False
) -> Odds | None:
    """A damaging spell's odds against a target with ``target_hp`` (None: a square).

    Physical damage (fire, electricity, cold) passes through an ``ethereal`` target."""
    spell = ctx.catalog.spells.get(action.spell)
    if spell is None or not spell.effect.damage_dice:
        return None
    if ethereal and spell.effect.physical:
        return _odds({0: 1.0}, target_hp, "the target is ethereal: physical damage passes through")
    dist = sum_distribution(spell.effect.damage_dice)
    return _odds(dist, target_hp, f"{spell.effect.damage_dice} damage dice, no defense roll")


def _odds(damage: Mapping[int, float], hp: int | None, how: str) -> Odds:
    hit = sum(p for d, p in damage.items() if d > 0)
    kill = sum(p for d, p in damage.items() if hp is not None and d >= hp)
    text = f"{how}: {hit:.0%} to hurt" + (f", {kill:.0%} to kill" if hp is not None else "")
    return Odds(hit=hit, damage=dict(sorted(damage.items())), kill=kill, text=text)


def _plus(n: int) -> str:
    return f" {n:+d}" if n else ""


def odds(ctx: Ctx, raw: Mapping[str, Any]) -> Odds | None:
    """The odds of ``raw`` if it is an attack or a damaging spell."""
    action = act.ACTIONS.validate_python(dict(raw))
    if isinstance(action, act.Attack):
        return attack_odds(ctx, action)
    if isinstance(action, act.Cast):
        target = action.target
        hp = None
        ethereal = False
        if isinstance(target, str) and target in ctx.state.figures:
            hp = ctx.state.figures[target].hp
            ethereal = ctx.state.figures[target].has("ethereal")
        return spell_odds(ctx, action, hp, ethereal)
    return None
