"""GridRules: the geometry measures with the board's numbers, not constants of its own."""

from __future__ import annotations

import heapq
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry import (
    DEFAULT_GRID,
    Board,
    GridRules,
    attack_geometry,
    board_from_text,
    line_of_sight,
    move_distances,
    reach_squares,
    reachable,
    ruler_distance,
    to_studs,
    validate_path,
    visible_squares,
)
from companion.model.geometry.board import DIRECTIONS
from companion.rulesets.brickquest.grid import BRICKQUEST_GRID

DIAGONAL_ONE = GridRules(diagonal_cost=1)
CLIMB_TWO = GridRules(max_step=2)


def me(x: int = 0, y: int = 0, **kw) -> Token:
    return Token("me", x, y, "party", Facing.E, **kw)


# -- the values ----------------------------------------------------------------------
def test_the_default_grid_is_brickquest() -> None:
    assert GridRules() == DEFAULT_GRID == BRICKQUEST_GRID
    assert DEFAULT_GRID.step_costs == (1, 1, 1, 1, 2, 2, 2, 2)
    assert (DEFAULT_GRID.eye2, DEFAULT_GRID.head2) == (7, 7)
    board = board_from_text(["..."])
    assert board.rules is DEFAULT_GRID
    assert "rules" not in repr(board)


def test_a_board_keeps_its_rules() -> None:
    board = board_from_text(["..."], tokens=[me()], rules=DIAGONAL_ONE)
    assert board.rules is DIAGONAL_ONE
    assert board.with_tokens([]).rules is DIAGONAL_ONE
    assert board.with_options(los_mode="flat").rules is DIAGONAL_ONE
    assert board.with_options(rules=CLIMB_TWO).rules is CLIMB_TWO
    changed = board.with_changed_squares(board.dungeon.copy(), (0, 0, 1, 1))
    assert changed.rules is DIAGONAL_ONE
    assert "diagonal_cost=1" in repr(board)
    with pytest.raises(TypeError):
        Board(board.dungeon, rules="brickquest")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "kw",
    [
        {"diagonal_cost": 0},
        {"orthogonal_cost": 1.5},
        {"max_step": -1},
        {"reach": 0},
        {"studs_per_square": 0},
        {"arc_half_angle": 0},
        {"arc_half_angle": 181},
        {"facings": 8},
        {"eye_height": 3.3},
        {"head_height": 1.5},
        {"figure_height": True},
    ],
)
def test_values_the_geometry_cannot_measure_with_are_refused(kw: dict) -> None:
    with pytest.raises(ValueError):
        GridRules(**kw)


# -- movement ------------------------------------------------------------------------
def test_diagonal_cost_one_reaches_the_corners_with_one_point() -> None:
    board = board_from_text(["...", "...", "..."], tokens=[me(1, 1)])
    assert len(reachable(board, "me", 1).squares()) == 4
    cheap = board_from_text(["...", "...", "..."], tokens=[me(1, 1)], rules=DIAGONAL_ONE)
    reach = reachable(cheap, "me", 1)
    assert len(reach.squares()) == 8
    assert reach.cost_to((2, 2)) == 1
    assert reach.path_to((2, 2)) == [(2, 2)]
    assert validate_path(cheap, "me", [(2, 2)], 1).ok
    assert validate_path(board, "me", [(2, 2)], 1).reason == "insufficient_movement"


def test_dearer_steps_cost_more() -> None:
    rules = GridRules(orthogonal_cost=2, diagonal_cost=3)
    board = board_from_text(["....."] * 5, tokens=[me(0, 0)], rules=rules)
    cost = move_distances(board, "me")
    assert cost[0, 1] == 2
    assert cost[1, 1] == 3
    assert cost[0, 4] == 8
    assert cost[4, 4] == 12
    assert cost[2, 4] == 10  # two diagonals and two orthogonal steps
    check = validate_path(board, "me", [(1, 1), (2, 1)], 5)
    assert (check.ok, check.cost) == (True, 5)
    assert validate_path(board, "me", [(1, 1), (2, 1)], 4).reason == "insufficient_movement"
    assert reachable(board, "me", 3).squares() == [(0, 1), (1, 0), (1, 1)]


def test_a_climb_step_of_two_bricks() -> None:
    rows, heights = ["...."], ["0200"]
    steep = board_from_text(rows, heights, tokens=[me()])
    assert math.isinf(reachable(steep, "me", 5).cost_to((1, 0)))
    assert validate_path(steep, "me", [(1, 0)], 5).reason == "too_steep"
    climb = board_from_text(rows, heights, tokens=[me()], rules=CLIMB_TWO)
    assert reachable(climb, "me", 5).cost_to((3, 0)) == 3
    assert validate_path(climb, "me", [(1, 0), (2, 0)], 5).ok
    # Three bricks stay too steep, and the default board was not changed by the other.
    wall = board_from_text(["...."], ["0300"], tokens=[me()], rules=CLIMB_TWO)
    assert validate_path(wall, "me", [(1, 0)], 5).reason == "too_steep"
    assert math.isinf(reachable(steep, "me", 5).cost_to((1, 0)))


def test_stairs_step_follows_the_rules() -> None:
    rows, heights, stairs = [".s."], ["036"], {"1,0": "E"}
    board = board_from_text(rows, heights, stairs, tokens=[me()])
    assert reachable(board, "me", 2).cost_to((2, 0)) == 2
    low = board_from_text(rows, heights, stairs, tokens=[me()], rules=GridRules(max_stair_step=2))
    assert math.isinf(reachable(low, "me", 2).cost_to((1, 0)))
    assert validate_path(low, "me", [(1, 0)], 2).reason == "too_steep"


def dijkstra(board: Board, start: tuple[int, int]) -> np.ndarray:
    """Plain Dijkstra on the board's step layer with its rules' step costs."""
    h, w = board.shape
    cost = np.full((h, w), np.inf)
    cost[start[1], start[0]] = 0
    heap = [(0.0, start)]
    while heap:
        c, (x, y) = heapq.heappop(heap)
        if c > cost[y, x]:
            continue
        for d, (dx, dy) in enumerate(DIRECTIONS):
            if board.step_masks[d, y, x]:
                nc = c + board.rules.step_costs[d]
                if nc < cost[y + dy, x + dx]:
                    cost[y + dy, x + dx] = nc
                    heapq.heappush(heap, (nc, (x + dx, y + dy)))
    return cost


@settings(max_examples=60, deadline=None)
@given(
    st.data(),
    st.integers(1, 3),
    st.integers(1, 4),
    st.integers(0, 2),
    st.integers(0, 4),
)
def test_move_distances_match_dijkstra_under_any_costs(
    data: st.DataObject, orthogonal: int, diagonal: int, max_step: int, max_stair: int
) -> None:
    w, h = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8))
    rows = [data.draw(st.text(st.sampled_from("....#~"), min_size=w, max_size=w)) for _ in "." * h]
    heights = [data.draw(st.text(st.sampled_from("0123"), min_size=w, max_size=w)) for _ in "." * h]
    rules = GridRules(
        orthogonal_cost=orthogonal,
        diagonal_cost=diagonal,
        max_step=max_step,
        max_stair_step=max_stair,
    )
    start = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    board = board_from_text(rows, heights, tokens=[me(*start)], rules=rules)
    expected = dijkstra(board, start)
    assert np.array_equal(move_distances(board, "me"), expected)
    points = data.draw(st.integers(0, 12))
    bounded = reachable(board, "me", points).cost
    assert np.array_equal(bounded, np.where(expected <= points, expected, np.inf))


# -- distance, sight, attacks ---------------------------------------------------------
def test_the_ruler_reads_the_brick_height_and_the_studs() -> None:
    rows, heights = ["...."], ["0004"]
    assert ruler_distance(board_from_text(rows, heights), (0, 0), (3, 0)) == pytest.approx(
        math.sqrt(9 + 1.2**2)
    )
    half = board_from_text(rows, heights, rules=GridRules(brick_in_squares=0.5))
    assert ruler_distance(half, (0, 0), (3, 0)) == pytest.approx(math.sqrt(9 + 4))
    assert line_of_sight(half, (0, 0), (3, 0)).distance == pytest.approx(math.sqrt(13))
    assert to_studs(2.5) == 10
    assert to_studs(2.5, GridRules(studs_per_square=8)) == 20


def test_a_one_square_map_sees_itself_whatever_the_heights() -> None:
    # Eye and head apart: the only square's column lies between the lines' heights.
    rules = GridRules(eye_height=5.5, head_height=2.0)
    board = board_from_text(["o"], tokens=[Token("t", 0, 0, "x")], rules=rules)
    assert visible_squares(board, (0, 0)).tolist() == [[True]]
    assert line_of_sight(board, (0, 0), (0, 0)).clear


def test_sight_reads_eye_and_figure_heights() -> None:
    tokens = [Token("m", 2, 0, "x")]
    assert not line_of_sight(board_from_text(["....."], tokens=tokens), (0, 0), (4, 0)).clear
    tall_eyes = GridRules(eye_height=4.5, head_height=4.5)
    board = board_from_text(["....."], tokens=tokens, rules=tall_eyes)
    assert line_of_sight(board, (0, 0), (4, 0)).clear
    assert visible_squares(board, (0, 0))[0, 4]
    short = board_from_text(["....."], tokens=tokens, rules=GridRules(figure_height=3))
    assert line_of_sight(short, (0, 0), (4, 0)).clear
    assert visible_squares(short, (0, 0))[0, 4]
    big = [Token("m", 2, 0, "x", large=True)]
    small_big = board_from_text(["....."], tokens=big, rules=GridRules(large_figure_height=3))
    assert line_of_sight(small_big, (0, 0), (4, 0)).clear


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([(1.0, 1.0), (3.5, 3.5), (4.0, 5.0), (5.5, 2.0)]))
def test_visible_squares_agree_with_line_of_sight_under_other_heights(
    data: st.DataObject, eye_head: tuple[float, float]
) -> None:
    eye, head = eye_head
    rules = GridRules(eye_height=eye, body_height=min(2.0, head), head_height=head)
    w, h = data.draw(st.integers(1, 7)), data.draw(st.integers(1, 7))
    rows = [data.draw(st.text(st.sampled_from("....#o"), min_size=w, max_size=w)) for _ in "." * h]
    heights = [
        data.draw(st.text(st.sampled_from("01248"), min_size=w, max_size=w)) for _ in "." * h
    ]
    spots = {(data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1))) for _ in range(3)}
    tokens = [Token(f"t{i}", x, y, "x") for i, (x, y) in enumerate(sorted(spots))]
    board = board_from_text(rows, heights, tokens=tokens, rules=rules)
    origin = (data.draw(st.integers(0, w - 1)), data.draw(st.integers(0, h - 1)))
    seen = visible_squares(board, origin)
    for y in range(h):
        for x in range(w):
            assert seen[y, x] == line_of_sight(board, origin, (x, y)).clear


def test_attacks_read_melee_height_and_reach() -> None:
    a = Token("a", 0, 0, "party", Facing.E)
    near = board_from_text(["...."], ["0300"], tokens=[a, Token("b", 1, 0, "dungeon")])
    assert attack_geometry(near, "a", "b", "melee").reason == "height_difference"
    high = near.with_options(rules=GridRules(melee_height=3))
    assert attack_geometry(high, "a", "b", "melee").ok
    far = board_from_text(["...."], tokens=[a, Token("b", 3, 0, "dungeon")])
    assert attack_geometry(far, "a", "b", "reach").reason == "out_of_range"
    long = far.with_options(rules=GridRules(reach=3))
    assert attack_geometry(long, "a", "b", "reach").ok
    two = board_from_text(["...."], tokens=[a, Token("b", 2, 0, "dungeon")])
    assert attack_geometry(
        two.with_options(rules=GridRules(reach=3)), "a", "b", "reach"
    ).reason == ("too_close")
    assert reach_squares((0, 0), Facing.E) == [(2, -2), (2, -1), (2, 0), (2, 1), (2, 2)]
    assert reach_squares((0, 0), Facing.E, GridRules(reach=1)) == [(1, -1), (1, 0), (1, 1)]
