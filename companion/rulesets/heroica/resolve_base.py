"""What every step of resolving uses: the events, names, a hero or monster replaced, the
phase moving on, the dice, a hero's items.
"""

from __future__ import annotations

from typing import Any

from companion.rules.dice import Dice
from companion.rules.ruleset import Event
from companion.rulesets.heroica.rules import ONE, SHIELD, Ctx, die_of, full_health
from companion.rulesets.heroica.schema import Category
from companion.rulesets.heroica.state import Hero, Monster, Quest
from companion.rulesets.heroica.validate import phase_index

Events = list[Event]


def _with(ctx: Ctx, q: Quest) -> Ctx:
    return Ctx(q, ctx.catalog)


def _say(
    events: Events, kind: str, text: str, figure: str | None = None, amount: int | None = None
) -> None:
    events.append(Event(kind=kind, text=text, figure=figure, amount=amount))


def _name(ctx: Ctx, fid: str) -> str:
    q = ctx.quest
    if fid in q.heroes:
        return q.heroes[fid].name
    m = q.monsters.get(fid)
    return f"the {ctx.catalog.monsters[m.kind].name}" if m else fid


def _set_hero(q: Quest, h: Hero) -> Quest:
    return q.with_(heroes={**q.heroes, h.id: h})


def _set_monster(q: Quest, m: Monster) -> Quest:
    return q.with_(monsters={**q.monsters, m.id: m})


def _enter_phase(q: Quest, phase: str) -> Quest:
    """Move the turn on to ``phase`` (never back)."""
    return q.with_(phase=phase) if phase_index(phase) > phase_index(q.phase) else q


def roll_label(ctx: Ctx, dice: Dice, die_id: str, purpose: str) -> str:
    """One roll of the die ``die_id``, as its face's label."""
    die = ctx.catalog.dice[die_id]
    return die.faces[dice.roll(1, purpose, len(die.faces), die=die_id).faces[0] - 1]


def roll_face(
    ctx: Ctx,
    q: Quest,
    dice: Dice,
    purpose: str,
    hero: str | None,
    *,
    own: bool = True,
    search: bool = False,
) -> tuple[Quest, str]:
    """Roll the Action Die (or the hero's Blessed or Cursed Die, ``own``), and end a
    Blessing on a 1 or a Curse on a Shield when the hero rolled (a ``search`` roll of a
    chest or rocks too, unless option conditions_end_on_any_roll is off)."""
    h = q.heroes.get(hero or "")
    die_id = die_of(h) if h is not None and own else "action"
    if h is not None and not own and ctx.options.condition_die_for_monster_rolls:
        die_id = die_of(h)
    die = ctx.catalog.dice[die_id]
    face = die.faces[dice.roll(1, purpose, len(die.faces), die=die_id).faces[0] - 1]
    if h is not None and own and (not search or ctx.options.conditions_end_on_any_roll):
        if h.blessed and face == ONE:
            q = _set_hero(q, h.with_(blessed=False))
        elif h.cursed and face == SHIELD:
            q = _set_hero(q, h.with_(cursed=False))
    return q, face


def _price(ctx: Ctx, item: str, side: str) -> int:
    cat = ctx.catalog.items[item].category
    price = next(p for p in ctx.catalog.items_file.shop.prices if p.category == cat)
    value = price.buy if side == "buy" else price.sell
    assert value is not None
    return value


def _add_item(h: Hero, item: str, category: Category) -> Hero:
    if category == Category.POTION:
        return h.with_(potions=(*h.potions, item))
    if category == Category.RELIC:
        return h.with_(relics=(*h.relics, item))
    if category == Category.KEY:
        return h.with_(key=True)
    if category == Category.TORCH:
        return h.with_(torch=True)
    return h.with_(gear=(*h.gear, item))


def _drop_item(h: Hero, item: str) -> Hero:
    if item == "key":
        return h.with_(key=False)
    if item == "torch":
        return h.with_(torch=False)
    for field in ("potions", "gear", "relics"):
        held: tuple[str, ...] = getattr(h, field)
        if item in held:
            i = held.index(item)
            return h.with_(**{field: held[:i] + held[i + 1 :]})
    return h


def _clamp_health(ctx: Ctx, h: Hero) -> Hero:
    return h.with_(health=min(h.health, full_health(ctx, h)))


def _mapbuild() -> Any:
    """The Map Build module, imported late (it uses this one)."""
    from companion.rulesets.heroica import mapbuild

    return mapbuild
