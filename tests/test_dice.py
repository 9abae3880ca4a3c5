"""Dice from the app and from the table give the same rolls; replay feeds them back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.dice import (
    DiceError,
    DiceRoll,
    RecordingDice,
    ReplayDice,
    SeededDice,
    TypedDice,
)
from companion.rules.table import DieSpec, numbered_die, roll_labels


def test_seeded_dice_are_reproducible_and_in_range() -> None:
    a = [SeededDice(7).roll(5, "x").faces for _ in range(3)]
    assert a[0] == a[1] == a[2]
    roll = SeededDice(1).roll(200 // 2, "many", sides=20)
    assert all(1 <= f <= 20 for f in roll.faces) and len(roll.faces) == 100


def test_typed_dice_use_faces_in_order_and_ask_for_more() -> None:
    asked = []

    def ask(count: int, sides: int, purpose: str, die: str | None) -> list[int]:
        asked.append((count, sides, purpose, die))
        return [6] * count

    dice = TypedDice([3, 4], ask=ask)
    assert dice.roll(1, "first").faces == (3,)
    assert dice.roll(3, "second").faces == (4, 6, 6)
    assert dice.roll(1, "third", die="action").die == "action"
    assert asked == [(2, 6, "second", None), (1, 6, "third", "action")]


#: A symbol die as a ruleset describes it (Heroica's Action Die has such faces).
ACTION_DIE = DieSpec(
    id="action", name="Action Die", faces=("1", "2", "3", "Sword", "Skull", "Shield")
)


def test_a_symbol_die_reads_labels_and_numbers() -> None:
    assert ACTION_DIE.face("shield") == 6 and ACTION_DIE.face(" Sword ") == 4
    assert ACTION_DIE.face("2") == 2 and ACTION_DIE.sides == 6
    assert not ACTION_DIE.numbered and numbered_die(20).numbered
    with pytest.raises(ValueError, match="'Axe' is not a face of the Action Die"):
        ACTION_DIE.face("Axe")
    roll = DiceRoll(purpose="move", faces=(6, 4), die="action")
    assert roll_labels(roll, [ACTION_DIE]) == ["Shield", "Sword"]
    assert roll_labels(DiceRoll(purpose="x", faces=(6,)), [ACTION_DIE]) == ["6"]


def test_replay_catches_a_roll_made_on_another_die() -> None:
    recorded = [DiceRoll(purpose="move", faces=(6,), die="action")]
    assert ReplayDice(recorded).roll(1, "move", die="action").faces == (6,)
    with pytest.raises(DiceError, match="recorded on the action die"):
        ReplayDice(recorded).roll(1, "move", die="cursed")
    with pytest.raises(DiceError, match="plain die"):
        ReplayDice(recorded).roll(1, "move")


@pytest.mark.parametrize(
    ("faces", "count", "message"),
    [([1], 2, "only 1 typed in"), ([7], 1, "7 is not a face of a d6"), ([], 101, "cannot roll")],
)
def test_bad_typed_dice_say_what_is_wrong(faces, count, message) -> None:
    with pytest.raises(DiceError, match=message):
        TypedDice(faces).roll(count, "attack")


@given(st.lists(st.integers(1, 6), min_size=1, max_size=10))
def test_the_same_faces_give_the_same_roll_either_way(faces: list[int]) -> None:
    seeded = RecordingDice(SeededDice(3))
    seeded.roll(len(faces), "a")
    typed = TypedDice(list(seeded.rolls[0].faces)).roll(len(faces), "a")
    assert typed == seeded.rolls[0]
    assert TypedDice(faces).roll(len(faces), "a").total == sum(faces)


def test_replay_checks_the_shape_of_each_roll() -> None:
    rec = RecordingDice(SeededDice(0))
    first = rec.roll(2, "attack")
    replay = ReplayDice(rec.rolls)
    assert replay.roll(2, "attack") == first
    with pytest.raises(DiceError, match="no recorded roll"):
        replay.roll(1, "more")
    with pytest.raises(DiceError, match="rules now ask 3d6"):
        ReplayDice(rec.rolls).roll(3, "attack")


def test_a_typed_label_is_read_on_the_die_it_is_rolled_for() -> None:
    from companion.rules.dice import TypedDice
    from companion.rules.table import DieSpec

    action = DieSpec(id="action", name="Action Die", faces=("S", "3", "3", "2", "2", "1"))
    blessed = DieSpec(id="blessed", name="Blessed Die", faces=("S", "3", "3", "3", "2", "1"))
    dice = TypedDice(["2", "2"], specs=(action, blessed))
    assert dice.roll(1, "move", 6, die="action").faces == (4,)
    # The same label is the fifth face of the Blessed Die.
    assert dice.roll(1, "move", 6, die="blessed").faces == (5,)


def test_a_label_off_the_die_names_the_die_and_its_faces() -> None:
    from companion.rules.dice import DiceError, TypedDice
    from companion.rules.table import DieSpec

    spec = DieSpec(id="action", name="Action Die", faces=("Shield", "3/Sword"))
    with pytest.raises(DiceError, match="not a face of the Action Die"):
        TypedDice(["Skull"], specs=(spec,)).roll(1, "move", 2, die="action")
