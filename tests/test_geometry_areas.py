"""Areas: each shape by hand, walls stopping them, and their bounds as properties."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry import (
    Board,
    area_circle,
    area_cone,
    area_line,
    area_square,
    board_from_text,
    line_squares,
    squares_of,
    tokens_in,
)

OPEN = ["." * 9] * 9
FAST = settings(max_examples=100, deadline=None)


def open_board(**kw) -> Board:
    return board_from_text(OPEN, **kw)


def test_circle() -> None:
    board = open_board()
    assert squares_of(area_circle(board, (4, 4), 0)) == [(4, 4)]
    assert squares_of(area_circle(board, (4, 4), 1)) == [(3, 4), (4, 3), (4, 4), (4, 5), (5, 4)]
    assert area_circle(board, (4, 4), 1.5).sum() == 9  # sqrt(2) <= 1.5
    assert area_circle(board, (4, 4), 2).sum() == 13
    assert area_circle(board, (0, 0), 1).sum() == 3  # clipped at the map edge


def test_circle_is_flat() -> None:
    board = board_from_text(OPEN, ["0" * 9] * 4 + ["00009" + "0" * 4] + ["0" * 9] * 4)
    assert area_circle(board, (4, 4), 1).sum() == 5


def test_cone_east() -> None:
    board = open_board()
    cone = squares_of(area_cone(board, (4, 4), Facing.E, 2))
    assert cone == [(5, 3), (5, 4), (5, 5), (6, 4)]
    assert (4, 4) not in squares_of(area_cone(board, (4, 4), Facing.E, 3))
    three = area_cone(board, (4, 4), Facing.E, 3)
    assert squares_of(three) == [
        (5, 3),
        (5, 4),
        (5, 5),
        (6, 2),
        (6, 3),
        (6, 4),
        (6, 5),
        (6, 6),
        (7, 4),
    ]


def test_cone_faces_every_way() -> None:
    board = open_board()
    east = area_cone(board, (4, 4), Facing.E, 3)
    assert np.array_equal(area_cone(board, (4, 4), Facing.W, 3), east[:, ::-1])
    assert np.array_equal(area_cone(board, (4, 4), Facing.S, 3), east.T)
    assert np.array_equal(area_cone(board, (4, 4), Facing.N, 3), east.T[::-1, :])


def test_line_toward_a_facing_and_a_square() -> None:
    board = open_board()
    assert squares_of(area_line(board, (4, 4), Facing.N, 3)) == [(4, 1), (4, 2), (4, 3)]
    assert squares_of(area_line(board, (4, 4), Facing.E, 2.5)) == [(5, 4), (6, 4)]
    assert line_squares((0, 0), (2, 2), 3) == [(1, 1), (2, 2)]  # corners are touched only
    # Toward (6,5): slope 1/2, through the target and on past it.
    # Length 4 ends at x = 4 + 8 / sqrt(5) = 7.58, inside (8, 6).
    expect = [(5, 4), (5, 5), (6, 5), (7, 5), (7, 6), (8, 6)]
    assert line_squares((4, 4), (6, 5), 4) == expect
    assert squares_of(area_line(board, (4, 4), (6, 5), 4)) == expect
    assert line_squares((4, 4), (6, 5), 3.5)[-1] == (7, 6)


def test_square() -> None:
    board = open_board()
    assert area_square(board, (4, 4), 1).sum() == 1
    assert squares_of(area_square(board, (4, 4), 3)) == [
        (x, y) for x in (3, 4, 5) for y in (3, 4, 5)
    ]
    assert squares_of(area_square(board, (4, 4), 2)) == [(4, 4), (4, 5), (5, 4), (5, 5)]
    assert area_square(board, (0, 0), 3).sum() == 4


def test_areas_never_hold_walls_shut_doors_or_the_void() -> None:
    board = board_from_text(["..#..", ". +..", "..L..", ".../."], walls_stop_areas=False)
    covered = squares_of(area_square(board, (2, 1), 5))
    assert (2, 0) not in covered and (1, 1) not in covered and (2, 1) not in covered
    assert (2, 2) not in covered and (3, 3) in covered  # the open door is in


def test_walls_stop_areas_unless_switched_off() -> None:
    rows = [".......", "...#...", ".......", "......."]
    board = board_from_text(rows)
    circle = area_circle(board, (3, 3), 3.5)
    assert not circle[0, 3]  # straight behind the wall
    assert circle[0, 2]  # seen past it
    off = board.with_options(walls_stop_areas=False)
    assert area_circle(off, (3, 3), 3.5)[0, 3]
    line = squares_of(area_line(board, (3, 3), Facing.N, 3))
    assert line == [(3, 2)]
    assert squares_of(area_line(off, (3, 3), Facing.N, 3)) == [(3, 0), (3, 2)]
    cone = area_cone(board, (3, 3), Facing.N, 3)
    assert cone[2, 3] and not cone[0, 3]


def test_figures_and_obstacles_do_not_stop_areas() -> None:
    board = board_from_text([".o.", "...", "..."], tokens=[Token("orc", 1, 1, "x")])
    assert area_circle(board, (1, 2), 2)[0, 1]


def test_tokens_in() -> None:
    tokens = [
        Token("b", 2, 2, "x", dead=True),
        Token("a", 2, 2, "x"),
        Token("c", 0, 0, "y"),
        Token("far", 8, 8, "y"),
    ]
    board = board_from_text(OPEN, tokens=tokens)
    got = tokens_in(board, area_circle(board, (1, 1), 1.5))
    assert [t.id for t in got] == ["c", "a", "b"]


# -- bounds ----------------------------------------------------------------------------
@st.composite
def boards(draw: st.DrawFn) -> Board:
    w = draw(st.integers(1, 14))
    h = draw(st.integers(1, 14))
    rows = [draw(st.text(st.sampled_from(".....#+~ o"), min_size=w, max_size=w)) for _ in range(h)]
    return board_from_text(rows, walls_stop_areas=draw(st.booleans()))


def centre_of(board: Board, data) -> tuple[int, int]:
    return data.draw(st.integers(0, board.width - 1)), data.draw(st.integers(0, board.height - 1))


def allowed(board: Board, mask: np.ndarray) -> bool:
    return not (mask & board.layers.not_in_areas).any()


def unwalled(board: Board, origin, sq) -> bool:
    """The flat segment from origin to sq crosses no wall or shut door."""
    from companion.model.geometry.crossings import segment_crossings

    cdx, cdy = segment_crossings(sq[0] - origin[0], sq[1] - origin[1])[:2]
    return not board.layers.wall_like[cdy + origin[1], cdx + origin[0]].any()


@FAST
@given(boards(), st.floats(0, 9), st.data())
def test_circle_within_radius(board: Board, radius: float, data) -> None:
    c = centre_of(board, data)
    mask = area_circle(board, c, radius)
    assert allowed(board, mask)
    for x, y in squares_of(mask):
        assert math.hypot(x - c[0], y - c[1]) <= radius + 1e-9
    # Everything within the radius that may be hit is hit.
    for y in range(board.height):
        for x in range(board.width):
            inside = math.hypot(x - c[0], y - c[1]) <= radius + 1e-9
            ok = not board.layers.not_in_areas[y, x] and (
                not board.walls_stop_areas or unwalled(board, c, (x, y))
            )
            assert mask[y, x] == (inside and ok)


@FAST
@given(boards(), st.sampled_from(list(Facing)), st.floats(0, 9), st.data())
def test_cone_within_length_and_arc(board: Board, facing: Facing, length: float, data) -> None:
    o = centre_of(board, data)
    mask = area_cone(board, o, facing, length)
    assert allowed(board, mask)
    fx, fy = facing.delta
    for x, y in squares_of(mask):
        dx, dy = x - o[0], y - o[1]
        forward, side = dx * fx + dy * fy, dx * fy - dy * fx
        assert (x, y) != o
        assert abs(side) <= forward
        assert math.hypot(dx, dy) <= length + 1e-9
        if board.walls_stop_areas:
            assert unwalled(board, o, (x, y))


@FAST
@given(boards(), st.integers(0, 7), st.data())
def test_square_within_side(board: Board, side: int, data) -> None:
    c = centre_of(board, data)
    mask = area_square(board, c, side)
    assert allowed(board, mask)
    for y in range(board.height):
        for x in range(board.width):
            inside = side >= 1 and all(
                k - (side - 1) // 2 <= v <= k + side // 2 for v, k in ((x, c[0]), (y, c[1]))
            )
            ok = not board.layers.not_in_areas[y, x] and (
                not board.walls_stop_areas or unwalled(board, c, (x, y))
            )
            assert mask[y, x] == (inside and ok)


@FAST
@given(boards(), st.floats(0.5, 12), st.data())
def test_line_within_length(board: Board, length: float, data) -> None:
    o = centre_of(board, data)
    toward = data.draw(
        st.one_of(
            st.sampled_from(list(Facing)), st.tuples(st.integers(-9, 20), st.integers(-9, 20))
        )
    )
    if toward == o:
        return
    mask = area_line(board, o, toward, length)
    assert allowed(board, mask)
    assert not mask[o[1], o[0]]
    assert mask.sum() <= 2 * math.ceil(length) + 1
    for x, y in squares_of(mask):
        # Every square is crossed near the ruler: its centre is within sqrt(2)/2 of the
        # segment's line and no further than length + 1/2 * sqrt(2) along it.
        assert math.hypot(x - o[0], y - o[1]) <= length + math.sqrt(0.5) + 1e-9


def test_huge_areas_use_the_whole_map_shadows() -> None:
    board = board_from_text(["." * 150, "." * 75 + "#" + "." * 74, "." * 150])
    circle = area_circle(board, (0, 1), 120)
    assert circle[1, 74] and not circle[1, 76] and not circle[1, 75]
    assert circle[0, 119] and circle[2, 119] and not circle[0, 120]
    assert circle.sum() == 120 + 75 + 120
