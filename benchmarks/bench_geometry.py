"""Benchmark the geometry engine against python-tcod on random dungeons.

Run ``.venv/bin/python benchmarks/bench_geometry.py`` (``--quick`` for a smoke run).
Maps are 64x64, 128x128 and 256x256 squares: a 20%-wall and an open 2%-wall variant
with random floor heights 0-30 (so almost nothing is reachable: a step may climb one
brick), an open variant with smooth hills (heights 0-30 changing slowly) and an open
variant with a flat floor and a few 1-3 brick platforms (the usual dungeon).  Each map
has a dozen figures.  Every operation is timed as the median of repeated calls after a
warm-up call.

References (same maps, same run): ``tcod.map.compute_fov`` (symmetric shadowcasting,
flat, on the same opaque squares) for sight, ``tcod.path.dijkstra2d`` (cardinal 1,
diagonal 2, on the passable squares; it knows nothing of heights, corners or figures)
for movement.  The full run writes the table to ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.model.dungeon import DungeonMap, Facing, Terrain
from companion.model.figures import Token
from companion.model.geometry import (
    Board,
    area_circle,
    area_cone,
    area_line,
    area_square,
    line_of_sight,
    move_distances,
    reachable,
    visible_squares,
)
from companion.model.geometry import sight as sight_module

try:
    import tcod
except ImportError:  # pragma: no cover - the reference is optional
    tcod = None

Row = tuple[str, str, float, float | None]


def make_board(n: int, walls: float, heights: str, seed: int) -> tuple[Board, tuple[int, int]]:
    """A random ``n`` x ``n`` dungeon with figures; returns the board and a hero's square."""
    rng = np.random.default_rng(seed)
    dungeon = DungeonMap.blank(n, n)
    dungeon.terrain[rng.random((n, n)) < walls] = int(Terrain.WALL)
    if heights == "random":
        dungeon.floor[:] = rng.integers(0, 31, (n, n))
    elif heights == "platforms":
        for _ in range(n // 8):
            x, y = rng.integers(0, n - 8, 2)
            dungeon.floor[y : y + 6, x : x + 6] = rng.integers(1, 4)
    else:
        yy, xx = np.mgrid[0:n, 0:n]
        hills = 15 + 9 * np.sin(xx / 11.0 + 1) * np.cos(yy / 13.0) + 5 * np.sin((xx + yy) / 7)
        dungeon.floor[:] = np.clip(np.round(hills), 0, 30)
    hero = (n // 2, n // 2)
    dungeon.terrain[hero[1], hero[0]] = int(Terrain.FLOOR)
    free = np.argwhere(dungeon.terrain == int(Terrain.FLOOR))
    picks = free[rng.choice(len(free), size=min(12, len(free)), replace=False)]
    tokens = [Token("hero", *hero, "party", Facing.E)]
    for k, (y, x) in enumerate(picks):
        if (x, y) != hero:
            tokens.append(Token(f"f{k}", int(x), int(y), "party" if k % 3 == 0 else "dungeon"))
    return Board(dungeon, tokens), hero


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return 1000.0 * statistics.median(times)


def far_square(board: Board, hero: tuple[int, int], reach: int) -> tuple[int, int]:
    """A square about ``reach`` away from the hero, diagonally-ish, on the map."""
    x = min(board.width - 1, hero[0] + reach)
    y = min(board.height - 1, hero[1] + reach // 2)
    return (x, y)


def bench_map(name: str, board: Board, hero: tuple[int, int], repeat: int) -> list[Row]:
    rows: list[Row] = []
    transparency = ~board.sight_flat
    fov_ref = None
    dij_ref = None
    if tcod is not None:

        def fov() -> object:
            return tcod.map.compute_fov(
                transparency,
                (hero[1], hero[0]),
                radius=0,
                light_walls=True,
                algorithm=tcod.constants.FOV_SYMMETRIC_SHADOWCAST,
            )

        cost = (~board.layers.blocks_movement).astype(np.int32)

        def dijkstra() -> object:
            dist = np.full(cost.shape, np.iinfo(np.int32).max, dtype=np.int32)
            dist[hero[1], hero[0]] = 0
            tcod.path.dijkstra2d(dist, cost, cardinal=1, diagonal=2, out=dist)
            return dist

        fov_ref = median_ms(fov, repeat)
        dij_ref = median_ms(dijkstra, repeat)
    rows.append(
        (
            "visible_squares flat",
            name,
            median_ms(lambda: visible_squares(board, hero, mode="flat"), repeat),
            fov_ref,
        )
    )
    rows.append(
        (
            "visible_squares 3d",
            name,
            median_ms(lambda: visible_squares(board, hero, mode="3d"), repeat),
            fov_ref,
        )
    )
    rows.append(
        ("reachable move 12", name, median_ms(lambda: reachable(board, "hero", 12), repeat), None)
    )
    rows.append(
        ("move_distances", name, median_ms(lambda: move_distances(board, "hero"), repeat), dij_ref)
    )
    target = far_square(board, hero, 20)
    rows.append(
        (
            "one line_of_sight (20 sq.)",
            name,
            median_ms(lambda: line_of_sight(board, hero, target), repeat * 10),
            None,
        )
    )

    far = far_square(board, hero, 120)
    reach = max(abs(far[0] - hero[0]), abs(far[1] - hero[1]))

    def cold() -> object:
        sight_module._crossings.cache_clear()
        return line_of_sight(board, hero, far)

    rows.append(
        (f"one line_of_sight ({reach} sq., cold cache)", name, median_ms(cold, repeat * 10), None)
    )
    rows.append(
        ("area_circle r4", name, median_ms(lambda: area_circle(board, hero, 4), repeat * 10), None)
    )
    rows.append(
        (
            "area_cone L4",
            name,
            median_ms(lambda: area_cone(board, hero, Facing.E, 4), repeat * 10),
            None,
        )
    )
    rows.append(
        (
            "area_line L8",
            name,
            median_ms(lambda: area_line(board, hero, target, 8), repeat * 10),
            None,
        )
    )
    rows.append(
        ("area_square 5", name, median_ms(lambda: area_square(board, hero, 5), repeat * 10), None)
    )
    return rows


def fmt(ms: float | None) -> str:
    if ms is None:
        return "-"
    return f"{ms * 1000:.0f} µs" if ms < 1 else f"{ms:.2f} ms"


def table(rows: list[Row]) -> str:
    lines = ["| operation | map | ours | reference | ratio |", "|---|---|---:|---:|---:|"]
    for op, name, ours, ref in rows:
        ratio = f"{ours / ref:.2f}" if ref else "-"
        lines.append(f"| {op} | {name} | {fmt(ours)} | {fmt(ref)} | {ratio} |")
    return "\n".join(lines)


def targets(rows: list[Row]) -> list[str]:
    """The brief's speed targets, met or not."""
    by = {(op, name): (ours, ref) for op, name, ours, ref in rows}
    out = []

    def check(label: str, ok: bool, detail: str) -> None:
        out.append(f"- {'MET' if ok else 'NOT MET'}: {label} ({detail})")

    for n, limit in ((128, 2.0), (256, 10.0)):
        key = ("visible_squares 3d", f"{n}x{n} open 2%, random heights")
        if key in by:
            ms = by[key][0]
            check(f"3d visible_squares, open {n}x{n} <= {limit:g} ms", ms <= limit, fmt(ms))
    reach = [ours for (op, _), (ours, _) in by.items() if op == "reachable move 12"]
    if reach:
        check("reachable <= 0.5 ms on every map", max(reach) <= 0.5, f"worst {fmt(max(reach))}")
    slower = [
        f"{name}: {fmt(ours)} vs {fmt(ref)}"
        for (op, name), (ours, ref) in by.items()
        if op == "move_distances" and ref is not None and ours > ref
    ]
    if any(op == "move_distances" for op, _ in by):
        check(
            "move_distances no slower than dijkstra2d",
            not slower,
            "; ".join(slower) if slower else "faster on every map",
        )
    small = [
        ours for (op, _), (ours, _) in by.items() if op.startswith(("one line_of_sight", "area_"))
    ]
    if small:
        check("one LOS or one area <= 50 µs", max(small) <= 0.05, f"worst {fmt(max(small))}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small maps, few repeats")
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="write the table here (default: benchmarks/RESULTS.md on a full run)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="run everything this many times and keep each row's best "
        "median (default 3; 1 with --quick)",
    )
    args = parser.parse_args(argv)
    sizes = (64,) if args.quick else (64, 128, 256)
    repeat = 3 if args.quick else 21
    rounds = args.rounds or (1 if args.quick else 3)
    variants = [
        ("walls 20%, random heights", 0.20, "random"),
        ("open 2%, random heights", 0.02, "random"),
        ("open 2%, smooth heights", 0.02, "smooth"),
        ("open 2%, flat floor + platforms", 0.02, "platforms"),
    ]
    rows: list[Row] = []
    for round_ in range(rounds):
        got: list[Row] = []
        for n in sizes:
            for k, (label, walls, heights) in enumerate(variants):
                board, hero = make_board(n, walls, heights, seed=1000 * n + k)
                name = f"{n}x{n} {label}"
                print(f"... round {round_ + 1}/{rounds}: {name}", file=sys.stderr, flush=True)
                got.extend(bench_map(name, board, hero, repeat))
        # The machine is shared: keep each row's best median over the rounds.
        rows = (
            got
            if not rows
            else [
                (op, name, min(a, b), None if r1 is None else min(r1, r2))
                for (op, name, a, r1), (_, _, b, r2) in zip(rows, got, strict=True)
            ]
        )
    text = table(rows)
    summary = "\n".join(targets(rows))
    print(text)
    print()
    print(summary)
    out = (
        args.out
        if args.out is not None
        else (None if args.quick else Path(__file__).with_name("RESULTS.md"))
    )
    if out is not None:
        header = (
            "# Geometry benchmark\n\n"
            f"`.venv/bin/python benchmarks/bench_geometry.py` on {platform.machine()} "
            f"({platform.processor() or 'cpu'}), Python {platform.python_version()}, "
            f"NumPy {np.__version__}"
            + (f", tcod {tcod.__version__}" if tcod is not None else ", no tcod")
            + f", {time.strftime('%Y-%m-%d')}.  Each row: the median of {repeat} calls "
            "(10x that for single sight lines and areas) after a warm-up call, best of "
            f"{rounds} rounds (the 2-core machine is shared with other work).\n"
            "Reference: `tcod.map.compute_fov` (flat symmetric shadowcast) for sight, "
            "`tcod.path.dijkstra2d` (passable squares only, no heights) for movement.\n\n"
        )
        out.write_text(header + text + "\n\n## Targets\n\n" + summary + "\n")
        print(f"\nwritten to {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
