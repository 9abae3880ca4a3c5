"""Benchmark one frame per click: real input to the painted window, in each ruleset's demo.

Run ``.venv/bin/python benchmarks/bench_click.py`` (``--quick`` for a smoke run).  It needs
an X screen: without ``DISPLAY`` it starts ``Xvfb`` (1280x720x24) for the run
(``scripts/setup.sh app`` installs it).  Measurement only: no target is checked.

The main window is shown at 1280x720 on that screen (xcb, not offscreen: the paints go
through the X server).  For each demo of File → Open Demo (BrickQuest, In a World Where
Bricks Rule, Heroica), a game is started as File → New game does (app dice, seed 7), then
the driver plays, moving the acting figure toward the nearest enemy, until it may attack.
Each input below is sent with ``QTest`` (mouse press and release on the map's viewport,
a click on the action bar's button, Ctrl+Z) and timed until the map has painted (events
processed until its viewport's paint event, then once more):

* **move**: with Move chosen (untimed), a click on a reachable square;
* **attack**: with the attack chosen (untimed), a click on a target;
* **end of turn**: a click on the action bar's end-of-turn button;
* **undo**: Ctrl+Z undoing each of those (the state goes back for the next step); counted
  only when the game went back.

"n/a": the interaction did not come up (no fight reached within 120 actions of play).

Reference, same run and window: an empty repaint of the map (``viewport().update()``, timed
the same way).  Each row: the median of ``--repeat`` steps after a warm-up.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def start_xvfb() -> subprocess.Popen[bytes] | None:
    """An Xvfb screen for this run when there is no ``DISPLAY``; None when there is one."""
    if os.environ.get("DISPLAY"):
        return None
    if shutil.which("Xvfb") is None:
        raise SystemExit("no DISPLAY and no Xvfb: run scripts/setup.sh app")
    for number in range(90, 110):
        if not Path(f"/tmp/.X11-unix/X{number}").exists():
            break
    xvfb = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(100):
        if Path(f"/tmp/.X11-unix/X{number}").exists():
            break
        time.sleep(0.05)
    os.environ["DISPLAY"] = f":{number}"
    return xvfb


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15, help="timed steps per interaction")
    ap.add_argument("--quick", action="store_true", help="a smoke run: 4 steps each")
    ap.add_argument("--demo", type=int, action="append", help="only this demo (0, 1, 2)")
    args = ap.parse_args(argv)
    repeat = 4 if args.quick else args.repeat
    xvfb = start_xvfb()
    try:
        os.environ["QT_QPA_PLATFORM"] = "xcb"
        os.environ.setdefault("QT_SCALE_FACTOR", "1")
        return run(repeat, args.demo)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()


def run(repeat: int, demos: list[int] | None = None) -> int:
    from bench_canvas import PaintCounter
    from PySide6.QtCore import QPoint, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox

    from companion.gui.main_window import DEMOS, MainWindow
    from companion.gui.play.new_game import GameSpec
    from companion.gui.theme import apply_theme
    from companion.rules.ruleset import CharacterSheets

    app = QApplication.instance() or QApplication([])
    apply_theme(app)  # type: ignore[arg-type]
    tmp = Path(tempfile.mkdtemp())
    w = MainWindow(settings=QSettings(str(tmp / "settings.ini"), QSettings.Format.IniFormat))
    errors: list[str] = []
    w.show_error = lambda title, text: errors.append(f"{title}: {text}")  # type: ignore[method-assign]
    w.ask_save_changes = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    w.finish_start()
    w.resize(1280, 720)
    w.show()
    QTest.qWaitForWindowExposed(w)
    w.activateWindow()  # Ctrl+Z is a window shortcut: the window must be the active one
    QTest.qWaitForWindowActive(w)
    counter = PaintCounter()  # paints of every widget (the map, the docks, the bars)
    app.installEventFilter(counter)
    vp = w.canvas.viewport()
    play = w.play
    play.show_error = lambda title, text: errors.append(f"{title}: {text}")
    play.confirm_force = lambda verdict: None

    def settle() -> None:
        for _ in range(3):
            app.processEvents()

    def painted(step: Callable[[], None]) -> float:
        """Milliseconds from ``step`` (the input) until the window has painted all that it
        dirtied: events are processed until a pass paints nothing more."""
        if app.activeWindow() is not w:  # a progress dialog closed: no window manager here
            w.activateWindow()
            QTest.qWaitForWindowActive(w)
        settle()
        count = counter.count
        t0 = time.perf_counter()
        step()
        last = time.perf_counter()
        deadline = t0 + 2.0
        while time.perf_counter() < deadline:
            before = counter.count
            app.processEvents()
            if counter.count != before:
                last = time.perf_counter()
            elif counter.count != count:
                break
        return (last - t0) * 1000

    def click_square(sq: tuple[int, int]) -> None:
        pos = w.canvas.viewport_pos(sq, 0.5, 0.5)
        point = QPoint(int(pos.x()), int(pos.y()))
        QTest.mouseMove(vp, point)
        QTest.mouseClick(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)

    def on_screen(sq: tuple[int, int]) -> bool:
        pos = w.canvas.viewport_pos(sq, 0.5, 0.5)
        return vp.rect().contains(QPoint(int(pos.x()), int(pos.y())))

    def undo_key() -> None:
        # On the map: a text field with the focus (a roster sheet) would take Ctrl+Z itself.
        vp.setFocus()
        QTest.keyClick(vp, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)

    def undone(after: Any) -> bool:
        """The last undo took the game back (a ruleset may refuse to undo a dice roll)."""
        return play.game is not None and play.game.state is not after

    def choice(*kinds: str) -> Any:
        for c in play.choices():
            if c.enabled and (c.kind in kinds or any(c.kind.startswith(k) for k in kinds)):
                return c
        return None

    def acting() -> str | None:
        turn = play.turn()
        return None if turn is None else turn.acting

    def enemies_of(fid: str) -> list[tuple[int, int]]:
        views = play.figures()
        me = views[fid]
        return [
            v.at for v in views.values() if v.side != me.side and not v.dead and v.at is not None
        ]

    def begin() -> None:
        """Begin the acting figure's turn, and roll its move where the move is rolled."""
        turn = play.turn()
        if turn is not None and not turn.turn_started:
            begin_turn = choice("begin_turn")
            if begin_turn is not None:
                play.choose(begin_turn)
                settle()
        roll = choice("roll_move")
        if choice("move") is None and roll is not None:
            play.choose(roll)
            settle()

    def attack_ready() -> Any:
        """Play toward the nearest enemy until the acting figure may attack someone."""
        for _ in range(120):
            begin()
            attack = choice("attack", "fight")
            if attack is not None and (attack.needs == "none" or attack.targets):
                return attack
            fid = acting()
            move = choice("move")
            if fid is None:
                return None
            targets = enemies_of(fid)
            if move is not None and targets and play.moves() and move.needs != "none":

                def distance(sq: tuple[int, int], targets: list[Any] = targets) -> int:
                    return min(max(abs(sq[0] - t[0]), abs(sq[1] - t[1])) for t in targets)

                best = min(play.moves(), key=distance)
                here = play.figures()[fid].at
                if here is None or distance(best) < distance(here):
                    play.choose(move)
                    play.complete(w.tools["play"]._value(move, best))  # what a click gives
                    settle()
                    continue
            end = choice("end_turn")
            if end is None:
                return None
            play.choose(end)
            settle()
        return None

    def button_for(wanted: Any) -> QAbstractButton | None:
        """The action bar's button of the choice ``wanted``."""
        if wanted is None:
            return None
        for button in w.action_dock.findChildren(QAbstractButton):
            text = button.text().replace("&", "")
            if button.isVisible() and button.isEnabled() and wanted.label in text:
                return button
        return None

    def end_button() -> QAbstractButton | None:
        return button_for(choice("end_turn"))

    print(
        f"bench_click: Xvfb 1280x720 (DISPLAY {os.environ.get('DISPLAY')}), the main window "
        f"at 1280x720, Python {sys.version.split()[0]}; medians of {repeat} steps after a "
        "warm-up, input (QTest) until the window has painted all it dirtied"
    )
    print()
    print("| demo | empty repaint | move | attack | end of turn | undo | undo / repaint |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for index, (title, _map, _chars) in enumerate(DEMOS):
        if demos and index not in demos:
            continue
        errors.clear()
        if w.play.game is not None:
            w.close_game()
        if not w.open_demo(index):
            print(f"| {title} | cannot open the demo: {errors} |")
            continue
        rules = w.session.ruleset
        roster = w._game_roster(rules) if isinstance(rules, CharacterSheets) else None
        if not w.start_game(tmp / f"demo{index}.game.jsonl", GameSpec(seed=7), roster=roster):
            print(f"| {title} | the game did not start: {errors} |")
            continue
        settle()
        w.canvas.fit()
        settle()
        times: dict[str, list[float]] = {k: [] for k in ("empty", "move", "attack", "end", "undo")}
        for i in range(repeat + 1):
            keep = i > 0
            t = painted(vp.update)
            if keep:
                times["empty"].append(t)
        for i in range(repeat + 1):
            keep = i > 0
            begin()
            move = choice("move")
            fid = acting()
            if move is not None and move.needs != "none" and fid is not None and play.moves():
                here = play.figures()[fid].at
                squares = sorted(sq for sq in play.moves() if sq != here)
                if squares:
                    play.choose(move)
                    settle()
                    target = squares[i % len(squares)]
                    t = painted(lambda sq=target: click_square(sq))
                    after = play.game.state
                    u = painted(undo_key)
                    if keep:
                        times["move"].append(t)
                        if undone(after):
                            times["undo"].append(u)
            button = end_button()
            if button is not None:
                t = painted(lambda b=button: QTest.mouseClick(b, Qt.MouseButton.LeftButton))
                after = play.game.state
                u = painted(undo_key)
                if keep:
                    times["end"].append(t)
                    if undone(after):
                        times["undo"].append(u)
        if attack_ready() is not None:
            for i in range(repeat + 1):
                keep = i > 0
                current = choice("attack", "fight")
                if current is None:
                    break
                if current.needs == "none":  # a button (Heroica's fights)
                    button = button_for(current)
                    if button is None:
                        break
                    t = painted(lambda b=button: QTest.mouseClick(b, Qt.MouseButton.LeftButton))
                else:  # aimed on the map
                    views = play.figures()
                    spots = [views[f].at for f in current.targets if views[f].at is not None]
                    at = next((sq for sq in spots if on_screen(sq)), None)
                    if at is None:
                        break
                    play.choose(current)
                    settle()
                    t = painted(lambda at=at: click_square(at))
                after = play.game.state
                u = painted(undo_key)
                if keep:
                    times["attack"].append(t)
                    if undone(after):
                        times["undo"].append(u)

        def med(key: str, times: dict[str, list[float]] = times) -> str:
            v = times[key]
            return f"{statistics.median(v):.1f} ms" if v else "n/a"

        ratio = (
            f"{statistics.median(times['undo']) / statistics.median(times['empty']):.1f}"
            if times["undo"] and times["empty"]
            else "-"
        )
        print(
            f"| {title} | {med('empty')} | {med('move')} | {med('attack')} | {med('end')} |"
            f" {med('undo')} | {ratio} |"
        )
        if errors:
            print(f"  (messages: {errors[:3]})", file=sys.stderr)
    if w.play.game is not None:
        w.close_game()
    w.session.undo_stack.setClean()
    w.close()
    shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
