"""The measurements of shared/scenarios/brickquest-basics.json, through the geometry API.

The scenario's moves are applied in order (a legal move changes the board, an illegal
one does not), so every check sees the same state the rules command would.
"""

from __future__ import annotations

import json

import pytest
from shared_texts import EXAMPLE

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry import (
    Board,
    area_circle,
    area_cone,
    attack_geometry,
    board_from_text,
    line_of_sight,
    reachable,
    ruler_distance,
    squares_of,
    validate_path,
)

TERRAIN = [
    "#########",
    "#.......#",
    "#...#...#",
    "#.~.....#",
    "#.......#",
    "#########",
]
HEIGHTS = [
    "000000000",
    "000130000",
    "000000000",
    "000000000",
    "000000000",
    "000000000",
]
#: Elven ranger: ranged attack min 2 / max 8 (brickquest.txt, the classes table).
RANGER_RANGE = (2, 8)
SHARED = EXAMPLE


def start_board() -> Board:
    return board_from_text(
        TERRAIN,
        HEIGHTS,
        tokens=[
            Token("harry", 1, 1, "party", Facing.E),
            Token("lina", 2, 2, "party", Facing.E),
            Token("grok", 6, 2, "dungeon", Facing.W),
        ],
    )


def moved(board: Board, who: str, to: tuple[int, int]) -> Board:
    return board.with_tokens(
        [Token(t.id, *to, t.side, t.facing) if t.id == who else t for t in board.tokens]
    )


def test_the_whole_scenario_in_order() -> None:
    board = start_board()
    # harry moves [2,1] -> [3,1]: legal (one brick up).
    check = validate_path(board, "harry", [(2, 1), (3, 1)], 5)
    assert check.ok and check.cost == 2
    board = moved(board, "harry", (3, 1))
    # harry -> [4,1]: two bricks up from [3,1].
    check = validate_path(board, "harry", [(4, 1)], 5)
    assert (check.ok, check.reason, check.square) == (False, "too_steep", (4, 1))
    assert ruler_distance(board, (2, 2), (6, 2)) == pytest.approx(4.0, abs=0.01)
    sight = line_of_sight(board, (2, 2), (6, 2))
    assert not sight.clear
    assert sight.blocked_by == (4, 2)
    shot = attack_geometry(board, "lina", "grok", "ranged", min_range=2, max_range=8)
    assert (shot.ok, shot.reason, shot.blocked_by) == (False, "no_line_of_sight", (4, 2))
    check = validate_path(board, "lina", [(2, 3)], 5)
    assert (check.ok, check.reason, check.square) == (False, "impassable_terrain", (2, 3))
    # Diagonal past the water: water does not block corners.  2 + 1 + 1 = 4.
    check = validate_path(board, "lina", [(3, 3), (4, 3), (5, 3)], 5)
    assert check.ok and check.cost == 4
    board = moved(board, "lina", (5, 3))
    shot = attack_geometry(board, "lina", "grok", "ranged", min_range=2, max_range=8)
    assert (shot.ok, shot.reason) == (False, "too_close")
    blow = attack_geometry(board, "lina", "grok", "melee")
    assert blow.ok and blow.turn is None
    assert squares_of(area_circle(board, (4, 3), 1)) == [(3, 3), (4, 3), (4, 4), (5, 3)]
    assert squares_of(area_cone(board, (5, 3), Facing.E, 2)) == [(6, 2), (6, 3), (6, 4), (7, 3)]


def test_reachable_from_the_start() -> None:
    board = start_board()
    reach = reachable(board, "lina", 2)
    # Ends: not on harry (ally, passable), not on water or the wall.
    assert reach.squares() == [(1, 2), (1, 3), (2, 1), (3, 1), (3, 2), (3, 3)]
    assert reach.cost_to((1, 1)) == 2  # the ally's square is reached, not ended on
    assert not reach.can_end((1, 1))
    assert reach.path_to((3, 3)) in ([(3, 2), (3, 3)], [(3, 3)])


@pytest.mark.skipif(not SHARED.exists(), reason="shared scenarios not mounted")
def test_shared_file_still_matches_this_copy() -> None:
    doc = json.loads(SHARED.read_text())
    assert doc["map"]["terrain"] == TERRAIN
    assert doc["map"]["heights"] == HEIGHTS
    queries = [c for c in doc["checks"] if "query" in c]
    assert [(q["query"], q["expect"]) for q in queries] == [
        ("distance", 4.0),
        ("line_of_sight", False),
        ("area", [[3, 3], [4, 3], [4, 4], [5, 3]]),
        ("area", [[6, 2], [6, 3], [6, 4], [7, 3]]),
    ]
