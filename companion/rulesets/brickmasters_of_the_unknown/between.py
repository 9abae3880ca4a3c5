"""Between encounters: the sheet's tools (L132-154).

- "armor returns after combat" (L146): pieces knocked off come back; other discarded
  items "are gone".
- "Broken characters ... whoever controls the battlefield ... may reassemble it
  afterwards" (L134).
- "Armor may be looted and worn" (L132): a piece from a broken figure to another, within
  the taker's armour maximum.
- "At the beginning of each day, roll Cast three times. The highest result is how many
  spells the spellcaster can use that day. These must be prespecified" (L136).
- Demibumps (L150): 10 DB to bump a dtype, learn a spell or add a gimmick; doubled to
  bump d4 or lower or to take a gimmick again; quadrupled to bump d12 to d20.
- Money in pips (L154).

Each tool takes a :class:`Character` and gives a new one, or raises
:class:`BetweenError` (a ``ValueError``) naming what and why.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.rosters import RosterError
from companion.rulesets.brickmasters_of_the_unknown.catalog import BmotuCatalog
from companion.rulesets.brickmasters_of_the_unknown.character import (
    Character,
    Money,
    armour_max,
    money_in_brown,
)
from companion.rulesets.brickmasters_of_the_unknown.dtypes import HIGHEST, bump, dtype_name
from companion.rulesets.brickmasters_of_the_unknown.schema import Stat


class BetweenError(RosterError):
    """A between-encounters step the text does not allow; the message says why."""


# -- after combat ---------------------------------------------------------------------


def after_combat(c: Character) -> Character:
    """Armour knocked off is worn again ("armor returns after combat", L146)."""
    return c.model_copy(update={"armour": (*c.armour, *c.armour_discarded), "armour_discarded": ()})


def reassemble(c: Character) -> Character:
    """A broken minifig put back together (about 10 minutes, L134)."""
    if not c.broken:
        raise BetweenError(f"{c.label} is not broken")
    return c.model_copy(update={"broken": False})


def loot(
    taker: Character, body: Character, piece: str, catalog: BmotuCatalog
) -> tuple[Character, Character]:
    """``piece`` of armour moved from a broken figure ``body`` to ``taker`` (L132)."""
    if not body.broken:
        raise BetweenError(f"{body.label} is not broken: its armour cannot be looted")
    if piece not in body.armour:
        raise BetweenError(f"{body.label} wears no {piece}")
    _check_wear(taker, piece, catalog)
    rest = list(body.armour)
    rest.remove(piece)
    return (
        taker.model_copy(update={"armour": (*taker.armour, piece)}),
        body.model_copy(update={"armour": tuple(rest)}),
    )


def _check_wear(c: Character, piece: str, catalog: BmotuCatalog) -> None:
    """``BetweenError`` when ``c`` cannot put on ``piece`` as well."""
    armour = catalog.get_armour(piece)
    if not armour.removable:
        raise BetweenError(f"a {armour.name} is part of the minifig, not worn or taken")
    if any(catalog.get_armour(a).slot == armour.slot for a in c.armour):
        raise BetweenError(f"{c.label} already wears a piece on the {armour.slot} (L96)")
    cap = armour_max(c, catalog)
    if cap is not None and len(c.armour) + 1 > cap:
        raise BetweenError(f"{c.label}'s gimmicks allow at most {cap} pieces (L33)")
    if armour.needs is not None and armour.needs not in c.armour:
        raise BetweenError(f"a {piece} is worn on a {armour.needs}, and {c.label} has none")


# -- spells for the day ---------------------------------------------------------------


def prepare_spells(
    c: Character, rolls: Sequence[int], spells: Sequence[str], catalog: BmotuCatalog
) -> Character:
    """The day's spells: ``rolls`` are the three Cast rolls (L136), ``spells`` the ones
    prespecified, from the spell book."""
    if not catalog.can_cast_die(c.cast) and "healer" not in c.gimmicks:
        raise BetweenError(
            f"Cast {dtype_name(c.cast)} is not above {dtype_name(catalog.casting.cast_above)}: "
            "no spells (L113)"
        )
    want = catalog.casting.daily_rolls
    if len(rolls) != want:
        raise BetweenError(f"roll Cast {want} times (L136), not {len(rolls)}")
    die = c.cast
    bad = [r for r in rolls if not 1 <= r <= die]
    if bad:
        raise BetweenError(f"{bad[0]} is not a roll of Cast {dtype_name(die)}")
    per_day = max(rolls)
    missing = [s for s in spells if s not in c.spells_known]
    if missing:
        raise BetweenError(f"{missing[0]} is not in {c.label}'s spell book (L115)")
    if len(spells) > per_day:
        raise BetweenError(
            f"{len(spells)} spells prepared, the best roll {per_day} allows {per_day} (L136)"
        )
    return c.model_copy(
        update={
            "spells_per_day": per_day,
            "spells_prepared": tuple(spells),
            "spells_cast_today": 0,
            "used_today": (),
        }
    )


# -- demibumps ------------------------------------------------------------------------


def bump_cost(die: int, catalog: BmotuCatalog) -> int:
    """DB to bump ``die`` one step up (L150); ``BetweenError`` at d20, the top."""
    e = catalog.economy
    if die >= HIGHEST:
        raise BetweenError(f"{dtype_name(die)} is the highest dtype: no bump up")
    cost = e.demibump_cost
    if die <= e.low_die_at_most:
        cost *= e.low_die_factor
    if die >= e.top_die_from:
        cost *= e.top_die_factor
    return cost


def gimmick_cost(c: Character, gimmick_id: str, catalog: BmotuCatalog) -> int:
    """DB to add a gimmick: doubled when it is taken again (L150)."""
    catalog.get_gimmick(gimmick_id)
    e = catalog.economy
    return e.demibump_cost * (e.repeated_gimmick_factor if gimmick_id in c.gimmicks else 1)


def spell_cost(catalog: BmotuCatalog) -> int:
    return catalog.economy.demibump_cost


def _pay(c: Character, cost: int, what: str) -> int:
    if c.demibumps < cost:
        raise BetweenError(f"{what} costs {cost} DB; {c.label} has {c.demibumps} (L150)")
    return c.demibumps - cost


def spend_on_bump(c: Character, stat: Stat | str, catalog: BmotuCatalog) -> Character:
    """One bump up of ``stat`` for its price in DB."""
    key = Stat(stat).value
    die = c.dtype(key)
    cost = bump_cost(die, catalog)
    left = _pay(c, cost, f"bumping {key} {dtype_name(die)}")
    return c.model_copy(update={key: bump(die, 1), "demibumps": left})


def spend_on_spell(c: Character, spell_id: str, catalog: BmotuCatalog) -> Character:
    """A spell added to the spell book for 10 DB (only a caster: Cast above d4)."""
    catalog.get_spell(spell_id)
    if spell_id in c.spells_known:
        raise BetweenError(f"{spell_id} is already in {c.label}'s spell book")
    if not catalog.can_cast_die(c.cast):
        raise BetweenError(f"Cast {dtype_name(c.cast)} is not above d4: no spells (L113)")
    left = _pay(c, spell_cost(catalog), f"learning {spell_id}")
    return c.model_copy(update={"spells_known": (*c.spells_known, spell_id), "demibumps": left})


def spend_on_gimmick(
    c: Character, gimmick_id: str, catalog: BmotuCatalog, career: str = ""
) -> Character:
    """A gimmick added for its price; refused when the armour worn passes its maximum."""
    gimmick = catalog.get_gimmick(gimmick_id)
    cost = gimmick_cost(c, gimmick_id, catalog)
    left = _pay(c, cost, f"adding {gimmick.name}")
    if gimmick.armour_max is not None and len(c.armour) > gimmick.armour_max:
        raise BetweenError(
            f"{gimmick.name} allows at most {gimmick.armour_max} armour pieces; "
            f"{c.label} wears {len(c.armour)} (L33)"
        )
    update: dict[str, object] = {"gimmicks": (*c.gimmicks, gimmick_id), "demibumps": left}
    if gimmick.chosen_career:
        if not career.strip() and not c.career:
            raise BetweenError("a Professional names the chosen career (L52)")
        update["career"] = career.strip() or c.career
    update["spells_known"] = tuple(dict.fromkeys((*c.spells_known, *gimmick.free_spells)))
    return c.model_copy(update=update)


def award(c: Character, demibumps: int) -> Character:
    if demibumps < 0:
        raise BetweenError("demibumps are awarded, never taken away")
    return c.model_copy(update={"demibumps": c.demibumps + demibumps})


# -- money ----------------------------------------------------------------------------


def money_from_brown(total: int, catalog: BmotuCatalog) -> Money:
    """``total`` brown pips in the fewest coins."""
    yellow, rest = divmod(total, catalog.coin_value("yellow"))
    grey, brown = divmod(rest, catalog.coin_value("grey"))
    return Money(yellow=yellow, grey=grey, brown=brown)


def price_in_brown(item_or_weapon: str, catalog: BmotuCatalog) -> int:
    """The price of an item, weapon, armour piece or gem in brown pips (L154)."""
    yp = catalog.coin_value("yellow")
    if item_or_weapon in catalog.weapons:
        return catalog.weapon_price_yp(item_or_weapon) * yp
    if item_or_weapon in catalog.armour:
        return catalog.get_armour(item_or_weapon).price_yp * yp
    if item_or_weapon in catalog.gems:
        return catalog.gem_value_yp(item_or_weapon) * yp
    item = catalog.get_item(item_or_weapon)
    if item.price_bp_die is not None:
        raise BetweenError(f"{item.name} costs 1d{item.price_bp_die} brown pips: roll it")
    return item.price_yp * yp + item.price_bp


def pay(c: Character, brown: int, catalog: BmotuCatalog) -> Character:
    """``brown`` pips paid (change given in the fewest coins)."""
    if brown < 0:
        raise BetweenError("a price is never negative")
    have = money_in_brown(c.money, catalog)
    if have < brown:
        raise BetweenError(f"{c.label} has {have} brown pips' worth, {brown} needed (L154)")
    return c.model_copy(update={"money": money_from_brown(have - brown, catalog)})


def earn(c: Character, brown: int, catalog: BmotuCatalog) -> Character:
    if brown < 0:
        raise BetweenError("earnings are never negative")
    have = money_in_brown(c.money, catalog)
    return c.model_copy(update={"money": money_from_brown(have + brown, catalog)})


def buy(c: Character, thing: str, catalog: BmotuCatalog) -> Character:
    """Buy a weapon, armour piece, gem or item at the text's price (L154)."""
    paid = pay(c, price_in_brown(thing, catalog), catalog)
    if thing in catalog.weapons:
        return paid.model_copy(update={"weapons": (*c.weapons, thing)})
    if thing in catalog.gems:
        return paid.model_copy(update={"gems": (*c.gems, thing)})
    if thing in catalog.armour:
        _check_wear(c, thing, catalog)
        return paid.model_copy(update={"armour": (*c.armour, thing)})
    return paid.model_copy(update={"items": (*c.items, thing)})
