"""Start-up: a start window paints before anything slow is imported, and no ruleset loads
until a map or game of it is opened.

The rulesets are listed (File → New) from their light declarations (``INFO``, read by
``ruleset_info``), which must say what their plugins say.  The window is built without
loading any ruleset's plugin or GUI part; opening a Heroica map then loads Heroica's, and
no other.  Checked in a fresh interpreter: ``sys.modules`` there holds only what that run
imported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.rules.capabilities import GridBoard
from companion.rules.ruleset import (
    UnknownRuleset,
    available_rulesets,
    get_ruleset,
    ruleset_info,
)

ROOT = Path(__file__).resolve().parents[1]

#: Run in a fresh interpreter; prints JSON: the ruleset modules loaded after each step.
PROBE = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

def ruleset_modules():
    prefixes = ("companion.rulesets.", "companion.gui.rulesets.")
    return {m for m in sys.modules if m.startswith(prefixes) and m.count(".") >= 3}

# The declarations (each ruleset package's INFO: a title and a grid) are light and allowed.
from companion.rules.ruleset import available_rulesets, ruleset_info
for rid in available_rulesets():
    ruleset_info(rid)
DECLARED = ruleset_modules()

def loaded():
    return sorted(ruleset_modules() - DECLARED)

out = {}
app = QApplication([])
from companion.gui.main_window import MainWindow
out["import"] = loaded()
w = MainWindow(settings=QSettings(sys.argv[1], QSettings.Format.IniFormat))
out["window"] = loaded()
from companion.gui.dialogs.new_map import ruleset_titles
out["titles"] = [title for _id, title, _studs in ruleset_titles()]
out["listed"] = loaded()
assert w.open_path(Path(sys.argv[2]))
w.finish_start()
w.show()
for _ in range(5):
    app.processEvents()
out["heroica"] = loaded()
out["ruleset"] = w.session.ruleset.id
w.session.undo_stack.setClean()
w.close()
print(json.dumps(out))
"""


def test_the_declarations_say_what_the_plugins_say() -> None:
    for rid in available_rulesets():
        info, plugin = ruleset_info(rid), get_ruleset(rid)
        assert (info.id, info.title) == (plugin.id, plugin.title), rid
        # A ruleset on a map declares its grid; one without a map (a graph) has none.
        assert info.needs_map == isinstance(plugin, GridBoard), rid
        if isinstance(plugin, GridBoard):
            assert info.grid == plugin.grid, rid
            assert info.studs_per_square == plugin.grid.studs_per_square


def test_an_unknown_id_has_no_declaration() -> None:
    with pytest.raises(UnknownRuleset, match="unknown ruleset 'nope'"):
        ruleset_info("nope")


def test_the_window_loads_a_ruleset_only_when_a_map_of_it_is_opened(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    heroica_map = ROOT / "resources" / "dungeons" / "heroica-draida-bay.json"
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "settings.ini"), str(heroica_map)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen["import"] == []
    assert seen["window"] == []
    # File → New lists every ruleset by title, still loading none.
    assert seen["titles"] == [
        "BrickQuest",
        "Brickmasters of the Unknown",
        "Heroica (expanded rules)",
        "In a World Where Bricks Rule",
    ]
    assert seen["listed"] == []
    assert seen["ruleset"] == "heroica"
    assert "companion.rulesets.heroica.plugin" in seen["heroica"]
    assert "companion.gui.rulesets.heroica.plugin" in seen["heroica"]
    others = [m for m in seen["heroica"] if ".heroica" not in m]
    assert others == []


#: The start window paints before the slow parts are imported.
START_PROBE = """
import json, sys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from companion.gui.app import StartWindow, configure_application
from companion.gui.theme import apply_theme

app = QApplication([])
configure_application(app)
apply_theme(app)
start = StartWindow(QSettings(sys.argv[1], QSettings.Format.IniFormat))
painted = []
start.painted.connect(lambda: painted.append(True))
start.show()
for _ in range(50):
    app.processEvents()
    if painted:
        break
heavy = ("pyqtgraph", "numpy", "pydantic", "companion.gui.main_window", "companion.gui.canvas")
print(json.dumps({
    "painted": bool(painted),
    "title": start.windowTitle(),
    "loaded": sorted(m for m in heavy if m in sys.modules),
    "rulesets": sorted(m for m in sys.modules if m.startswith("companion.rulesets")),
}))
"""


def test_the_start_window_paints_before_the_slow_parts_are_imported(tmp_path: Path) -> None:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", START_PROBE, str(tmp_path / "settings.ini")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    seen = json.loads(out.stdout.strip().splitlines()[-1])
    assert seen == {"painted": True, "title": "Brick Companion", "loaded": [], "rulesets": []}
