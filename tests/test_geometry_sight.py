"""Line of sight: hand cases for each rule, and properties against exact references."""

from __future__ import annotations

from fractions import Fraction
from unittest.mock import patch

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import DungeonMap, Facing, MapObject, ObjectKind, Terrain
from companion.model.figures import Token
from companion.model.geometry import Board, board_from_text, line_of_sight, visible_squares
from companion.model.geometry import shadows as shadows_module
from companion.model.geometry import sight as sight_module
from companion.model.geometry.crossings import batch_crossings, crossings, segment_crossings

FAST = settings(max_examples=120, deadline=None)


# -- hand cases ----------------------------------------------------------------------
def test_touching_a_corner_does_not_block() -> None:
    # The diagonal from (0,0) to (2,2) passes the corners of (1,0) and (0,1).
    board = board_from_text([".#.", "#..", "..."])
    assert line_of_sight(board, (0, 0), (2, 2)).clear
    assert line_of_sight(board, (0, 0), (2, 2), mode="flat").clear


def test_a_wall_blocks_and_is_named() -> None:
    board = board_from_text([".....", "..#..", "....."])
    sight = line_of_sight(board, (0, 1), (4, 1))
    assert not sight.clear
    assert sight.blocked_by == (2, 1)
    assert sight.distance == 4.0


def test_blocked_by_names_the_first_square_from_the_viewer() -> None:
    board = board_from_text(["......", ".#..#.", "......"])
    assert line_of_sight(board, (0, 1), (5, 1)).blocked_by == (1, 1)
    assert line_of_sight(board, (5, 1), (0, 1)).blocked_by == (4, 1)


def test_a_shallow_line_is_blocked_by_the_square_it_clips() -> None:
    # (0,0) -> (3,1) crosses (1,0) then (2,1): the segment enters (2,1) through its side.
    board = board_from_text(["....", "..#."])
    sight = line_of_sight(board, (0, 0), (3, 1))
    assert sight.blocked_by == (2, 1)
    assert line_of_sight(board, (0, 0), (3, 0)).clear


def test_3d_low_wall_seen_over_from_a_platform() -> None:
    # A 4-brick wall blocks from the floor (eye and head at 3.5) but not from a 3-brick
    # platform (eye at 6.5: the line leaves the wall's square at 4.625).  A 2-brick wall
    # is seen over from the floor too.
    dungeon = board_from_text(["..#..", "....."], ["30000", "00000"]).dungeon
    dungeon.feature_height[0, 2] = 4
    board = Board(dungeon)
    assert line_of_sight(board, (1, 0), (4, 0)).clear is False  # floor 0: 4 > 3.5
    assert line_of_sight(board, (0, 0), (4, 0)).clear  # platform: eye at 6.5
    assert not line_of_sight(board, (0, 0), (4, 0), mode="flat").clear
    dungeon.feature_height[0, 2] = 2
    low = Board(dungeon)
    assert line_of_sight(low, (1, 0), (4, 0)).clear


def test_3d_a_high_ledge_hides_what_is_right_below_it() -> None:
    # Viewer on the floor, target at the foot of a 3-brick ledge seen from above: the
    # line from 5 bricks up (3 + ... ) is not relevant; here a raised square between
    # two floor squares blocks when its top (4) is above the line (3.5).
    board = board_from_text(["...", "..."], ["040", "000"])
    sight = line_of_sight(board, (0, 0), (2, 0))
    assert not sight.clear and sight.blocked_by == (1, 0)
    assert line_of_sight(board, (0, 0), (2, 0), mode="flat").clear


def test_figures_block_flat_sight_but_not_the_ends() -> None:
    tokens = [
        Token("a", 0, 0, "party"),
        Token("m", 2, 0, "dungeon"),
        Token("b", 4, 0, "party"),
    ]
    board = board_from_text(["....."], tokens=tokens, los_mode="flat")
    sight = line_of_sight(board, (0, 0), (4, 0))
    assert (sight.clear, sight.blocked_by) == (False, (2, 0))
    assert line_of_sight(board, (0, 0), (2, 0)).clear  # the target's own square


def test_corpses_do_not_block() -> None:
    tokens = [Token("dead", 2, 0, "dungeon", dead=True)]
    board = board_from_text(["....."], tokens=tokens)
    assert line_of_sight(board, (0, 0), (4, 0), mode="flat").clear
    assert line_of_sight(board, (0, 0), (4, 0), mode="3d").clear


def test_3d_figures_add_their_height() -> None:
    # A minifig (4 bricks) stands between two figures on the floor: 4 > 3.5 blocks.
    # From a 1-brick step the eye is at 4.5 and the target's head at 3.5: the line leaves
    # the middle square at 3.875, below the figure's top.  From 2 bricks up it leaves at
    # 4.25: seen over the minifig, but not over a large creature (6).
    board = board_from_text(["....."], tokens=[Token("m", 2, 0, "x")])
    assert not line_of_sight(board, (0, 0), (4, 0)).clear
    step = board_from_text(["....."], ["10000"], tokens=[Token("m", 2, 0, "x")])
    assert line_of_sight(step, (0, 0), (4, 0)).blocked_by == (2, 0)
    high = board_from_text(["....."], ["20000"], tokens=[Token("m", 2, 0, "x")])
    assert line_of_sight(high, (0, 0), (4, 0)).clear
    big = board_from_text(["....."], ["20000"], tokens=[Token("m", 2, 0, "x", large=True)])
    assert not line_of_sight(big, (0, 0), (4, 0)).clear


def test_3d_obstacles_and_objects_use_their_height() -> None:
    dungeon = DungeonMap.blank(5, 1)
    dungeon.objects[(2, 0)] = MapObject(ObjectKind.CHEST, 2)
    assert line_of_sight(Board(dungeon), (0, 0), (4, 0)).clear  # chest 2 < 3.5
    assert not line_of_sight(Board(dungeon), (0, 0), (4, 0), mode="flat").clear
    dungeon.objects[(2, 0)] = MapObject(ObjectKind.BOOKCASE, 6)
    assert not line_of_sight(Board(dungeon), (0, 0), (4, 0)).clear


def test_doors() -> None:
    board = board_from_text([".+.", "./."])
    assert not line_of_sight(board, (0, 0), (2, 0)).clear
    assert line_of_sight(board, (0, 1), (2, 1)).clear


def test_the_origin_and_neighbours_are_visible() -> None:
    board = board_from_text(["###", "#.#", "###"])
    vis = visible_squares(board, (1, 1))
    assert vis.all()  # nothing lies between the centre and its neighbours
    assert line_of_sight(board, (1, 1), (1, 1)).clear


def test_bad_arguments() -> None:
    board = board_from_text(["..."])
    with pytest.raises(ValueError, match="off the"):
        line_of_sight(board, (0, 0), (5, 0))
    with pytest.raises(ValueError, match="sight mode"):
        line_of_sight(board, (0, 0), (1, 0), mode="2d")


# -- exact references ----------------------------------------------------------------
def crossed_reference(dx: int, dy: int) -> list[tuple[int, int, Fraction, Fraction]]:
    """Squares whose open interior the segment (0,0)-(dx,dy) passes, with t in/out."""
    out = []
    half = Fraction(1, 2)
    for i in range(min(0, dx) - 1, max(0, dx) + 2):
        for j in range(min(0, dy) - 1, max(0, dy) + 2):
            if (i, j) in ((0, 0), (dx, dy)):
                continue
            lo, hi = Fraction(0), Fraction(1)
            for c, d in ((i, dx), (j, dy)):
                if d == 0:
                    if not abs(Fraction(c)) < half:
                        lo, hi = Fraction(1), Fraction(0)
                    continue
                a, b = (c - half) / d, (c + half) / d
                lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
            if lo < hi:
                out.append((i, j, lo, hi))
    out.sort(key=lambda s: s[2])
    return out


def sight_reference(board: Board, a: tuple[int, int], b: tuple[int, int], mode: str) -> tuple:
    """(clear, blocked_by) straight from DESIGN.md with exact fractions."""
    if a == b:
        return True, None
    d = board.dungeon
    top = d.column_top()
    living = {(t.x, t.y): t for t in board.tokens if not t.dead}
    for t in board.tokens:
        if not t.dead and (t.x, t.y) not in ((a), (b)):
            top[t.y, t.x] = max(top[t.y, t.x], d.floor[t.y, t.x] + t.height)
    opaque = d.blocks_sight()
    eye = Fraction(int(d.floor[a[1], a[0]])) + Fraction(7, 2)
    lines = [
        Fraction(int(d.floor[b[1], b[0]])) + Fraction(2),
        Fraction(int(d.floor[b[1], b[0]])) + Fraction(7, 2),
    ]
    blockers = []
    for line_end in lines:
        first = None
        for i, j, t_in, t_out in crossed_reference(b[0] - a[0], b[1] - a[1]):
            x, y = a[0] + i, a[1] + j
            if mode == "flat":
                hit = bool(opaque[y, x]) or (x, y) in living
            else:
                h_in = eye + t_in * (line_end - eye)
                h_out = eye + t_out * (line_end - eye)
                hit = Fraction(float(top[y, x])) > min(h_in, h_out)
            if hit:
                first = (x, y)
                break
        if first is None:
            return True, None
        blockers.append(first)
    return False, blockers[-1]  # the head line's blocker


@st.composite
def boards(draw: st.DrawFn, max_side: int = 9) -> Board:
    w = draw(st.integers(1, max_side))
    h = draw(st.integers(1, max_side))
    chars = st.sampled_from("......#o~+/^ ")
    rows = [draw(st.text(chars, min_size=w, max_size=w)) for _ in range(h)]
    top = draw(st.sampled_from([1, 3, 8, 35]))
    digits = st.sampled_from("0123456789abcdefghijklmnopqrstuvwxyz"[: top + 1])
    heights = [draw(st.text(digits, min_size=w, max_size=w)) for _ in range(h)]
    dungeon = board_from_text(rows, heights).dungeon
    if draw(st.booleans()):
        ys, xs = np.nonzero(dungeon.terrain == int(Terrain.WALL))
        for y, x in zip(ys[:3], xs[:3], strict=True):
            dungeon.feature_height[y, x] = draw(st.integers(0, 6))
    tokens = []
    for k in range(draw(st.integers(0, 5))):
        tokens.append(
            Token(
                f"t{k}",
                draw(st.integers(0, w - 1)),
                draw(st.integers(0, h - 1)),
                draw(st.sampled_from(["party", "dungeon"])),
                Facing.S,
                large=draw(st.booleans()),
                dead=draw(st.booleans()),
            )
        )
    spots = {}
    for t in tokens:
        spots.setdefault((t.x, t.y), t)
    return Board(dungeon, list(spots.values()))


def squares_of_board(board: Board, data: st.DataObject) -> tuple[int, int]:
    return (
        data.draw(st.integers(0, board.width - 1)),
        data.draw(st.integers(0, board.height - 1)),
    )


@FAST
@given(st.integers(-12, 12), st.integers(-12, 12))
def test_crossings_match_the_exact_reference(dx: int, dy: int) -> None:
    cdx, cdy, n_in, n_out, q = segment_crossings(dx, dy)
    ref = crossed_reference(dx, dy)
    got = [
        (int(a), int(b), Fraction(int(i), q), Fraction(int(o), q))
        for a, b, i, o in zip(cdx, cdy, n_in, n_out, strict=True)
    ]
    assert got == ref


@settings(max_examples=60, deadline=None)
@given(st.integers(-90, 90), st.integers(-90, 90))
def test_table_crossings_match_computed_ones(dx: int, dy: int) -> None:
    table = crossings(dx, dy)  # from the precomputed table up to 64 squares
    direct = segment_crossings(dx, dy)
    for a, b in zip(table[:4], direct[:4], strict=True):
        assert list(a) == list(b)
    assert table[0].size == 0 or table[4] == direct[4]


def test_long_crossings_match_the_exact_reference() -> None:
    for dx, dy in ((77, 30), (-70, 69), (3, -100), (-81, 0), (90, 90)):
        cdx, cdy, n_in, n_out, q = segment_crossings(dx, dy)
        got = [
            (int(a), int(b), Fraction(int(i), q), Fraction(int(o), q))
            for a, b, i, o in zip(cdx, cdy, n_in, n_out, strict=True)
        ]
        assert got == crossed_reference(dx, dy)


def test_batched_crossings_match_single_ones() -> None:
    dxs, dys = np.meshgrid(np.arange(-7, 8), np.arange(-7, 8))
    starts, counts, cx, cy = batch_crossings(dxs.ravel(), dys.ravel())
    for k, (dx, dy) in enumerate(zip(dxs.ravel(), dys.ravel(), strict=True)):
        one = segment_crossings(int(dx), int(dy))
        s, n = starts[k], counts[k]
        assert list(cx[s : s + n]) == list(one[0]) and list(cy[s : s + n]) == list(one[1])


@FAST
@given(boards(), st.sampled_from(["flat", "3d"]), st.data())
def test_line_of_sight_matches_the_exact_reference(board: Board, mode: str, data) -> None:
    a = squares_of_board(board, data)
    b = squares_of_board(board, data)
    sight = line_of_sight(board, a, b, mode=mode)
    assert (sight.clear, sight.blocked_by) == sight_reference(board, a, b, mode)


@FAST
@given(boards(), st.data())
def test_flat_sight_is_symmetric(board: Board, data) -> None:
    a = squares_of_board(board, data)
    b = squares_of_board(board, data)
    assert (
        line_of_sight(board, a, b, mode="flat").clear
        == line_of_sight(board, b, a, mode="flat").clear
    )


@settings(max_examples=150, deadline=None)
@given(
    boards(max_side=14),
    st.sampled_from(["flat", "3d"]),
    st.sampled_from([-1, 3, 10**9]),
    st.data(),
)
def test_visible_squares_equals_line_of_sight_everywhere(board: Board, mode, budget, data) -> None:
    # budget -1: 3d always scans target by target; 10**9: always tests pairs.
    origin = squares_of_board(board, data)
    with patch.object(sight_module, "PAIR_BUDGET", budget):
        vis = visible_squares(board, origin, mode=mode)
    expect = np.array(
        [
            [line_of_sight(board, origin, (x, y), mode=mode).clear for x in range(board.width)]
            for y in range(board.height)
        ]
    )
    assert vis.shape == board.shape
    assert np.array_equal(vis, expect)


def test_visible_squares_on_larger_random_maps() -> None:
    rng = np.random.default_rng(7)
    for n, wall, top in ((40, 0.05, 30), (33, 0.2, 3), (25, 0.0, 12)):
        dungeon = DungeonMap.blank(n, n + 3)
        dungeon.terrain[rng.random(dungeon.terrain.shape) < wall] = int(Terrain.WALL)
        if top == 12:  # smooth hills: long, grazing sight lines
            yy, xx = np.mgrid[0 : n + 3, 0:n]
            dungeon.floor[:] = np.round(6 + 5 * np.sin(xx / 4) * np.cos(yy / 5))
        else:
            dungeon.floor[:] = rng.integers(0, top + 1, dungeon.floor.shape)
        tokens = [Token(f"t{i}", int(rng.integers(n)), int(rng.integers(n)), "x") for i in range(6)]
        board = Board(dungeon, {t.pos: t for t in tokens}.values())
        cases = (((0, 0), -1, 64), ((n // 2, n // 3), 3, 1 << 20), ((n - 1, n + 2), 10**9, 64))
        for origin, budget, work in cases:
            for mode in ("3d", "flat"):
                with (
                    patch.object(sight_module, "PAIR_BUDGET", budget),
                    patch.object(shadows_module, "_WORK_ELEMENTS", work),
                ):
                    vis = visible_squares(board, origin, mode=mode)
                for y in range(board.height):
                    for x in range(board.width):
                        assert vis[y, x] == line_of_sight(board, origin, (x, y), mode=mode).clear
