"""Heroica's checks of a hero's turn as a whole: its phases (an action of a later phase
closes the earlier ones), what it must do first (fight, search), the Shield that an action
instead of moving needs, the upkeep actions (buy, sell, give, a potion) and its end."""

from __future__ import annotations

from companion.rules.verdict import Reason
from companion.rulesets.heroica.actions import Buy, EndTurn, Give, Sell, UsePotion
from companion.rulesets.heroica.reasons import HeroicaReason
from companion.rulesets.heroica.rules import SHIELD, Ctx, reason, share_location
from companion.rulesets.heroica.schema import Category
from companion.rulesets.heroica.state import COMBAT, MOVEMENT, UPKEEP, Hero

R = HeroicaReason
#: Hero phases, in order; an action of a later one closes the earlier ones.
HERO_PHASES = (UPKEEP, MOVEMENT, COMBAT)


def phase_index(phase: str) -> int:
    return HERO_PHASES.index(phase) if phase in HERO_PHASES else len(HERO_PHASES)


def past_phase(ctx: Ctx, latest: str, what: str) -> list[Reason]:
    """``what`` belongs to phases up to ``latest``; the turn is past it."""
    if phase_index(ctx.quest.phase) > phase_index(latest):
        names = {p.id: p.name for p in ctx.catalog.tables.phases}
        return [
            reason(
                R.WRONG_PHASE,
                f"{what} is done in {names[latest]} or before; the turn is in "
                f"{names[ctx.quest.phase]}",
            )
        ]
    return []


def obligations(ctx: Ctx, h: Hero) -> list[Reason]:
    q = ctx.quest
    out = []
    if q.must_fight:
        names = " or ".join(ctx.catalog.monsters[q.monsters[m].kind].name for m in q.must_fight)
        out.append(reason(R.MUST_FIGHT, f"{h.name} must fight the {names} first", h.at))
    if q.must_search:
        kind = ctx.catalog.features[q.features[q.must_search].kind].name
        out.append(reason(R.MUST_SEARCH, f"{h.name} must search the {kind.lower()} first", h.at))
    return out


def movement_open(ctx: Ctx, h: Hero, what: str) -> list[Reason]:
    out = past_phase(ctx, MOVEMENT, what)
    if ctx.quest.fought:
        out.append(reason(R.WRONG_PHASE, f"{h.name} has fought: the movement phase is over"))
    return out


def shield_choice(ctx: Ctx, h: Hero, what: str) -> list[Reason]:
    q = ctx.quest
    out = movement_open(ctx, h, what)
    if q.move_face != SHIELD:
        rolled = "no roll yet" if q.move_face is None else q.move_face
        out.append(reason(R.NEEDS_SHIELD, f"{what} needs a movement Shield ({rolled})"))
    elif q.moved or q.shield_used:
        out.append(reason(R.WRONG_PHASE, f"{what} is instead of moving; {h.name} has moved"))
    return out


def _price(ctx: Ctx, item: str, side: str) -> int | None:
    cat = ctx.catalog.items[item].category
    for p in ctx.catalog.items_file.shop.prices:
        if p.category == cat:
            return p.buy if side == "buy" else p.sell
    return None


def check_buy(ctx: Ctx, h: Hero, a: Buy) -> list[Reason]:
    if a.item not in ctx.catalog.items:
        return [reason(R.NO_SUCH_ITEM, f"the store has no {a.item!r}")]
    out = past_phase(ctx, UPKEEP, "Buying")
    price = _price(ctx, a.item, "buy")
    name = ctx.catalog.items[a.item].name
    if price is None:  # no price to pay: the gold is not counted
        out.append(reason(R.NOT_FOR_SALE, f"the store does not sell the {name}"))
    elif h.gold < price:
        out.append(
            reason(R.INSUFFICIENT_GOLD, f"the {name} costs {price} gold; {h.name} has {h.gold}")
        )
    if ctx.catalog.items[a.item].category != Category.POTION and h.carries(a.item):
        out.append(reason(R.ALREADY_IN_STATE, f"{h.name} already has the {name}"))
    return out


def check_sell(ctx: Ctx, h: Hero, a: Sell) -> list[Reason]:
    out = past_phase(ctx, UPKEEP, "Selling")
    if a.item not in ctx.catalog.items or not h.carries(a.item):
        return [*out, reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.item!r}")]
    if _price(ctx, a.item, "sell") is None:
        out.append(reason(R.NOT_FOR_SALE, f"the store does not buy the {a.item}"))
    return out


def check_give(ctx: Ctx, h: Hero, a: Give) -> list[Reason]:
    q = ctx.quest
    other = q.heroes.get(a.to)
    if other is None or other.out or other.id == h.id:
        return [reason(R.INVALID_TARGET, f"{a.to!r} is not another hero in play")]
    out = []
    if not share_location(q, h.at, other.at):
        out.append(reason(R.NOT_IN_LOCATION, f"{other.name} is not in {h.name}'s location"))
    if a.item == "gold":
        if a.gold < 1 or a.gold > h.gold:
            out.append(reason(R.INSUFFICIENT_GOLD, f"{h.name} has {h.gold} gold"))
        return out
    if a.item in ("key", "torch"):
        if not getattr(h, a.item):
            out.append(reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.item}"))
        if getattr(other, a.item):
            out.append(reason(R.CARRY_LIMIT, f"{other.name} may carry only ONE {a.item}"))
    elif not h.carries(a.item):
        out.append(reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.item!r}"))
    return out


def check_potion(ctx: Ctx, h: Hero, a: UsePotion) -> list[Reason]:
    q = ctx.quest
    if a.potion not in h.potions:
        return [reason(R.NO_SUCH_ITEM, f"{h.name} carries no {a.potion!r}")]
    out = past_phase(ctx, COMBAT, "Drinking a potion")
    item = ctx.catalog.items[a.potion]
    if item.effect("reroll") is not None and (q.move_face is None or q.moved):
        out.append(
            reason(R.NOT_ROLLED, "the Luck potion re-rolls the movement roll, before moving")
        )
    if (
        item.effect("extra_movement") is not None
        and q.phase != UPKEEP
        and (q.stopped or q.phase != MOVEMENT)
    ):
        out.append(reason(R.WRONG_PHASE, "the Speed potion is for moving; the move is over"))
    return out


def check_end_turn(ctx: Ctx, h: Hero, a: EndTurn) -> list[Reason]:
    q = ctx.quest
    out = obligations(ctx, h)
    if q.move_face is None and not (q.moved or q.move_lost or q.skill_used or q.fought):
        out.append(reason(R.NOT_ROLLED, f"{h.name} has not rolled to move (or used a skill)"))
    return out
