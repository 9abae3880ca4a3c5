"""Making a minifig as the text says ("Making Characters", "Gimmicks", L13-68, L113-115).

- The class gives the four dtypes and the move (L23-31).
- "At creation, characters may choose one gimmick for each negative bump they take on the
  Adventure stat." (L33)  The text gives no other bump at creation: other stats change
  with demibumps (``between.py``).  A bump that cannot lower the die (already d2) is
  refused: it would buy a gimmick for nothing.
- Free gimmicks: the fey's named one; "Adventurers get any one for free." (L33)
- Generalist "May exchange a d10 and a d6 stats for two d8 stats." (L50), done after the
  bumps, at the player's choice of the two stats.
- "Armor max limits removable pieces of armor only." (L33); one piece per place ("Helmet
  or Burnoose", L96); a fighter wears an armour-printed torso (L70).
- Spells known: "½ the max value of their cast stat" (L115), Magus +2 (L62); only with
  Cast above d4 (L113).  Healer adds Heal for free (L48).

Every refusal is gathered: :class:`CreationError` lists them all, each ``field: why``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.rules.rosters import RosterError
from companion.rulesets.brickmasters_of_the_unknown.catalog import BmotuCatalog
from companion.rulesets.brickmasters_of_the_unknown.character import (
    Character,
    Money,
    armour_problems,
    check_character,
)
from companion.rulesets.brickmasters_of_the_unknown.dtypes import bump_down, dtype_name, step
from companion.rulesets.brickmasters_of_the_unknown.schema import STATS, Stat


class CreationError(RosterError):
    """A character the creation rules refuse; ``reasons`` are ``(field, why)`` pairs."""

    def __init__(self, reasons: Sequence[tuple[str, str]]) -> None:
        self.reasons = tuple(reasons)
        super().__init__("; ".join(f"{key}: {why}" for key, why in self.reasons))


@dataclass(frozen=True)
class Choices:
    """What the player picks; ``gimmicks`` are the chosen ones (free ones are added)."""

    id: str
    side: str
    class_id: str
    name: str = ""
    adventure_bumps_down: int = 0
    gimmicks: tuple[str, ...] = ()
    career: str = ""
    #: Generalist's exchange: the stat given as d10 and the stat given as d6 (both None:
    #: not exchanged).
    exchange_d10: str | None = None
    exchange_d6: str | None = None
    armour: tuple[str, ...] = ()
    printed_torso: bool = False
    weapons: tuple[str, ...] = ()
    items: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    money: Money = field(default_factory=Money)


def gimmick_picks(class_id: str, adventure_bumps_down: int, catalog: BmotuCatalog) -> int:
    """How many gimmicks the player chooses: one per bump down of Adventure, plus the
    class's "any one for free"."""
    free_any = catalog.get_class(class_id).free_any_gimmicks
    return adventure_bumps_down * catalog.gimmicks_per_adventure_bump_down + free_any


def max_adventure_bumps(class_id: str, catalog: BmotuCatalog) -> int:
    """Bumps down Adventure can take before d2 ("D2 is the lowest dtype possible")."""
    return step(catalog.get_class(class_id).adventure)


def _dice(
    choices: Choices, catalog: BmotuCatalog, reasons: list[tuple[str, str]]
) -> dict[str, int]:
    cls = catalog.get_class(choices.class_id)
    dice = {s.value: cls.dtype(s) for s in STATS}
    most = max_adventure_bumps(choices.class_id, catalog)
    bumps = choices.adventure_bumps_down
    if bumps < 0:
        reasons.append(("adventure_bumps_down", "give 0 or more bumps down"))
    elif bumps > most:
        reasons.append(
            (
                "adventure_bumps_down",
                f"Adventure {dtype_name(dice['adventure'])} takes at most {most} bumps down "
                f"before d2, the lowest dtype (L15), not {bumps}",
            )
        )
    else:
        dice["adventure"] = bump_down(dice["adventure"], bumps)
    if choices.exchange_d10 is None and choices.exchange_d6 is None:
        return dice
    if "generalist" not in choices.gimmicks and "generalist" not in cls.free_gimmicks:
        reasons.append(("exchange", "only a Generalist may exchange stats (L50)"))
        return dice
    d10, d6 = choices.exchange_d10, choices.exchange_d6
    known = {s.value for s in STATS}
    if d10 not in known or d6 not in known or d10 == d6:
        reasons.append(("exchange", "name two different stats: one d10 and one d6 (L50)"))
        return dice
    assert d10 is not None and d6 is not None
    if dice[d10] != 10 or dice[d6] != 6:
        reasons.append(
            (
                "exchange",
                f"Generalist exchanges a d10 and a d6 for two d8s (L50): {d10} is "
                f"{dtype_name(dice[d10])} and {d6} is {dtype_name(dice[d6])}",
            )
        )
        return dice
    dice[d10] = dice[d6] = 8
    return dice


def _gimmicks(
    choices: Choices, catalog: BmotuCatalog, reasons: list[tuple[str, str]]
) -> tuple[str, ...]:
    cls = catalog.get_class(choices.class_id)
    picks = gimmick_picks(choices.class_id, max(choices.adventure_bumps_down, 0), catalog)
    unknown = [g for g in choices.gimmicks if g not in catalog.gimmicks]
    if unknown:
        reasons.append(("gimmicks", f"unknown gimmick {unknown[0]!r}"))
    if len(choices.gimmicks) > picks:
        why = (
            f"{len(choices.gimmicks)} gimmicks chosen, {picks} allowed: one for each bump "
            "down of Adventure (L33)"
        )
        if cls.free_any_gimmicks:
            why += f" and {cls.free_any_gimmicks} of the {cls.name}'s choice for free"
        reasons.append(("gimmicks", why))
    taken = (*cls.free_gimmicks, *choices.gimmicks)
    if "professional" in taken and not choices.career.strip():
        reasons.append(("career", "a Professional names the chosen career (L52)"))
    return taken


def _armour(
    choices: Choices,
    gimmicks: tuple[str, ...],
    catalog: BmotuCatalog,
    reasons: list[tuple[str, str]],
) -> None:
    cls = catalog.get_class(choices.class_id)
    if cls.needs_printed_torso and not choices.printed_torso:
        reasons.append(
            ("printed_torso", f"a {cls.name} needs a torso with armour printed on it (L70)")
        )
    probe = Character(
        id="probe", side="probe", class_id=choices.class_id, fight=4, shoot=4, cast=4,
        adventure=4, gimmicks=gimmicks, armour=choices.armour,
    )  # fmt: skip
    reasons += [("armour", why) for why in armour_problems(probe, catalog)]


def _spells(
    choices: Choices,
    dice: dict[str, int],
    gimmicks: tuple[str, ...],
    catalog: BmotuCatalog,
    reasons: list[tuple[str, str]],
) -> tuple[str, ...]:
    free = tuple(s for g in gimmicks for s in catalog.get_gimmick(g).free_spells)
    chosen = tuple(s for s in choices.spells if s not in free)
    unknown = [s for s in chosen if s not in catalog.spells]
    if unknown:
        reasons.append(("spells", f"unknown spell {unknown[0]!r}"))
        return free
    repeated = [s for s, n in Counter(chosen).items() if n > 1]
    if repeated:
        reasons.append(("spells", f"{repeated[0]} is in the spell book twice"))
    if chosen and not catalog.can_cast_die(dice["cast"]):
        reasons.append(
            (
                "spells",
                f"Cast {dtype_name(dice['cast'])} is not above "
                f"{dtype_name(catalog.casting.cast_above)}: no spells (L113)",
            )
        )
        return free
    allowed = catalog.spells_known_at_start(dice["cast"], gimmicks) if chosen else 0
    if len(chosen) > allowed:
        reasons.append(
            (
                "spells",
                f"{len(chosen)} spells chosen, {allowed} known at the start: ½ of "
                f"{dtype_name(dice['cast'])} (L115)"
                + (" + 2 for Magus (L62)" if "magus" in gimmicks else ""),
            )
        )
    return tuple(dict.fromkeys((*free, *chosen)))


def create(choices: Choices, catalog: BmotuCatalog) -> Character:
    """The new minifig, or :class:`CreationError` with every reason it is refused."""
    reasons: list[tuple[str, str]] = []
    if choices.class_id not in catalog.classes:
        known = ", ".join(catalog.classes)
        raise CreationError([("class", f"unknown class {choices.class_id!r} (one of: {known})")])
    dice = _dice(choices, catalog, reasons)
    gimmicks = _gimmicks(choices, catalog, reasons)
    if reasons and any(k == "gimmicks" and "unknown" in why for k, why in reasons):
        raise CreationError(reasons)
    _armour(choices, gimmicks, catalog, reasons)
    spells = _spells(choices, dice, gimmicks, catalog, reasons)
    if reasons:
        raise CreationError(reasons)
    character = Character(
        id=choices.id,
        name=choices.name,
        side=choices.side,
        class_id=choices.class_id,
        gimmicks=gimmicks,
        career=choices.career.strip() if "professional" in gimmicks else "",
        armour=choices.armour,
        printed_torso=choices.printed_torso,
        weapons=choices.weapons,
        items=choices.items,
        spells_known=spells,
        money=choices.money,
        fight=dice[Stat.FIGHT],
        shoot=dice[Stat.SHOOT],
        cast=dice[Stat.CAST],
        adventure=dice[Stat.ADVENTURE],
    )
    problems = check_character(character, catalog, "character")
    if problems:
        raise CreationError(
            [
                (p.split(":", 1)[0].removeprefix("character."), p.split(":", 1)[1].strip())
                for p in problems
            ]
        )
    return character
