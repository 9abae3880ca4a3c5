"""Initiative: 2d6 + bonus for characters, the card's number for monsters, ties re-rolled."""

from __future__ import annotations

import pytest

from companion.rules.dice import DiceError, SeededDice, TypedDice
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.initiative import (
    initiative_labels,
    place_in_order,
    roll_initiative,
)
from companion.rulesets.brickquest.setup import build_state
from companion.rulesets.brickquest.state import GameState

MAP = {"terrain": ["#########", "#.......#", "#.......#", "#########"]}


def _state(*figures: dict[str, object], initiative: list[str] | None = None) -> GameState:
    setup: dict[str, object] = {"ruleset": "brickquest", "map": MAP, "figures": list(figures)}
    if initiative is not None:
        setup["initiative"] = initiative
    return build_state(setup, default_catalog())


def _pc(fid: str, cls: str, x: int, **extra: object) -> dict[str, object]:
    return {"id": fid, "side": "party", "class": cls, "at": [x, 1], **extra}


def _monster(fid: str, monster: str, x: int, **extra: object) -> dict[str, object]:
    return {"id": fid, "side": "dungeon", "monster": monster, "at": [x, 2], **extra}


def test_characters_roll_two_dice_plus_bonus_and_monsters_take_their_number() -> None:
    # ranger +2, mage +0; the orc goes on 7, the yeti on 4
    state = _state(
        _pc("lina", "elven_ranger", 1),
        _pc("merl", "human_mage", 2),
        _monster("grok", "orc", 6),
        _monster("yeti", "yeti", 7),
    )
    new, events = roll_initiative(state, default_catalog(), TypedDice([3, 4, 6, 5]))
    assert new.initiative_numbers == {"lina": 9, "merl": 11, "grok": 7, "yeti": 4}
    assert new.initiative == ("merl", "lina", "grok", "yeti")
    assert new.current == "merl"
    assert any("lina rolls [3, 4] + 2: initiative 9" in e.text for e in events)


def test_tied_players_reroll_and_keep_their_number_with_a_letter() -> None:
    # both on 7: the re-roll (4 against 9) puts merl first, as 7A; the orc goes last on 7
    state = _state(
        _pc("harry", "human_warrior", 1),
        _pc("merl", "human_mage", 2),
        _monster("grok", "orc", 6),
    )
    dice = TypedDice([3, 3, 4, 3, 2, 2, 4, 5])
    new, events = roll_initiative(state, default_catalog(), dice)
    assert new.initiative == ("merl", "harry", "grok")
    assert new.initiative_numbers == {"harry": 7, "merl": 7, "grok": 7}
    assert initiative_labels(new) == {"merl": "7A", "harry": "7B", "grok": "7"}
    assert any("tie re-rolled" in e.text for e in events)


def test_a_tie_in_the_reroll_is_rolled_again() -> None:
    state = _state(_pc("a", "human_mage", 1), _pc("b", "human_cleric", 2))
    # 7 and 7; re-roll 6 and 6; again 2 and 12
    dice = TypedDice([3, 4, 5, 2, 3, 3, 1, 5, 1, 1, 6, 6])
    new, _ = roll_initiative(state, default_catalog(), dice)
    assert new.initiative == ("b", "a")
    assert dice.remaining == ()


def test_the_dead_take_no_place_in_the_order() -> None:
    state = _state(
        _pc("harry", "human_warrior", 1),
        _monster("grok", "orc", 6, dead=True),
    )
    new, _ = roll_initiative(state, default_catalog(), SeededDice(3))
    assert new.initiative == ("harry",)


def test_too_few_typed_dice_name_the_figure() -> None:
    state = _state(_pc("harry", "human_warrior", 1), _pc("merl", "human_mage", 2))
    with pytest.raises(DiceError, match="merl's initiative"):
        roll_initiative(state, default_catalog(), TypedDice([3, 4]))


def test_seeded_rolls_always_give_an_order_of_everyone() -> None:
    figures = [_pc(f"p{i}", "human_warrior", i + 1) for i in range(6)]
    state = _state(*figures, _monster("grok", "orc", 7))
    for seed in range(30):
        new, _ = roll_initiative(state, default_catalog(), SeededDice(seed))
        assert new.initiative is not None
        assert sorted(new.initiative) == sorted(state.figures)
        numbers = [new.initiative_numbers[f] for f in new.initiative]
        assert numbers == sorted(numbers, reverse=True)


def test_a_newcomer_goes_after_everyone_on_its_number() -> None:
    state = _state(_pc("harry", "human_warrior", 1), _pc("merl", "human_mage", 2))
    state = state.evolve(initiative=("harry", "merl"), initiative_numbers={"harry": 3, "merl": 2})
    # place_in_order only orders ids; the figure itself need not exist yet
    placed = place_in_order(state, "golem", 3)
    assert placed.initiative == ("harry", "golem", "merl")
    assert placed.initiative_numbers["golem"] == 3


def test_without_numbers_a_newcomer_goes_last() -> None:
    state = _state(
        _pc("harry", "human_warrior", 1), _pc("merl", "human_mage", 2), initiative=["merl", "harry"]
    )
    assert place_in_order(state, "golem", 12).initiative == ("merl", "harry", "golem")
