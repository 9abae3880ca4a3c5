"""``reachable_cells`` (the move hint, from rays kept per reach and place in the cell)
gives exactly the answer of the plain measure it replaced, kept here as the reference:
the same cells with the same ``StraightMove`` values, on many random tables."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest

from companion.model.dungeon import DungeonMap, Terrain
from companion.model.geometry import tabletop_reach as tabletop
from companion.model.geometry.tabletop import (
    _EPS,
    _SIDE,
    _STEP,
    Base,
    Square,
    StraightMove,
    TableLayers,
    _sweep,
    straight_move,
)
from companion.model.geometry.tabletop_reach import reachable_cells


def reference_reachable_cells(
    dungeon: DungeonMap,
    mover: Base,
    reach: float,
    others: Sequence[Base],
    *,
    tall: float,
    ignore_tall: bool = False,
    ignore_figures: bool = False,
) -> dict[Square, StraightMove]:
    """The measure before the rays were kept: every move sampled afresh, by sample count."""
    layers = TableLayers.of(dungeon)
    top = layers.top
    h, w = top.shape
    cx, cy = mover.centre
    r = math.ceil(reach) + 1
    ys, xs = np.mgrid[
        max(0, int(cy) - r) : min(h, int(cy) + r + 1), max(0, int(cx) - r) : min(w, int(cx) + r + 1)
    ]
    ex, ey = xs.ravel() + 0.5, ys.ravel() + 0.5
    length = np.hypot(ex - cx, ey - cy)
    keep = (length <= reach + _EPS) & (length > 0)
    ex, ey, length = ex[keep], ey[keep], length[keep]
    if len(ex) == 0:
        return {}
    counts = np.maximum(2, np.ceil(length / _STEP).astype(np.int64) + 1)
    ok = np.zeros(len(ex), bool)
    difficult = np.zeros(len(ex), bool)
    heights = np.zeros(len(ex))
    side = min(_SIDE, mover.radius)
    wall_map = layers.wall
    path_wall = layers.void if ignore_tall else wall_map
    for k in np.unique(counts):
        group = np.flatnonzero(counts == k)
        gx, gy, gl = ex[group], ey[group], length[group]
        t = np.linspace(0.0, 1.0, int(k))
        px = cx + (gx - cx)[:, None] * t
        py = cy + (gy - cy)[:, None] * t
        nx, ny = -(gy - cy) / gl * side, (gx - cx) / gl * side
        lines_x = np.stack([px, px + nx[:, None], px - nx[:, None]], axis=1)
        lines_y = np.stack([py, py + ny[:, None], py - ny[:, None]], axis=1)
        cols = np.floor(lines_x).astype(np.int64)
        rows = np.floor(lines_y).astype(np.int64)
        inside = (cols >= 0) & (cols < w) & (rows >= 0) & (rows < h)
        good = inside.all(axis=(1, 2))
        cols, rows = np.clip(cols, 0, w - 1), np.clip(rows, 0, h - 1)
        own = (cols == math.floor(cx)) & (rows == math.floor(cy)) & ~wall_map[rows, cols]
        stopped, _first, height = _sweep(
            top, path_wall, rows, cols, own, mover.elevation, tall, ignore_tall
        )
        good &= ~stopped & ~wall_map[np.floor(gy).astype(np.int64), np.floor(gx).astype(np.int64)]
        heights[group] = height
        ok[group] = good
        difficult[group] = layers.difficult[rows, cols].any(axis=(1, 2))
    for other in others:
        if other.id == mover.id:
            continue
        near = mover.radius + other.radius - _EPS
        dx, dy = ex - cx, ey - cy
        along = np.clip(((other.x - cx) * dx + (other.y - cy) * dy) / (length * length), 0, 1)
        d = np.hypot(cx + along * dx - other.x, cy + along * dy - other.y)
        end = np.hypot(ex - other.x, ey - other.y)
        blocked = end < near
        if not ignore_figures:
            blocked |= (d < near) & (along > 0)
        ok &= ~blocked
    found: dict[Square, StraightMove] = {}
    for i in np.flatnonzero(ok):
        found[(int(ex[i]), int(ey[i]))] = StraightMove(
            length=float(length[i]),
            off_table=False,
            blocked_at=None,
            through=None,
            onto=None,
            difficult=bool(difficult[i]),
            elevation=int(min(heights[i], 10_000)),
        )
    return found


def random_table(rng: np.random.Generator, w: int, h: int) -> DungeonMap:
    t = DungeonMap.blank(w, h, Terrain.FLOOR)
    t.terrain[rng.random((h, w)) < rng.uniform(0.0, 0.15)] = int(Terrain.WALL)
    t.terrain[rng.random((h, w)) < 0.05] = int(Terrain.WATER)
    t.terrain[rng.random((h, w)) < 0.02] = int(Terrain.VOID)
    t.terrain[rng.random((h, w)) < 0.1] = int(Terrain.DIFFICULT)
    t.floor[:] = rng.integers(0, int(rng.integers(1, 5)), (h, w))
    return t


#: Where in its cell a mover stands: the middle, a corner, and places that are not
#: multiples of 1/1024 stud (rays made for that point only).
FRACTIONS = (0.5, 0.5, 0.0, 0.25, 0.75, 0.999, 0.3, 0.7123)


def random_case(seed: int) -> tuple[DungeonMap, Base, float, list[Base], dict[str, object]]:
    rng = np.random.default_rng(seed)
    w, h = int(rng.integers(6, 40)), int(rng.integers(6, 40))
    t = random_table(rng, w, h)
    # At the table's edge, beside it, or anywhere on it.
    where = rng.integers(0, 4)
    x = (
        float(rng.choice([0, w - 1]))
        if where == 0
        else float(rng.integers(-1, w + 1))
        if where == 1
        else float(rng.integers(0, w))
    )
    y = float(rng.choice([0, h - 1])) if where == 2 else float(rng.integers(0, h))
    x += float(rng.choice(FRACTIONS))
    y += float(rng.choice(FRACTIONS))
    radius = float(rng.choice([1.0, 0.5, 0.3, 1.5, 0.0]))
    elevation = int(rng.integers(0, 5))
    mover = Base("m", x, y, radius, "red", elevation)
    others = [
        Base(
            f"o{i}",
            float(rng.integers(0, w)) + float(rng.choice(FRACTIONS)),
            float(rng.integers(0, h)) + float(rng.choice(FRACTIONS)),
            float(rng.choice([1.0, 0.5, 2.0])),
            "blue",
            0,
        )
        for i in range(int(rng.integers(0, 6)))
    ]
    others.append(mover)  # the mover itself is never in its own way
    reach = float(rng.choice([0.4, 1.0, 3.0, 4.5, 6.0, 7.3, 12.0, 13.5]))
    flags = {
        "tall": float(rng.choice([1.0, 2.0, 3.0])),
        "ignore_tall": bool(rng.random() < 0.3),
        "ignore_figures": bool(rng.random() < 0.3),
    }
    return t, mover, reach, others, flags


@pytest.mark.parametrize("seed", range(300))
def test_reachable_cells_equal_the_reference(seed: int) -> None:
    t, mover, reach, others, flags = random_case(seed)
    fast = reachable_cells(t, mover, reach, others, **flags)  # type: ignore[arg-type]
    slow = reference_reachable_cells(t, mover, reach, others, **flags)  # type: ignore[arg-type]
    assert fast == slow
    assert list(fast) == list(slow)  # in the same order too


def test_rays_kept_for_one_mover_serve_another_elsewhere() -> None:
    """Rays kept for a mover at one place serve every mover at the same place in its
    cell, anywhere on a wide table (samples on a cell's edge found again for each)."""
    rng = np.random.default_rng(5)
    t = random_table(rng, 300, 30)
    tabletop._RAYS.clear()
    for x in [3, 17, 64, 150, 255, 296]:
        for y in [2, 15, 27]:
            for frac in (0.5, 0.0, 0.25):
                mover = Base("m", x + frac, y + frac, 1.0, "red", int(t.floor[y, x]))
                for reach in (6.0, 12.0):
                    fast = reachable_cells(t, mover, reach, [], tall=2)
                    assert fast == reference_reachable_cells(t, mover, reach, [], tall=2)
    assert len(tabletop._RAYS) == 6  # three places in a cell, two reaches


@pytest.mark.parametrize("seed", range(12))
def test_reachable_cells_are_straight_moves_cell_by_cell(seed: int) -> None:
    t, mover, reach, others, flags = random_case(1000 + seed)
    layers = TableLayers.of(t)
    fast = reachable_cells(t, mover, reach, others, layers=layers, **flags)  # type: ignore[arg-type]
    h, w = t.terrain.shape
    for y in range(h):
        for x in range(w):
            p = (x + 0.5, y + 0.5)
            far = math.hypot(p[0] - mover.x, p[1] - mover.y)
            if far > reach + _EPS or far == 0:
                continue
            m = straight_move(t, mover, p, others, layers=layers, **flags)  # type: ignore[arg-type]
            free = m.blocked_at is None and m.through is None and m.onto is None
            assert ((x, y) in fast) == (free and not m.off_table), (x, y)
            if (x, y) in fast:
                assert fast[(x, y)] == m


def test_kept_rays_find_the_cells_rays_made_for_the_very_point_find() -> None:
    """The cells kept for a mover at one place in its cell, shifted to another mover's,
    are those found for that mover's own point, samples on a cell's edge included (a
    sample on an edge may fall on either side depending on where on the table it is)."""
    for frac in (0.5, 0.0, 0.25):
        for reach in (13.5, 16.0):
            kept = tabletop._make_rays(3 + frac, 4 + frac, reach, 0.45, edges=True)
            assert kept is not None and len(kept.edge_check)
            for x, y in [(17, 4), (64, 100), (255, 3), (1000, 20_000), (3, 4)]:
                own = tabletop._make_rays(x + frac, y + frac, reach, 0.45, edges=True)
                assert own is not None
                checks, runs = kept.cells_at(x + frac, y + frac)
                assert np.array_equal(checks, own.check_cell), (frac, reach, x, y)
                assert np.array_equal(runs, own.run_cell)
                assert np.array_equal(kept.check_before, own.check_before)
