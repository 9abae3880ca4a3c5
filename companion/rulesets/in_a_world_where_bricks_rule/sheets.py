"""The roster's character sheets, character creation and edits (``CharacterSheets``).

A roster is the JSON value of ``roster.Roster``.  Edits work on that value as it was read
(keys left out stay left out), change one character's field, and check the whole roster
again with ``read_roster``, so an edit can never leave a roster the game would refuse.
Every number on a sheet comes from the catalog or the rules' helpers.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from companion.model.kept import Kept
from companion.rules.rosters import (
    characters_of,
    check_model,
    choice_value,
    index_of,
    new_id,
    text_value,
    whole_number,
    with_characters,
    without_character,
    yes_no,
)
from companion.rules.table import RosterFigure, SheetField, SheetSection, SheetView
from companion.rulesets.in_a_world_where_bricks_rule.catalog import IawwbrCatalog
from companion.rulesets.in_a_world_where_bricks_rule.roster import (
    MAX_LEVEL,
    Character,
    Roster,
    RosterError,
    defense_of,
    has_range,
    read_roster,
)
from companion.rulesets.in_a_world_where_bricks_rule.rules import (
    Ctx,
    activation_defense,
    knock_out_at,
    ranged,
)
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle, Fighter

#: The sides of a new roster, youngest player's first.
BLANK_SIDES = ("red", "blue")
#: The choice value of "no weapon" (the roster stores ``null``).
NO_WEAPON = "none"
#: Keys of a character that ``edit_character`` changes (the JSON's names).
EDITABLE = ("name", "side", "level", "class", "armor", "shield", "weapon", "weapon_name", "defense")
#: Keys of ``creation_fields`` (``add_character``'s values).
CREATION_KEYS = ("id", "name", "side", "level", "class", "armor", "shield", "weapon", "weapon_name")


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"\u2212{-n}"


# -- reading --------------------------------------------------------------------------


def blank_roster() -> dict[str, Any]:
    """An empty roster: two sides, no characters."""
    return Roster(sides=BLANK_SIDES).model_dump(mode="json", by_alias=True)


def roster_figures(party: Mapping[str, Any], catalog: IawwbrCatalog) -> list[RosterFigure]:
    """Each character as the figure that stands for it on the table: its side and class."""
    return [
        RosterFigure(id=c.id, name=c.name or c.id, side=c.side, class_id=c.class_id)
        for c in read_roster(party, catalog).characters
    ]


def check_roster(party: Mapping[str, Any], catalog: IawwbrCatalog) -> None:
    """``RosterError`` (a ``ValueError``) listing every problem with its place."""
    read_roster(party, catalog)


# -- the sheets -----------------------------------------------------------------------


def _class_choices(catalog: IawwbrCatalog) -> tuple[tuple[str, str], ...]:
    return tuple((c.id, c.name) for c in catalog.classes.values())


def _armor_title(catalog: IawwbrCatalog, armor_id: str) -> str:
    armor = catalog.get_armor(armor_id)
    return f"{armor.name} ({armor.defense})"


def _armor_choices(catalog: IawwbrCatalog) -> tuple[tuple[str, str], ...]:
    return tuple((a, _armor_title(catalog, a)) for a in catalog.armor)


def _weapon_title(catalog: IawwbrCatalog, weapon_id: str | None) -> str:
    if weapon_id is None:
        return "No weapon"
    weapon = catalog.get_weapon(weapon_id)
    return f"{weapon.name} (ranged)" if weapon.ranged else weapon.name


def _weapon_choices(catalog: IawwbrCatalog) -> tuple[tuple[str, str], ...]:
    weapons = [(w, _weapon_title(catalog, w)) for w in catalog.weapons]
    return ((NO_WEAPON, _weapon_title(catalog, None)), *weapons)


def _side_choices(sides: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    return tuple((s, s) for s in sides)


def _character_section(c: Character, roster: Roster, catalog: IawwbrCatalog) -> SheetSection:
    cls = catalog.get_class(c.class_id)
    return SheetSection(
        title="Character",
        fields=(
            SheetField(key="name", label="Name", value=c.name, edit="text"),
            SheetField(
                key="side",
                label="Side",
                value=c.side,
                edit="choice",
                choices=_side_choices(roster.sides),
            ),
            SheetField(
                key="level",
                label="Level",
                value=str(c.level),
                edit="int",
                minimum=1,
                maximum=MAX_LEVEL,
            ),
            SheetField(
                key="class",
                label="Class",
                value=cls.name,
                edit="choice",
                choices=_class_choices(catalog),
            ),
            SheetField(
                key="armor",
                label="Armor",
                value=_armor_title(catalog, c.armor),
                edit="choice",
                choices=_armor_choices(catalog),
            ),
            SheetField(key="shield", label="Shield", value=_yes(c.shield), edit="bool"),
            SheetField(
                key="weapon",
                label="Weapon",
                value=_weapon_title(catalog, c.weapon),
                edit="choice",
                choices=_weapon_choices(catalog),
            ),
            SheetField(key="weapon_name", label="Weapon is a", value=c.weapon_name, edit="text"),
            SheetField(key="id", label="Figure id", value=c.id),
        ),
    )


def _defense_text(c: Character, catalog: IawwbrCatalog) -> str:
    defense = defense_of(c, catalog)
    if c.defense is not None:
        return f"{defense} (set by hand)"
    armor = catalog.get_armor(c.armor)
    parts = f"{armor.name} {armor.defense}"
    if c.shield:
        parts += f" + shield {catalog.shield_bonus}"
    return f"{defense} ({parts})"


def _activation_text(class_id: str, defense: int, catalog: IawwbrCatalog) -> str:
    cls = catalog.get_class(class_id)
    value = catalog.activation_defense(class_id, defense)
    if cls.activation_modifier:
        return f"{value} ({cls.name} {_signed(cls.activation_modifier)})"
    return str(value)


def _range_text(class_id: str, weapon: str | None, catalog: IawwbrCatalog) -> str:
    if weapon is not None and catalog.get_weapon(weapon).ranged:
        return f"yes ({catalog.get_weapon(weapon).name})"
    if has_range(class_id, weapon, catalog):
        return f"yes ({catalog.get_class(class_id).name})"
    return "no"


def _attack_text(c: Character, catalog: IawwbrCatalog) -> str:
    """ "roll a d20 and add the attacking character's level (plus any modifiers...)"."""
    attack = catalog.rules.attack
    text = f"d{attack.die_sides}"
    if attack.adds_level:
        text += f" + {c.level}"
    bonus = catalog.get_class(c.class_id).attack_bonus(c.weapon) if c.weapon else 0
    if bonus and c.weapon is not None:
        text += f" ({_signed(bonus)} with the {catalog.get_weapon(c.weapon).name.lower()})"
    return text


def _hits_text(c: Character, catalog: IawwbrCatalog) -> str:
    cls = catalog.get_class(c.class_id)
    hits = catalog.rules.attack.hits + cls.extra_hits_dealt
    text = f"{hits} hit{'s' if hits != 1 else ''}"
    return f"{text} ({cls.name})" if cls.extra_hits_dealt else text


def _derived_section(c: Character, catalog: IawwbrCatalog) -> SheetSection:
    defense = defense_of(c, catalog)
    ko = catalog.knock_out_hits(c.class_id, c.level)
    return SheetSection(
        title="Derived",
        fields=(
            SheetField(key="defense", label="Defense", value=_defense_text(c, catalog)),
            SheetField(
                key="activation_defense",
                label="Activation defense",
                value=_activation_text(c.class_id, defense, catalog),
            ),
            SheetField(
                key="range", label="Range", value=_range_text(c.class_id, c.weapon, catalog)
            ),
            SheetField(key="attack", label="Attack roll", value=_attack_text(c, catalog)),
            SheetField(key="hits_dealt", label="A success deals", value=_hits_text(c, catalog)),
            SheetField(
                key="knock_out_at",
                label="Knocked out at",
                value=f"{ko} hit{'s' if ko != 1 else ''}",
                track=(0, ko),  # boxes to tick at the table
            ),
        ),
    )


def _class_section(c: Character, catalog: IawwbrCatalog) -> SheetSection:
    cls = catalog.get_class(c.class_id)
    return SheetSection(title="Class", text=cls.text)


def _round_status(b: Battle, f: Fighter) -> str:
    if b.active == f.id:
        return "acting now"
    if f.id in b.done:
        return "yes"
    if f.id in b.stunned:
        return "no (can\u2019t act this round)"
    if b.roll is None:
        return "no (round not rolled)"
    if f.id in b.eligible:
        return "no (waiting)"
    return f"no (the roll of {b.roll} is too low)"


def _battle_section(c: Character, state: Battle, catalog: IawwbrCatalog) -> SheetSection:
    f = state.fighters.get(c.id)
    title = "In the battle"
    if f is None:
        return SheetSection(title=title, text="Not on the table in this battle.")
    ctx = Ctx(state, catalog)
    ko = knock_out_at(ctx, f)
    if f.weapon is None and c.weapon is not None:
        weapon = "dropped"
    elif f.weapon is None:
        weapon = "none"
    else:
        weapon = f"held: {f.weapon_name or _weapon_title(catalog, f.weapon)}"
    return SheetSection(
        title=title,
        fields=(
            SheetField(key="round", label="Round", value=str(state.round)),
            SheetField(key="hits", label="Hits", value=f"{f.hits} of {ko}", track=(f.hits, ko)),
            SheetField(key="knocked_out", label="Knocked out", value=_yes(f.knocked_out)),
            SheetField(key="weapon_held", label="Weapon", value=weapon),
            SheetField(key="range_now", label="Range now", value=_yes(ranged(ctx, f))),
            SheetField(
                key="activation_defense_now",
                label="Acts on a roll of",
                value=f"{activation_defense(ctx, f)} or more",
            ),
            SheetField(
                key="activated", label="Activated this round", value=_round_status(state, f)
            ),
        ),
    )


def _subtitle(c: Character, catalog: IawwbrCatalog) -> str:
    return f"Level {c.level} {catalog.get_class(c.class_id).name} \u00b7 side {c.side}"


#: Sheet parts already made, by what makes them: a game asks for every character's sheet
#: after every action, and most characters' parts are the same as before.  The roster's
#: part of a sheet depends on the character (a frozen, hashable value), the roster's
#: sides and the catalog; the battle's on the fighter (frozen too), the round and how
#: the round stands for it.  Each entry keeps its catalog, so an id is never reused.
_ROSTER_PARTS: Kept[tuple[tuple[SheetSection, ...], str]] = Kept(4096)
_BATTLE_PARTS: Kept[SheetSection] = Kept(4096)


def _roster_part(
    c: Character, roster: Roster, catalog: IawwbrCatalog
) -> tuple[tuple[SheetSection, ...], str]:
    key = (id(catalog), c, roster.sides)
    hit = _ROSTER_PARTS.get(key, (catalog,))
    if hit is None:
        sections = (
            _character_section(c, roster, catalog),
            _derived_section(c, catalog),
            _class_section(c, catalog),
        )
        hit = _ROSTER_PARTS.put(key, (sections, _subtitle(c, catalog)), (catalog,))
    return hit


def _battle_part(c: Character, state: Battle, catalog: IawwbrCatalog) -> SheetSection:
    f = state.fighters.get(c.id)
    if f is None:
        return _battle_section(c, state, catalog)
    key = (id(catalog), f, c.weapon is not None, state.round, _round_status(state, f))
    hit = _BATTLE_PARTS.get(key, (catalog,))
    if hit is None:
        hit = _BATTLE_PARTS.put(key, _battle_section(c, state, catalog), (catalog,))
    return hit


#: The roster's side of every sheet, by the roster's JSON text (what ``read_roster``
#: validates: the same text reads as the same roster) and catalog: a game asks for the
#: sheets after every action, its roster unchanged.
RosterSide = tuple[Character, tuple[SheetSection, ...], str]
_ROSTERS: Kept[list[RosterSide]] = Kept(16)


def _roster_sides(party: Mapping[str, Any], catalog: IawwbrCatalog) -> list[RosterSide]:
    """Each character with its roster part (``_roster_part``), read once per roster text."""
    try:
        text = json.dumps(dict(party), ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError):
        text = None  # not JSON: read_roster says why
    hit = _ROSTERS.get(text, (catalog,)) if text is not None else None
    if hit is not None:
        return hit
    roster = read_roster(party, catalog)
    sides = [(c, *_roster_part(c, roster, catalog)) for c in roster.characters]
    return _ROSTERS.put(text, sides, (catalog,)) if text is not None else sides


def sheets(
    party: Mapping[str, Any], state: Battle | None, catalog: IawwbrCatalog
) -> list[SheetView]:
    """One sheet per character, in roster order; with ``state``, the battle's numbers."""
    out = []
    for c, sections, subtitle in _roster_sides(party, catalog):
        if state is not None:  # during a battle its numbers come first
            sections = (_battle_part(c, state, catalog), *sections)
        out.append(
            SheetView(
                id=c.id,
                title=c.label,
                subtitle=subtitle,
                side=c.side,
                sections=sections,
            )
        )
    return out


# -- creating and editing -------------------------------------------------------------


def _level_totals(roster: Roster) -> str:
    totals = {s: 0 for s in roster.sides}
    for c in roster.characters:
        totals[c.side] = totals.get(c.side, 0) + c.level
    return " \u00b7 ".join(f"{side} {n}" for side, n in totals.items())


def creation_fields(party: Mapping[str, Any], catalog: IawwbrCatalog) -> SheetView:
    """The fields of a new character with their defaults; the subtitle gives each side's
    levels ("you'll want each side to have about the same number of levels")."""
    roster = read_roster(party, catalog)
    first_class = next(iter(catalog.classes))
    return SheetView(
        id="",
        title="New character",
        subtitle=f"Levels per side: {_level_totals(roster)}",
        side=roster.sides[0],
        sections=(
            SheetSection(
                title="Character",
                fields=(
                    SheetField(key="name", label="Name", value="", edit="text"),
                    SheetField(
                        key="id",
                        label="Figure id (optional)",
                        value="",
                        edit="text",
                    ),
                    SheetField(
                        key="side",
                        label="Side",
                        value=roster.sides[0],
                        edit="choice",
                        choices=_side_choices(roster.sides),
                    ),
                    SheetField(
                        key="level",
                        label="Level",
                        value="1",
                        edit="int",
                        minimum=1,
                        maximum=MAX_LEVEL,
                    ),
                    SheetField(
                        key="class",
                        label="Class",
                        value=catalog.get_class(first_class).name,
                        edit="choice",
                        choices=_class_choices(catalog),
                    ),
                    SheetField(
                        key="armor",
                        label="Armor",
                        value=_armor_title(catalog, "none"),
                        edit="choice",
                        choices=_armor_choices(catalog),
                    ),
                    SheetField(key="shield", label="Shield", value="no", edit="bool"),
                    SheetField(
                        key="weapon",
                        label="Weapon",
                        value=_weapon_title(catalog, None),
                        edit="choice",
                        choices=_weapon_choices(catalog),
                    ),
                    SheetField(key="weapon_name", label="Weapon is a", value="", edit="text"),
                ),
            ),
        ),
    )


def _converters(roster: Roster, catalog: IawwbrCatalog) -> dict[str, Callable[[Any], Any]]:
    """Each editable key's check, giving the JSON value to store (ranges and lengths are
    checked by the ``Character`` model afterwards)."""
    sides = {s: s for s in roster.sides}

    def weapon(value: Any) -> str | None:
        if value in (None, "", NO_WEAPON):
            return None
        return choice_value("weapon", value, catalog.weapons, "weapon")

    def defense(value: Any) -> int | None:
        return None if value in (None, "") else whole_number("defense", value)

    return {
        "name": lambda v: text_value("name", v),
        "side": lambda v: choice_value("side", v, sides, "side"),
        "level": lambda v: whole_number("level", v),
        "class": lambda v: choice_value("class", v, catalog.classes, "class"),
        "armor": lambda v: choice_value("armor", v, catalog.armor, "armor"),
        "shield": lambda v: yes_no("shield", v),
        "weapon": weapon,
        "weapon_name": lambda v: text_value("weapon_name", v),
        "defense": defense,
    }


def _check_character(raw: Mapping[str, Any]) -> None:
    """``RosterError`` naming the field of the first problem of one character's value."""
    check_model(Character, raw, "character")


def _checked(party: Mapping[str, Any], catalog: IawwbrCatalog) -> dict[str, Any]:
    """The roster value, checked whole; the same value (a fresh copy) when it is good."""
    read_roster(party, catalog)
    return dict(party)


def edit_character(
    party: Mapping[str, Any], character_id: str, key: str, value: Any, catalog: IawwbrCatalog
) -> dict[str, Any]:
    """The roster with ``key`` of ``character_id`` set to ``value``; ``RosterError`` names
    the field when the value is refused."""
    roster = read_roster(party, catalog)
    index = index_of(party, character_id)
    convert = _converters(roster, catalog).get(key)
    if convert is None:
        if key == "id":
            raise RosterError("id: a character's figure id cannot be changed (the map uses it)")
        raise RosterError(f"{key}: not a field that can be edited ({', '.join(EDITABLE)})")
    characters = characters_of(party)
    characters[index] = {**characters[index], key: convert(value)}
    _check_character(characters[index])
    return _checked(with_characters(party, characters), catalog)


def add_character(
    party: Mapping[str, Any], values: Mapping[str, Any], catalog: IawwbrCatalog
) -> dict[str, Any]:
    """The roster with a new character made from ``values`` (``creation_fields`` keys,
    the defaults for those left out); a blank id is made from the name, unique."""
    roster = read_roster(party, catalog)
    unknown = sorted(set(values) - set(CREATION_KEYS))
    if unknown:
        raise RosterError(
            f"{unknown[0]}: not a field of a new character ({', '.join(CREATION_KEYS)})"
        )
    converters = _converters(roster, catalog)
    defaults: dict[str, Any] = {
        "name": "",
        "side": roster.sides[0],
        "level": 1,
        "class": next(iter(catalog.classes)),
        "armor": "none",
        "shield": False,
        "weapon": None,
        "weapon_name": "",
    }
    character: dict[str, Any] = {}
    for key, default in defaults.items():
        character[key] = converters[key](values[key]) if key in values else default
    taken = {c.id for c in roster.characters}
    side_class = f"{character['side']} {catalog.get_class(character['class']).name}"
    character_id = new_id(values.get("id", ""), taken, character["name"], side_class)
    character = {"id": character_id, **character}
    _check_character(character)
    return _checked(with_characters(party, [*characters_of(party), character]), catalog)


def remove_character(party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
    """The roster without ``character_id``; ``RosterError`` when it has none of that id."""
    return without_character(party, character_id)
