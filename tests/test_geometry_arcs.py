"""Arcs at any angle: the general in-arc test, compass directions, and BrickQuest's ±45°
firing arc read through it (the same answer on every square)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.model.dungeon import Facing
from companion.model.figures import Token
from companion.model.geometry import (
    GridRules,
    attack_geometry,
    board_from_text,
    facing_toward,
    in_firing_arc,
)
from companion.model.geometry.arcs import (
    bearing,
    check_arc,
    compass_degrees,
    in_arc_at,
    nearest_direction,
    stepped,
    turn_between,
    within_arc,
)


def _old_firing_arc(origin: tuple[int, int], facing: Facing, target: tuple[int, int]) -> bool:
    """The ±45° test as the square geometry wrote it before arcs were data."""
    fx, fy = facing.delta
    rx, ry = facing.right.delta
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    forward, right = dx * fx + dy * fy, dx * rx + dy * ry
    return forward > 0 and abs(right) <= forward


def test_bearings_are_clockwise_from_north_with_y_growing_south() -> None:
    assert bearing(0, -1) == 0
    assert bearing(1, 0) == 90
    assert bearing(0, 3) == 180
    assert bearing(-2, 0) == 270
    assert bearing(1, -1) == pytest.approx(45)
    assert bearing(-1, -1) == pytest.approx(315)
    with pytest.raises(ValueError, match="no bearing"):
        bearing(0, 0)
    assert turn_between(350, 10) == pytest.approx(20)
    assert turn_between(10, 350) == pytest.approx(20)
    assert turn_between(0, 180) == 180


@pytest.mark.parametrize("facing", list(Facing))
def test_brickquest_arc_through_the_general_test_is_the_same_on_every_square(
    facing: Facing,
) -> None:
    origin = (20, 20)
    for x in range(-5, 46):
        for y in range(-5, 46):
            assert in_firing_arc(origin, facing, (x, y)) == _old_firing_arc(
                origin, facing, (x, y)
            ), (facing, x, y)


@given(
    st.integers(-500, 500),
    st.integers(-500, 500),
    st.sampled_from(list(Facing)),
)
def test_brickquest_arc_matches_far_away_too(dx: int, dy: int, facing: Facing) -> None:
    assert in_firing_arc((0, 0), facing, (dx, dy)) == _old_firing_arc((0, 0), facing, (dx, dy))


def test_a_semicircle_holds_the_sides_and_not_behind() -> None:
    # Facing north-east at 45°: a 180° arc holds everything up to the NW-SE line.
    assert in_arc_at((0, 0), 45, 180, (1, -1))
    assert in_arc_at((0, 0), 45, 180, (-1, -1))  # on the boundary, included
    assert in_arc_at((0, 0), 45, 180, (1, 1))  # the other boundary
    assert not in_arc_at((0, 0), 45, 180, (-1, 1))  # behind
    assert not in_arc_at((0, 0), 45, 180, (-1, 0.5))
    assert in_arc_at((0, 0), 45, 180, (-0.9, -1))


def test_any_angle_and_fractional_points() -> None:
    # 30° east of north, a 90° arc: from -15° to 75°.
    assert in_arc_at((2.5, 2.5), 30, 90, (2.5, 1.0))  # due north: 30° off
    assert not in_arc_at((2.5, 2.5), 30, 90, (1.5, 1.5))  # north-west: 75° off
    assert in_arc_at((2.5, 2.5), 30, 90, (4.0, 1.0))  # north-east: 15° off
    assert not in_arc_at((2.5, 2.5), 30, 90, (4.0, 2.2))  # bearing ~78.7: 48.7° off
    assert not within_arc(1, 0.1, 30, 90)  # bearing ~95.7: outside
    assert within_arc(-0.2, -1, 30, 90)  # bearing ~348.7: 41.3° off, inside


def test_a_full_circle_holds_everything_but_the_origin() -> None:
    for dx, dy in [(1, 0), (0, 1), (-3, -4), (0.1, -0.1)]:
        assert within_arc(dx, dy, 123.4, 360)
    assert not within_arc(0, 0, 0, 360)


def test_arc_widths_are_checked() -> None:
    assert check_arc(180) == 180.0
    for bad in (0, -90, 361, True, "90"):
        with pytest.raises(ValueError, match="arc"):
            check_arc(bad)  # type: ignore[arg-type]


def test_compass_directions_snap_and_step() -> None:
    assert compass_degrees("se") == 135
    with pytest.raises(ValueError, match="'X' is not a compass direction"):
        compass_degrees("X")
    assert nearest_direction(44, 4) == "N"
    assert nearest_direction(46, 4) == "E"
    assert nearest_direction(45, 4) == "E"  # a tie: east or west, as facing_toward
    assert nearest_direction(225, 4) == "W"
    assert nearest_direction(22.5, 8) == "N"  # a tie of neither: the first from north
    assert nearest_direction(100, 8) == "E"
    assert nearest_direction(350, 8) == "N"
    assert stepped("N", 1, 4) == "E"
    assert stepped("N", -1, 4) == "W"
    assert stepped("NW", 1, 8) == "N"
    assert stepped("NE", 1, 4) == "S"  # not among four: from its nearest (E), one on


def test_the_nearest_of_four_directions_is_facing_toward_on_every_square() -> None:
    for dx in range(-9, 10):
        for dy in range(-9, 10):
            if (dx, dy) != (0, 0):
                want = facing_toward((0, 0), (dx, dy)).value
                assert nearest_direction(bearing(dx, dy), 4) == want, (dx, dy)


def test_a_wider_grid_arc_reaches_targets_the_brickquest_arc_does_not() -> None:
    rows = ["......."] * 7
    me = Token("me", 3, 3, "party", Facing.N)
    them = Token("them", 6, 2, "dungeon", Facing.S)  # bearing ~71.6° from me
    narrow = board_from_text(rows, tokens=[me, them])
    wide = board_from_text(rows, tokens=[me, them], rules=GridRules(arc_half_angle=90))
    shot = dict(mode="ranged", max_range=6, allow_turn=False)
    assert attack_geometry(narrow, "me", "them", **shot).reason == "not_in_arc"
    assert attack_geometry(wide, "me", "them", **shot).ok
