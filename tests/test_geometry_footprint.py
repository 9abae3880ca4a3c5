"""Footprints: figures covering 2x2 squares in the shared geometry (``Token.size``).

Hand cases for each reading of ``companion.model.geometry.footprint`` and of the 2x2
mover in ``movement``, and random boards on which a 2x2 mover's reach and the
step-by-step path check agree, as they do for one square.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry import (
    area_circle,
    attack_geometry,
    board_from_text,
    edge_squares,
    figure_cone,
    figure_distance,
    figure_sight,
    front_of,
    is_behind_figure,
    line_of_sight,
    move_distances,
    reachable,
    squares_of,
    stand_height,
    tokens_in,
    validate_path,
    visible_squares,
)

ROOM = ["#########", "#.......#", "#.......#", "#.......#", "#.......#", "#########"]


def big(x: int, y: int, facing: Facing = Facing.W, **kw) -> Token:
    return Token("big", x, y, "dungeon", facing, large=True, size=2, **kw)


def hero(x: int, y: int, facing: Facing = Facing.E, tid: str = "hero") -> Token:
    return Token(tid, x, y, "party", facing)


def test_token_covers_its_squares_from_the_north_west_one() -> None:
    t = big(3, 1)
    assert t.squares == ((3, 1), (4, 1), (3, 2), (4, 2))
    assert t.covers((4, 2)) and not t.covers((5, 2))
    assert hero(1, 1).squares == ((1, 1),)
    with pytest.raises(ValueError, match="size must be 1 or 2"):
        Token("x", 0, 0, "a", size=3)


def test_every_covered_square_is_occupied_and_blocks() -> None:
    board = board_from_text(ROOM, tokens=[big(3, 1), hero(1, 3)])
    assert board.token_at((4, 2)).id == "big"
    assert board.living_index[2, 4] == 0 and board.occupied[1:3, 3:5].all()
    assert board.sight_top[2, 4] == 6 and board.sight_top[3, 4] == 0
    assert board.sight_flat[1, 4]
    # A 2x2 footprint at the map's edge is cut there, never raises.
    edge = board_from_text(["...", "..."], tokens=[big(2, 1)])
    assert edge.squares_of(edge.token("big")) == [(2, 1)]


def test_a_corpse_keeps_all_of_its_squares() -> None:
    board = board_from_text(ROOM, tokens=[big(3, 1, dead=True), hero(1, 2)])
    assert board.token_at((4, 2)).id == "big" and board.occupied[2, 4]
    assert not board.sight_flat[2, 4]  # corpses block no sight
    check = validate_path(board, "hero", [(2, 2), (3, 2), (4, 2)], 5)
    assert (check.reason, check.square) == ("cannot_end_here", (4, 2))
    assert validate_path(board, "hero", [(2, 2), (3, 2), (4, 2), (5, 2)], 5).ok


def test_a_single_square_mover_cannot_pass_any_square_of_a_big_enemy() -> None:
    corridor = ["#########", "#.......#", "#.......#", "#########"]
    board = board_from_text(corridor, tokens=[hero(1, 2), big(4, 1)])
    check = validate_path(board, "hero", [(2, 2), (3, 2), (4, 2)], 5)
    assert (check.reason, check.square) == ("occupied", (4, 2))
    assert math.isinf(move_distances(board, "hero")[2, 6])


def test_a_big_mover_checks_all_four_squares_of_every_step() -> None:
    rows = ["#########", "#.......#", "#.....o.#", "#.......#", "#.......#", "#########"]
    heights = ["000000000", "000000000", "000000000", "000200000", "000000000", "000000000"]
    board = board_from_text(rows, heights, tokens=[big(1, 1, Facing.E)])
    # East along rows 1-2: the step onto (6, 2) with its other squares hits the obstacle.
    check = validate_path(board, "big", [(2, 1), (3, 1), (4, 1), (5, 1)], 9)
    assert (check.reason, check.square) == ("impassable_terrain", (6, 2))
    # South-east: its south-east square climbs two bricks onto (3, 3).
    check = validate_path(board, "big", [(2, 2)], 9)
    assert (check.reason, check.square) == ("too_steep", (3, 3))
    assert validate_path(board, "big", [(2, 1), (3, 1)], 2).ok
    reach = reachable(board, "big", 3)
    assert reach.can_end((4, 1)) and not reach.can_end((2, 2)) and not reach.can_end((6, 1))
    # Never off the map: the last column a 2x2 anchor may stand on is width - 2.
    assert not np.isfinite(move_distances(board, "big")[:, 7:]).any()


def test_a_big_mover_may_not_cut_corners_with_any_square() -> None:
    rows = ["######", "#..#.#", "#....#", "#....#", "######"]
    board = board_from_text(rows, tokens=[big(1, 1, Facing.E)])
    # South-east: its north-east square steps (2, 1) -> (3, 2) past the wall on (3, 1).
    check = validate_path(board, "big", [(2, 2)], 2)
    assert (check.reason, check.square) == ("corner_cutting", (3, 2))
    assert validate_path(board, "big", [(1, 2), (2, 2)], 2).ok


def test_a_base_straddles_one_brick_but_not_two() -> None:
    # Each square's own step climbs at most one brick, but the base would rest on 0 and 2.
    board = board_from_text(["....", "...."], ["0000", "0122"], tokens=[big(0, 0, Facing.E)])
    check = validate_path(board, "big", [(1, 0)], 3)
    assert (check.reason, check.square) == ("too_steep", (2, 1))
    assert not reachable(board, "big", 3).can_end((1, 0))
    assert stand_height(board, board.token("big")) == 1
    assert stand_height(board, big(1, 0)) == 2
    gentle = board_from_text(["....", "...."], ["0011", "0011"], tokens=[big(0, 0, Facing.E)])
    assert validate_path(gentle, "big", [(1, 0), (2, 0)], 3).ok


def test_melee_from_a_square_next_to_the_second_square() -> None:
    board = board_from_text(ROOM, tokens=[big(3, 1), hero(5, 2, Facing.W)])
    geo = attack_geometry(board, "hero", "big", "melee")
    assert geo.ok and geo.turn is None and geo.distance == 1.0
    far = board_from_text(ROOM, tokens=[big(3, 1), hero(6, 2, Facing.W)])
    assert attack_geometry(far, "hero", "big", "melee").reason == "not_adjacent"


def test_a_big_attacker_threatens_the_squares_along_its_front_edge() -> None:
    dragon = big(3, 1, Facing.E)
    assert edge_squares(dragon) == [(4, 1), (4, 2)]
    assert front_of(dragon) == [(5, 1), (5, 0), (5, 2), (5, 3)]
    board = board_from_text(ROOM, tokens=[dragon, hero(5, 3, Facing.W)])
    assert attack_geometry(board, "big", "hero", "melee").ok
    assert is_behind_figure(hero(2, 2), dragon) and not is_behind_figure(hero(5, 2), dragon)


def test_distance_and_sight_to_the_nearest_or_any_square() -> None:
    rows = ["##########", "#........#", "#........#", "#...#....#", "#........#", "##########"]
    dragon = big(5, 3)
    board = board_from_text(rows, tokens=[hero(1, 1), dragon])
    assert figure_distance(board, board.token("hero"), dragon) == pytest.approx(math.hypot(4, 2))
    assert not line_of_sight(board, (1, 1), (5, 3)).clear
    assert line_of_sight(board, (1, 1), (6, 3)).clear  # its own squares never block it
    assert figure_sight(board, board.token("hero"), dragon).clear
    seen = visible_squares(board, (1, 1))
    assert seen[3, 6] and not seen[3, 5]
    geo = attack_geometry(board, "hero", "big", "ranged", max_range=8)
    assert geo.ok and geo.distance == pytest.approx(math.hypot(4, 2))


def test_an_area_hits_a_big_figure_by_one_square() -> None:
    board = board_from_text(ROOM, tokens=[big(5, 2), hero(1, 1)])
    mask = area_circle(board, (3, 3), 2)
    assert mask[3, 5] and not mask[2, 5]
    assert [t.id for t in tokens_in(board, mask)] == ["big"]


def test_a_big_figure_breathes_from_its_front_edge() -> None:
    board = board_from_text(ROOM, tokens=[big(1, 1, Facing.E)])
    cone = squares_of(figure_cone(board, board.token("big"), Facing.E, 2))
    assert (3, 1) in cone and (3, 3) in cone and (2, 1) not in cone


# -- one square is measured exactly as before -----------------------------------------
@st.composite
def boards(draw: st.DrawFn):
    w, h = draw(st.integers(4, 9)), draw(st.integers(4, 8))
    rows = ["".join(draw(st.sampled_from("......#o~")) for _ in range(w)) for _ in range(h)]
    heights = ["".join(draw(st.sampled_from("0000012")) for _ in range(w)) for _ in range(h)]
    free = [(x, y) for y in range(h - 1) for x in range(w - 1)]
    x, y = draw(st.sampled_from(free))
    for dx in (0, 1):
        for dy in (0, 1):
            rows[y + dy] = rows[y + dy][: x + dx] + "." + rows[y + dy][x + dx + 1 :]
    others = []
    for i in range(draw(st.integers(0, 3))):
        ox, oy = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        if rows[oy][ox] == "." and not (x <= ox <= x + 1 and y <= oy <= y + 1):
            others.append(Token(f"o{i}", ox, oy, draw(st.sampled_from(["party", "dungeon"]))))
    return board_from_text(rows, heights, tokens=[big(x, y, Facing.E), *others])


@settings(max_examples=150, deadline=None)
@given(board=boards(), points=st.integers(1, 6))
def test_a_big_movers_reach_and_its_paths_agree(board, points: int) -> None:
    reach = reachable(board, "big", points)
    for sq in reach.squares():
        path = reach.path_to(sq)
        assert path is not None
        check = validate_path(board, "big", path, points)
        assert check.ok, (sq, path, check)
        assert check.cost == reach.cost_to(sq)


def test_a_big_movers_path_reports_every_problem_in_path_order() -> None:
    rows = ["#########", "#.......#", "#.....o.#", "#.......#", "#.......#", "#########"]
    board = board_from_text(rows, tokens=[big(1, 1, Facing.E), hero(3, 3, tid="foe")])
    check = validate_path(board, "big", [(2, 2), (3, 2), (4, 2), (5, 2)], 3)
    assert check.problems == (
        ("occupied", (3, 3)),  # met by two steps, said once
        ("insufficient_movement", (4, 2)),
        ("impassable_terrain", (6, 2)),
    )
    assert (check.reason, check.square) == check.problems[0]
    board = board_from_text(rows, tokens=[big(1, 1, Facing.E)])
    check = validate_path(board, "big", [(2, 1), (3, 1), (4, 1), (5, 1), (6, 1)], 3)
    assert check.problems == (("impassable_terrain", (6, 2)), ("insufficient_movement", (5, 1)))
