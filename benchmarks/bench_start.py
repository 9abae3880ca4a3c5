"""Benchmark start-up: from launching the app to its first painted window.

Run ``.venv/bin/python benchmarks/bench_start.py`` (``--quick`` for a smoke run,
``--write`` to put the table into ``benchmarks/RESULTS.md``).

Each run starts a new process, as a user does: ``python -m companion`` (the
``brick-companion`` command) offscreen, with ``BRICK_COMPANION_STARTUP_TIMES=1``, which makes
the app print the wall-clock time of three moments, each read once its paint is done:

* ``first-paint``: the first painted window, the start window (``companion.gui.app``:
  the main window's title and frame saying it is opening, shown before anything slow is
  imported);
* ``window-paint``: the main window's first paint (its canvas, docks and blank map);
* ``ready``: the files given are open and what the open map's ruleset adds to the window
  (its party, its board editor) is built.

The time is counted from just before the process is started.  The app quits right after
(``BRICK_COMPANION_QUIT_AFTER_MS=0``); its settings live in a scratch folder
(``BRICK_COMPANION_HOME``) kept for the whole run, as a user's are.

Reference, same run, runs interleaved with the app's: a bare PySide6 window (a
``QMainWindow`` with a label, no import of the app) started and timed the same way: the
floor of starting Python and Qt and painting a window at all.  Target: the app's first
paint within 4x the bare window's (``TARGET_RATIO``).

Rows: the app with no file (its blank map), and with the Heroica demo map given on the
command line (the window paints first, then opens the map with its progress feedback).
Each figure is the median of ``--runs`` launches after one warm-up launch of each
(bytecode compiled, files in the disk cache).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEROICA_DEMO = ROOT / "resources" / "dungeons" / "heroica-draida-bay.json"
TARGET_RATIO = 4.0

#: The reference: a bare PySide6 window, timed with the same hook as the app's.
BARE = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

class Window(QMainWindow):
    painted = False

    def paintEvent(self, event):
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            QTimer.singleShot(0, self.done)

    def done(self):
        now = f"{time.time():.6f}"
        for stamp in ("first-paint", "window-paint", "ready"):
            print(stamp, now, flush=True)
        app.quit()

app = QApplication(sys.argv)
w = Window()
w.setWindowTitle("bare")
w.setCentralWidget(QLabel("bare PySide6 window"))
w.resize(1280, 720)
w.show()
app.exec()
"""


STAMPS = ("first-paint", "window-paint", "ready")


def launch(command: list[str], env: dict[str, str]) -> tuple[float, ...]:
    """Start ``command``; seconds from the start to each of its ``STAMPS``."""
    start = time.time()
    out = subprocess.run(
        command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )
    times = {}
    for line in out.stdout.splitlines():
        key, _, value = line.partition(" ")
        if key in STAMPS:
            times.setdefault(key, float(value))
    if out.returncode != 0 or len(times) != len(STAMPS):
        raise SystemExit(f"{' '.join(command)} failed ({out.returncode}):\n{out.stderr[-2000:]}")
    return tuple(times[stamp] - start for stamp in STAMPS)


def fmt(seconds: float) -> str:
    return f"{seconds:.3f} s"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=9, help="timed launches of each command")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 3 launches")
    ap.add_argument("--write", action="store_true", help="write into benchmarks/RESULTS.md")
    args = ap.parse_args(argv)
    runs = 3 if args.quick else args.runs
    with tempfile.TemporaryDirectory() as home:
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            QT_LOGGING_RULES="qt.qpa.*=false",
            BRICK_COMPANION_HOME=home,
            BRICK_COMPANION_STARTUP_TIMES="1",
            BRICK_COMPANION_QUIT_AFTER_MS="0",
            PYTHONPATH=str(ROOT),
        )
        commands = {
            "bare": [sys.executable, "-c", BARE],
            "app": [sys.executable, "-m", "companion"],
            "app + map": [sys.executable, "-m", "companion", str(HEROICA_DEMO)],
        }
        times: dict[str, list[tuple[float, ...]]] = {name: [] for name in commands}
        for command in commands.values():  # warm-up: bytecode, disk cache
            launch(command, env)
        for _ in range(runs):
            for name, command in commands.items():
                times[name].append(launch(command, env))

    def median(name: str, which: int) -> float:
        return statistics.median(t[which] for t in times[name])

    bare = median("bare", 0)
    rows = [
        ("first paint (start window), no file", median("app", 0), TARGET_RATIO),
        ("main window painted, no file (blank map)", median("app", 1), None),
        ("ready, no file (its ruleset's party built)", median("app", 2), None),
        ("first paint (start window), Heroica map given", median("app + map", 0), TARGET_RATIO),
        ("main window painted, Heroica map given", median("app + map", 1), None),
        ("ready, Heroica demo map open", median("app + map", 2), None),
    ]
    lines = [
        "| launch to | ours | bare window | ratio | target | met |",
        "|---|---:|---:|---:|---:|:---:|",
    ]
    failed = False
    for label, ours, target in rows:
        ratio = ours / bare
        met = "" if target is None else ("yes" if ratio <= target else "NO")
        failed |= met == "NO"
        goal = f"≤ {target:.0f}×" if target is not None else "-"
        lines.append(f"| {label} | {fmt(ours)} | {fmt(bare)} | {ratio:.1f}× | {goal} | {met} |")
    head = (
        f"bench_start: {platform.machine()}, Python {platform.python_version()}, "
        f"{time.strftime('%Y-%m-%d')}; medians of {runs} launches each (interleaved, after "
        "a warm-up), offscreen; reference: a bare PySide6 window started the same way"
    )
    text = "\n".join(lines)
    print(head)
    print()
    print(text)
    if args.write:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from bench_canvas import write_results

        section = (
            "## Start-up benchmark\n\n`.venv/bin/python benchmarks/bench_start.py --write`: "
            + head.removeprefix("bench_start: ")
            + ".  The app prints the time of its first paint and of the end of start-up "
            "(`BRICK_COMPANION_STARTUP_TIMES=1`); target: first paint ≤ 4× the bare window."
            "\n\n" + text
        )
        write_results(section, Path(__file__).with_name("RESULTS.md"), "bench_start")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
