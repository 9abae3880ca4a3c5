"""``pip install .`` gives a working app: the wheel carries ``resources/`` and ``ui/``.

The wheel is built from a copy of the sources (nothing is written into the checkout),
installed without dependencies into a fresh virtual environment that borrows this one's
site-packages for PySide6 and friends, and run from a folder outside the checkout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCENARIO = ROOT / "tests" / "scenarios" / "brickquest" / "move_diagonal_costs_two.json"
SOURCES = ("companion", "resources", "ui", "pyproject.toml", "setup.py", "README.md")

PROBE = """
import sys
from pathlib import Path
from PySide6.QtWidgets import QApplication
import companion
from companion.datafiles import resource_dir, ui_dir
from companion.gui.uifiles import ICONS, load_form, style_sheet
from companion.rulesets.brickquest.catalog import load_catalog

app = QApplication([])
venv = Path(sys.prefix).resolve()
print("package", Path(companion.__file__).resolve().is_relative_to(venv))
print("resources", resource_dir().is_relative_to(venv), resource_dir().name)
print("ui", ui_dir().is_relative_to(venv), ui_dir().name)
print("classes", len(load_catalog().classes))
print("form", type(load_form("new_map")).__name__)
print("style", len(style_sheet()) > 0, (ICONS / "app.svg").is_file())
"""


def run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    environ.update(env)
    return subprocess.run(
        args, cwd=cwd, env=environ, capture_output=True, text=True, timeout=300, check=False
    )


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel installed; its ``bin`` folder."""
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", "build")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        else:
            shutil.copy2(path, src / name)
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    built = run(
        [*pip, "wheel", "--no-deps", "--no-index", "--no-build-isolation", "-w", "dist", "./src"],
        base,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    (wheel,) = (base / "dist").glob("brick_companion-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "companion/_resources/rulesets/brickquest/classes.toml" in names
    assert "companion/_ui/new_map.ui" in names
    venv = base / "venv"
    made = run([sys.executable, "-m", "venv", "--without-pip", str(venv)], base)
    assert made.returncode == 0, made.stderr
    # Borrow the dependencies (PySide6, pydantic, ...) without installing them again.
    purelib = Path(sysconfig.get_paths()["purelib"])
    (site,) = (venv / "lib").glob("python3*/site-packages")
    (site / "borrowed.pth").write_text(f"{purelib}\n", encoding="utf-8")
    target = venv / "bin" / "python"
    install = run(
        [
            *pip,
            "--python",
            str(target),
            "install",
            "--no-deps",
            "--no-index",
            "--ignore-installed",
            str(wheel),
        ],
        base,
    )
    assert install.returncode == 0, install.stderr[-3000:]
    return venv / "bin"


def test_wheel_resources_resolve_from_the_installed_copy(installed: Path, tmp_path: Path) -> None:
    result = run([str(installed / "python"), "-c", PROBE], tmp_path, QT_QPA_PLATFORM="offscreen")
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert "package True" in lines
    assert "resources True _resources" in lines
    assert "ui True _ui" in lines
    assert "form QDialog" in lines
    assert "style True True" in lines
    (classes,) = [int(line.split()[1]) for line in lines if line.startswith("classes ")]
    assert classes > 0


def test_installed_command_checks_rules_outside_the_checkout(
    installed: Path, tmp_path: Path
) -> None:
    result = run([str(installed / "brick-companion"), "rules", "check", str(SCENARIO)], tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    checks = json.loads(SCENARIO.read_text(encoding="utf-8"))["checks"]
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == len(checks) and all(line["ok"] for line in lines)
