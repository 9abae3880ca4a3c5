"""Benchmark one frame per click: real input to the painted window, on an X screen.

Run ``xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python benchmarks/bench_frames.py``
(``--quick`` for a short run, ``--only NAME`` for one board, ``--profile FILE`` for a
cProfile of the timed interactions, ``--write`` to put the table into
``benchmarks/RESULTS.md``).  It refuses to run offscreen: the point is the real window
system (``QT_QPA_PLATFORM=xcb``, set here when a ``DISPLAY`` is present).

The whole ``MainWindow`` is shown at 1280x720, in the app's theme (``apply_theme``: its
style sheet, palette and font, as ``brick-companion`` runs), and each board opened in it: the three
demos (File → Open Demo: BrickQuest, In a World Where Bricks Rule, Heroica), then the
big boards: a 256x256 BrickQuest map with 40 figures (``bench_play.play_document``), the
12,640-space Heroica board (``bench_heroica.big_board``) and a 256x256-stud IAWWBR table
(``bench_tabletop.big_table``).  A game is started (app dice, seed 7), and played on until
the acting figure may move.  Then, each driven by ``QTest`` input (mouse on the map's
viewport and on the action bar's buttons, keys on the window):

* **select the figure**: a click on the acting figure (picks it up: its move is shown);
* **choose Move**: a click on the action bar's Move button;
* **hover a destination**: a mouse move onto another reachable square, Move pending;
* **click to move**: a click on a reachable square, Move pending (the move is applied);
* **undo**: Ctrl+Z right after such a move;
* **attack**: a click on a target, the attack pending (when the acting figure has one);
* **end turn**: a click on the action bar's End turn (or Pass) button, undone untimed.

Each is timed from just before the input event until the window has painted everything
the event dirtied: ``QApplication.processEvents()`` again and again until a pass paints
nothing (an application-wide event filter counts Paint events); the time is that of the
end of the last pass that painted.  The reference, same run, same method: an empty
repaint of the map (``viewport().update()``).  Each row: median, min, max of N
repetitions after 2 warm-ups; the median against the reference and against the 16 ms
frame.  Targets (#18, as the issue words them): every interaction <= 16 ms median on each
demo, and on the three big boards <= 2 empty-map repaints (the median at most twice the
reference) as well as <= 16 ms.  The ``target`` column says which applies and whether it is
met ("frame": <= 16 ms; "frame+2x": both).
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

if os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
os.environ.setdefault("QT_SCALE_FACTOR", "1")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from PySide6.QtCore import QEvent, QObject, QPoint, QSettings, Qt
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

FRAME_MS = 16.0
RATIO_TARGET = 2.0
Square = tuple[int, int]
Row = tuple[str, str, list[float], int]  # board, interaction, times (ms), paints (median)


class Paints(QObject):
    """Counts Paint events anywhere in the application, and mouse moves reaching it."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0
        self.moves = 0

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        kind = ev.type()
        if kind == QEvent.Type.Paint:
            self.count += 1
        elif kind == QEvent.Type.MouseMove and isinstance(obj, QWidget):
            self.moves += 1
        return False


def big_heroica_doc() -> Any:
    """``bench_heroica.big_board`` as a Heroica map document (spaces are floor squares)."""
    from bench_heroica import big_board

    from companion.model.dungeon import Terrain
    from companion.model.mapfile import FigurePlacement, MapOptions, new_document

    setup = big_board()
    rows = setup["board"]["spaces"]
    doc = new_document(len(rows[0]), len(rows), border=False, name="Big Heroica board")
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            doc.dungeon.terrain[y, x] = int(Terrain.FLOOR if ch == "." else Terrain.WALL)
    doc.board = {k: v for k, v in setup["board"].items() if k != "spaces"}
    doc.figures = [
        FigurePlacement(id=h["id"], class_id=h["hero"], at=tuple(h["at"])) for h in setup["heroes"]
    ] + [
        FigurePlacement(id=m["id"], monster=m["monster"], at=tuple(m["at"]))
        for m in setup["monsters"]
    ]
    doc.options = MapOptions(ruleset="heroica")
    return doc


def boards() -> list[tuple[str, Callable[[Any], tuple[Any, Any]]]]:
    """(name, open it in the window: returns the roster to start the game with, if any)."""
    from companion.datafiles import resource_dir
    from companion.gui.main_window import DEMOS

    def demo(index: int) -> Callable[[Any], tuple[Any, Any]]:
        def open_(w: Any) -> tuple[Any, Any]:
            assert w.open_demo(index), DEMOS[index][0]
            chars = DEMOS[index][2]
            if chars.endswith(".roster.json"):
                return json.loads((resource_dir() / chars).read_text()), None
            return None, None

        return open_

    def big_bq(w: Any) -> tuple[Any, Any]:
        from bench_play import play_document

        w.set_document(play_document(256), None)
        return None, None

    def big_heroica(w: Any) -> tuple[Any, Any]:
        w.set_document(big_heroica_doc(), None)
        return None, None

    def big_iawwbr(w: Any) -> tuple[Any, Any]:
        from bench_tabletop import big_table

        doc, roster = big_table(40)
        w.set_document(doc, None)
        return roster, None

    return [
        ("BrickQuest demo", demo(0)),
        ("IAWWBR demo", demo(1)),
        ("Heroica demo", demo(2)),
        ("BrickQuest 256x256, 40 figures", big_bq),
        ("Heroica 12,640 spaces", big_heroica),
        ("IAWWBR 256x256 studs", big_iawwbr),
    ]


class Rig:
    """The window with a game on one board, real input, and the wait for the paint."""

    def __init__(self, folder: Path, name: str, open_: Callable[[Any], tuple[Any, Any]]) -> None:
        from companion.gui.main_window import MainWindow
        from companion.gui.play.new_game import GameSpec
        from companion.gui.theme import apply_theme

        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self.app = app
        apply_theme(app)  # the look the app runs with (style sheet, palette, font)
        self.name = name
        self.errors: list[str] = []
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        w = MainWindow(settings=settings)
        self.w = w
        w.show_error = lambda title, text: self.errors.append(f"{title}: {text}")  # type: ignore[method-assign]
        w.ask_save_changes = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
        w.finish_start()
        if w.party_actions is not None:
            w.party_actions.ask_save_changes = (  # type: ignore[attr-defined]
                lambda: QMessageBox.StandardButton.Discard
            )
        w.resize(1280, 720)
        w.show()
        QTest.qWaitForWindowExposed(w)
        self.activate()
        self.settle()
        roster, _ = open_(w)
        self.settle()
        play = w.play
        play.show_error = lambda title, text: self.errors.append(f"{title}: {text}")
        play.confirm_force = lambda verdict: None  # type: ignore[assignment]
        play.confirm_target = lambda question: True  # aiming at one's own side: no dialog
        path = folder / f"{abs(hash(name))}.game.jsonl"
        if not w.start_game(path, GameSpec(seed=7), roster=roster):
            raise SystemExit(f"{name}: the game did not start: {self.errors}")
        self.settle()
        self.paints = Paints()
        self.app.installEventFilter(self.paints)

    def activate(self) -> None:
        """Make the window the active one (window shortcuts, Ctrl+Z, need it): asked
        again when the window system was slow to give it (a busy machine)."""
        for _ in range(5):
            if self.w.isActiveWindow():
                return
            self.w.activateWindow()
            QTest.qWaitForWindowActive(self.w, 2000)

    @property
    def play(self) -> Any:
        return self.w.play

    def settle(self) -> None:
        for _ in range(4):
            QApplication.processEvents()

    def frame(self, step: Callable[[], object], move: bool = False) -> tuple[float, int]:
        """Milliseconds from ``step`` (the input) to the end of the last paint it caused,
        and how many Paint events it caused.  ``move``: the input is a pointer move, which
        ``QTest`` makes by moving the X pointer: the event arrives from the X server, and
        the time runs until it has arrived and what it dirtied is painted."""
        before = self.paints.count
        moves = self.paints.moves
        t0 = time.perf_counter()
        step()
        end = time.perf_counter()
        if move:
            deadline = t0 + 2.0
            while self.paints.moves == moves and time.perf_counter() < deadline:
                QApplication.processEvents()
            end = time.perf_counter()
        idle = 0
        while idle < 2:  # two passes in a row that paint nothing
            n = self.paints.count
            QApplication.processEvents()
            if self.paints.count == n:
                idle += 1
            else:
                idle = 0
                end = time.perf_counter()
        return (end - t0) * 1000, self.paints.count - before

    # -- the game ------------------------------------------------------------------------
    def choice(self, kind: str) -> Any:
        return next((c for c in self.play.choices() if c.kind == kind), None)

    def ready(self, limit: int = 60) -> None:
        """Play on until the acting figure's turn has begun and it may move."""
        for _ in range(limit):
            kinds = {c.kind: c for c in self.play.choices() if c.needs == "none"}
            if "begin_turn" in kinds:
                take = kinds["begin_turn"]
            elif self.play.moves() and self.choice("move") is not None:
                return
            else:
                order = ("roll_move", "roll_first_player", "initiative", "end_turn")
                take = next((kinds[k] for k in order if k in kinds), None)
                if take is None:
                    raise SystemExit(f"{self.name}: no way on: {sorted(kinds)}")
            assert self.play.choose(take), f"{self.name}: {take.kind} refused: {self.errors}"
            self.settle()
        raise SystemExit(f"{self.name}: the acting figure never could move")

    def acting_square(self) -> Square:
        turn = self.play.turn()
        return self.play.figures()[turn.acting].at  # type: ignore[no-any-return]

    def centre(self) -> None:
        self.w.canvas.centre_on(self.acting_square(), 32.0)
        self.settle()

    def button(self, kind: str) -> QWidget:
        c = self.choice(kind)
        assert c is not None, (
            f"{self.name}: no {kind}: {[x.kind for x in self.play.choices()]} "
            f"{len(self.play.game.session.entries)} {self.play.turn()}"
        )
        return self.w.action_dock.buttons[c.group or c.label]  # type: ignore[no-any-return]

    def destinations(self, n: int) -> list[Square]:
        """Up to ``n`` reachable squares in view, farthest first, none on the figure."""
        here = self.acting_square()
        vp = self.w.canvas.viewport().rect()
        squares = [
            sq
            for sq in self.play.moves()
            if sq != here and vp.contains(self.w.canvas.viewport_pos(sq))
        ]
        squares.sort(key=lambda s: (-abs(s[0] - here[0]) - abs(s[1] - here[1]), s))
        return squares[:n] or [here]

    # -- input -------------------------------------------------------------------------
    def pos(self, sq: Square) -> QPoint:
        return self.w.canvas.viewport_pos(sq)  # type: ignore[no-any-return]

    def click_square(self, sq: Square) -> None:
        QTest.mouseClick(
            self.w.canvas.viewport(),
            Qt.MouseButton.LeftButton,
            Qt.KeyboardModifier.NoModifier,
            self.pos(sq),
        )

    def hover_square(self, sq: Square) -> None:
        QTest.mouseMove(self.w.canvas.viewport(), self.pos(sq))

    def hover_and_wait(self, sq: Square) -> None:
        """Move the pointer onto ``sq`` and let the move arrive (untimed set-up)."""
        if QCursor.pos() != self.w.canvas.viewport().mapToGlobal(self.pos(sq)):
            self.frame(lambda: self.hover_square(sq), move=True)

    def click_button(self, button: QWidget) -> None:
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)

    def escape(self) -> None:
        QTest.keyClick(self.w.canvas.viewport(), Qt.Key.Key_Escape)

    def undo_key(self) -> None:
        QTest.keyClick(self.w.canvas.viewport(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def measure(rig: Rig, repeat: int, profile: Any = None) -> list[Row]:
    rows: list[Row] = []
    play = rig.play
    rig.ready()
    rig.centre()
    canvas = rig.w.canvas

    def run(
        label: str, step: Callable[[int], object], before: Callable[[int], object] | None = None
    ) -> None:
        times, paints = [], []
        for i in range(repeat + 2):
            if before is not None:
                before(i)
                rig.settle()
            if profile is not None and i >= 2:
                profile.enable()
            dt, n = rig.frame(lambda i=i: step(i), move=label.startswith("hover"))
            if profile is not None and i >= 2:
                profile.disable()
            if i >= 2:
                times.append(dt)
                paints.append(n)
        if not any(paints) and not label.startswith("reference"):
            print(f"  (warning: {rig.name}: {label} painted nothing)", file=sys.stderr)
        rows.append((rig.name, label, times, int(statistics.median(paints))))

    run("reference: empty repaint of the map", lambda _i: canvas.viewport().update())
    here = rig.acting_square()
    dests = rig.destinations(8)
    off = rig.destinations(40)[-1] if len(rig.destinations(40)) > 1 else here

    def clear(_i: int) -> None:
        play.set_pending(None)
        rig.hover_and_wait(off)

    run("select the figure (click it: move shown)", lambda _i: rig.click_square(here), clear)
    run("choose Move (action bar button)", lambda _i: rig.click_button(rig.button("move")), clear)

    move = rig.choice("move")

    def pending_move(_i: int) -> None:
        if play.pending is None or play.pending.kind != "move":
            play.choose(move)

    pending_move(0)
    rig.settle()
    run(
        "hover a destination (path shown)",
        lambda i: rig.hover_square(dests[i % len(dests)]),
        pending_move,
    )

    def move_then(i: int) -> None:
        play.set_pending(None)
        play.choose(move)
        rig.hover_and_wait(dests[i % len(dests)])

    def undo_after(_i: int) -> None:
        play.undo()

    rig.activate()
    clicks: list[float] = []
    undos: list[float] = []
    cpaints: list[int] = []
    upaints: list[int] = []
    base = len(play.game.session.entries)
    for i in range(repeat + 2):
        move_then(i)
        rig.settle()
        sq = dests[(i + 1) % len(dests)]
        if profile is not None and i >= 2:
            profile.enable()
        dt, n = rig.frame(lambda sq=sq: rig.click_square(sq))
        if profile is not None and i >= 2:
            profile.disable()
        applied = len(play.game.session.entries)
        assert applied > base, f"{rig.name}: the click did not move: {rig.errors}"
        rig.settle()
        if profile is not None and i >= 2:
            profile.enable()
        du, m = rig.frame(rig.undo_key)
        if profile is not None and i >= 2:
            profile.disable()
        assert len(play.game.session.entries) < applied, f"{rig.name}: Ctrl+Z undid nothing"
        while len(play.game.session.entries) > base:  # what the move set going, if any
            play.undo()
        rig.settle()
        if i >= 2:
            clicks.append(dt)
            undos.append(du)
            cpaints.append(n)
            upaints.append(m)
    rows.append((rig.name, "click to move (applied)", clicks, int(statistics.median(cpaints))))
    rows.append((rig.name, "undo (Ctrl+Z) the move", undos, int(statistics.median(upaints))))
    play.set_pending(None)
    rig.settle()

    attack = next(
        (c for c in play.choices() if c.needs == "figure" and c.targets and "attack" in c.kind),
        None,
    )
    if attack is not None:
        asked = dict(attack.confirm)  # a foe first: no question about one's own side
        fid = next((t for t in attack.targets if t not in asked), attack.targets[0])
        target = play.figures()[fid].at

        def pending_attack(_i: int) -> None:
            play.set_pending(None)
            play.choose(attack)
            rig.hover_and_wait(target)

        times, paints = [], []
        for i in range(repeat + 2):
            pending_attack(i)
            rig.settle()
            if profile is not None and i >= 2:
                profile.enable()
            dt, n = rig.frame(lambda: rig.click_square(target))
            if profile is not None and i >= 2:
                profile.disable()
            assert play.game.can_undo and play.pending is None, (
                f"{rig.name}: no attack: {rig.errors}"
            )
            play.undo()
            rig.settle()
            if i >= 2:
                times.append(dt)
                paints.append(n)
        rows.append(
            (
                rig.name,
                f"attack ({attack.label}: click the target)",
                times,
                int(statistics.median(paints)),
            )
        )
    else:
        print(f"  ({rig.name}: the acting figure has no target to attack)", file=sys.stderr)
    play.set_pending(None)
    rig.settle()

    end = next((c for c in play.choices() if c.kind == "end_turn"), None)
    if end is not None:
        at = play.game.session.cursor

        def back(_i: int) -> None:
            if play.game.session.cursor > at:
                while play.game.session.cursor > at:
                    play.game.undo()  # the end of the turn, and what it set going
                play.announce()
            rig.hover_and_wait(off)

        run(
            f"end turn ({end.label} button)",
            lambda _i: rig.click_button(rig.button("end_turn")),
            back,
        )
        back(0)
        rig.settle()
    if rig.errors:
        print(f"  errors on {rig.name}: {rig.errors}", file=sys.stderr)
    return rows


def is_big(board: str) -> bool:
    """The big boards, where the issue asks for <= 2 empty-map repaints (not the demos)."""
    return "demo" not in board


def fmt(ms: float) -> str:
    return f"{ms:.1f}"


def table(rows: list[Row]) -> str:
    lines = [
        "| board | interaction | n | median ms | min | max | paints | empty map repaint | "
        "/ repaint | / 16 ms | target |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    refs = {b: statistics.median(t) for b, op, t, _ in rows if op.startswith("reference")}
    for board, op, times, paints in rows:
        med = statistics.median(times)
        ref = refs[board]
        big = is_big(board)
        if op.startswith("reference"):
            verdict = "-"
        else:
            met = med <= FRAME_MS and (not big or med <= RATIO_TARGET * ref)
            verdict = ("frame+2x " if big else "frame ") + ("MET" if met else "over")
        lines.append(
            f"| {board} | {op} | {len(times)} | {fmt(med)} | {fmt(min(times))} | "
            f"{fmt(max(times))} | {paints} | {fmt(ref)} | {med / ref:.1f} | "
            f"{med / FRAME_MS:.2f} | {verdict} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repetitions")
    parser.add_argument("--repeat", type=int, default=None, help="timed repetitions per row")
    parser.add_argument("--only", action="append", help="boards whose name contains this")
    parser.add_argument("--profile", metavar="FILE", help="cProfile of the timed interactions")
    parser.add_argument("--write", action="store_true", help="write into benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    app = QApplication.instance() or QApplication([])
    if app.platformName() in ("offscreen", "minimal"):  # type: ignore[union-attr]
        print(
            "bench_frames.py measures the real window system: run it on an X screen,\n"
            '  xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python benchmarks/bench_frames.py',
            file=sys.stderr,
        )
        return 2
    repeat = args.repeat or (5 if args.quick else 21)
    prof = None
    if args.profile:
        import cProfile

        prof = cProfile.Profile()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, open_ in boards():
            if args.only and not any(o.lower() in name.lower() for o in args.only):
                continue
            folder = Path(tmp) / f"b{len(rows)}"
            folder.mkdir()
            rig = Rig(folder, name, open_)
            got = measure(rig, repeat, prof)
            rows += got
            print(table(got).split("\n", 2)[2], flush=True)
            rig.app.removeEventFilter(rig.paints)
            rig.w.play.close_game()
            rig.w.session.undo_stack.setClean()
            rig.w.close()
            rig.w.deleteLater()
            rig.settle()
    if prof is not None:
        prof.dump_stats(args.profile)
    text = table(rows)
    print()
    print(text)
    if args.write:
        from bench_canvas import write_results

        header = (
            "## One frame per click (real input, X screen)\n\n"
            '`xvfb-run -a -s "-screen 0 1280x720x24" .venv/bin/python benchmarks/bench_frames.py '
            f"--write` on {platform.machine()}, Python {platform.python_version()}, "
            f"{time.strftime('%Y-%m-%d')}, Qt platform `{app.platformName()}`: the main window "  # type: ignore[union-attr]
            "in the app's theme at 1280x720, zoomed in (32 px per square) on the acting "
            f"figure.  Each row: {repeat} repetitions after 2 warm-ups, timed from the QTest "
            "input event until a pass of `processEvents()` paints nothing more; `paints` is "
            "the median count of Paint events (every widget).  Reference: an empty repaint "
            "of the map, same run, same method.  Target: median <= 16 ms on the demos "
            "(`frame`), and also <= 2 empty-map repaints on the big boards (`frame+2x`).\n\n"
        )
        write_results(header + text, Path(__file__).with_name("RESULTS.md"), section="bench_frames")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
