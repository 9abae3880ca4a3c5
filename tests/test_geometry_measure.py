"""Distance, facing, attacks and the board snapshot."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import DungeonMap, Facing, Terrain
from companion.model.figures import Token
from companion.model.geometry import (
    STUDS_PER_SQUARE,
    Board,
    attack_geometry,
    attack_targets,
    board_from_text,
    facing_toward,
    front_squares,
    in_firing_arc,
    is_behind,
    reach_squares,
    ruler_distance,
    to_studs,
)

FAST = settings(max_examples=120, deadline=None)


# -- distance -------------------------------------------------------------------------
def test_ruler_distance_with_and_without_heights() -> None:
    board = board_from_text([".....", "....."], ["00000", "00004"])
    assert ruler_distance(board, (0, 0), (3, 0)) == 3.0
    assert ruler_distance(board, (0, 0), (4, 1)) == pytest.approx(math.sqrt(17 + 1.2**2))
    assert ruler_distance(board, (0, 0), (4, 1), flat=True) == pytest.approx(math.sqrt(17))
    flat_board = board.with_options(los_mode="flat")
    assert ruler_distance(flat_board, (0, 0), (4, 1)) == pytest.approx(math.sqrt(17))
    assert ruler_distance(flat_board, (0, 0), (4, 1), flat=False) > math.sqrt(17)
    assert STUDS_PER_SQUARE == 4 and to_studs(2.5) == 10


def height_boards() -> st.SearchStrategy[Board]:
    return st.builds(
        lambda hs: board_from_text(["......"] * 4, ["".join(r) for r in hs]),
        st.lists(
            st.lists(st.sampled_from("0123456789z"), min_size=6, max_size=6), min_size=4, max_size=4
        ),
    )


squares = st.tuples(st.integers(0, 5), st.integers(0, 3))


@FAST
@given(height_boards(), squares, squares, squares, st.booleans())
def test_distance_is_a_metric(board: Board, a, b, c, flat: bool) -> None:
    d = lambda p, q: ruler_distance(board, p, q, flat=flat)  # noqa: E731
    assert d(a, a) == 0
    assert d(a, b) == d(b, a)
    assert (d(a, b) == 0) == (a == b)
    assert d(a, c) <= d(a, b) + d(b, c) + 1e-9


# -- facing ---------------------------------------------------------------------------
def test_front_squares() -> None:
    assert front_squares((5, 5), Facing.E) == [(6, 5), (6, 4), (6, 6)]
    assert front_squares((5, 5), Facing.N) == [(5, 4), (4, 4), (6, 4)]
    assert sorted(front_squares((0, 0), Facing.S)) == [(-1, 1), (0, 1), (1, 1)]


def test_firing_arc_includes_its_boundary() -> None:
    o = (5, 5)
    assert in_firing_arc(o, Facing.E, (6, 4)) and in_firing_arc(o, Facing.E, (8, 8))
    assert not in_firing_arc(o, Facing.E, (6, 7))
    assert not in_firing_arc(o, Facing.E, (5, 6)) and not in_firing_arc(o, Facing.E, o)
    assert in_firing_arc(o, Facing.N, (3, 2)) and not in_firing_arc(o, Facing.N, (2, 3))


@FAST
@given(st.integers(-6, 6), st.integers(-6, 6))
def test_every_other_square_lies_in_some_arc_and_facing_toward_finds_one(dx, dy) -> None:
    if (dx, dy) == (0, 0):
        with pytest.raises(ValueError):
            facing_toward((0, 0), (0, 0))
        return
    arcs = [f for f in Facing if in_firing_arc((0, 0), f, (dx, dy))]
    assert 1 <= len(arcs) <= 2
    assert facing_toward((0, 0), (dx, dy)) in arcs


def test_reach_squares() -> None:
    assert reach_squares((5, 5), Facing.E) == [(7, 3), (7, 4), (7, 5), (7, 6), (7, 7)]
    for sq in reach_squares((5, 5), Facing.W):
        assert max(abs(sq[0] - 5), abs(sq[1] - 5)) == 2 and in_firing_arc((5, 5), Facing.W, sq)


def test_is_behind() -> None:
    assert is_behind((4, 5), (5, 5), Facing.E)
    assert not is_behind((6, 5), (5, 5), Facing.E)
    assert is_behind((5, 4), (5, 5), Facing.S)
    assert not is_behind((4, 4), (5, 5), Facing.E)


# -- attacks --------------------------------------------------------------------------
def duel(me_at, me_facing, foe_at, rows=None, heights=None, extra=()) -> Board:
    rows = rows or ["......."] * 7
    tokens = [Token("me", *me_at, "party", me_facing), Token("foe", *foe_at, "dungeon"), *extra]
    return board_from_text(rows, heights, tokens=tokens)


def test_melee_front_three_and_the_free_turn() -> None:
    assert attack_geometry(duel((3, 3), Facing.E, (4, 2)), "me", "foe", "melee").ok
    side = attack_geometry(duel((3, 3), Facing.E, (3, 2)), "me", "foe", "melee")
    assert (side.ok, side.turn) == (True, "left")
    back_diag = attack_geometry(duel((3, 3), Facing.E, (2, 4)), "me", "foe", "melee")
    assert (back_diag.ok, back_diag.turn) == (True, "right")
    behind = attack_geometry(duel((3, 3), Facing.E, (2, 3)), "me", "foe", "melee")
    assert (behind.ok, behind.reason) == (False, "not_in_arc")
    no_turn = attack_geometry(
        duel((3, 3), Facing.E, (3, 2)), "me", "foe", "melee", allow_turn=False
    )
    assert (no_turn.ok, no_turn.reason, no_turn.turn) == (False, "not_in_arc", None)
    far = attack_geometry(duel((3, 3), Facing.E, (5, 3)), "me", "foe", "melee")
    assert (far.ok, far.reason) == (False, "not_adjacent")


def test_melee_height_difference() -> None:
    heights = ["0000000"] * 3 + ["0003000"] + ["0000000"] * 3
    high = attack_geometry(duel((2, 3), Facing.E, (3, 3), heights=heights), "me", "foe", "melee")
    assert (high.ok, high.reason) == (False, "height_difference")
    heights = ["0000000"] * 3 + ["0002000"] + ["0000000"] * 3
    assert attack_geometry(duel((2, 3), Facing.E, (3, 3), heights=heights), "me", "foe", "melee").ok
    # A turn that brings a too-high target into the arc reports the height.
    heights = ["0000000"] * 2 + ["0003000"] + ["0000000"] * 4
    side = attack_geometry(duel((3, 3), Facing.E, (3, 2), heights=heights), "me", "foe", "melee")
    assert (side.ok, side.reason, side.turn) == (False, "height_difference", "left")


def test_reach() -> None:
    assert attack_geometry(duel((1, 3), Facing.E, (3, 2)), "me", "foe", "reach").ok
    assert attack_geometry(duel((1, 3), Facing.E, (3, 5)), "me", "foe", "reach").ok
    close = attack_geometry(duel((1, 3), Facing.E, (2, 3)), "me", "foe", "reach")
    assert close.reason == "too_close"
    far = attack_geometry(duel((1, 3), Facing.E, (4, 3)), "me", "foe", "reach")
    assert far.reason == "out_of_range"
    blocked = duel((1, 3), Facing.E, (3, 3), extra=[Token("pal", 2, 3, "party")])
    got = attack_geometry(blocked.with_options(los_mode="flat"), "me", "foe", "reach")
    assert (got.ok, got.reason, got.blocked_by) == (False, "no_line_of_sight", (2, 3))
    corner = attack_geometry(duel((3, 3), Facing.E, (1, 1)), "me", "foe", "reach")
    assert (corner.ok, corner.turn) == (True, "left")  # on the north arc's edge
    back = attack_geometry(duel((3, 3), Facing.E, (1, 3)), "me", "foe", "reach")
    assert (back.ok, back.reason) == (False, "not_in_arc")  # needs a half turn


def test_ranged() -> None:
    board = duel((0, 3), Facing.E, (5, 3))
    assert attack_geometry(board, "me", "foe", "ranged", min_range=2, max_range=5).ok
    got = attack_geometry(board, "me", "foe", "ranged", min_range=2, max_range=4.99)
    assert got.reason == "out_of_range"
    got = attack_geometry(board, "me", "foe", "ranged", min_range=5.01, max_range=8)
    assert got.reason == "too_close"
    walls = duel((0, 3), Facing.E, (5, 3), rows=["......."] * 3 + ["...#..."] + ["......."] * 3)
    got = attack_geometry(walls, "me", "foe", "ranged", min_range=2, max_range=8)
    assert (got.reason, got.blocked_by) == ("no_line_of_sight", (3, 3))
    behind = attack_geometry(
        duel((3, 3), Facing.E, (3, 0)), "me", "foe", "ranged", min_range=2, max_range=8
    )
    assert (behind.ok, behind.turn) == (True, "left")
    back = attack_geometry(
        duel((3, 3), Facing.E, (0, 3)), "me", "foe", "ranged", min_range=2, max_range=8
    )
    assert (back.ok, back.reason) == (False, "not_in_arc")


def test_dead_targets_and_bad_modes() -> None:
    board = duel((3, 3), Facing.E, (4, 3))
    dead = board.with_tokens([board.token("me"), Token("foe", 4, 3, "dungeon", dead=True)])
    assert attack_geometry(dead, "me", "foe", "melee").reason == "target_dead"
    with pytest.raises(ValueError, match="attack mode"):
        attack_geometry(board, "me", "foe", "magic")


def test_attack_targets_lists_every_enemy_and_mode() -> None:
    tokens = [
        Token("me", 3, 3, "party", Facing.E),
        Token("near", 4, 3, "dungeon"),
        Token("far", 6, 0, "dungeon"),  # on the arc's edge, clear of "near"
        Token("pal", 3, 4, "party"),
        Token("corpse", 2, 3, "dungeon", dead=True),
    ]
    board = board_from_text(["......."] * 7, tokens=tokens)
    got = attack_targets(board, "me", melee=True, reach=False, ranged=(2, 8))
    assert [(a.target_id, a.mode, a.ok) for a in got] == [
        ("near", "melee", True),
        ("far", "ranged", True),
        ("near", "ranged", False),
        ("far", "melee", False),
    ]


# -- board ----------------------------------------------------------------------------
def test_board_snapshot() -> None:
    dungeon = DungeonMap.blank(4, 3)
    tokens = [Token("b", 1, 1, "x", dead=True), Token("a", 1, 1, "x"), Token("c", 2, 2, "y")]
    board = Board(dungeon, tokens)
    dungeon.terrain[0, 0] = int(Terrain.WALL)  # the board keeps its own copy
    assert board.dungeon.terrain[0, 0] == int(Terrain.FLOOR)
    assert board.token_at((1, 1)).id == "a"
    assert board.token_at((3, 0)) is None and board.token_at((9, 9)) is None
    assert board.token("c").pos == (2, 2)
    with pytest.raises(KeyError, match="nope"):
        board.token("nope")
    moved = board.with_tokens([Token("c", 0, 2, "y")])
    assert moved.layers is board.layers
    assert moved.token_at((0, 2)).id == "c" and moved.token_at((1, 1)) is None
    with pytest.raises(ValueError, match="off the map"):
        Board(dungeon, [Token("z", 9, 0, "x")])
    with pytest.raises(ValueError, match="share the id"):
        Board(dungeon, [Token("z", 0, 0, "x"), Token("z", 1, 0, "x")])
    with pytest.raises(ValueError, match="los_mode"):
        Board(dungeon, los_mode="2d")
    with pytest.raises(ValueError):
        board.sight_top[0, 0] = 3


def test_board_corpse_found_when_nobody_living_there() -> None:
    board = Board(DungeonMap.blank(2, 1), [Token("b", 1, 0, "x", dead=True)])
    assert board.token_at((1, 0)).id == "b"
