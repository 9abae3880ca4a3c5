"""Benchmark Brickmasters of the Unknown's interactive queries against the 16 ms frame.

Run ``.venv/bin/python benchmarks/bench_bmotu.py`` (``--quick`` for a smoke run,
``--profile`` to print where the time goes in every row slower than the frame).

Two tables, each a game set up as File → New game… sets it up (``game_setup``: the map's
figures, a roster's characters or each class's or mook's kit):

* the demo encounter (File → Open Demo's "Goblin Ford Skirmish": 48x30 studs, eight
  heroes of every class against five mooks and monsters);
* a 256x256-stud table with forty figures: twenty heroes (the eight classes in turn, with
  their kits: the mage's and the elf's spells) and twenty mooks and monsters, scattered
  over its middle 128x128 studs among rocks and broken walls.

Each measured figure is made the first to act in the action phase (its initiative above
the others'), then play mode's questions are timed:

* the move hint, every stud the figure may move to, stopping where an enemy's reach begins
  (``moves``), against the reference measured in the same run: the same set found stud by
  stud, each stud within the figure's move validated as a ``move`` action (``validate``);
* the choices of the acting figure (every action the bar shows: each shot, spell mode and
  target validated).

Each is the median of repeated calls after a warm-up call (21, 5 with ``--quick``; fewer
when a call is slow: about two seconds of calls, at least three), in ms, as a ratio to the
reference and as a share of the 16 ms frame.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.datafiles import resource_dir
from companion.model.dungeon import Terrain
from companion.model.mapfile import FigurePlacement, MapDocument, MapOptions, new_document
from companion.rules.maps import load_map_file
from companion.rulesets.brickmasters_of_the_unknown.actions import ACTIONS
from companion.rulesets.brickmasters_of_the_unknown.plugin import BmotuRules

FRAME_MS = 16.0
BUDGET_MS = 2000.0
CLASSES = ("fighter", "mage", "rogue", "adventurer", "dwarf", "elf", "hobbit", "goblin")
MOOKS = ("orc", "soldier", "archer", "troll", "medium_beast", "knight", "goblin", "viking")
DEMO_MAP = resource_dir() / "dungeons" / "bmotu-goblin-ford.json"
DEMO_ROSTER = resource_dir() / "parties" / "bmotu-goblin-ford.roster.json"


def median_ms(fn: Callable[[], Any], repeat: int) -> tuple[float, int, Any]:
    """The median of up to ``repeat`` calls after a warm-up call, how many were timed,
    and what the warm-up call returned."""
    start = time.perf_counter()
    result = fn()
    first = (time.perf_counter() - start) * 1000
    calls = max(1 if first > BUDGET_MS else 3, min(repeat, int(BUDGET_MS / max(first, 1e-3))))
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), calls, result


def big_table(figures: int = 40) -> MapDocument:
    """256x256 studs: rocks (3%) and broken walls over the middle, forty figures in it."""
    rng = np.random.default_rng(7)
    doc = new_document(256, 256, border=False, name="Big skirmish table")
    t = doc.dungeon.terrain
    rocks = rng.random((256, 256)) < 0.03
    t[rocks] = int(Terrain.OBSTACLE)
    for _ in range(24):  # broken walls: 10-stud runs with a gap
        x, y = (int(v) for v in rng.integers(70, 186, size=2))
        if rng.random() < 0.5:
            t[y, x : x + 10] = int(Terrain.WALL)
            t[y, x + 4 : x + 6] = int(Terrain.FLOOR)
        else:
            t[y : y + 10, x] = int(Terrain.WALL)
            t[y + 4 : y + 6, x] = int(Terrain.FLOOR)
    placed: list[FigurePlacement] = []
    taken: set[tuple[int, int]] = set()
    while len(placed) < figures:
        x, y = (int(v) for v in rng.integers(64, 192, size=2))
        if t[y, x] != int(Terrain.FLOOR) or any((x - a) ** 2 + (y - b) ** 2 < 9 for a, b in taken):
            continue
        taken.add((x, y))
        i = len(placed)
        hero = i % 2 == 0
        placed.append(
            FigurePlacement(
                id=f"{'h' if hero else 'm'}{i}",
                name=f"{'Hero' if hero else 'Raider'} {i}",
                side="blue" if hero else "red",
                class_id=CLASSES[(i // 2) % len(CLASSES)] if hero else None,
                monster=None if hero else MOOKS[(i // 2) % len(MOOKS)],
                at=(x, y),
            )
        )
    doc.figures = placed
    doc.options = MapOptions(ruleset="brickmasters_of_the_unknown")
    return doc


def first_to_act(rules: BmotuRules, setup: dict[str, Any], fid: str) -> Any:
    """The encounter with ``fid`` first in the action phase (initiatives given)."""
    figs = [
        {**f, "initiative": 99 if f["id"] == fid else 20 + i % 50}
        for i, f in enumerate(setup["figures"])
    ]
    return rules.initial_state({**setup, "figures": figs})


def reference_moves(rules: BmotuRules, state: Any, fid: str) -> set[tuple[int, int]]:
    """The move hint stud by stud: each stud within the move validated as a move."""
    f = state.figs[fid]
    x0, y0 = f.cell
    reach = int(rules.query(state, {"query": "move", "actor": fid})["value"]) + 1
    table = state.table
    out = set()
    for y in range(max(0, y0 - reach), min(table.height, y0 + reach + 1)):
        for x in range(max(0, x0 - reach), min(table.width, x0 + reach + 1)):
            if (x, y) == (x0, y0) or (x - x0) ** 2 + (y - y0) ** 2 > reach**2:
                continue
            move = ACTIONS.validate_python({"actor": fid, "action": "move", "to": [x, y]})
            if rules.validate(state, move).legal:
                out.add((x, y))
    return out


def run(repeat: int, profile: bool) -> list[tuple[str, str, int, float, float | None]]:
    rules = BmotuRules()
    demo = load_map_file(DEMO_MAP)
    roster = json.loads(DEMO_ROSTER.read_text(encoding="utf-8"))
    tables = [
        ("demo", demo, roster, ("brickwell", "mildred", "rook", "elowen", "ugluk")),
        ("256x256, 40 figures", big_table(), None, ("h0", "h2", "h4", "h10", "m1")),
    ]
    rows: list[tuple[str, str, int, float, float | None]] = []
    slow: list[tuple[str, Callable[[], Any]]] = []
    for name, doc, party, who in tables:
        setup = rules.game_setup(doc, party, {}, {})
        for fid in who:
            state = first_to_act(rules, setup, fid)
            f = state.figs[fid]
            label = f"{f.name} ({f.kind_name})"
            hint = partial(rules.moves, state, fid)
            offered = partial(rules.choices, state, fid)
            ref_ms, calls, ref = median_ms(
                partial(reference_moves, rules, state, fid), max(3, repeat // 3)
            )
            rows.append((name, f"reference: the hint stud by stud, {label}", calls, ref_ms, 1.0))
            ms, calls, got = median_ms(hint, repeat)
            assert set(got) == ref, f"{name} {fid}: the hint differs from the reference"
            rows.append((name, f"move hint of {label} ({len(got)} studs)", calls, ms, ms / ref_ms))
            if ms > FRAME_MS:
                slow.append((f"{name}: move hint of {label}", hint))
            ms, calls, got = median_ms(offered, repeat)
            rows.append((name, f"choices of {label} ({len(got)} shown)", calls, ms, ms / ref_ms))
            if ms > FRAME_MS:
                slow.append((f"{name}: choices of {label}", offered))
    if profile:
        for title, fn in slow:
            print(f"\n### {title}")
            prof = cProfile.Profile()
            prof.runcall(fn)
            pstats.Stats(prof).sort_stats("cumulative").print_stats(14)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="5 calls a row")
    parser.add_argument("--profile", action="store_true", help="profile the rows over 16 ms")
    args = parser.parse_args()
    repeat = 5 if args.quick else 21
    rows = run(repeat, args.profile)
    print(
        f"`.venv/bin/python benchmarks/bench_bmotu.py` on {platform.machine()}, Python "
        f"{platform.python_version()}, {datetime.date.today()}.\n"
    )
    print("| table | interaction | calls | median | vs reference | median / 16 ms |")
    print("|---|---|---:|---:|---:|---:|")
    for table, what, calls, ms, ratio in rows:
        r = f"{ratio:.2f}" if ratio is not None else "-"
        print(f"| {table} | {what} | {calls} | {ms:.2f} ms | {r} | {ms / FRAME_MS:.2f} |")
    print()
    for table, what, _calls, ms, _ratio in rows:
        if what.startswith("reference"):
            continue
        verdict = "MET" if ms <= FRAME_MS else "OVER"
        print(f"- {verdict}: {table}, {what}: {ms:.2f} ms vs 16 ms")


if __name__ == "__main__":
    main()
