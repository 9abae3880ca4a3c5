"""The lint contract: the rules model (all of ``companion`` outside ``companion.gui``) has no Qt."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "companion"
QT_MODULES = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")
#: Folders and modules of the package that are allowed to use Qt.
QT_SIDE = ("gui",)


def model_sources() -> list[Path]:
    return [
        p
        for p in PACKAGE.rglob("*.py")
        if p.relative_to(PACKAGE).parts[0] not in QT_SIDE and p.name != "__main__.py"
    ]


def imported_roots(source: Path) -> set[str]:
    tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_model_sources_exist() -> None:
    names = {p.name for p in model_sources()}
    assert "dungeon.py" in names  # the scan below really looks at the model


def test_no_model_module_imports_qt() -> None:
    offenders = {
        str(p.relative_to(PACKAGE.parent)): sorted(imported_roots(p) & set(QT_MODULES))
        for p in model_sources()
    }
    offenders = {k: v for k, v in offenders.items() if v}
    assert offenders == {}, f"rules-model modules import Qt: {offenders}"


def test_importing_the_whole_model_loads_no_qt() -> None:
    """Catches indirect imports too: load every model module in a clean interpreter."""
    modules = sorted(
        ".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
        for p in model_sources()
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        f"bad = [m for m in {QT_MODULES!r} if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "", f"Qt loaded by the model: {out.stdout.strip()}"
