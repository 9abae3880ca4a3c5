"""In a World Where Bricks Rule's data: the TOML files against the text, and their errors.

The expected numbers below are copied from ``in-a-world-where-bricks-rule.txt`` by hand,
independently of the data files, each test quoting the sentence it checks, so a typo in
either shows up here.
"""

from __future__ import annotations

import ast
import re
import shutil
from pathlib import Path

import pytest
from data_edits import edit, load_error_of
from pydantic import ValidationError
from shared_texts import SHARED

from companion.datafiles import DataFileError, UnknownIdError
from companion.rulesets.in_a_world_where_bricks_rule import catalog as catalog_module
from companion.rulesets.in_a_world_where_bricks_rule.catalog import (
    IawwbrCatalog,
    data_dir,
    default_catalog,
    load_catalog,
)
from companion.rulesets.in_a_world_where_bricks_rule.schema import (
    TEXT_CLASSES,
    CoverRule,
    InnateRange,
    LengthMeasure,
    Options,
    Situation,
    UnblockedMovement,
    UndeadRevival,
    WizardBlast,
)

RULE_TEXT = SHARED / "seeds" / "in-a-world-where-bricks-rule.txt"
PACKAGE_DIR = Path(catalog_module.__file__).resolve().parent


@pytest.fixture(scope="module")
def cat() -> IawwbrCatalog:
    return default_catalog()


# ------------------------------------------------------------------- loading


def test_the_data_loads_once_and_has_every_class_of_the_text(cat: IawwbrCatalog) -> None:
    assert default_catalog() is cat
    # "Archer: ... Brute: ... Knight: ... Ninja: ... Soldier: ... Space Trooper: ...
    #  Swordsman: ... Undead: ... Vigilante: ... Wizard: ..."
    assert tuple(cat.classes) == (
        "archer", "brute", "knight", "ninja", "soldier",
        "space_trooper", "swordsman", "undead", "vigilante", "wizard",
    )  # fmt: skip
    assert tuple(cat.classes) == TEXT_CLASSES
    assert cat.get_class("space_trooper").name == "Space Trooper"


def test_classes_have_abilities_but_no_level_or_defense(cat: IawwbrCatalog) -> None:
    # "Just pick a level that seems appropriate" / defense "is typically based on the type
    # of armor": no class fixes either.
    for class_def in cat.classes.values():
        assert "level" not in type(class_def).model_fields
        assert "defense" not in type(class_def).model_fields
        assert class_def.abilities, class_def.id


def test_the_catalog_is_immutable(cat: IawwbrCatalog) -> None:
    with pytest.raises(TypeError):
        cat.classes["x"] = cat.get_class("knight")  # type: ignore[index]
    with pytest.raises(ValidationError, match="frozen"):
        cat.get_class("knight").name = "Paladin"  # type: ignore[misc]


def test_unknown_ids_suggest_near_matches(cat: IawwbrCatalog) -> None:
    with pytest.raises(UnknownIdError, match="unknown class 'wizzard'; did you mean 'wizard'"):
        cat.get_class("wizzard")
    with pytest.raises(UnknownIdError, match="unknown armor 'chain'"):
        cat.get_armor("chain")
    with pytest.raises(UnknownIdError, match="did you mean 'crossbow'"):
        cat.get_weapon("crosbow")


# ------------------------------------------------------------------- defense


def test_defense_by_armor(cat: IawwbrCatalog) -> None:
    # "• No armor: 10 • Leather armor, ice hockey equipment: 12 • Chainmail, SWAT body
    #  armor: 14 • Plate mail: 16"
    assert {a.id: a.defense for a in cat.armor.values()} == {
        "none": 10,
        "leather": 12,
        "chainmail": 14,
        "plate": 16,
    }
    assert cat.get_armor("leather").examples == ("Leather armor", "ice hockey equipment")
    assert cat.get_armor("chainmail").examples == ("Chainmail", "SWAT body armor")


def test_a_shield_adds_one(cat: IawwbrCatalog) -> None:
    # "Carrying a shield adjusts an armor value by +1."
    assert cat.shield_bonus == 1
    assert cat.defense("plate", shield=True) == 17
    assert cat.defense("none") == 10
    assert cat.defense("leather", shield=True) == 13


def test_weapons_that_give_range(cat: IawwbrCatalog) -> None:
    # "If the weapon can be used from a distance, like a gun or crossbow, note that the
    #  character has range."
    assert cat.get_weapon("gun").ranged and cat.get_weapon("crossbow").ranged
    assert cat.get_weapon("bow").ranged
    assert not cat.get_weapon("sword").ranged
    # "it could also be a wrench, a crowbar, a bat...whatever."
    assert not cat.get_weapon("other_melee").ranged
    assert cat.get_weapon("other_melee").examples == ("wrench", "crowbar", "bat")
    # "+1 to attack rolls with a gun (firearm, blaster, etc.)"
    assert cat.get_weapon("gun").examples == ("firearm", "blaster")


# ------------------------------------------------------------------ the round


def test_the_activation_roll(cat: IawwbrCatalog) -> None:
    # "To begin each round, one player rolls four six-sided dice (4d6). ... Players
    #  (starting with the youngest) take turns activating one character at a time."
    activation = cat.rules.activation
    assert (activation.dice, activation.die_sides) == (4, 6)
    assert activation.first_player == "youngest"


def test_actions_per_activation(cat: IawwbrCatalog) -> None:
    # "Characters can take two actions when activated. ... Characters may also leave any
    #  actions unused."
    assert cat.rules.actions.per_activation == 2
    assert cat.rules.actions.may_leave_unused is True


def test_move_actions(cat: IawwbrCatalog) -> None:
    movement = cat.rules.movement
    # "To move, a character is moved up to one full length, in a straight line."
    assert movement.lengths_per_move == 1
    # "Moving through difficult terrain ... requires two move actions to be spent for each
    #  move performed."
    assert movement.difficult_terrain_actions == 2
    # "If a character is in base contact with an enemy, one move action must be spent to
    #  break free. A move action may also be spent to pick up a weapon or other item, or
    #  to climb onto an object."
    assert (movement.break_free_actions, movement.pick_up_actions, movement.climb_actions) == (
        1,
        1,
        1,
    )


def test_the_attack_roll(cat: IawwbrCatalog) -> None:
    # "To attack, roll a d20 and add the attacking character's level ... If the result is
    #  equal to or greater than the target's defense value, the attack is successful, and
    #  the defending character is given one hit."
    attack = cat.rules.attack
    assert attack.die_sides == 20
    assert attack.adds_level is True
    assert attack.hits == 1
    # "... or are within one length of each other if the attacking character has a ranged
    #  attack."
    assert attack.ranged_reach_lengths == 1


def test_the_four_attack_modifiers(cat: IawwbrCatalog) -> None:
    # "• Melee attack by a character with range attack: -2 • Target is at a lower
    #  elevation: +2 • Target has ≥50% cover: -2 • Target is in contact with a character on
    #  the same side as the attacker: -2"
    attack = cat.rules.attack
    assert {m.situation: m.modifier for m in attack.modifiers} == {
        Situation.MELEE_BY_RANGED_CHARACTER: -2,
        Situation.TARGET_LOWER: 2,
        Situation.TARGET_IN_COVER: -2,
        Situation.TARGET_IN_CONTACT_WITH_ATTACKER_SIDE: -2,
    }
    assert attack.modifier("target_lower") == 2
    assert attack.modifier(Situation.TARGET_IN_COVER) == -2


def test_knock_out_and_the_end(cat: IawwbrCatalog) -> None:
    # "When a character has sustained hits equal to or greater than its level, the
    #  character is knocked out and removed from the battle."
    assert cat.rules.knock_out.at_hits == "level"
    assert cat.rules.knock_out.removed_from_battle is True
    assert cat.knock_out_hits("knight", 3) == 3
    # "The battle ends when only one side has characters remaining or when an agreed-upon
    #  objective is completed"
    assert cat.rules.battle_end.last_side_standing is True
    assert cat.rules.battle_end.agreed_objective is True


# ------------------------------------------------------------------- classes


def test_archer(cat: IawwbrCatalog) -> None:
    # "Archer: +3 to attack rolls with a bow or crossbow."
    archer = cat.get_class("archer")
    assert archer.attack_bonus("bow") == 3
    assert archer.attack_bonus("crossbow") == 3
    assert archer.attack_bonus("gun") == 0
    assert archer.attack_bonus("sword") == 0


def test_brute(cat: IawwbrCatalog) -> None:
    # "Brute: Deals an extra hit when an attack is successful; can sustain one extra damage
    #  before being knocked out."
    brute = cat.get_class("brute")
    assert brute.extra_hits_dealt == 1
    assert brute.extra_hits_sustained == 1
    assert cat.knock_out_hits("brute", 3) == 4
    assert cat.rules.attack.hits + brute.extra_hits_dealt == 2


def test_knight(cat: IawwbrCatalog) -> None:
    # "Knight: Subtract 6 from defense for activation purposes."
    knight = cat.get_class("knight")
    assert knight.activation_modifier == -6
    assert cat.activation_defense("knight", cat.defense("plate", shield=True)) == 11
    assert knight.attack_bonus("sword") == 0


def test_ninja(cat: IawwbrCatalog) -> None:
    # "Ninja: Ninja are assumed to carry shuriken and can be given a ranged attack even if
    #  they do not appear to possess a ranged weapon (no penalty to melee because of this)."
    ninja = cat.get_class("ninja")
    assert isinstance(ninja.ability("innate_range"), InnateRange)
    assert ninja.exempt_from("melee_by_ranged_character")
    assert not ninja.exempt_from(Situation.TARGET_IN_COVER)
    others = [c for c in cat.classes.values() if c.id != "ninja"]
    assert not any(c.exempt_from("melee_by_ranged_character") for c in others)


def test_soldier(cat: IawwbrCatalog) -> None:
    # "Soldier: Subtract 3 from defense for activation purposes; +1 to attack rolls with a
    #  gun (firearm, blaster, etc.)."
    soldier = cat.get_class("soldier")
    assert soldier.activation_modifier == -3
    assert cat.activation_defense("soldier", 14) == 11
    assert soldier.attack_bonus("gun") == 1
    assert soldier.attack_bonus("crossbow") == 0


def test_only_knight_and_soldier_change_activation(cat: IawwbrCatalog) -> None:
    # "All characters with a defense value less than or equal to the roll can act this
    #  round."  (Knight and Soldier subtract for activation purposes.)
    modifiers = {c.id: c.activation_modifier for c in cat.classes.values()}
    assert {k: v for k, v in modifiers.items() if v} == {"knight": -6, "soldier": -3}
    assert cat.activation_defense("wizard", 12) == 12


def test_space_trooper(cat: IawwbrCatalog) -> None:
    # "Space Trooper: Can move using a jetpack (or a magic ring or something) – not
    #  affected by terrain or characters that would block its movement."
    jetpack = cat.get_class("space_trooper").ability("unblocked_movement")
    assert isinstance(jetpack, UnblockedMovement)
    assert jetpack.ignores_characters and jetpack.ignores_tall_objects
    assert jetpack.ignores_difficult_terrain
    others = [c for c in cat.classes.values() if c.id != "space_trooper"]
    assert not any(c.ability("unblocked_movement") for c in others)


def test_swordsman(cat: IawwbrCatalog) -> None:
    # "Swordsman: +3 to attack rolls with a sword."
    swordsman = cat.get_class("swordsman")
    assert swordsman.attack_bonus("sword") == 3
    assert swordsman.attack_bonus("other_melee") == 0


def test_undead(cat: IawwbrCatalog) -> None:
    # "Undead: When knocked out, may still activate each turn by rolling a d6. On a 1 or 2,
    #  the Undead comes back at full strength and can be activated immediately."
    revival = cat.get_class("undead").ability("undead_revival")
    assert isinstance(revival, UndeadRevival)
    assert revival.die_sides == 6
    assert revival.succeeds_on == (1, 2)
    assert revival.acts_at_once is True


def test_vigilante(cat: IawwbrCatalog) -> None:
    # "Vigilante: When it hits with a melee attack, the hit character drops its weapon."
    assert cat.get_class("vigilante").ability("disarm_on_melee_hit") is not None
    assert cat.get_class("brute").ability("disarm_on_melee_hit") is None


def test_wizard(cat: IawwbrCatalog) -> None:
    # "Wizard: As an action, you may roll a d6. On a 1-3, a character within one length
    #  takes a hit and can't act this round. (Can only be used once per round.)"
    blast = cat.get_class("wizard").ability("wizard_blast")
    assert isinstance(blast, WizardBlast)
    assert blast.actions == 1
    assert blast.die_sides == 6
    assert blast.succeeds_on == (1, 2, 3)
    assert blast.range_lengths == 1
    assert blast.hits == 1
    assert blast.target_loses_round is True
    assert blast.uses_per_round == 1


def test_class_bonuses_are_only_those_of_the_text(cat: IawwbrCatalog) -> None:
    bonuses = {
        (c.id, w.id): c.attack_bonus(w.id)
        for c in cat.classes.values()
        for w in cat.weapons.values()
        if c.attack_bonus(w.id)
    }
    assert bonuses == {
        ("archer", "bow"): 3,
        ("archer", "crossbow"): 3,
        ("soldier", "gun"): 1,
        ("swordsman", "sword"): 3,
    }


# ------------------------------------------------------------------- options


def test_option_defaults_are_as_documented(cat: IawwbrCatalog) -> None:
    options = cat.default_options()
    assert options == Options(
        length_studs=16,
        length_measured_between=LengthMeasure.BASE_EDGES,
        tall_height_bricks=2,
        ranged_attack_needs_line_of_sight=True,
        cover=CoverRule.DECLARED,
        lower_elevation_min_bricks=1,
        break_free_also_moves=False,
        undead_revival_needs_activation_roll=True,
        contact_gap_studs=0.5,
        unarmed_attacks=True,
        fallen_undead_remains=True,
        contact_height_bricks=4,
        friend_in_contact_applies_to="all",
    )
    # "(For conventional brick figures, a 16-stud brick is pretty useful.)"
    assert "16-stud brick" in cat.options.length_studs.quote
    assert "Default 16" in cat.options.length_studs.description
    assert "base edge to base edge" in cat.options.length_measured_between.description


def test_every_option_is_documented_with_a_quote(cat: IawwbrCatalog) -> None:
    documented = cat.options.documented()
    assert list(documented) == list(Options.model_fields)
    for name, entry in documented.items():
        assert entry.quote.strip() and entry.description.strip(), name
        assert "default" in entry.description.lower(), name


def test_options_can_be_changed_but_not_invented(cat: IawwbrCatalog) -> None:
    options = cat.make_options(length_studs=12, cover="sight_lines")
    assert options.length_studs == 12 and options.cover is CoverRule.SIGHT_LINES
    assert options.tall_height_bricks == 2
    with pytest.raises(ValidationError, match="length_stud"):
        cat.make_options(length_stud=12)
    with pytest.raises(ValidationError, match="length_studs"):
        cat.make_options(length_studs=0)


# ---------------------------------------------------------- quotes of the text


def _normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="shared rule texts not mounted")
def test_quotes_in_the_data_are_verbatim(cat: IawwbrCatalog) -> None:
    text = _normalised(RULE_TEXT.read_text(encoding="utf-8"))
    for class_def in cat.classes.values():
        assert f"{class_def.name}: {class_def.text}" in text, class_def.id
    for modifier in cat.rules.attack.modifiers:
        assert f"• {modifier.text}" in text, modifier.situation
    for name, entry in cat.options.documented().items():
        assert _normalised(entry.quote) in text, name


# ------------------------------------------------------------------- errors


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "iawwbr"
    shutil.copytree(data_dir(), folder)
    return folder


def load_error(folder: Path) -> str:
    return load_error_of(load_catalog, folder)


def test_copy_loads_like_the_original(data_copy: Path, cat: IawwbrCatalog) -> None:
    assert load_catalog(data_copy) == cat


#: A one-line edit of a data file and the parts its error message must contain.
BAD_EDITS = {
    "unknown_field": (
        "classes.toml",
        'id = "archer"\n',
        'id = "archer"\nlevel = 3\n',
        ["classes.toml: classes.0.level: Extra inputs are not permitted"],
    ),
    "unknown_field_inside_an_ability": (
        "classes.toml",
        '{ kind = "activation_defense", modifier = -6 }',
        '{ kind = "activation_defense", modifier = -6, range = 1 }',
        ["classes.toml: classes.2.abilities.0.activation_defense.range: Extra inputs"],
    ),
    "wrong_type": (
        "armor.toml",
        "defense = 14\n",
        'defense = "fourteen"\n',
        ["armor.toml: armor.2.defense: Input should be a valid integer"],
    ),
    "wrong_type_in_rules": (
        "rules.toml",
        "per_activation = 2\n",
        "per_activation = 2.5\n",
        ["rules.toml: actions.per_activation: Input should be a valid integer"],
    ),
    "missing_class": (
        "classes.toml",
        'id = "vigilante"',
        'id = "masked_vigilante"',
        ["classes.toml: classes: missing class 'vigilante' of the text"],
    ),
    "duplicate_class": (
        "classes.toml",
        'id = "swordsman"',
        'id = "archer"',
        ["classes.toml: classes: duplicate id 'archer' at index 6 (first at index 0)"],
    ),
    "unknown_ability_kind": (
        "classes.toml",
        '{ kind = "disarm_on_melee_hit" }',
        '{ kind = "disarm" }',
        ["classes.toml: classes.8.abilities.0: Input tag 'disarm'"],
    ),
    "unknown_weapon_reference": (
        "classes.toml",
        'weapons = ["sword"]',
        'weapons = ["swrod"]',
        [
            "classes.toml: classes.6.abilities.0.weapons.0: unknown weapon id 'swrod'",
            "did you mean 'sword'?",
        ],
    ),
    "unknown_modifier_situation": (
        "classes.toml",
        'exempt_from = ["melee_by_ranged_character"]',
        'exempt_from = ["melee"]',
        ["classes.toml: classes.3.abilities.0.innate_range.exempt_from.0: Input should be"],
    ),
    "missing_modifier": (
        "rules.toml",
        'situation = "target_lower"',
        'situation = "target_in_cover"',
        ["rules.toml: attack.modifiers: situation 'target_lower' must appear once (found 0)"],
    ),
    "missing_option": (
        "options.toml",
        "[cover]",
        "[cover_rule]",
        ["options.toml: cover: Field required", "options.toml: cover_rule: Extra inputs"],
    ),
    "bad_option_choice": (
        "options.toml",
        'default = "base_edges"',
        'default = "edges"',
        ["options.toml: length_measured_between.default: Input should be 'base_edges'"],
    ),
    "bad_option_default": (
        "options.toml",
        "default = 16\n",
        "default = 0\n",
        ["options.toml: length_studs.default: Input should be greater than or equal to 1"],
    ),
    "wrong_format_version": (
        "weapons.toml",
        "format_version = 1",
        "format_version = 2",
        ["weapons.toml: format_version: Input should be 1"],
    ),
    "bad_toml_syntax": (
        "armor.toml",
        "shield_bonus = 1\n",
        "shield_bonus = = 1\n",
        ["armor.toml: invalid TOML", "line"],
    ),
}


@pytest.mark.parametrize(("name", "old", "new", "expected"), BAD_EDITS.values(), ids=BAD_EDITS)
def test_bad_edit_is_refused_naming_file_and_field(
    data_copy: Path, name: str, old: str, new: str, expected: list[str]
) -> None:
    edit(data_copy / name, old, new)
    message = load_error(data_copy)
    for part in expected:
        assert part in message


def test_messages_name_the_file_in_the_repository() -> None:
    path = data_dir() / "classes.toml"
    error = DataFileError(path, ["classes.0.level: Extra inputs are not permitted"])
    assert str(error).startswith(
        "resources/rulesets/in_a_world_where_bricks_rule/classes.toml: classes.0.level:"
    )


def test_missing_file(data_copy: Path) -> None:
    (data_copy / "options.toml").unlink()
    assert "options.toml: file not found" in load_error(data_copy)


# ----------------------------------------------------------------- layering


def test_the_package_imports_no_other_ruleset() -> None:
    sources = sorted(PACKAGE_DIR.glob("*.py"))
    assert {p.name for p in sources} >= {"__init__.py", "schema.py", "catalog.py"}
    for source in sources:
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = (
                [alias.name for alias in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for module in names:
                assert not module.startswith("companion.rulesets.brickquest"), source.name
                assert "PySide6" not in module, source.name
