"""Movement: every BrickQuest rule by hand, and reach against a plain Dijkstra."""

from __future__ import annotations

import heapq
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import DungeonMap, Facing, MapObject, ObjectKind, Terrain
from companion.model.figures import Token
from companion.model.geometry import (
    Board,
    board_from_text,
    move_distances,
    reachable,
    validate_path,
    whole_map_reach,
)


def me(x: int = 0, y: int = 0, **kw) -> Token:
    return Token("me", x, y, "party", Facing.E, **kw)


# -- hand cases ----------------------------------------------------------------------
def test_orthogonal_costs_one_and_diagonal_two() -> None:
    board = board_from_text(["...", "...", "..."], tokens=[me(1, 1)])
    reach = reachable(board, "me", 2)
    assert reach.cost_to((2, 1)) == 1
    assert reach.cost_to((2, 2)) == 2
    assert len(reach.squares()) == 8
    assert reachable(board, "me", 1).squares() == [(0, 1), (1, 0), (1, 2), (2, 1)]
    assert validate_path(board, "me", [(2, 2)], 2).cost == 2
    check = validate_path(board, "me", [(2, 2)], 1)
    assert (check.reason, check.square, check.cost) == ("insufficient_movement", (2, 2), 2)


def test_one_brick_up_or_down_but_not_two() -> None:
    board = board_from_text(["....", "...."], ["0123", "0000"], tokens=[me()])
    reach = reachable(board, "me", 10)
    assert reach.can_end((3, 0))  # 0 -> 1 -> 2 -> 3
    assert validate_path(board, "me", [(1, 0), (2, 0), (3, 0)], 3).ok
    steep = board_from_text(["...."], ["0200"], tokens=[me()])
    check = validate_path(steep, "me", [(1, 0)], 5)
    assert (check.ok, check.reason, check.square) == (False, "too_steep", (1, 0))
    assert math.isinf(reachable(steep, "me", 5).cost_to((1, 0)))
    down = board_from_text(["...."], ["2000"], tokens=[me()])
    assert validate_path(down, "me", [(1, 0)], 5).reason == "too_steep"


def test_stairs_climb_three_bricks_along_their_direction_only() -> None:
    # Stairs at (1,1) rise toward the north: floor 0 -> stairs 3 -> landing 6.
    rows, heights = [".s.", "...", "..."], ["060", "030", "000"]
    rows = [".s.", ".s.", "..."]
    heights = ["060", "030", "000"]
    board = board_from_text(rows, heights, stairs={"1,0": "N", "1,1": "N"}, tokens=[me(1, 2)])
    assert validate_path(board, "me", [(1, 1), (1, 0)], 2).ok
    reach = reachable(board, "me", 2)
    assert reach.can_end((1, 0))
    # Across the stairs' direction the ordinary one-brick rule applies.
    across = board_from_text([".s."], ["030"], stairs={"1,0": "N"}, tokens=[me()])
    assert validate_path(across, "me", [(1, 0)], 2).reason == "too_steep"
    # Diagonal steps never get the stairs allowance.
    diag = board_from_text(["..", ".s"], ["00", "03"], stairs={"1,1": "N"}, tokens=[me()])
    assert validate_path(diag, "me", [(1, 1)], 2).reason == "too_steep"
    # Four bricks is too much even on stairs.
    tall = board_from_text(["s", "."], ["4", "0"], stairs={"0,0": "N"}, tokens=[me(0, 1)])
    assert validate_path(tall, "me", [(0, 0)], 2).reason == "too_steep"


@pytest.mark.parametrize("corner", ["#", "o", "+", "L"])
def test_no_corner_cutting_past_walls_obstacles_and_shut_doors(corner: str) -> None:
    board = board_from_text([f".{corner}", ".."], tokens=[me()])
    check = validate_path(board, "me", [(1, 1)], 5)
    assert (check.ok, check.reason, check.square) == (False, "corner_cutting", (1, 1))
    assert reachable(board, "me", 2).cost_to((1, 1)) == 2  # around: down then right


@pytest.mark.parametrize("corner", ["~", "=", " "])
def test_water_lava_and_the_void_do_not_block_corners(corner: str) -> None:
    board = board_from_text([f".{corner}", f"{corner}."], tokens=[me()])
    assert validate_path(board, "me", [(1, 1)], 2).ok


def test_objects_block_corners_and_passage_but_levers_do_not() -> None:
    dungeon = DungeonMap.blank(2, 2)
    dungeon.objects[(1, 0)] = MapObject(ObjectKind.BARREL, 3)
    board = Board(dungeon, [me()])
    assert validate_path(board, "me", [(1, 1)], 2).reason == "corner_cutting"
    assert validate_path(board, "me", [(1, 0)], 2).reason == "impassable_terrain"
    dungeon.objects[(1, 0)] = MapObject(ObjectKind.LEVER, 2)
    board = Board(dungeon, [me()])
    assert validate_path(board, "me", [(1, 0)], 2).ok


def test_figures_do_not_block_corners() -> None:
    board = board_from_text(["..", ".."], tokens=[me(), Token("orc", 1, 0, "dungeon")])
    assert validate_path(board, "me", [(1, 1)], 2).ok


@pytest.mark.parametrize("ch", ["#", "~", "=", "o", "+", "L", " "])
def test_impassable_terrain(ch: str) -> None:
    board = board_from_text([f".{ch}."], tokens=[me()])
    check = validate_path(board, "me", [(1, 0), (2, 0)], 5)
    assert (check.ok, check.reason, check.square) == (False, "impassable_terrain", (1, 0))
    assert not reachable(board, "me", 5).can_end((2, 0))


def test_open_doors_and_stepping_off_the_map() -> None:
    board = board_from_text(["./."], tokens=[me()])
    assert validate_path(board, "me", [(1, 0), (2, 0)], 2).ok
    assert validate_path(board, "me", [(-1, 0)], 2).reason == "impassable_terrain"


def test_through_allies_but_not_onto_them() -> None:
    board = board_from_text(["..."], tokens=[me(), Token("pal", 1, 0, "party")])
    assert validate_path(board, "me", [(1, 0), (2, 0)], 2).ok
    check = validate_path(board, "me", [(1, 0)], 2)
    assert (check.reason, check.square) == ("occupied", (1, 0))
    reach = reachable(board, "me", 2)
    assert reach.squares() == [(2, 0)]
    assert reach.cost_to((1, 0)) == 1 and not reach.can_end((1, 0))
    assert reach.path_to((2, 0)) == [(1, 0), (2, 0)]
    shy = reachable(board, "me", 2, allies_pass=False)
    assert shy.squares() == []
    no = validate_path(board, "me", [(1, 0), (2, 0)], 2, allies_pass=False)
    assert (no.reason, no.square) == ("occupied", (1, 0))


def test_never_through_enemies_unless_slipping_through() -> None:
    board = board_from_text(["..."], tokens=[me(), Token("orc", 1, 0, "dungeon")])
    assert validate_path(board, "me", [(1, 0), (2, 0)], 2).reason == "occupied"
    assert reachable(board, "me", 2).squares() == []
    rat = board_from_text(["..."], tokens=[me(slips_through=True), Token("orc", 1, 0, "dungeon")])
    assert validate_path(rat, "me", [(1, 0), (2, 0)], 2).ok
    assert validate_path(rat, "me", [(1, 0)], 2).reason == "occupied"
    assert reachable(rat, "me", 2).squares() == [(2, 0)]


def test_across_corpses_but_not_ending_on_them() -> None:
    board = board_from_text(["..."], tokens=[me(), Token("body", 1, 0, "dungeon", dead=True)])
    assert validate_path(board, "me", [(1, 0), (2, 0)], 2).ok
    check = validate_path(board, "me", [(1, 0)], 2)
    assert (check.reason, check.square) == ("cannot_end_here", (1, 0))
    assert reachable(board, "me", 2).squares() == [(2, 0)]


def test_fire_spouts_are_crossed_not_ended_on() -> None:
    board = board_from_text([".^."], tokens=[me()])
    assert validate_path(board, "me", [(1, 0), (2, 0)], 2).ok
    assert validate_path(board, "me", [(1, 0)], 2).reason == "cannot_end_here"
    assert reachable(board, "me", 2).squares() == [(2, 0)]


def test_path_steps_must_be_adjacent() -> None:
    board = board_from_text(["...."], tokens=[me()])
    assert validate_path(board, "me", [(2, 0)], 5).reason == "not_adjacent"
    assert validate_path(board, "me", [(0, 0)], 5).reason == "not_adjacent"
    assert validate_path(board, "me", [], 5).ok


def test_move_distances_cover_the_whole_map() -> None:
    board = board_from_text(["....#....", "....#....", "........."], tokens=[me()])
    dist = move_distances(board, "me")
    assert dist[0, 8] == 12  # down 2, across 8, up 2 (a diagonal costs two)
    assert math.isinf(dist[0, 4])
    assert dist[0, 0] == 0
    full = whole_map_reach(board, "me")
    assert full.can_end((8, 0))
    assert validate_path(board, "me", full.path_to((8, 0)), 12).cost == 12


def test_a_path_leads_through_the_cheapest_squares() -> None:
    board = board_from_text([".....", ".###.", "....."], tokens=[me()])
    reach = reachable(board, "me", 12)
    path = reach.path_to((4, 2))
    assert path is not None and path[-1] == (4, 2)
    assert validate_path(board, "me", path, 12).cost == reach.cost_to((4, 2)) == 6
    assert reach.path_to((1, 1)) is None
    assert reach.path_to((0, 0)) == []


# -- against a plain Dijkstra --------------------------------------------------------
def reference_costs(board: Board, mover: Token, allies_pass: bool) -> dict:
    """Cheapest costs, written straight from the rules with the DungeonMap API."""
    d = board.dungeon
    blocked_kinds = {
        Terrain.WALL,
        Terrain.WATER,
        Terrain.LAVA,
        Terrain.OBSTACLE,
        Terrain.VOID,
        Terrain.DOOR_CLOSED,
        Terrain.DOOR_LOCKED,
    }
    corner_kinds = {Terrain.WALL, Terrain.OBSTACLE, Terrain.DOOR_CLOSED, Terrain.DOOR_LOCKED}

    def obj_blocks(x: int, y: int) -> bool:
        o = d.object_at(x, y)
        return o is not None and o.kind is not ObjectKind.LEVER

    def enterable(x: int, y: int) -> bool:
        if not d.in_bounds(x, y) or d.terrain_at(x, y) in blocked_kinds or obj_blocks(x, y):
            return False
        for t in board.tokens:
            if (t.x, t.y) == (x, y) and t.id != mover.id and not t.dead:
                if mover.slips_through:
                    continue
                if t.side != mover.side or not allies_pass:
                    return False
        return True

    def corner(x: int, y: int) -> bool:
        return d.terrain_at(x, y) in corner_kinds or obj_blocks(x, y)

    def step_ok(x: int, y: int, nx: int, ny: int) -> bool:
        dh = abs(d.floor_at(nx, ny) - d.floor_at(x, y))
        if nx != x and ny != y:
            return dh <= 1 and not corner(nx, y) and not corner(x, ny)
        if dh <= 1:
            return True
        axis = "EW" if ny == y else "NS"
        stairs = [d.stairs_at(x, y), d.stairs_at(nx, ny)]
        return dh <= 3 and any(s is not None and s.value in axis for s in stairs)

    best = {mover.pos: 0}
    heap = [(0, mover.pos)]
    while heap:
        c, (x, y) = heapq.heappop(heap)
        if c > best[(x, y)]:
            continue
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx, dy) == (0, 0) or not enterable(nx, ny) or not step_ok(x, y, nx, ny):
                    continue
                nc = c + (2 if dx and dy else 1)
                if nc < best.get((nx, ny), math.inf):
                    best[(nx, ny)] = nc
                    heapq.heappush(heap, (nc, (nx, ny)))
    return best


def reference_ends(board: Board, mover: Token, costs: dict, points: int) -> list:
    taken = {(t.x, t.y) for t in board.tokens if t.id != mover.id}
    return sorted(
        sq
        for sq, c in costs.items()
        if c <= points
        and sq != mover.pos
        and sq not in taken
        and board.dungeon.terrain_at(*sq) is not Terrain.FIRE_SPOUT
    )


@st.composite
def move_boards(draw: st.DrawFn) -> tuple[Board, Token]:
    w = draw(st.integers(1, 11))
    h = draw(st.integers(1, 11))
    rows = [
        draw(st.text(st.sampled_from("........#~=o^+/ s"), min_size=w, max_size=w))
        for _ in range(h)
    ]
    top = draw(st.sampled_from([0, 2, 4, 30]))
    digits = st.sampled_from("0123456789abcdefghijklmnopqrstuvwxyz"[: top + 1])
    heights = [draw(st.text(digits, min_size=w, max_size=w)) for _ in range(h)]
    stairs = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == "s":
                stairs[f"{x},{y}"] = draw(st.sampled_from("NESW"))
    dungeon = board_from_text(rows, heights, stairs).dungeon
    if draw(st.booleans()):
        x, y = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        dungeon.objects[(x, y)] = MapObject(draw(st.sampled_from(list(ObjectKind))), 2)
    mx, my = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
    mover = Token("me", mx, my, "party", Facing.N, slips_through=draw(st.booleans()))
    tokens = {mover.pos: mover}
    for k in range(draw(st.integers(0, 6))):
        t = Token(
            f"f{k}",
            draw(st.integers(0, w - 1)),
            draw(st.integers(0, h - 1)),
            draw(st.sampled_from(["party", "dungeon"])),
            dead=draw(st.booleans()),
        )
        tokens.setdefault(t.pos, t)
    return Board(dungeon, list(tokens.values())), mover


def finite(cost: np.ndarray) -> dict:
    ys, xs = np.nonzero(np.isfinite(cost))
    return {(int(x), int(y)): float(cost[y, x]) for y, x in zip(ys, xs, strict=True)}


@settings(max_examples=150, deadline=None)
@given(move_boards(), st.integers(0, 14), st.booleans())
def test_reach_equals_a_plain_dijkstra(case, points: int, allies_pass: bool) -> None:
    board, mover = case
    ref = reference_costs(board, mover, allies_pass)
    reach = reachable(board, "me", points, allies_pass=allies_pass)
    within = {sq: c for sq, c in ref.items() if c <= points}
    assert finite(reach.cost) == within
    assert reach.squares() == reference_ends(board, mover, ref, points)
    dist = move_distances(board, "me", allies_pass=allies_pass)
    assert finite(dist) == ref
    for sq in reach.squares():
        path = reach.path_to(sq)
        check = validate_path(board, "me", path, points, allies_pass=allies_pass)
        assert check.ok and check.cost == ref[sq]


STEPS = [(1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]


@settings(max_examples=100, deadline=None)
@given(move_boards(), st.lists(st.sampled_from(STEPS), max_size=6), st.integers(0, 10))
def test_validate_path_agrees_with_the_dijkstra_rules(case, steps, points: int) -> None:
    board, mover = case
    path, here = [], mover.pos
    for dx, dy in steps:
        here = (here[0] + dx, here[1] + dy)
        path.append(here)
    check = validate_path(board, "me", path, points)
    if check.ok and path and path[-1] != mover.pos:
        # A legal path ends somewhere reachable at no less than the cheapest cost.
        reach = reachable(board, "me", points)
        assert reach.can_end(path[-1])
        assert reach.cost_to(path[-1]) <= check.cost <= points
