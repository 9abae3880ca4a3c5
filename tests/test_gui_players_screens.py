"""The players' window on a second screen (issue 23): two screens simulated by Qt's
offscreen platform (a laptop and a TV), the TV picked in Game → Players' screen, the
window full screen there, and the choice remembered by the next run of the app.

Each run is a process of its own: the screens are fixed when the application starts."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SCREENS = {
    "screens": [
        {"name": "Laptop", "x": 0, "y": 0, "width": 1280, "height": 800, "logicalDpi": 96},
        {"name": "TV", "x": 1280, "y": 0, "width": 1920, "height": 1080, "logicalDpi": 96},
    ]
}

RUN = r"""
import json, sys
from pathlib import Path
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication
from companion.gui.main_window import MainWindow
from companion.gui.play.new_game import GameSpec
from companion.gui.testing import DEMO, make_settings

app = QApplication([])
folder, pick = Path(sys.argv[1]), sys.argv[2]
w = MainWindow(settings=make_settings(folder))
w.finish_start()
w.show()
w.setScreen(QGuiApplication.screens()[0])
assert w.open_path(DEMO)
assert w.start_game(folder / f"g{pick}.game.jsonl", GameSpec(seed=3))
menu = w.players.screen_menu
menu.aboutToShow.emit()
entries = {a.data(): a for a in menu.actions()}
checked_at_start = [a.data() for a in menu.actions() if a.isChecked()]
if pick != "-":
    entries[pick].trigger()
w.players.toggle.trigger()
app.processEvents()
pw = w.players.window
out = {
    "screens": sorted(entries),
    "checked_at_start": checked_at_start,
    "full_screen": pw.isFullScreen(),
    "on": pw.screen().name(),
    "geometry": [pw.geometry().x(), pw.geometry().y(), pw.width(), pw.height()],
}
w.session.undo_stack.setClean()
w.close()
out["closed_with_main"] = not pw.isVisible()
print(json.dumps(out))
"""


def run(tmp_path: Path, pick: str) -> dict[str, object]:
    config = tmp_path / "screens.json"
    config.write_text(json.dumps(SCREENS), encoding="utf-8")
    env = dict(os.environ, QT_QPA_PLATFORM=f"offscreen:configfile={config}")
    done = subprocess.run(
        [sys.executable, "-c", RUN, str(tmp_path), pick],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_the_tv_is_chosen_the_window_goes_full_screen_there_and_it_is_remembered(
    tmp_path: Path,
) -> None:
    first = run(tmp_path, "Laptop")
    assert first["screens"] == ["Laptop", "TV"]
    # Nothing chosen yet: the screen other than the main window's is offered (the TV).
    assert first["checked_at_start"] == ["TV"]
    assert first["full_screen"] and first["on"] == "Laptop"
    assert first["geometry"] == [0, 0, 1280, 800]
    assert first["closed_with_main"]
    second = run(tmp_path, "TV")
    assert second["checked_at_start"] == ["Laptop"]  # the last run's choice
    assert second["full_screen"] and second["on"] == "TV"
    assert second["geometry"] == [1280, 0, 1920, 1080]
    third = run(tmp_path, "-")  # nothing picked: the remembered TV
    assert third["checked_at_start"] == ["TV"] and third["on"] == "TV" and third["full_screen"]
