"""Edits of a Heroica board section: new boards from old, the old never touched, refusals
worded; every edited board stays sound."""

from __future__ import annotations

import copy

import pytest
from heroica_boards import BOARD, heroica_doc
from hypothesis import given
from hypothesis import strategies as st

from companion.rulesets.heroica import board_edit as be
from companion.rulesets.heroica.board import check_board, map_spaces
from companion.rulesets.heroica.catalog import default_catalog

CATALOG = default_catalog()
DUNGEON = heroica_doc().dungeon
SPACES = map_spaces(DUNGEON)


@given(st.sets(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=60))
def test_cover_is_exact_and_without_overlap(squares: set[tuple[int, int]]) -> None:
    seen: set[tuple[int, int]] = set()
    for x, y, w, h in be.cover(squares):
        cells = {(xx, yy) for yy in range(y, y + h) for xx in range(x, x + w)}
        assert not cells & seen
        seen |= cells
    assert seen == squares


def test_edits_return_a_new_board_and_leave_the_old_one() -> None:
    old = copy.deepcopy(BOARD)
    new = be.place_item(old, "torch", (4, 4), SPACES, CATALOG)
    new = be.set_start(new, (2, 1), SPACES)
    new = be.set_casket_token(
        be.place_feature(new, "casket", (4, 2), SPACES, CATALOG), 3, "gold", CATALOG
    )
    assert old == BOARD
    assert new["items"][-1] == {"item": "torch", "at": [4, 4]}
    assert new["features"][-1] == {"kind": "casket", "at": [4, 2], "token": "gold"}
    assert check_board(new, DUNGEON, CATALOG) == []


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda b: be.place_feature(b, "rocks", (2, 2), SPACES, CATALOG),
            "already holds the treasure chest",
        ),
        (lambda b: be.place_feature(b, "pit", (2, 2), SPACES, CATALOG), "unknown feature 'pit'"),
        (lambda b: be.place_item(b, "gold", (0, 0), SPACES, CATALOG), "A1 is not a space"),
        (lambda b: be.place_item(b, "key", (3, 3), SPACES, CATALOG), "already holds the gold"),
        (
            lambda b: be.place_feature(b, "locked_door", (7, 1), SPACES, CATALOG, to=(6, 1)),
            "a locked door is already between H2 and G2",
        ),
        (
            lambda b: be.place_feature(b, "locked_door", (7, 1), SPACES, CATALOG, to=(8, 2)),
            "between two spaces side by side",
        ),
        (lambda b: be.remove_at(b, (4, 4)), "nothing to remove at E5"),
        (lambda b: be.set_casket_token(b, 0, "red", CATALOG), "board.features[0] is not a casket"),
        (lambda b: be.set_generator_boss(b, 9, "king"), "is not a monster generator"),
        (
            lambda b: be.set_location_realm(b, "bay", "atlantis", CATALOG),
            "unknown realm 'atlantis'",
        ),
        (lambda b: be.rename_location(b, "nowhere", "X"), "no location 'nowhere'"),
        (lambda b: be.rename_location(b, "bay", "  "), "a location needs a name"),
    ],
)
def test_refusals_say_why(edit: object, message: str) -> None:
    with pytest.raises(be.BoardEditError) as info:
        edit(copy.deepcopy(BOARD))  # type: ignore[operator]
    assert message in str(info.value)


def test_removing_a_square_takes_its_features_items_doors_and_start() -> None:
    new = be.remove_at(BOARD, (7, 1))
    assert [f["kind"] for f in new["features"]] == ["treasure_chest", "monster_generator"]
    new = be.remove_at(new, (1, 1))
    assert "start" not in new
    new = be.remove_at(new, (1, 4))
    assert new["items"] == [{"item": "gold", "at": [3, 3]}]


def test_locations_from_nothing() -> None:
    board, first = be.add_location(None, "Gate House", "castle_fortaan", CATALOG)
    board, second = be.add_location(board, "Gate House", "castle_fortaan", CATALOG)
    assert (first, second) == ("gate_house", "gate_house_2")
    board = be.assign_squares(board, first, be.rect_squares((0, 0), (3, 2)), SPACES)
    assert board["locations"][0]["rects"] == [[1, 1, 3, 2]]
    board = be.set_boss_location(board, second, True)
    assert board["locations"][1]["boss"] is True
    board = be.remove_location(board, first)
    assert be.location_ids(board) == ["gate_house_2"]
