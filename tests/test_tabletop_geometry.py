"""Table-top geometry: round bases in studs, straight moves, contact, sight and cover."""

from __future__ import annotations

import itertools
import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.model.dungeon import DungeonMap, Terrain
from companion.model.geometry.tabletop import (
    Base,
    centre_of,
    cover_fraction,
    gap,
    in_contact,
    line_cells,
    sight_blocked,
    straight_move,
    terrain_blocks,
)
from companion.model.geometry.tabletop_reach import reachable_cells
from companion.model.textmap import parse_text_map


def table(*rows: str, heights: list[str] | None = None) -> DungeonMap:
    return parse_text_map(list(rows), heights)


def base(fid: str, cell: tuple[int, int], radius: float = 1.0, elevation: int = 0) -> Base:
    x, y = centre_of(cell)
    return Base(fid, x, y, radius, "red", elevation)


def test_gap_and_contact_between_round_bases() -> None:
    a, b = base("a", (2, 2)), base("b", (4, 2))
    assert gap(a, b) == 0.0 and in_contact(a, b, 0.0)
    c = base("c", (4, 3))  # (2, 1) away: sqrt(5) - 2 = 0.24 studs apart
    assert math.isclose(gap(a, c), math.sqrt(5) - 2)
    assert in_contact(a, c, 0.5) and not in_contact(a, c, 0.1)
    assert gap(a, base("d", (12, 2))) == 8.0


def test_a_straight_move_is_blocked_by_tall_cells_not_low_ones() -> None:
    t = table(
        "..........", "..........", "..........", heights=["0000300000", "0000100000", "0000000000"]
    )
    mover = base("m", (1, 0))
    assert straight_move(t, mover, centre_of((8, 0)), [], tall=2).blocked_at == (4, 0)
    low = straight_move(t, base("m", (1, 1)), centre_of((8, 1)), [], tall=2)
    assert low.blocked_at is None and low.length == 7.0
    # Standing on the 3-brick block, stepping down is free.
    down = straight_move(t, base("m", (4, 0), elevation=3), centre_of((8, 0)), [], tall=2)
    assert down.blocked_at is None and down.elevation == 0
    # The jetpack ignores tall cells, and lands on top of what it reaches.
    up = straight_move(t, mover, centre_of((4, 0)), [], tall=2, ignore_tall=True)
    assert up.blocked_at is None and up.elevation == 3


def test_a_jetpack_flies_over_walls_and_water_but_lands_on_ground() -> None:
    """The Space Trooper is "not affected by terrain or characters that would block its
    movement": over a wall and a river, never beyond the table's edge, never onto water."""
    t = table("....#..~~....", "...%%%.......", "...... ......")
    jet = base("m", (0, 0))
    over = straight_move(t, jet, centre_of((12, 0)), [], tall=2, ignore_tall=True)
    assert over.blocked_at is None
    assert straight_move(t, jet, centre_of((12, 0)), [], tall=2).blocked_at == (4, 0)
    assert straight_move(t, jet, centre_of((7, 0)), [], tall=2, ignore_tall=True).blocked_at == (
        7,
        0,
    )
    void = straight_move(t, base("m", (0, 2)), centre_of((12, 2)), [], tall=2, ignore_tall=True)
    assert void.blocked_at == (6, 2)
    assert straight_move(t, base("m", (0, 1)), centre_of((8, 1)), [], tall=2).difficult


def test_other_bases_block_the_way_and_the_end() -> None:
    t = table("....................")
    mover, other = base("m", (1, 0)), base("o", (8, 0))
    through = straight_move(t, mover, centre_of((15, 0)), [other], tall=2)
    assert through.through == "o" and through.onto is None
    onto = straight_move(t, mover, centre_of((7, 0)), [other], tall=2)
    assert onto.onto == "o"
    # Into base contact, exactly touching: allowed.
    touch = straight_move(t, mover, centre_of((6, 0)), [other], tall=2)
    assert touch.onto is None and touch.through is None
    # A base in contact does not stop a move away from it.
    away = straight_move(t, base("m", (6, 0)), centre_of((1, 0)), [other], tall=2)
    assert away.through is None


def test_sight_is_blocked_by_tall_cells_and_by_characters() -> None:
    t = table("............", "............", heights=["000002000000", "000001000000"])
    a, b = base("a", (1, 0)), base("b", (10, 0))
    assert sight_blocked(t, a, b, [], tall=2) == (5, 0)
    assert sight_blocked(t, base("a", (1, 1)), base("b", (10, 1)), [], tall=2) is None
    # From high ground the low wall does not block.
    high = sight_blocked(
        t, base("a", (1, 0), elevation=4), base("b", (10, 0), elevation=4), [], tall=2
    )
    assert high is None
    middle = base("c", (6, 1))
    assert sight_blocked(t, base("a", (1, 1)), base("b", (10, 1)), [middle], tall=2) == "c"
    # Cover: the share of five lines to the target's base that are blocked.
    assert cover_fraction(t, base("a", (1, 1)), base("b", (10, 1)), [], tall=2) < 0.5
    assert cover_fraction(t, a, b, [], tall=2) >= 0.5


def test_line_cells_run_from_start_to_end() -> None:
    cells = line_cells((0, 0), (4, 2))
    assert cells[0] == (0, 0) and cells[-1] == (4, 2)
    assert all(
        abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1 for a, b in itertools.pairwise(cells)
    )


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    reach=st.sampled_from([4.0, 6.5, 9.0]),
    jet=st.booleans(),
)
def test_reachable_cells_agree_with_straight_moves(seed: int, reach: float, jet: bool) -> None:
    """The batch answer (the move hint) and the one-move check (validation) never differ."""
    rng = np.random.default_rng(seed)
    w, h = 16, 12
    t = DungeonMap.blank(w, h, Terrain.FLOOR)
    t.terrain[rng.random((h, w)) < 0.08] = int(Terrain.WALL)
    t.terrain[rng.random((h, w)) < 0.1] = int(Terrain.DIFFICULT)
    t.floor[:] = rng.integers(0, 3, (h, w))
    t.terrain[6, 8] = int(Terrain.FLOOR)
    mover = base("m", (8, 6), elevation=int(t.floor[6, 8]))
    others = []
    for i in range(4):
        x, y = int(rng.integers(0, w)), int(rng.integers(0, h))
        if (x, y) != (8, 6):
            others.append(base(f"o{i}", (x, y)))
    fast = reachable_cells(t, mover, reach, others, tall=2, ignore_tall=jet, ignore_figures=jet)
    slow = set()
    for y in range(h):
        for x in range(w):
            p = centre_of((x, y))
            if math.hypot(p[0] - mover.x, p[1] - mover.y) > reach or (x, y) == (8, 6):
                continue
            m = straight_move(t, mover, p, others, tall=2, ignore_tall=jet, ignore_figures=jet)
            if m.blocked_at is None and m.through is None and m.onto is None and not m.off_table:
                slow.add((x, y))
                assert fast[(x, y)].difficult == m.difficult
                assert fast[(x, y)].elevation == m.elevation
    assert set(fast) == slow


def test_a_move_follows_the_ground_it_crosses() -> None:
    """Down off a 2-brick block, a 3-brick wall is tall again: the mover's height is the
    ground it stands on along the way, not the height it started from."""
    t = table("................", heights=["0002000003000000"])
    on_block = base("m", (3, 0), elevation=2)
    stopped = straight_move(t, on_block, centre_of((14, 0)), [], tall=2)
    assert stopped.blocked_at == (9, 0)
    # Along a ridge it stays up: from the block onto the 3-brick wall is one brick up.
    ridge = table("................", heights=["0002223333300000"])
    walk = straight_move(ridge, base("m", (3, 0), elevation=2), centre_of((9, 0)), [], tall=2)
    assert walk.blocked_at is None and walk.elevation == 3


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_terrain_blocks_agrees_with_sight_lines_one_by_one(seed: int) -> None:
    """The batch sight test (the move hint's stop at reach) and ``sight_blocked`` with no
    figures agree line by line: walls, tall cells, lines leaving the table, zero length."""
    rng = np.random.default_rng(seed)
    w, h = 14, 10
    t = DungeonMap.blank(w, h, Terrain.FLOOR)
    t.terrain[rng.random((h, w)) < 0.08] = int(Terrain.WALL)
    t.terrain[rng.random((h, w)) < 0.03] = int(Terrain.DOOR_CLOSED)
    t.floor[:] = rng.integers(0, 4, (h, w))
    lines = []
    for _ in range(30):
        a = (float(rng.uniform(-1, w + 1)), float(rng.uniform(-1, h + 1)))
        b = a if rng.random() < 0.1 else (float(rng.uniform(0, w)), float(rng.uniform(0, h)))
        lines.append((a, b, int(rng.integers(0, 4)), int(rng.integers(0, 4))))
    got = terrain_blocks(t, lines, tall=2)
    want = [
        isinstance(
            sight_blocked(
                t, Base("a", *a, 1.0, "red", ea), Base("b", *b, 1.0, "red", eb), [], tall=2
            ),
            tuple,
        )
        for a, b, ea, eb in lines
    ]
    assert got.tolist() == want
    assert any(want) and not all(want)
