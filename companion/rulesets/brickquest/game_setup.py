"""A new BrickQuest game from a map file and a party: the options, the choices, the set-up.

The map's figures are the game's figures.  A character on the map is linked to the
party's character with the same id: the sheet's name, hit points, spell points and swag
become the figure's.  A monster gets its card's hit points; where the card leaves a
choice open, the BrickMaster makes it (the set-up dialog, or ``--choice`` on the command
line):

* the skeleton's weapon (sword, ax or halberd: its attack dice), default the card's first;
* a card's optional abilities (a snakeman's wizard spells, a blowgunner's poison),
  default none;
* hit points where the card gives none (skeleton, snakeman): the text is silent, so the
  reading is ``DEFAULT_HIT_POINTS`` (a goblin's), changeable per figure.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from companion.model.mapfile import FigurePlacement, MapDocument
from companion.rules.table import OptionSpec, SetupChoice
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Party, PartyFileError
from companion.rulesets.brickquest.setup import SetupError, _unknown
from companion.rulesets.brickquest.state import Options

#: Longest name a party's character may have (as in a party file).
MAX_NAME = 80
#: Hit points of a monster whose card gives none, unless the BrickMaster sets them.
DEFAULT_HIT_POINTS = 6
HIT_POINT_CHOICES = tuple((str(n), str(n)) for n in range(1, 31))

#: The loose sentence the ``large_footprint`` option reads, and the reading.
LARGE_FOOTPRINT_QUOTE = "The corpse is left in the square(s) it occupied previously"
LARGE_FOOTPRINT_HELP = (
    "A Large Creature (the dragons, Cerberus, the polar bear, the Stone Elemental) covers"
    " 2x2 squares: the text's corpse is left in the square(s) it occupied. It stands on its"
    " north-west square; every square it covers blocks, can be attacked, seen and hit by"
    " areas. 1: it takes one square, only taller."
)

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        kind="switch",
        key="holding",
        label="Holding",
        default=False,
        help="A figure may hold both actions to the end of the round.",
    ),
    OptionSpec(kind="switch", key="critical_hits", label="Critical hits and misses", default=False),
    OptionSpec(
        kind="switch",
        key="breakaway",
        label="Breakaway",
        default=False,
        help="Leaving an enemy's front squares draws a free attack.",
    ),
    OptionSpec(
        kind="switch",
        key="height_bonus",
        label="Height bonus",
        default=False,
        help="±1 per 3 full bricks of height difference, at most ±3.",
    ),
    OptionSpec(
        kind="switch",
        key="enchanted_weapons",
        label="Enchanted weapons",
        default=False,
        help="Characters' weapons ignore Incorporeal.",
    ),
    OptionSpec(kind="switch", key="walls_stop_areas", label="Walls stop areas", default=True),
    OptionSpec(
        kind="choice",
        key="los",
        label="Line of sight",
        default="3d",
        choices=(("3d", "with heights"), ("flat", "flat, as printed")),
    ),
    OptionSpec(
        kind="choice",
        key="large_footprint",
        label="Large creatures' footprint",
        default=2,
        choices=((2, "2x2 squares"), (1, "one square")),
        quote=LARGE_FOOTPRINT_QUOTE,
        help=LARGE_FOOTPRINT_HELP,
    ),
    OptionSpec(
        kind="choice",
        key="reroll_initiative",
        label="Re-roll initiative",
        default=0,
        choices=((0, "never"), (1, "every round"), (3, "every 3 rounds"), (5, "every 5 rounds")),
    ),
)


def setup_choices(doc: MapDocument, catalog: BrickQuestCatalog) -> list[SetupChoice]:
    """The open choices of the map's monsters, in map order."""
    out: list[SetupChoice] = []
    for fig in doc.figures:
        card = catalog.monsters.get(fig.monster or "")
        if card is None:
            continue
        name = fig.label
        if card.attack_dice_by_weapon:
            weapons = tuple(
                (w, f"{w} ({n} attack dice)") for w, n in card.attack_dice_by_weapon.items()
            )
            out.append(
                SetupChoice(
                    figure=fig.id,
                    key="weapon",
                    label=f"{name}'s weapon",
                    choices=weapons,
                    default=(weapons[0][0],),
                )
            )
        if card.optional_abilities:
            abilities = tuple((a, a.replace("_", " ")) for a in card.optional_abilities)
            out.append(
                SetupChoice(
                    figure=fig.id,
                    key="abilities",
                    label=f"{name}'s optional abilities",
                    choices=abilities,
                    multiple=True,
                )
            )
        if card.hit_points is None:
            out.append(
                SetupChoice(
                    figure=fig.id,
                    key="hp",
                    label=f"{name}'s hit points",
                    choices=HIT_POINT_CHOICES,
                    default=(str(DEFAULT_HIT_POINTS),),
                )
            )
    return out


def game_setup(
    doc: MapDocument,
    party: Mapping[str, Any] | None,
    options: Mapping[str, Any],
    choices: Mapping[str, Mapping[str, Any]],
    catalog: BrickQuestCatalog,
) -> dict[str, Any]:
    """The set-up document for ``build_state``; ``SetupError`` names what is wrong."""
    _check_options(options)
    sheets = _characters(party, catalog)
    open_choices = {(c.figure, c.key): c for c in setup_choices(doc, catalog)}
    for fid, picked in choices.items():
        for key in picked:
            if (fid, key) not in open_choices:
                raise SetupError(f"choices.{fid}.{key}: no such choice on this map")
    figures = []
    for index, fig in enumerate(doc.figures):
        where = f"figures.{index} ({fig.id})"
        spec: dict[str, Any] = {
            "id": fig.id,
            "name": fig.label,
            "side": fig.side,
            "at": list(fig.at),
            "facing": fig.facing.value,
        }
        if fig.class_id and fig.monster:
            raise SetupError(f"{where}: a figure is a class or a monster, not both")
        if fig.class_id:
            spec.update(_character(fig, sheets.get(fig.id), where, catalog))
        elif fig.monster:
            spec.update(_monster(fig, choices.get(fig.id, {}), open_choices, catalog, where))
        else:
            raise SetupError(f"{where}: give the figure a class or a monster")
        figures.append(spec)
    return {
        "dungeon": doc.dungeon,
        "figures": figures,
        "options": dict(options),
        "roll_initiative": True,
    }


def _check_options(options: Mapping[str, Any]) -> None:
    known = {o.key: o for o in OPTION_SPECS}
    for key, value in options.items():
        if key not in Options.model_fields:
            raise SetupError(f"options.{key}: {_unknown('option', key, known)}")
        spec = known.get(key)
        allowed = [c[0] for c in spec.choices] if spec and spec.choices else None
        # by type too: True == 1, but true is not "every round"
        if allowed is not None and not any(type(value) is type(a) and value == a for a in allowed):
            raise SetupError(f"options.{key}: {value!r} is not one of {allowed}")
        if allowed is None and not isinstance(value, bool):
            raise SetupError(f"options.{key}: give true or false, not {value!r}")


def _characters(
    party: Mapping[str, Any] | None, catalog: BrickQuestCatalog
) -> dict[str, Mapping[str, Any]]:
    """The party's sheets by id: a party file is read as ``validate`` reads it; a game's
    own party (``{"characters": [...]}``, the window's) character by character."""
    if party is None:
        return {}
    if party.get("ruleset", "brickquest") != "brickquest":
        raise SetupError(
            f"party.ruleset: a {str(party.get('ruleset'))[:40]!r} roster, not a BrickQuest party"
        )
    if "format" in party:
        _check_party_file(party)
    chars = party.get("characters")
    if not isinstance(chars, list):
        raise SetupError("party.characters: give the party's characters as a list")
    return {str(c.get("id")): c for c in chars if isinstance(c, Mapping)}


def _check_party_file(party: Mapping[str, Any]) -> None:
    """A whole party file, checked by the party loader (types, maxima, classes, swag)."""
    try:
        data = json.dumps(dict(party), ensure_ascii=True, allow_nan=False).encode()
    except (TypeError, ValueError) as exc:
        raise SetupError(f"party: not a JSON document ({exc})") from None
    try:
        Party.from_json_bytes(data, source="")
    except PartyFileError as exc:
        raise SetupError(f"party: {exc}") from None


def _points(sheet: Mapping[str, Any], key: str, where: str) -> int | None:
    value = sheet.get(key)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise SetupError(f"{where}: party {key}: give a whole number, not {value!r:.40}")
    return value


def _character(
    fig: FigurePlacement,
    sheet: Mapping[str, Any] | None,
    where: str,
    catalog: BrickQuestCatalog,
) -> dict[str, Any]:
    out: dict[str, Any] = {"class": fig.class_id}
    if sheet is None:
        return out
    _within_card(sheet, catalog.classes.get(fig.class_id or ""), where)
    if sheet.get("class_id") not in (None, fig.class_id):
        raise SetupError(
            f"{where}: the party's {sheet.get('name')} is a {sheet.get('class_id')},"
            f" the map's figure a {fig.class_id}"
        )
    name = sheet.get("name") or fig.label
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise SetupError(f"{where}: the party's name: give text of at most {MAX_NAME} characters")
    out["name"] = name
    for key, field in (("hit_points", "hp"), ("max_hit_points", "max_hp"), ("spell_points", "sp")):
        if sheet.get(key) is not None:
            out[field] = sheet[key]
    hp, max_hp = out.get("hp"), out.get("max_hp")
    if isinstance(hp, int) and isinstance(max_hp, int) and hp > max_hp:
        raise SetupError(f"{where}: {out['name']} has {hp} hit points, more than the {max_hp} most")
    swag = sheet.get("swag") or []
    if not isinstance(swag, list) or not all(isinstance(i, str) for i in swag):
        raise SetupError(f"{where}: the party's swag must be a list of item names")
    out["items"] = list(swag)
    return out


def _within_card(sheet: Mapping[str, Any], card: Any, where: str) -> None:
    """A sheet's points as whole numbers within its class card's (no 99 hit points, no
    spell points for a warrior)."""
    hp, max_hp, sp = (
        _points(sheet, k, where) for k in ("hit_points", "max_hit_points", "spell_points")
    )
    name = sheet.get("name") or sheet.get("id")
    if card is None:
        return
    top = max_hp if max_hp is not None else card.hit_points
    if top > card.hit_points or (hp is not None and hp > top):
        raise SetupError(
            f"{where}: the party's {name} has {hp if hp is not None else top} hit points;"
            f" a {card.name} has at most {card.hit_points}"
        )
    if sp is not None and sp > (card.spell_points or 0):
        most = f"at most {card.spell_points}" if card.spell_points else "none"
        raise SetupError(
            f"{where}: the party's {name} has {sp} spell points; a {card.name} has {most}"
        )


def _monster(
    fig: FigurePlacement,
    picked: Mapping[str, Any],
    open_choices: Mapping[tuple[str, str], SetupChoice],
    catalog: BrickQuestCatalog,
    where: str,
) -> dict[str, Any]:
    out: dict[str, Any] = {"monster": fig.monster}
    for key in ("weapon", "abilities", "hp"):
        choice = open_choices.get((fig.id, key))
        if choice is None:
            continue
        value = picked.get(
            key,
            list(choice.default)
            if choice.multiple
            else (choice.default[0] if choice.default else None),
        )
        allowed = [c[0] for c in choice.choices]
        values = value if isinstance(value, list) else [value]
        for v in values:
            if str(v) not in allowed:
                raise SetupError(f"{where}.{key}: {v!r} is not one of {', '.join(allowed)}")
        out[key] = int(value) if key == "hp" else value
    return out
