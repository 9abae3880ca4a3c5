"""Benchmark the table-top geometry (In a World Where Bricks Rule) against the 16 ms frame.

Run ``.venv/bin/python benchmarks/bench_tabletop.py`` (``--quick`` for a smoke run).
On the demo battle table (64x40 studs, ten figures) and on a 256x256-stud table with
forty figures, it times what play mode asks when a figure is picked or a target hovered:

* the move hint, every cell one straight length away (``reachable_cells``), against the
  reference measured in the same run: the same answer cell by cell with ``straight_move``;
  also with the table's layers kept (as the ruleset asks) and as the first hint of its
  reach (the rays it reads made afresh);
* the choices of the acting figure (every attack target validated);
* the sight line and cover of one ranged attack;

and what the ruleset answers the window after each action (``rules.moves``, ``figures``,
``choices``, ``sheets``, an applied move's ``validate`` and ``resolve``), measured afresh
and as asked again (what the ruleset keeps: ``move_hints``, the kept figure views and
straight moves).

Each is the median of repeated calls after a warm-up, printed in ms, as a ratio to the
reference, and as a share of the 16 ms frame.
"""

from __future__ import annotations

import argparse
import json
import random
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
    sight_blocked,
    straight_move,
)
from companion.model.geometry.tabletop_reach import _RAYS, reachable_cells
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
    roster: dict[str, object] = {
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

        layers = state.table_layers

        def hint_kept_layers() -> object:  # as the ruleset asks: the table's layers kept
            return reachable_cells(state.table, f.base, length, others, tall=2, layers=layers)

        def hint_first() -> object:  # the first hint of its reach: no rays kept yet
            _RAYS.clear()
            return hint_kept_layers()

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
            ("move hint, table layers kept", median_ms(hint_kept_layers, repeat)),
            ("move hint, first of its reach (rays made)", median_ms(hint_first, repeat)),
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
        rows += ruleset_rows(game, fid, repeat)
        print(f"\n{name}  (reference: the hint cell by cell, {ref:.1f} ms)")
        print(f"{'interaction':52} {'median':>9} {'vs ref':>8} {'of frame':>9}")
        for label, ms in rows:
            print(f"{label:52} {ms:7.2f}ms {ms / ref:7.2f}x {ms / FRAME_MS:8.0%}")


def ruleset_rows(game: Game, fid: str, repeat: int) -> list[tuple[str, float]]:
    """What the window asks the ruleset about a state: measured afresh (a new ruleset, a
    state never seen) and asked again about a state where only the mover changed."""
    from companion.rules.dice import SeededDice
    from companion.rulesets.in_a_world_where_bricks_rule.actions import ACTIONS
    from companion.rulesets.in_a_world_where_bricks_rule.move_hints import move_options
    from companion.rulesets.in_a_world_where_bricks_rule.plugin import IawwbrRules
    from companion.rulesets.in_a_world_where_bricks_rule.rules import _MEASURED as measured
    from companion.rulesets.in_a_world_where_bricks_rule.rules import Ctx
    from companion.rulesets.in_a_world_where_bricks_rule.state import Battle
    from companion.rulesets.in_a_world_where_bricks_rule.views import figure_views

    rules = game.ruleset
    assert isinstance(rules, IawwbrRules)
    state: Battle = game.state
    ctx = Ctx(state, rules.catalog)
    hint = rules.moves(state, fid)
    to = sorted(hint)[len(hint) // 2]
    move = ACTIONS.validate_python({"action": "move", "actor": fid, "to": list(to)})

    def dice() -> SeededDice:
        return SeededDice(rng=random.Random(1))

    after = rules.resolve(state, move, dice()).state
    party = game.header.party or {}
    states = [state, after]
    turn = [0]

    def act() -> object:  # as first asked: no straight move kept
        measured.clear()
        s = state.with_()
        assert rules.validate(s, move).legal
        return rules.resolve(s, move, dice())

    def next_state() -> Battle:  # a copy of one of two states: nothing kept by identity
        turn[0] += 1
        return states[turn[0] % 2].with_()

    return [
        (
            "ruleset: move hint measured (move_options)",
            median_ms(lambda: move_options(ctx, fid), repeat),
        ),
        (
            "ruleset: move hint, same bases (rules.moves)",
            median_ms(lambda: rules.moves(state.with_(), fid), repeat),
        ),
        (
            "ruleset: figure views, every one made",
            median_ms(lambda: figure_views(Ctx(next_state(), rules.catalog), fresh=True), repeat),
        ),
        (
            "ruleset: figure views after a move (rules.figures)",
            median_ms(lambda: rules.figures(next_state()), repeat),
        ),
        (
            "ruleset: choices of the acting figure",
            median_ms(lambda: rules.choices(next_state(), fid), repeat),
        ),
        (
            "ruleset: every character sheet",
            median_ms(lambda: rules.sheets(party, next_state()), repeat),
        ),
        ("ruleset: validate + resolve a move", median_ms(act, repeat)),
    ]


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
