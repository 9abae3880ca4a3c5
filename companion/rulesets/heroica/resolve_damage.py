"""Damage: heroes and monsters hurt, devoured and defeated; fire; the final sale."""

from __future__ import annotations

from companion.rules.places import place_name
from companion.rulesets.heroica.dragon import dragon_of
from companion.rulesets.heroica.resolve_base import (
    Events,
    _add_item,
    _drop_item,
    _mapbuild,
    _say,
    _set_hero,
    _set_monster,
)
from companion.rulesets.heroica.rules import Ctx, first_available, full_health, taken_cells
from companion.rulesets.heroica.schema import (
    Category,
    CurseOnBlessed,
    DragonAfterDevouring,
    FireTrackEnd,
    HeroDefeat,
    Rank,
)
from companion.rulesets.heroica.state import Monster, Quest


def _condition(ctx: Ctx, q: Quest, hid: str, cond: str, ev: Events) -> Quest:
    """Bless or curse a hero: a Curse on a Blessed hero ends the Blessing (option)."""
    h = q.heroes[hid]
    other = "cursed" if cond == "blessed" else "blessed"
    if getattr(h, other) and ctx.options.curse_on_blessed_hero == CurseOnBlessed.CANCELS:
        _say(ev, "condition", f"{h.name} is no longer {other}", h.id)
        return _set_hero(q, h.with_(**{other: False}))
    _say(ev, "condition", f"{h.name} is {cond}", h.id)
    return _set_hero(q, h.with_(**{other: False, cond: True}))


def hurt_hero(
    ctx: Ctx, q: Quest, hid: str, amount: int, ev: Events, by: Monster | None = None
) -> Quest:
    """The hero loses ``amount`` health (temporary health first): the torch goes out, a
    Snake's bite or a Mummy's curse takes hold, and at zero the hero is defeated."""
    h = q.heroes[hid]
    if amount <= 0:
        return q
    temp = min(h.temporary, amount)
    h = h.with_(temporary=h.temporary - temp, health=h.health - (amount - temp))
    _say(ev, "damage", f"{h.name} loses {amount} health ({max(h.health, 0)} left)", h.id, amount)
    if h.torch:
        h = h.with_(torch=False)
        _say(ev, "item", f"{h.name} drops the torch and it goes out", h.id)
    q = _set_hero(q, h)
    if by is not None:
        kind = ctx.catalog.monsters[by.kind]
        if kind.ability("skip_move_on_damage") is not None:
            q = _set_hero(q, q.heroes[hid].with_(lose_move=True))
            _say(ev, "condition", f"{h.name} is bitten: it loses its next movement turn", h.id)
        if kind.ability("curse_on_damage") is not None:
            q = _condition(ctx, q, hid, "cursed", ev)
    if q.heroes[hid].health <= 0:
        if by is not None and ctx.catalog.monsters[by.kind].ability("devours") is not None:
            return devour(ctx, q, hid, by, ev)
        q = defeat_hero(ctx, q, hid, ev)
    return q


def devour(ctx: Ctx, q: Quest, hid: str, dragon: Monster, ev: Events) -> Quest:
    """ "it swoops onto the hero's square ... and DEVOURS the hero, removing them from the
    game." (The Crystal of Deflection still saves its wearer.)"""
    h = q.heroes[hid]
    if "crystal_of_deflection" in h.relics and ctx.options.crystal_prevents_defeat:
        return defeat_hero(ctx, q, hid, ev)
    _say(ev, "defeated", f"The Dragon swoops onto {h.name}'s space and DEVOURS {h.name}!", hid)
    q = _set_hero(q, h.with_(out=True, health=0, defeats=h.defeats + 1))
    # Where it ends: option dragon_after_devouring (default perched: where it was).
    hero_square = ctx.options.dragon_after_devouring == DragonAfterDevouring.HERO_SQUARE
    if hero_square and dragon.id in q.monsters:
        q = _set_monster(q, q.monsters[dragon.id].with_(at=h.at))
        _say(ev, "moved", f"The Dragon stays on {h.name}'s space {place_name(h.at)}", dragon.id)
    if not q.in_play() and q.outcome is None:
        q = q.with_(outcome="Every hero is devoured: the Dragon wins")
    return q


def defeat_hero(ctx: Ctx, q: Quest, hid: str, ev: Events) -> Quest:
    h = q.heroes[hid]
    top = full_health(ctx, h)
    if "crystal_of_deflection" in h.relics and ctx.options.crystal_prevents_defeat:
        h = _drop_item(h, "crystal_of_deflection").with_(health=top)
        _say(ev, "relic", f"The Crystal of Deflection saves {h.name}: full health again", h.id)
        return _set_hero(q, h)
    _say(ev, "defeated", f"{h.name} is defeated", h.id)
    if ctx.options.hero_defeat == HeroDefeat.OUT:
        q = _set_hero(q, h.with_(out=True, health=0, defeats=h.defeats + 1))
    else:
        taken = taken_cells(q, exclude=h.id)
        start = first_available(q, q.start, q.start, taken)
        q = _set_hero(q, h.with_(at=start, health=top, temporary=0, defeats=h.defeats + 1))
        _say(ev, "moved", f"{h.name} returns to the start with full health", h.id)
    q = add_fire(ctx, q, ctx.catalog.tables.fire_track.per_hero_defeated, ev)
    if not q.in_play() and q.outcome is None:
        q = q.with_(outcome="Every hero is out: the heroes lose")
    return q


def add_fire(ctx: Ctx, q: Quest, n: int, ev: Events) -> Quest:
    if n <= 0 or q.variation != "co_operative":
        return q
    if dragon_of(ctx, q) is not None:
        _say(ev, "track", "The Fire Track records the Dragon's health now: no token is added")
        return q
    fire = min(ctx.options.fire_track_length, q.fire + n)
    _say(
        ev,
        "track",
        f"The Fire Track rises to {fire} of {ctx.options.fire_track_length}",
        amount=fire,
    )
    q = q.with_(fire=fire)
    if fire >= ctx.options.fire_track_length and q.outcome is None:
        if ctx.options.fire_track_full == FireTrackEnd.LOSE:
            q = q.with_(outcome="The Fire Track is full: the heroes lose")
        else:
            grown = _mapbuild().add_lava_mountain(ctx, q, ev)
            if grown is None:
                q = q.with_(
                    outcome="The Fire Track is full, and Lava Mountain has no room on this "
                    "board: the heroes lose"
                )
            else:
                _say(
                    ev,
                    "dragon",
                    "The Fire Track is full: Lava Mountain rises, and the "
                    "heroes must face the Dragon!",
                )
                q = grown
    return q


def hurt_monster(ctx: Ctx, q: Quest, mid: str, amount: int, hero: str | None, ev: Events) -> Quest:
    """The monster loses ``amount`` health; defeated, it gives its gold and relic."""
    m = q.monsters[mid]
    if amount <= 0:
        return q
    kind = ctx.catalog.monsters[m.kind]
    health = m.health - amount
    _say(
        ev, "damage", f"The {kind.name} loses {amount} health ({max(health, 0)} left)", mid, amount
    )
    if health <= 0 and m.crystal:
        top = (
            ctx.catalog.health_levels(m.kind, len(q.seats))
            if hasattr(ctx.catalog, "health_levels")
            else 1
        )
        _say(ev, "relic", f"The Crystal of Deflection saves the {kind.name}", mid)
        lost = None if m.relic == "crystal_of_deflection" else m.relic  # "lose the crystal"
        return _set_monster(q, m.with_(health=top, crystal=False, relic=lost))
    q = _seal_generators(ctx, q, m, max(health, 0), ev)
    if health > 0:
        return _set_monster(q, m.with_(health=health))
    monsters = {k: v for k, v in q.monsters.items() if k != mid}
    q = q.with_(
        monsters=monsters,
        defeated=(*q.defeated, mid),
        must_fight=tuple(x for x in q.must_fight if x != mid),
        to_move=tuple(x for x in q.to_move if x != mid),
        to_attack=tuple(x for x in q.to_attack if x != mid),
    )
    _say(ev, "died", f"The {kind.name} is defeated", mid)
    if hero is not None and hero in q.heroes:
        h = q.heroes[hero]
        gold = ctx.catalog.gold_for(m.kind, ctx.options)
        if gold:
            h = h.with_(gold=h.gold + gold)
            _say(ev, "gold", f"{h.name} gains {gold} gold", h.id, gold)
        if m.relic:
            h = _add_item(h, m.relic, Category.RELIC)
            _say(ev, "relic", f"{h.name} takes the {ctx.catalog.items[m.relic].name}", h.id)
        q = _set_hero(q, h)
    if (q.target == mid or kind.rank == Rank.DRAGON) and q.outcome is None:
        if q.variation == "versus":
            return final_sale(ctx, q, kind.name, ev)
        q = q.with_(outcome=f"The {kind.name} is defeated: the heroes win")
    return q


def final_sale(ctx: Ctx, q: Quest, target: str, ev: Events) -> Quest:
    """Versus: "All players then sell their relics, weapons, armour and potions. The player
    with the most gold wins." """
    shop = ctx.catalog.items_file.shop
    prices = {p.category: p.sell for p in shop.prices}
    heroes = dict(q.heroes)
    for h in q.heroes.values():
        goods = [
            i
            for i in (*h.relics, *h.gear, *h.potions)
            if ctx.catalog.items[i].category in shop.versus_final_sale
        ]
        gold = sum(prices[ctx.catalog.items[i].category] for i in goods)
        heroes[h.id] = h.with_(gold=h.gold + gold, relics=(), gear=(), potions=())
        if gold:
            _say(ev, "shop", f"{h.name} sells everything for {gold} gold ({h.gold + gold})", h.id)
    q = q.with_(heroes=heroes)
    best = max(h.gold for h in heroes.values())
    winners = [h.name for h in heroes.values() if h.gold == best]
    who = " and ".join(winners)
    verb = "wins" if len(winners) == 1 else "tie"
    return q.with_(outcome=f"The {target} is defeated: {who} {verb} with {best} gold")


def _seal_generators(ctx: Ctx, q: Quest, m: Monster, health: int, ev: Events) -> Quest:
    seals = ctx.catalog.ranks[ctx.catalog.monsters[m.kind].rank].generators_sealed_at
    gens = [f for f in q.features.values() if f.kind == "monster_generator" and f.boss == m.id]
    features = dict(q.features)
    for gen, at in zip(gens, seals, strict=False):
        if not gen.sealed and health <= at:
            features[gen.id] = gen.with_(sealed=True)
            _say(ev, "generator", f"A monster generator at {place_name(gen.at)} is sealed")
    return q.with_(features=features)
