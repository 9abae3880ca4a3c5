"""The window plays a game in another process and is killed with SIGKILL mid-game:
every action it had shown is in the game file, and the next window offers the game."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from PySide6.QtCore import QSettings

from companion.gui.testing import DEMO, ROOT, make_window
from companion.rules.game import Game

DRIVER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    from companion.gui.main_window import MainWindow

    app = QApplication([])
    settings = QSettings(sys.argv[2], QSettings.Format.IniFormat)
    window = MainWindow(settings=settings)
    window.show()
    assert window.open_game(Path(sys.argv[1]))
    done = 0

    def step():
        global done
        turn = window.play.turn()
        if window.play.act({"actor": turn.acting, "action": "end_turn"}):
            done += 1
            print(f"shown {done}", flush=True)  # after the window showed the result
        QTimer.singleShot(0, step)

    QTimer.singleShot(0, step)
    app.exec()
    """
)


def test_a_killed_window_loses_no_shown_action(qtbot: object, tmp_path: Path) -> None:
    from companion.rules.maps import load_map_bytes

    game_path = tmp_path / "crash.game.jsonl"
    Game.create(game_path, load_map_bytes(DEMO.read_bytes()), seed=21)
    ini = tmp_path / "settings.ini"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen(
        [sys.executable, "-c", DRIVER, str(game_path), str(ini)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    shown = 0
    deadline = time.monotonic() + 60
    assert proc.stdout is not None
    while shown < 25 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        if line.startswith("shown "):
            shown = int(line.split()[1])
    os.kill(proc.pid, signal.SIGKILL)
    _, err = proc.communicate(timeout=30)  # also closes the pipes
    assert proc.returncode == -signal.SIGKILL
    assert shown >= 25, err
    reopened = Game.open(game_path)
    # The initiative roll, then at least every end of turn the window had shown.
    assert len(reopened.log()) >= shown + 1
    # The next launch offers the game the crash left open.
    settings = QSettings(str(ini), QSettings.Format.IniFormat)
    window = make_window(qtbot, settings, [])
    window.ask_resume = lambda path: path == game_path.resolve()  # type: ignore[method-assign]
    assert window.offer_recovery()
    assert window.play.game is not None
    assert len(window.play.game.log()) == len(reopened.log())
    window.session.undo_stack.setClean()
