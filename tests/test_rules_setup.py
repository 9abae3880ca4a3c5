"""``build_state``'s checks of one figure (``companion.rulesets.brickquest.setup._figure``)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from companion.rulesets.brickquest.catalog import BrickQuestCatalog, default_catalog
from companion.rulesets.brickquest.schema import Spellcaster
from companion.rulesets.brickquest.setup import SetupError, build_state
from companion.rulesets.brickquest.state import GameState

ROOM = {"terrain": ["#####", "#...#", "#####"]}


def _catalog_with_casting_skeleton() -> BrickQuestCatalog:
    """The default catalog plus a skeleton that fights by weapon and may cast spells."""
    catalog = default_catalog()
    skeleton = catalog.monsters["skeleton"]
    assert skeleton.attack_dice_by_weapon  # sword, ax, halberd
    caster = Spellcaster(kind="spellcaster", spell_list="wizardly", spell_points=6, optional=True)
    casting = skeleton.model_copy(
        update={"id": "skeleton_mage", "abilities": (*skeleton.abilities, caster)}
    )
    assert casting.optional_abilities == ("spellcaster",)
    return dataclasses.replace(catalog, monsters={**catalog.monsters, casting.id: casting})


def _one(catalog: BrickQuestCatalog, **figure: Any) -> GameState:
    fig = {"id": "s", "side": "dungeon", "at": [2, 1], "hp": 3, **figure}
    return build_state({"map": ROOM, "figures": [fig]}, catalog)


def test_a_monster_s_weapon_must_be_one_of_its_card() -> None:
    catalog = default_catalog()
    assert _one(catalog, monster="skeleton", weapon="ax").figures["s"].weapon == "ax"
    with pytest.raises(SetupError, match=r"figures\.0\.weapon: unknown weapon 'spoon'"):
        _one(catalog, monster="skeleton", weapon="spoon")


@pytest.mark.parametrize("abilities", [[], ["spellcaster"]])
def test_the_weapon_is_checked_whatever_optional_abilities_the_monster_has(
    abilities: list[str],
) -> None:
    # The ability loop once reused the variable that said "class" or "monster", so a
    # monster given any optional ability skipped the weapon check.
    catalog = _catalog_with_casting_skeleton()
    state = _one(catalog, monster="skeleton_mage", weapon="halberd", abilities=abilities)
    figure = state.figures["s"]
    assert figure.weapon == "halberd"
    assert figure.optional_abilities == tuple(abilities)
    assert figure.max_sp == (6 if abilities else 0)
    with pytest.raises(SetupError, match=r"figures\.0\.weapon: unknown weapon 'spoon'"):
        _one(catalog, monster="skeleton_mage", weapon="spoon", abilities=abilities)


def test_a_class_has_no_weapons_to_check_and_no_optional_abilities() -> None:
    catalog = default_catalog()
    harry = {"class": "human_warrior", "side": "party"}
    assert _one(catalog, **harry, weapon="spoon").figures["s"].weapon == "spoon"
    with pytest.raises(SetupError, match="only monsters have optional abilities"):
        _one(catalog, **harry, abilities=["spellcaster"])
