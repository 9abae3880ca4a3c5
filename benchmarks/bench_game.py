"""Benchmark the game model: opening (replaying) a long game, and applying one action.

Run ``.venv/bin/python benchmarks/bench_game.py`` (``--quick`` for a smoke run).

A game on the demo dungeon (app dice, seed 7) is played to ``--actions`` records (2,000 by
default): each acting figure begins its turn, makes its longest move from ``moves()`` while
it has actions, then ends the turn.  Every Nth action is an undo then a redo, so the
replay folds those too.  Then:

* **replay**: ``Game.open`` of the whole file (read, check every line, validate and
  resolve every action again), against the 0.4 s target (issue #19).  Reference, same
  run: parsing the same file's lines with ``json.loads`` (the floor of reading it at all).
* **apply one action**: ``game.act`` (validate, roll, append + fsync, resolve) plus what the
  window asks after it, ``figures()`` and ``choices()`` of the acting figure, against the
  50 ms target.  Reference, same run: appending and fsyncing a line of the same size to a
  scratch file (the floor of a durable write).  The parts are timed on their own too.

Each figure is the median of repeated runs after a warm-up.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.rules.game import Game
from companion.rules.maps import load_map_bytes

DEMO = Path(__file__).resolve().parents[1] / "resources" / "dungeons" / "demo.json"
REPLAY_TARGET = 0.4
ACT_TARGET = 0.050


def next_action(game: Game) -> dict[str, Any]:
    """The driver's policy: begin, the longest move while actions last, end."""
    turn = game.turn()
    fid = turn.acting
    assert fid is not None
    if not turn.turn_started:
        return {"actor": fid, "action": "begin_turn"}
    if game.figures()[fid].actions_left:
        moves = game.ruleset.moves(game.state, fid)
        if moves:
            option = max(moves.values(), key=lambda o: (o.cost, o.square))
            return {"actor": fid, "action": "move", "path": [list(sq) for sq in option.path]}
    return {"actor": fid, "action": "end_turn"}


def build(path: Path, records: int) -> Game:
    doc = load_map_bytes(DEMO.read_bytes(), source=str(DEMO))
    game = Game.create(path, doc, seed=7)
    while game.session.records_written < records:
        game.act(next_action(game))
        if game.session.records_written % 50 == 0 and records - game.session.records_written > 2:
            game.undo()
            game.redo()
    return game


def median_of(fn: Callable[[], object], repeat: int) -> float:
    fn()  # warm-up
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=2000, help="records in the game file")
    ap.add_argument("--repeat", type=int, default=7, help="replays timed")
    ap.add_argument("--acts", type=int, default=41, help="single actions timed")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 200 records, 3 replays")
    args = ap.parse_args(argv)
    if args.quick:
        args.actions, args.repeat, args.acts = 200, 3, 11
    rows: list[tuple[str, float, str, float, float | None]] = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.game.jsonl"
        t0 = time.perf_counter()
        game = build(path, args.actions)
        built = time.perf_counter() - t0
        size = path.stat().st_size
        n_lines = len(path.read_bytes().splitlines())
        opened = Game.open(path)
        assert opened.snapshot() == game.snapshot(), "the replay differs from the game played"

        def parse() -> object:
            return [json.loads(line) for line in path.read_bytes().splitlines()]

        replay = median_of(lambda: Game.open(path), args.repeat)
        reference = median_of(parse, max(args.repeat, 21))
        rows.append(
            (
                f"replay {n_lines - 1} records (Game.open)",
                replay,
                "json.loads",
                reference,
                REPLAY_TARGET,
            )
        )

        # one action at a time on the game as it stands
        scratch = Path(tmp) / "scratch.jsonl"
        scratch.write_bytes(b"")
        line = (json.dumps({"type": "action", "action": next_action(game)}) + "\n").encode()

        def durable_append() -> None:
            fd = os.open(scratch, os.O_WRONLY | os.O_APPEND)
            try:
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)

        whole, act_only, views, checks = [], [], [], []
        for _ in range(args.acts + 1):
            action = next_action(game)
            t = time.perf_counter()
            game.check(action)
            checks.append(time.perf_counter() - t)
            t = time.perf_counter()
            game.act(action)
            t1 = time.perf_counter()
            game.figures()
            game.ruleset.choices(game.state, game.turn().acting)
            t2 = time.perf_counter()
            whole.append(t2 - t)
            act_only.append(t1 - t)
            views.append(t2 - t1)
        # the first is the warm-up
        whole, act_only, views, checks = whole[1:], act_only[1:], views[1:], checks[1:]
        write_ref = median_of(durable_append, args.acts)
        rows.append(
            (
                "apply one action (act + figures + choices)",
                statistics.median(whole),
                "append + fsync",
                write_ref,
                ACT_TARGET,
            )
        )
        rows.append(("  act alone", statistics.median(act_only), "append + fsync", write_ref, None))
        rows.append(
            ("  figures() + choices()", statistics.median(views), "append + fsync", write_ref, None)
        )
        rows.append(("  check alone (validate)", statistics.median(checks), "", 0.0, None))
    print(
        f"bench_game: {platform.machine()}, Python {platform.python_version()},"
        f" demo map, {args.actions} records ({size / 1024:.0f} KiB), built in {fmt(built)};"
        f" medians of {args.repeat} replays / {args.acts} actions"
    )
    print()
    print("| operation | median | target | within | reference | ref. median | ratio |")
    print("|---|---:|---:|:---:|---|---:|---:|")
    failed = False
    for name, value, ref_name, ref, target in rows:
        within = "" if target is None else ("yes" if value <= target else "NO")
        failed |= within == "NO"
        ratio = f"{value / ref:.1f}" if ref else "-"
        print(
            f"| {name} | {fmt(value)} | {fmt(target) if target else '-'} | {within} |"
            f" {ref_name or '-'} | {fmt(ref) if ref else '-'} | {ratio} |"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
