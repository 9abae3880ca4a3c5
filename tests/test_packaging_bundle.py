"""``packaging/build-bundle.sh`` builds an app that starts: the window shows, offscreen.

Takes about half a minute (longer on a busy machine); set BRICK_COMPANION_SKIP_BUNDLE=1
to skip it locally. CI runs it.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "tests" / "scenarios" / "brickquest" / "move_diagonal_costs_two.json"

pytestmark = [
    pytest.mark.bundle,
    pytest.mark.skipif(
        os.environ.get("BRICK_COMPANION_SKIP_BUNDLE", "") == "1",
        reason="BRICK_COMPANION_SKIP_BUNDLE=1",
    ),
]


def clean_env(**extra: str) -> dict[str, str]:
    """No Python settings of ours leak into the bundle: it must stand on its own."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("bundle")
    built = subprocess.run(
        ["bash", str(ROOT / "packaging" / "build-bundle.sh"), str(out)],
        env=clean_env(PYTHON=sys.executable),
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-4000:]
    return out / "brick-companion"


def test_bundle_starts_and_shows_the_window(bundle: Path, tmp_path: Path) -> None:
    shot = tmp_path / "window.png"
    env = clean_env(
        QT_QPA_PLATFORM="offscreen",
        QT_SCALE_FACTOR="2",  # Qt's own high-DPI scaling must stay on
        BRICK_COMPANION_HOME=str(tmp_path / "home"),
        BRICK_COMPANION_QUIT_AFTER_MS="1500",
        BRICK_COMPANION_SCREENSHOT=str(shot),
    )
    demo = ROOT / "resources" / "dungeons" / "demo.json"
    run = subprocess.run(
        [str(bundle / "brick-companion"), str(demo)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    seen = re.search(r"window shown=True size=(\d+)x(\d+) icon=True title='([^']*)'", run.stdout)
    assert seen, run.stdout + run.stderr[-2000:]
    width, height = int(seen[1]), int(seen[2])
    assert "demo.json" in seen[3]  # the map given on the command line was opened
    image = QImage(str(shot))
    assert (image.width(), image.height()) == (2 * width, 2 * height)
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, 400, 23)}
    assert len(colours) > 8  # toolbar icons and text were drawn, not a blank frame
    # Settings stayed in the hermetic home folder.
    assert list((tmp_path / "home" / "config").rglob("*.ini"))


def test_bundle_runs_the_rules_tool(bundle: Path, tmp_path: Path) -> None:
    run = subprocess.run(
        [str(bundle / "brick-companion"), "rules", "check", str(SCENARIO)],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    lines = [json.loads(line) for line in run.stdout.splitlines()]
    assert lines and all(line["ok"] for line in lines)


def test_bundle_finds_every_ruleset_and_its_files(bundle: Path, tmp_path: Path) -> None:
    """Rulesets load through entry points: the frozen app must carry them and their data."""
    demo = ROOT / "resources" / "dungeons" / "iawwbr-demo.json"
    roster = ROOT / "resources" / "parties" / "iawwbr-demo.roster.json"
    scenario = (
        ROOT / "tests" / "scenarios" / "in_a_world_where_bricks_rule" / "attack_d20_plus_level.json"
    )
    run = subprocess.run(
        [str(bundle / "brick-companion"), "validate", str(demo), str(roster), str(scenario)],
        cwd=tmp_path,
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    assert run.stdout.count(": ok (") == 3, run.stdout


def test_bundle_installs_into_the_desktop_menu(bundle: Path, tmp_path: Path) -> None:
    run = subprocess.run(
        ["bash", str(bundle / "install-desktop.sh"), str(tmp_path / "usr")],
        env=clean_env(),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    share = tmp_path / "usr" / "share"
    desktop = (share / "applications" / "brick-companion.desktop").read_text(encoding="utf-8")
    assert f'Exec="{bundle}/brick-companion" %f' in desktop
    assert (share / "mime" / "packages" / "brick-companion.xml").is_file()
    assert (share / "icons" / "hicolor" / "scalable" / "apps" / "brick-companion.svg").is_file()
