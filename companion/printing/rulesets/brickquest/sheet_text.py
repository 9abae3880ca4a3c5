"""The words on a sheet: paper-sheet fields, abilities, skills, spells, swag.

Shared by the on-screen panel and the printed page, so both say the same.
Everything comes from the rules data; this module only phrases it.  No Qt.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from html import escape

from companion.rulesets.brickquest.catalog import BrickQuestCatalog, UnknownIdError
from companion.rulesets.brickquest.character import Character
from companion.rulesets.brickquest.schema import (
    Ability,
    Backstab,
    Charge,
    ClassDef,
    Meditation,
    Prowess,
    Rage,
    Recuperate,
    Sapper,
    SpellDef,
    SpellList,
    TurnUndead,
)

SPELL_LIST_NAMES: dict[SpellList, str] = {
    SpellList.WIZARDLY: "Wizard spells",
    SpellList.PRIESTLY: "Cleric spells",
    SpellList.DWARVEN_WAR: "Dwarven war spells",
}


_MUTED = "color:#555555"


def _num(x: float) -> str:
    return f"{x:g}"


def _bonus(b: int) -> str:
    return f"{b:+d}"


@dataclass(frozen=True)
class PaperField:
    """One field of the paper character sheet."""

    label: str
    value: str


def attack_text(class_def: ClassDef) -> tuple[str, str]:
    """The "Attack Dice" and "Bonus" fields: ("2 melee / 3 ranged (2–8)", "+2 / +2")."""
    a = class_def.attack
    dice: list[str] = []
    bonus: list[str] = []
    if a.melee_dice is not None:
        dice.append(f"{a.melee_dice} melee" if a.has_ranged else str(a.melee_dice))
        bonus.append(_bonus(a.melee_bonus))
    if a.ranged_dice is not None:
        assert a.min_range is not None and a.max_range is not None
        dice.append(f"{a.ranged_dice} ranged ({_num(a.min_range)}–{_num(a.max_range)})")
        bonus.append(_bonus(a.ranged_bonus))
    if a.reach_dice is not None:
        dice.append(f"{a.reach_dice} reach")
        bonus.append("+0")
    return " / ".join(dice), " / ".join(bonus)


def paper_fields(character: Character, class_def: ClassDef) -> list[PaperField]:
    """The boring paper-based sheet of the rules, filled in, in its order."""
    ad, ad_bonus = attack_text(class_def)
    sp = (
        "–"
        if character.spell_points is None
        else f"{character.spell_points} / {character.max_spell_points}"
    )
    return [
        PaperField("Player Name", character.player),
        PaperField("Character Name", character.name),
        PaperField("Character Class", class_def.name),
        PaperField("Movement", str(class_def.move)),
        PaperField("Initiative bonus", _bonus(class_def.initiative_bonus)),
        PaperField("Hit Points", f"{character.hit_points} / {character.max_hit_points}"),
        PaperField("Spell Points", sp),
        PaperField("Attack Dice", ad),
        PaperField("Attack Bonus", ad_bonus),
        PaperField("Defense Dice", str(class_def.defense_dice)),
        PaperField("Defense Bonus", _bonus(class_def.defense_bonus)),
    ]


def ability_line(ability: Ability) -> str:
    """One ability in a short sentence, from its data."""
    match ability:
        case Charge():
            return (
                f"Charge: +{ability.extra_attack_dice} Attack Die when the first action is a "
                f"straight move of {ability.min_squares}+ squares and the second an attack "
                "along that line."
            )
        case Backstab():
            return (
                f"Backstab: +{ability.extra_attack_dice} Attack Dice when attacking from the "
                "square directly behind the target."
            )
        case Prowess():
            split = ", or one to each" if ability.split_allowed else ""
            return (
                f"Prowess: {ability.dice} extra dice each turn, all to Attack or all to "
                f"Defense{split}; kept until your next turn."
            )
        case Rage():
            return (
                f"Rage: give up {ability.defense_dice_given_up} Defense Die until your next "
                f"turn for {ability.extra_actions} extra action"
                + ("; one action must be an attack." if ability.attack_required else ".")
            )
        case Sapper():
            charges = "; ".join(f"{c.name} {c.cost}" for c in ability.charges)
            return (
                f"Sapper: {ability.explosive_points} points of explosives, fuse 0–"
                f"{ability.max_fuse_rounds} rounds, {ability.uses_per_round} per round. "
                f"Costs: {charges}."
            )
        case TurnUndead():
            return (
                f"Turn Undead: roll {ability.dice} die; undead within radius "
                f"{_num(ability.radius)} take half, rounded up."
            )
        case Meditation():
            return (
                f"Meditation: a full round concentrating, if not attacked, gives "
                f"{ability.spell_point_dice}d6 spell points."
            )
        case Recuperate():
            return (
                f"Recuperate: +{ability.spell_points_per_round} spell point per round "
                "without casting."
            )
    return ability.kind.replace("_", " ").capitalize() + "."


def skill_text(class_def: ClassDef, catalog: BrickQuestCatalog) -> str:
    """ "Jump +1, Force door/object +2" (empty if the class has no bonuses)."""
    parts = []
    for s in class_def.skills:
        try:
            name = catalog.get_skill(s.skill).name
        except UnknownIdError:
            name = s.skill
        parts.append(f"{name} {_bonus(s.bonus)}")
    return ", ".join(parts)


def spell_cost(spell: SpellDef) -> str:
    """ "3 SP", "X SP" (variable), "4 SP + 2/round" (sustained)."""
    cost = "X" if spell.cost is None else str(spell.cost)
    if spell.upkeep_per_round:
        return f"{cost} SP + {spell.upkeep_per_round}/round"
    return f"{cost} SP"


def swag_lines(character: Character, catalog: BrickQuestCatalog) -> list[str]:
    """The swag bin's contents, one line per kind of item, plus the gold total."""
    lines = []
    gold = 0
    for item_id, n in Counter(character.swag).items():
        try:
            item = catalog.get_item(item_id)
        except UnknownIdError:
            lines.append(f"{item_id} ×{n}" if n > 1 else item_id)
            continue
        count = f" ×{n}" if n > 1 else ""
        # A coin's name says its worth already ("Coin (20 gold)"): not twice.
        said = f"{item.value_gold} gold" in item.name
        value = (
            f" ({item.value_gold} gold{' each' if n > 1 else ''})"
            if item.value_gold and not said
            else ""
        )
        gold += (item.value_gold or 0) * n
        lines.append(f"{item.name}{count}{value}")
    if gold:
        lines.append(f"Total: {gold} gold")
    return lines


def class_details_html(
    class_def: ClassDef, catalog: BrickQuestCatalog, *, spells: bool = True
) -> str:
    """Abilities, skills and spells of a class as simple HTML."""
    out = [f"<p><b>Special abilities:</b> {escape(class_def.summary)}</p>"]
    lines = [ability_line(a) for a in class_def.abilities]
    if lines:
        out.append("<ul>" + "".join(f"<li>{escape(x)}</li>" for x in lines) + "</ul>")
    skills = skill_text(class_def, catalog)
    if skills:
        out.append(f"<p><b>Skills:</b> {escape(skills)}</p>")
    if spells:
        for spell_list in class_def.spell_lists:
            title = SPELL_LIST_NAMES.get(spell_list, spell_list.value)
            out.append(f"<p><b>{escape(title)}</b></p>")
            items = [
                f"<li><b>{escape(s.name)}</b> <span style='{_MUTED}'>"
                f"{escape(spell_cost(s))}</span> — {escape(s.summary)}</li>"
                for s in catalog.spells_in(spell_list)
            ]
            out.append("<ul>" + "".join(items) + "</ul>")
        if class_def.spell_lists:
            out.append(
                f"<p><span style='{_MUTED}'>Casting a spell is one action; in that round "
                "no other spell, no attack and no turning undead.</span></p>"
            )
    return "\n".join(out)
