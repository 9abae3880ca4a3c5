"""Benchmark play mode: choosing an action, hovering its destination, applying it.

Run ``.venv/bin/python benchmarks/bench_play.py`` (``--quick`` for a smoke run).

The whole ``MainWindow`` is shown offscreen at 1280x720 with a game on a 256x256 map
(``bench_canvas.make_document``: 16x16-square rooms with brick platforms, doors and
objects, 40 figures of both sides; here every party figure gets a monster beside it, so
the acting figure has someone to attack).  The game is started as File → New game does
(``MainWindow.start_game``, app dice, seed 7), then ``--history`` actions (begin turn,
moves, end turn) are played through the model so the log, the roster and the tracker
hold a game under way.  The view is zoomed in (32 px per square) on the acting figure.

Each interaction is timed from the call or the mouse event until Qt has painted what it
dirtied (``QApplication.processEvents()`` twice, as in ``bench_canvas``):

* **select Move**: ``controller.choose(move)`` until its reachable squares are painted.
  Before each, untimed: the pending choice is cleared and the last action undone and
  redone, so every selection is the first one on a fresh state (as after an action).
* **select attack**: the same with the acting figure's attack (its valid targets shown).
* **hover a destination**: real mouse moves over the canvas viewport, each onto another
  reachable square, with Move pending (the path and its cost shown).
* **apply an action**: ``controller.act(...)`` of a move (to a reachable square), an end
  of turn, a beginning of turn, then everything the window shows after it (tracker,
  action bar, log, roster, the figures and marks on the map).  Includes writing and
  fsyncing the action to the game file.

References, same run: an empty repaint of the canvas viewport (drawing the map as it
stands) and of the whole window.  Medians are also given against the 16 ms frame.
Targets: select and hover <= 16 ms median, apply <= 50 ms median.
``--write`` puts the table into ``benchmarks/RESULTS.md`` (its own section).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_SCALE_FACTOR", "1")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import numpy as np
from bench_canvas import PaintCounter, make_document, write_results
from PySide6.QtCore import QEvent, QPointF, QSettings, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.model.dungeon import Terrain
from companion.model.mapfile import MapDocument
from companion.rules.table import ActionChoice

FRAME_MS = 16.0
SELECT_TARGET = 16.0
APPLY_TARGET = 50.0
Square = tuple[int, int]
Row = tuple[str, list[float], float | None]


def play_document(n: int = 256, figures: int = 40, seed: int = 7) -> MapDocument:
    """``bench_canvas``'s map, with a monster next to every party figure where it fits."""
    doc = make_document(n, figures, seed)
    d = doc.dungeon
    taken = {f.at for f in doc.figures}
    party = [f for f in doc.figures if f.side == "party"]
    monsters = [i for i, f in enumerate(doc.figures) if f.side != "party"]
    placed = list(doc.figures)
    for hero, i in zip(party, monsters, strict=False):
        monster = placed[i]
        x, y = hero.at
        for sq in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            sx, sy = sq
            if (
                d.in_bounds(sx, sy)
                and sq not in taken
                and int(d.terrain[sy, sx]) == int(Terrain.FLOOR)
                and int(d.floor[sy, sx]) == int(d.floor[y, x])
            ):
                taken.discard(monster.at)
                placed[i] = monster.model_copy(update={"at": sq})
                taken.add(sq)
                break
    doc.figures = placed
    return doc


class Rig:
    """The window, its game, and ways to send mouse events and wait for the paint."""

    def __init__(self, folder: Path, doc: MapDocument) -> None:
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        self.errors: list[str] = []
        w = MainWindow(settings=settings)
        w.show_error = lambda title, text: self.errors.append(f"{title}: {text}")  # type: ignore[method-assign]
        w.ask_save_changes = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
        w.finish_start()  # as after the first paint: the blank map's ruleset's party
        w.party_actions.ask_save_changes = (  # type: ignore[method-assign]
            lambda: QMessageBox.StandardButton.Discard
        )
        w.resize(1280, 720)
        w.show()
        self.w = w
        self.settle()
        w.set_document(doc, None)
        self.settle()
        play = w.play
        play.show_error = lambda title, text: self.errors.append(f"{title}: {text}")
        play.confirm_force = lambda verdict: None  # type: ignore[assignment]
        if not w.start_game(folder / "bench.game.jsonl", GameSpec(seed=7)):
            raise SystemExit(f"the game did not start: {self.errors}")
        self.settle()
        self.counter = PaintCounter()
        w.canvas.viewport().installEventFilter(self.counter)

    @property
    def play(self) -> Any:
        return self.w.play

    def settle(self) -> None:
        for _ in range(3):
            QApplication.processEvents()

    def paint(self) -> None:
        """Let Qt paint what the events dirtied."""
        QApplication.processEvents()
        QApplication.processEvents()

    def acting(self) -> str:
        turn = self.play.turn()
        assert turn is not None and turn.acting is not None
        return str(turn.acting)

    def centre(self) -> None:
        at = self.play.figures()[self.acting()].at
        self.w.canvas.centre_on(at, 32.0)
        self.settle()

    def move_mouse(self, sq: Square) -> None:
        canvas = self.w.canvas
        vp = canvas.viewport()
        pos = QPointF(canvas.viewport_pos(sq, 0.5, 0.5))
        glob = QPointF(vp.mapToGlobal(pos.toPoint()))
        ev = QMouseEvent(
            QEvent.Type.MouseMove,
            pos,
            glob,
            Qt.MouseButton.NoButton,
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
        )
        QApplication.sendEvent(vp, ev)

    def choice(self, *kinds: str) -> ActionChoice | None:
        for c in self.play.choices():
            if c.kind in kinds or any(c.kind.startswith(k) for k in kinds):
                return c
        return None

    def next_action(self, rng: random.Random) -> tuple[str, dict[str, Any]]:
        """The driver's policy: begin the turn, move while actions last, end it."""
        fid = self.acting()
        turn = self.play.turn()
        if not turn.turn_started:
            return "begin_turn", {"actor": fid, "action": "begin_turn"}
        if self.play.figures()[fid].actions_left and self.choice("move") is not None:
            moves = sorted(self.play.moves().values(), key=lambda o: o.square)
            if moves:
                option = rng.choice(moves)
                return "move", {
                    "actor": fid,
                    "action": "move",
                    "path": [list(sq) for sq in option.path],
                }
        return "end_turn", {"actor": fid, "action": "end_turn"}

    def history(self, actions: int, rng: random.Random) -> None:
        """Play ``actions`` actions through the model, then let the window catch up once."""
        game = self.play.game
        for _ in range(actions):
            _kind, action = self.next_action(rng)
            game.act(action)
            self.play._after(None)  # what the controller does after an action
        self.settle()

    def ready_to_fight(
        self, rng: random.Random, limit: int = 200
    ) -> tuple[ActionChoice, ActionChoice]:
        """Play on until the acting figure has begun its turn and may move and attack."""
        for _ in range(limit):
            turn = self.play.turn()
            if turn.turn_started:
                move, attack = self.choice("move"), self.choice("attack_")
                if (
                    move is not None
                    and attack is not None
                    and self.play.figures()[self.acting()].actions_left
                ):
                    return move, attack
                self.play.act({"actor": self.acting(), "action": "end_turn"})
            else:
                self.play.act({"actor": self.acting(), "action": "begin_turn"})
            self.settle()
        raise SystemExit("no figure could move and attack: the map needs figures closer together")


def timed(
    label: str,
    step: Callable[[int], None],
    rig: Rig,
    repeat: int,
    before: Callable[[int], None] | None = None,
) -> list[float]:
    """Milliseconds of ``step(i)`` plus its paint, ``repeat`` times after two warm-ups."""
    out = []
    unpainted = 0
    for i in range(repeat + 2):
        if before is not None:
            before(i)
            rig.settle()
        count = rig.counter.count
        t0 = time.perf_counter()
        step(i)
        rig.paint()
        dt = (time.perf_counter() - t0) * 1000
        if i >= 2:
            out.append(dt)
            unpainted += rig.counter.count == count
    if unpainted and not label.endswith("repaint"):
        print(
            f"  (warning: {unpainted} of {repeat} steps of {label} repainted no map)",
            file=sys.stderr,
        )
    return out


def bench(rig: Rig, repeat: int, history: int) -> list[Row]:
    rng = random.Random(7)
    rows: list[Row] = []
    rig.history(history, rng)
    move, attack = rig.ready_to_fight(rng)
    rig.centre()
    play = rig.play

    def empty(_i: int) -> None:
        rig.w.canvas.viewport().repaint()

    def window(_i: int) -> None:
        rig.w.repaint()

    rows.append(
        ("reference: empty repaint of the map", timed("map repaint", empty, rig, repeat), None)
    )
    rows.append(
        (
            "reference: empty repaint of the window",
            timed("window repaint", window, rig, repeat),
            None,
        )
    )

    def fresh(_i: int) -> None:
        play.set_pending(None)
        play.undo()
        play.redo()

    def pick(choice: ActionChoice) -> Callable[[int], None]:
        def step(_i: int) -> None:
            play.choose(choice)

        return step

    rows.append(
        (
            "select Move (reachable squares shown)",
            timed("select Move", pick(move), rig, repeat, fresh),
            SELECT_TARGET,
        )
    )
    rows.append(
        (
            f"select {attack.label} ({len(attack.targets)} targets shown)",
            timed("select attack", pick(attack), rig, repeat, fresh),
            SELECT_TARGET,
        )
    )

    play.set_pending(None)
    rig.settle()
    play.choose(move)
    rig.settle()
    squares = sorted(play.moves())
    # a walk over the reachable squares, each step onto another one
    rng.shuffle(squares)
    if len(squares) < 2:
        raise SystemExit("the acting figure has nowhere to move")
    rows.append(
        (
            "hover a destination, Move pending (path shown)",
            timed("hover", lambda i: rig.move_mouse(squares[i % len(squares)]), rig, repeat),
            SELECT_TARGET,
        )
    )
    play.set_pending(None)
    rig.settle()

    kinds: dict[str, list[float]] = {"move": [], "end_turn": [], "begin_turn": []}
    every: list[float] = []
    steps = 0
    while min(len(v) for v in kinds.values()) < repeat + 2 and steps < 20 * repeat:
        steps += 1
        kind, action = rig.next_action(rng)
        count = rig.counter.count
        t0 = time.perf_counter()
        ok = play.act(action)
        rig.paint()
        dt = (time.perf_counter() - t0) * 1000
        assert ok, f"{action} was refused: {rig.errors}"
        if rig.counter.count == count and kind == "move":
            print(f"  (warning: {kind} repainted no map)", file=sys.stderr)
        kinds[kind].append(dt)
        every.append(dt)
    for kind, label in (
        ("move", "apply a move + redraw everything"),
        ("end_turn", "apply an end of turn + redraw everything"),
        ("begin_turn", "apply a beginning of turn + redraw everything"),
    ):
        rows.append((label, kinds[kind][2:], APPLY_TARGET))
    rows.append(("apply any of them + redraw everything", every[6:], APPLY_TARGET))
    if rig.errors:
        print("errors:", rig.errors, file=sys.stderr)
    return rows


def fmt(ms: float) -> str:
    return f"{ms:.1f} ms"


def table(rows: list[Row]) -> str:
    lines = [
        "| interaction | n | median | p90 | median / 16 ms | median / map repaint | target |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    ref = statistics.median(rows[0][1])
    for op, times, target in rows:
        med = statistics.median(times)
        p90 = float(np.percentile(times, 90))
        goal = f"≤ {target:.0f} ms" if target is not None else "-"
        lines.append(
            f"| {op} | {len(times)} | {fmt(med)} | {fmt(p90)} | {med / FRAME_MS:.2f} | "
            f"{med / ref:.2f} | {goal} |"
        )
    return "\n".join(lines)


def verdicts(rows: list[Row]) -> list[str]:
    out = []
    for op, times, target in rows:
        if target is None:
            continue
        med = statistics.median(times)
        ok = "MET" if med <= target else "NOT MET"
        out.append(f"- {ok}: {op}: median {fmt(med)} <= {target:.0f} ms")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats, a short history")
    parser.add_argument("--repeat", type=int, default=None, help="timed steps per interaction")
    parser.add_argument("--history", type=int, default=None, help="actions played beforehand")
    parser.add_argument("--size", type=int, default=256, help="map side in squares")
    parser.add_argument("--profile", metavar="FILE", help="write a cProfile of the run")
    parser.add_argument(
        "--write", action="store_true", help="write the table into benchmarks/RESULTS.md"
    )
    args = parser.parse_args(argv)
    repeat = args.repeat or (8 if args.quick else 30)
    history = args.history if args.history is not None else (60 if args.quick else 300)
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        rig = Rig(Path(tmp), play_document(args.size))
        if args.profile:
            import cProfile

            prof = cProfile.Profile()
            prof.enable()
            rows = bench(rig, repeat, history)
            prof.disable()
            prof.dump_stats(args.profile)
        else:
            rows = bench(rig, repeat, history)
        rig.w.play.close_game()
        rig.w.close()
    text = table(rows)
    summary = verdicts(rows)
    print(text)
    print("\n".join(summary))
    if args.write:
        n = args.size
        header = (
            f"## Play-mode benchmark\n\n`.venv/bin/python benchmarks/bench_play.py --write` on "
            f"{platform.machine()}, Python {platform.python_version()}, "
            f"{time.strftime('%Y-%m-%d')}: the main window offscreen at 1280x720, a game on a "
            f"{n}x{n} map with 40 figures, {history} actions already played, zoomed in on the "
            f"acting figure (32 px per square).  Each row: {repeat} steps after 2 warm-ups, "
            "timed from the call or mouse event until Qt has painted what it dirtied "
            "(`processEvents()`); selections start on a fresh state (the last action undone "
            "and redone, untimed); applying includes the fsync of the game file and the "
            "redraw of the tracker, action bar, log, roster and map.  References: empty "
            "repaints of the map view and of the whole window in the same run.\n\n"
        )
        write_results(
            header + text + "\n\n" + "\n".join(summary),
            Path(__file__).with_name("RESULTS.md"),
            section="bench_play",
        )
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
