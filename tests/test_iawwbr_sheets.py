"""In a World Where Bricks Rule's roster sheets (``CharacterSheets``): every number from the
catalog, edits and their refusals, new characters, the demo roster, and a battle's sheets."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.rules.maps import load_map_file
from companion.rules.ruleset import CharacterSheets, get_ruleset
from companion.rules.table import SheetField, SheetSection, SheetView
from companion.rulesets.in_a_world_where_bricks_rule import sheets as sh
from companion.rulesets.in_a_world_where_bricks_rule.catalog import (
    IawwbrCatalog,
    default_catalog,
)
from companion.rulesets.in_a_world_where_bricks_rule.plugin import IawwbrRules
from companion.rulesets.in_a_world_where_bricks_rule.roster import MAX_LEVEL, read_roster
from companion.rulesets.in_a_world_where_bricks_rule.schema import TEXT_CLASSES
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "resources" / "parties" / "iawwbr-demo.roster.json"
DEMO_MAP = REPO / "resources" / "dungeons" / "iawwbr-demo.json"
CAT = default_catalog()
RULES = IawwbrRules()


def demo() -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(DEMO.read_text(encoding="utf-8"))
    return doc


def section(view: SheetView, title: str) -> SheetSection:
    return next(s for s in view.sections if s.title == title)


def field(view: SheetView, key: str) -> SheetField:
    return next(f for s in view.sections for f in s.fields if f.key == key)


def sheet_of(views: list[SheetView], cid: str) -> SheetView:
    return next(v for v in views if v.id == cid)


def battle(roster: dict[str, Any]) -> Battle:
    doc = load_map_file(DEMO_MAP)
    state = RULES.initial_state(RULES.game_setup(doc, roster, {}, {}))
    assert isinstance(state, Battle)
    return state


# -- the plugin and the demo roster --------------------------------------------------------


def test_the_ruleset_keeps_a_roster() -> None:
    rules = get_ruleset("in_a_world_where_bricks_rule")
    assert isinstance(rules, CharacterSheets)
    assert [v.id for v in rules.sheets(demo())] == [c["id"] for c in demo()["characters"]]


def test_the_demo_roster_covers_every_class_with_balanced_sides() -> None:
    doc = demo()
    roster = read_roster(doc, CAT)
    assert roster.name == "Bridge at Bricksford"
    assert roster.sides == ("red", "blue")
    by_side = {s: [c for c in roster.characters if c.side == s] for s in roster.sides}
    assert [c.id for c in by_side["red"]] == [
        "red_archer",
        "red_brute",
        "red_knight",
        "red_ninja",
        "red_soldier",
    ]
    assert sorted(c.id for c in by_side["blue"]) == [
        "blue_swordsman",
        "blue_trooper",
        "blue_undead",
        "blue_vigilante",
        "blue_wizard",
    ]
    assert sorted(c.class_id for c in roster.characters) == sorted(TEXT_CLASSES)
    assert all(1 <= c.level <= 4 for c in roster.characters)
    assert all(c.name for c in roster.characters)
    totals = [sum(c.level for c in by_side[s]) for s in roster.sides]
    assert abs(totals[0] - totals[1]) <= 1, totals
    assert len({c.armor for c in roster.characters}) >= 3
    assert len({c.weapon for c in roster.characters}) >= 4
    assert {c.shield for c in roster.characters} == {True, False}


def test_the_demo_roster_matches_the_demo_table() -> None:
    placed = {f["id"]: f for f in json.loads(DEMO_MAP.read_text())["figures"]}
    for c in demo()["characters"]:
        assert c["id"] in placed
        assert placed[c["id"]]["class"] == c["class"]
        assert placed[c["id"]]["side"] == c["side"]
    battle(demo())  # a game can start from the two


# -- blank and checked rosters -------------------------------------------------------------


def test_a_blank_roster_is_valid_with_two_sides() -> None:
    blank = RULES.blank_roster()
    assert blank["format"] == "brick-companion-roster"
    assert blank["ruleset"] == "in_a_world_where_bricks_rule"
    assert blank["sides"] == ["red", "blue"]
    assert blank["characters"] == []
    RULES.check_roster(blank)
    assert RULES.sheets(blank) == []
    json.dumps(blank)  # a JSON value


def test_check_roster_lists_every_problem_with_its_place() -> None:
    bad = demo()
    bad["characters"][0]["class"] = "archre"
    bad["characters"][3]["weapon"] = "laser"
    with pytest.raises(ValueError) as err:
        RULES.check_roster(bad)
    text = str(err.value)
    assert "characters.0.class: unknown class 'archre'" in text
    assert "characters.3.weapon: unknown weapon 'laser'" in text


# -- the sheets ----------------------------------------------------------------------------


def expected_defense(c: dict[str, Any], cat: IawwbrCatalog) -> int:
    return cat.get_armor(c.get("armor", "none")).defense + (
        cat.shield_bonus if c.get("shield") else 0
    )


def test_every_sheet_s_numbers_come_from_the_catalog() -> None:
    doc = demo()
    views = RULES.sheets(doc)
    assert len(views) == 10
    for c in doc["characters"]:
        view = sheet_of(views, c["id"])
        cls = CAT.get_class(c["class"])
        assert view.title == c["name"]
        assert view.side == c["side"]
        assert view.subtitle == f"Level {c['level']} {cls.name} \u00b7 side {c['side']}"
        assert [s.title for s in view.sections] == ["Character", "Derived", "Class"]
        defense = expected_defense(c, CAT)
        assert field(view, "defense").value.split()[0] == str(defense)
        activation = CAT.activation_defense(c["class"], defense)
        assert field(view, "activation_defense").value.split()[0] == str(activation)
        ko = CAT.knock_out_hits(c["class"], c["level"])
        assert field(view, "knock_out_at").value.startswith(f"{ko} hit")
        assert field(view, "knock_out_at").track == (0, ko)
        ranged = (c["weapon"] is not None and CAT.get_weapon(c["weapon"]).ranged) or (
            cls.ability("innate_range") is not None
        )
        assert field(view, "range").value.startswith("yes" if ranged else "no")
        assert section(view, "Class").text == cls.text
        assert field(view, "attack").value.startswith(
            f"d{CAT.rules.attack.die_sides} + {c['level']}"
        )


def test_the_text_s_own_numbers_show_on_the_sheets() -> None:
    """Independently of the catalog: the guide's values and the class lines of the text."""
    views = RULES.sheets(demo())
    knight = sheet_of(views, "red_knight")  # plate mail and a shield
    assert field(knight, "defense").value == "17 (Plate mail 16 + shield 1)"
    assert field(knight, "activation_defense").value == "11 (Knight \u22126)"
    soldier = sheet_of(views, "red_soldier")  # chainmail
    assert field(soldier, "activation_defense").value == "11 (Soldier \u22123)"
    brute = sheet_of(views, "red_brute")  # level 3
    assert field(brute, "knock_out_at").value == "4 hits"
    assert field(brute, "hits_dealt").value == "2 hits (Brute)"
    ninja = sheet_of(views, "red_ninja")  # nunchaku: range from the shuriken
    assert field(ninja, "range").value == "yes (Ninja)"
    archer = sheet_of(views, "red_archer")
    assert field(archer, "range").value == "yes (Bow)"
    assert field(archer, "attack").value == "d20 + 2 (+3 with the bow)"
    undead = sheet_of(views, "blue_undead")  # no armor, a shield
    assert field(undead, "defense").value == "11 (No armor 10 + shield 1)"
    assert section(sheet_of(views, "blue_wizard"), "Class").text.startswith(
        "As an action, you may roll a d6. On a 1-3"
    )


def test_the_character_fields_are_editable_by_their_json_key() -> None:
    view = sheet_of(RULES.sheets(demo()), "blue_swordsman")
    edits = {f.key: f.edit for f in section(view, "Character").fields}
    assert edits == {
        "name": "text",
        "side": "choice",
        "level": "int",
        "class": "choice",
        "armor": "choice",
        "shield": "bool",
        "weapon": "choice",
        "weapon_name": "text",
        "id": "",
    }
    level = field(view, "level")
    assert (level.minimum, level.maximum, level.value) == (1, MAX_LEVEL, "4")
    assert field(view, "side").choices == (("red", "red"), ("blue", "blue"))
    assert [v for v, _ in field(view, "class").choices] == list(CAT.classes)
    assert [v for v, _ in field(view, "armor").choices] == list(CAT.armor)
    weapons = [v for v, _ in field(view, "weapon").choices]
    assert weapons == ["none", *CAT.weapons]
    assert field(view, "shield").value == "yes"
    assert field(view, "class").value == "Swordsman"
    assert all(not f.edit for f in section(view, "Derived").fields)


def test_a_hand_set_defense_wins() -> None:
    doc = demo()
    doc["characters"][0]["defense"] = 15
    view = RULES.sheets(doc)[0]
    assert field(view, "defense").value == "15 (set by hand)"
    assert field(view, "activation_defense").value.startswith("15")


# -- edits ---------------------------------------------------------------------------------


def test_editing_a_level_changes_only_that_field() -> None:
    doc = demo()
    before = copy.deepcopy(doc)
    after = RULES.edit_character(doc, "red_knight", "level", 6)
    assert doc == before  # the input is left alone
    assert after["characters"][2]["level"] == 6
    assert {k: v for k, v in after.items() if k != "characters"} == {
        k: v for k, v in before.items() if k != "characters"
    }
    for a, b in zip(after["characters"], before["characters"], strict=True):
        if a["id"] != "red_knight":
            assert a == b
    view = sheet_of(RULES.sheets(after), "red_knight")
    assert field(view, "knock_out_at").value == "6 hits"
    assert view.subtitle.startswith("Level 6 Knight")


@pytest.mark.parametrize(
    ("key", "value", "after"),
    [
        ("name", "  Sir   Brick  ", "Sir Brick"),
        ("side", "blue", "blue"),
        ("class", "wizard", "wizard"),
        ("armor", "chainmail", "chainmail"),
        ("shield", False, False),
        ("weapon", "none", None),
        ("weapon", "crossbow", "crossbow"),
        ("weapon_name", "lance", "lance"),
        ("level", "7", 7),
        ("defense", 18, 18),
        ("defense", None, None),
    ],
)
def test_edits_store_the_json_value(key: str, value: Any, after: Any) -> None:
    out = RULES.edit_character(demo(), "red_knight", key, value)
    assert out["characters"][2][key] == after
    RULES.check_roster(out)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("level", 0, "level: should be greater than or equal to 1, not 0"),
        ("level", MAX_LEVEL + 1, f"level: should be less than or equal to {MAX_LEVEL}"),
        ("level", "three", "level: give a whole number"),
        ("level", True, "level: give a whole number"),
        ("class", "paladin", "class: unknown class 'paladin'"),
        ("armor", "mithril", "armor: unknown armor 'mithril'"),
        ("weapon", "laser", "weapon: unknown weapon 'laser'"),
        ("side", "green", "side: unknown side 'green' (one of: red, blue)"),
        ("shield", "maybe", "shield: give yes or no"),
        ("name", 12, "name: give text"),
        ("name", "x" * 201, "name: should have at most 200 characters"),
        ("defense", 99, "defense: should be less than or equal to 40"),
        ("id", "red_lancer", "id: a character's figure id cannot be changed"),
        ("hits", 2, "hits: not a field that can be edited"),
    ],
)
def test_refused_edits_name_the_field(key: str, value: Any, message: str) -> None:
    doc = demo()
    with pytest.raises(ValueError) as err:
        RULES.edit_character(doc, "red_knight", key, value)
    assert str(err.value).startswith(message), str(err.value)
    assert doc == demo()


def test_editing_an_unknown_character_is_refused() -> None:
    with pytest.raises(ValueError, match="no character 'red_lancer'"):
        RULES.edit_character(demo(), "red_lancer", "level", 2)


# -- new characters ------------------------------------------------------------------------


def test_creation_fields_have_defaults_and_the_side_totals() -> None:
    view = RULES.creation_fields(demo())
    fields = {f.key: f for s in view.sections for f in s.fields}
    assert list(fields) == [
        "name",
        "id",
        "side",
        "level",
        "class",
        "armor",
        "shield",
        "weapon",
        "weapon_name",
    ]
    assert all(f.edit for f in fields.values())
    assert fields["level"].value == "1"
    assert fields["side"].value == "red"
    assert fields["weapon"].value == "No weapon"
    assert fields["armor"].value == "No armor (10)"
    assert fields["id"].value == ""
    red = sum(c["level"] for c in demo()["characters"] if c["side"] == "red")
    blue = sum(c["level"] for c in demo()["characters"] if c["side"] == "blue")
    assert view.subtitle == f"Levels per side: red {red} \u00b7 blue {blue}"


def test_a_new_character_gets_an_id_from_its_name() -> None:
    blank = RULES.blank_roster()
    values = {
        "id": "",
        "name": "Captain Crunch",
        "side": "blue",
        "level": 3,
        "class": "soldier",
        "armor": "chainmail",
        "shield": True,
        "weapon": "gun",
        "weapon_name": "blaster",
    }
    one = RULES.add_character(blank, values)
    assert blank["characters"] == []
    assert one["characters"] == [
        {
            "id": "captain_crunch",
            "name": "Captain Crunch",
            "side": "blue",
            "level": 3,
            "class": "soldier",
            "armor": "chainmail",
            "shield": True,
            "weapon": "gun",
            "weapon_name": "blaster",
        }
    ]
    two = RULES.add_character(one, values)
    assert [c["id"] for c in two["characters"]] == ["captain_crunch", "captain_crunch_2"]
    view = sheet_of(RULES.sheets(two), "captain_crunch_2")
    assert field(view, "defense").value.startswith("15")
    assert field(view, "activation_defense").value == "12 (Soldier \u22123)"


def test_a_new_character_takes_the_defaults_and_a_given_id() -> None:
    out = RULES.add_character(demo(), {"id": "red_scout"})
    new = out["characters"][-1]
    assert new == {
        "id": "red_scout",
        "name": "",
        "side": "red",
        "level": 1,
        "class": next(iter(CAT.classes)),
        "armor": "none",
        "shield": False,
        "weapon": None,
        "weapon_name": "",
    }
    unnamed = RULES.add_character(RULES.blank_roster(), {"class": "ninja", "side": "blue"})
    assert unnamed["characters"][0]["id"] == "blue_ninja"


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"id": "red_knight"}, "id: 'red_knight' is already a character"),
        ({"id": "red knight!"}, "id: 'red knight!' is not a figure id"),
        ({"level": 0}, "level: should be greater than or equal to 1"),
        ({"class": "paladin"}, "class: unknown class"),
        ({"side": "green"}, "side: unknown side 'green'"),
        ({"speed": 3}, "speed: not a field of a new character"),
    ],
)
def test_refused_new_characters_name_the_field(values: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError) as err:
        RULES.add_character(demo(), values)
    assert str(err.value).startswith(message), str(err.value)


def test_removing_a_character() -> None:
    doc = demo()
    out = RULES.remove_character(doc, "blue_undead")
    assert "blue_undead" not in [c["id"] for c in out["characters"]]
    assert len(out["characters"]) == 9
    assert len(doc["characters"]) == 10
    with pytest.raises(ValueError, match="no character 'blue_undead'"):
        RULES.remove_character(out, "blue_undead")


# -- with a battle -------------------------------------------------------------------------


def test_a_battle_s_sheets_show_its_numbers() -> None:
    doc = demo()
    state = battle(doc)
    knight = state.fighters["red_knight"]
    brute = state.fighters["red_brute"]
    state = state.with_(
        fighters={
            **state.fighters,
            "red_knight": knight.with_(hits=2, weapon=None, weapon_name=""),
            "red_brute": brute.with_(hits=4, knocked_out=True),
        },
        roll=12,
        eligible=frozenset({"red_knight", "red_archer"}),
        done=frozenset({"red_archer"}),
    )
    views = RULES.sheets(doc, state)
    k = sheet_of(views, "red_knight")
    assert k.sections[0].title == "In the battle"  # first during a battle
    ko = CAT.knock_out_hits("knight", 4)
    assert field(k, "hits").track == (2, ko)
    assert field(k, "hits").value == f"2 of {ko}"
    assert field(k, "knocked_out").value == "no"
    assert field(k, "weapon_held").value == "dropped"
    assert field(k, "range_now").value == "no"
    assert field(k, "activated").value == "no (waiting)"
    b = sheet_of(views, "red_brute")
    assert field(b, "hits").track == (4, CAT.knock_out_hits("brute", 3))
    assert field(b, "knocked_out").value == "yes"
    assert field(b, "weapon_held").value == "held: big wrench"
    assert field(sheet_of(views, "red_archer"), "activated").value == "yes"
    assert field(sheet_of(views, "red_ninja"), "activated").value.startswith("no (the roll of 12")
    # the roster's own sections are unchanged by the game
    assert field(k, "weapon").value == "Sword"


def test_a_character_not_on_the_table() -> None:
    doc = demo()
    state = battle(doc)
    more = RULES.add_character(doc, {"name": "Latecomer"})
    view = sheet_of(RULES.sheets(more, state), "latecomer")
    assert section(view, "In the battle").text == "Not on the table in this battle."


def test_the_module_functions_match_the_plugin() -> None:
    doc = demo()
    assert sh.sheets(doc, None, CAT) == RULES.sheets(doc)
    assert sh.blank_roster() == RULES.blank_roster()
