"""Benchmark the table-top geometry (In a World Where Bricks Rule) against the 16 ms frame.

Run ``.venv/bin/python benchmarks/bench_tabletop.py`` (``--quick`` for a smoke run).
On the demo battle table (64x40 studs, ten figures) and on a 256x256-stud table with
forty figures, it times what play mode asks when a figure is picked or a target hovered:

* the move hint, every cell one straight length away (``reachable_cells``), against the
  reference measured in the same run: the same answer cell by cell with ``straight_move``;
* the choices of the acting figure (every attack target validated);
* the sight line and cover of one ranged attack.

Each is the median of repeated calls after a warm-up, printed in ms, as a ratio to the
reference, and as a share of the 16 ms frame.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from tempfile import TemporaryDirectory

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.datafiles import resource_dir
from companion.model.dungeon import Terrain
from companion.model.geometry.tabletop import (
    centre_distance,
    centre_of,
    cover_fraction,
    reachable_cells,
    sight_blocked,
    straight_move,
)
from companion.model.mapfile import FigurePlacement, MapDocument, new_document
from companion.rules.game import Game
from companion.rules.maps import load_map_file

FRAME_MS = 16.0
CLASSES = ("archer", "brute", "knight", "ninja", "soldier", "swordsman", "wizard", "vigilante")


def median_ms(fn: Callable[[], object], repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def big_table(figures: int) -> tuple[MapDocument, dict[str, object]]:
    rng = np.random.default_rng(11)
    doc = new_document(256, 256, border=False, name="Big table")
    d = doc.dungeon
    d.terrain[rng.random((256, 256)) < 0.03] = int(Terrain.WALL)
    d.terrain[rng.random((256, 256)) < 0.05] = int(Terrain.DIFFICULT)
    d.floor[:] = rng.integers(0, 2, (256, 256))
    chars = []
    placed = []
    for i in range(figures):
        x, y = 100 + (i % 8) * 6, 100 + (i // 8) * 6
        d.terrain[y, x] = int(Terrain.FLOOR)
        side = "red" if i % 2 == 0 else "blue"
        cls = CLASSES[i % len(CLASSES)]
        placed.append(FigurePlacement(id=f"f{i}", side=side, class_id=cls, at=(x, y)))
        chars.append({"id": f"f{i}", "side": side, "level": 2, "class": cls, "weapon": "sword"})
    doc.figures = placed
    from companion.model.mapfile import MapOptions

    doc.options = MapOptions(ruleset="in_a_world_where_bricks_rule")
    roster = {
        "format": "brick-companion-roster",
        "ruleset": "in_a_world_where_bricks_rule",
        "sides": ["red", "blue"],
        "characters": chars,
    }
    return doc, roster


def demo_table() -> tuple[MapDocument, dict[str, object]]:
    doc = load_map_file(resource_dir() / "dungeons" / "iawwbr-demo.json")
    roster = json.loads((resource_dir() / "parties" / "iawwbr-demo.roster.json").read_text())
    return doc, roster


def run(name: str, doc: MapDocument, roster: dict[str, object], repeat: int) -> None:
    with TemporaryDirectory() as tmp:
        game = Game.create(Path(tmp) / "b.game.jsonl", doc, party=roster, seed=3)
        rules, state = game.ruleset, game.state
        fid = game.turn().acting or next(iter(state.fighters))
        f = state.fighters[fid]
        others = state.bases(exclude=fid)
        length = float(state.options.length_studs)

        def hint() -> object:
            return reachable_cells(state.table, f.base, length, others, tall=2)

        def reference() -> object:
            out = []
            h, w = state.table.terrain.shape
            for y in range(max(0, int(f.y) - 17), min(h, int(f.y) + 18)):
                for x in range(max(0, int(f.x) - 17), min(w, int(f.x) + 18)):
                    p = centre_of((x, y))
                    if ((p[0] - f.x) ** 2 + (p[1] - f.y) ** 2) ** 0.5 <= length:
                        out.append(straight_move(state.table, f.base, p, others, tall=2))
            return out

        target = min(
            (o for o in state.fighters.values() if o.side != f.side),
            key=lambda o: centre_distance(o.base, f.base),
        )
        ref = median_ms(reference, max(3, repeat // 4))
        rows = [
            ("move hint (every cell one length away)", median_ms(hint, repeat)),
            ("choices of the acting figure", median_ms(lambda: rules.choices(state, fid), repeat)),
            (
                "sight line + cover of a ranged attack",
                median_ms(
                    lambda: (
                        sight_blocked(state.table, f.base, target.base, others, tall=2),
                        cover_fraction(state.table, f.base, target.base, others, tall=2),
                    ),
                    repeat,
                ),
            ),
        ]
        print(f"\n{name}  (reference: the hint cell by cell, {ref:.1f} ms)")
        print(f"{'interaction':44} {'median':>9} {'vs ref':>8} {'of frame':>9}")
        for label, ms in rows:
            print(f"{label:44} {ms:7.2f}ms {ms / ref:7.2f}x {ms / FRAME_MS:8.0%}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats")
    args = parser.parse_args()
    repeat = 5 if args.quick else 30
    run("demo battle table, 64x40 studs, 10 figures", *demo_table(), repeat)
    run("256x256-stud table, 40 figures", *big_table(40), repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
