"""BrickQuest's Large Creatures cover 2x2 squares (the ``large_footprint`` option)."""

from __future__ import annotations

import pytest

from companion.rulesets.brickquest.game_setup import OPTION_SPECS
from companion.rulesets.brickquest.plugin import BrickQuestRules
from companion.rulesets.brickquest.setup import SetupError

RULES = BrickQuestRules()
ROOM = {"terrain": ["######", "#....#", "#....#", "######"]}


def setup(at: list[int], **options: object) -> dict[str, object]:
    return {
        "map": ROOM,
        "options": options,
        "figures": [{"id": "drake", "side": "dungeon", "monster": "black_dragon", "at": at}],
    }


def test_the_option_is_documented_with_the_sentence_it_reads() -> None:
    spec = next(o for o in OPTION_SPECS if o.key == "large_footprint")
    assert spec.default == 2 and [c[0] for c in spec.choices] == [2, 1]
    assert spec.quote == "The corpse is left in the square(s) it occupied previously"
    assert spec.help


def test_a_large_creature_is_placed_on_four_open_squares() -> None:
    state = RULES.initial_state(setup([1, 1]))
    (token,) = RULES.board(state).tokens
    assert token.size == 2 and token.squares == ((1, 1), (2, 1), (1, 2), (2, 2))
    with pytest.raises(SetupError, match=r"figures\.0\.at: .*B4 is wall"):
        RULES.initial_state(setup([1, 2]))
    one = RULES.initial_state(setup([1, 2], large_footprint=1))
    assert RULES.board(one).tokens[0].size == 1


def test_the_map_draws_a_large_creature_on_its_four_squares() -> None:
    dragon = RULES.profile(None, "black_dragon")
    orc = RULES.profile(None, "orc")
    assert dragon is not None and orc is not None
    assert (dragon.base_squares, dragon.anchor) == (2.0, "corner")
    assert orc.base_squares == 1.0


@pytest.mark.parametrize("footprint", [1, 2])
def test_the_table_views_carry_the_games_footprint(footprint: int) -> None:
    """The map draws a large creature over the squares the game's option gives it."""
    rules = RULES
    state = rules.initial_state(
        {
            "map": {"terrain": ["........"] * 6},
            "figures": [
                {"id": "drake", "side": "dungeon", "monster": "green_dragon", "at": [2, 2]},
                {"id": "harry", "side": "party", "class": "human_warrior", "at": [6, 5]},
            ],
            "options": {"large_footprint": footprint},
        }
    )
    views = rules.figures(state)
    assert views["drake"].base_squares == footprint and views["drake"].anchor == "corner"
    assert views["harry"].base_squares == 1
