"""The upkeep phase: buying, selling, giving and drinking potions."""

from __future__ import annotations

from companion.rules.dice import Dice
from companion.rulesets.heroica.actions import Buy, Give, RollMove, Sell, UsePotion
from companion.rulesets.heroica.resolve_base import (
    Events,
    _add_item,
    _clamp_health,
    _drop_item,
    _price,
    _say,
    _set_hero,
    _with,
)
from companion.rulesets.heroica.resolve_movement import _roll_move
from companion.rulesets.heroica.rules import Ctx, full_health
from companion.rulesets.heroica.schema import (
    ExtraMovement,
    NextAttackBonus,
    RestoreHealth,
    RestoreSkillPoints,
)
from companion.rulesets.heroica.state import Quest


def _buy(ctx: Ctx, a: Buy, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    item = ctx.catalog.items[a.item]
    price = _price(ctx, a.item, "buy")
    h = _add_item(h.with_(gold=h.gold - price), a.item, item.category)
    if item.effect("full_health_bonus") is not None:
        gained = full_health(ctx, h) - full_health(ctx, q.heroes[a.actor])
        h = h.with_(health=h.health + max(0, gained))
    _say(ev, "shop", f"{h.name} buys the {item.name} for {price} gold", h.id, price)
    return _set_hero(q, h)


def _sell(ctx: Ctx, a: Sell, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = q.heroes[a.actor]
    item = ctx.catalog.items[a.item]
    price = _price(ctx, a.item, "sell")
    h = _clamp_health(_with(ctx, q), _drop_item(h, a.item).with_(gold=h.gold + price))
    _say(ev, "shop", f"{h.name} sells the {item.name} for {price} gold", h.id, price)
    return _set_hero(q, h)


def _give(ctx: Ctx, a: Give, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h, other = q.heroes[a.actor], q.heroes[a.to]
    if a.item == "gold":
        q = _set_hero(q, h.with_(gold=h.gold - a.gold))
        q = _set_hero(q, other.with_(gold=other.gold + a.gold))
        _say(ev, "give", f"{h.name} gives {a.gold} gold to {other.name}", h.id)
        return q
    item = ctx.catalog.items[a.item]
    q = _set_hero(q, _clamp_health(ctx, _drop_item(h, a.item)))
    q = _set_hero(q, _add_item(other, a.item, item.category))
    _say(ev, "give", f"{h.name} gives the {item.name} to {other.name}", h.id)
    return q


def _potion(ctx: Ctx, a: UsePotion, dice: Dice, ev: Events) -> Quest:
    q = ctx.quest
    h = _drop_item(q.heroes[a.actor], a.potion)
    item = ctx.catalog.items[a.potion]
    text = f"{h.name} drinks the {item.name}"
    for effect in item.effects:
        if isinstance(effect, RestoreHealth):
            top = full_health(ctx, h)
            h = h.with_(health=min(top, h.health + effect.amount))
        elif isinstance(effect, RestoreSkillPoints):
            full = ctx.catalog.skill_points.full
            h = h.with_(
                skill=full if effect.amount == "full" else min(full, h.skill + effect.amount)
            )
        elif isinstance(effect, ExtraMovement):
            q = q.with_(moves_left=q.moves_left + effect.spaces)
            text += f": {effect.spaces} more spaces"
        elif isinstance(effect, NextAttackBonus):
            h = h.with_(strength=h.strength + effect.damage)
    q = _set_hero(q, h)
    if item.effect("reroll") is not None:
        _say(ev, "potion", text + ": the movement roll is rolled again", h.id)
        return _roll_move(
            _with(ctx, q.with_(move_face=None, moves_left=0)), RollMove(actor=h.id), dice, ev
        )
    _say(ev, "potion", text, h.id)
    return q
