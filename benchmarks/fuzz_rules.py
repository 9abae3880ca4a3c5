"""The BrickQuest rules fuzz at depth: thousands of random games, legal and forced actions.

Run ``.venv/bin/python benchmarks/fuzz_rules.py [--examples 10000] [--seed N]``.  Without
``--seed`` each run draws a new seed (printed), so the deep run keeps exploring at random
while ``tests/test_rules_fuzz.py`` stays derandomized; ``--seed N`` runs those games again.

The same games as ``tests/test_rules_fuzz.py`` (strategies, invariants and the run of one
game come from ``tests/rules_fuzzing.py``), through hypothesis with a fixed profile: no
example database, the seed given, no deadline.  It prints the games run, every distinct
failure hypothesis found (shrunk to a minimal game, with a JSON reproduction that
``rules_fuzzing.replay`` runs again) and the time taken.  Exit status 1 when anything
failed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from rules_fuzzing import play, setups  # noqa: E402


def run(examples: int, seed: int) -> tuple[int, int, list[BaseException]]:
    """Run ``examples`` games from ``seed``: (games run, steps resolved, failures)."""
    counts = {"games": 0, "steps": 0}

    @hypothesis_seed(seed)
    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=False,
        print_blob=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(setup=setups(), data=st.data(), dice_seed=st.integers(0, 2**16))
    def game(setup: dict[str, Any], data: st.DataObject, dice_seed: int) -> None:
        counts["games"] += 1
        counts["steps"] += len(play(setup, data, dice_seed))

    failures: list[BaseException] = []
    try:
        game()
    except BaseExceptionGroup as group:  # several distinct bugs
        failures = list(group.exceptions)
    except Exception as exc:
        failures = [exc]
    return counts["games"], counts["steps"], failures


def describe(exc: BaseException) -> str:
    """The failure, where it was raised, and its notes (the shrunk game, the reproduction)."""
    frames = traceback.extract_tb(exc.__traceback__)
    own = [f for f in frames if "companion" in f.filename or "rules_fuzzing" in f.filename]
    where = own[-1] if own else (frames[-1] if frames else None)
    place = f" at {Path(where.filename).name}:{where.lineno}" if where else ""
    lines = [f"{type(exc).__name__}{place}: {exc}"]
    lines += [f"  {note}" for note in getattr(exc, "__notes__", [])]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000, help="games to play")
    parser.add_argument(
        "--seed", type=int, default=None, help="hypothesis seed (default: a new one, printed)"
    )
    args = parser.parse_args(argv)
    if args.seed is None:  # explore new games each run; the seed printed replays them
        args.seed = random.randrange(2**32)
    start = time.perf_counter()
    games, steps, failures = run(args.examples, args.seed)
    took = time.perf_counter() - start
    print(f"rules fuzz: {args.examples} examples asked, seed {args.seed}")
    print(
        f"games run: {games} (with those hypothesis discarded or shrank),"
        f" steps resolved: {steps},"
        f" {took:.1f} s ({1000 * took / max(games, 1):.1f} ms a game)"
    )
    print(f"failures found: {len(failures)}")
    for i, exc in enumerate(failures, start=1):
        print(f"\n--- failure {i} ---\n{describe(exc)}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
