"""The lint contracts: the rules model (all of ``companion`` outside ``companion.gui`` and
``companion.printing``) has no Qt, and the import contracts in pyproject.toml's
``[tool.importlinter]`` hold (lint-imports).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "companion"
QT_MODULES = ("PySide6", "shiboken6", "pyqtgraph", "PyQt5", "PyQt6")
#: Folders and modules of the package that are allowed to use Qt: the window and paper.
QT_SIDE = ("gui", "printing")


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


# -- import contracts (import-linter) ------------------------------------------------------

LAYERS = "Layers: gui | commands above printing above rulesets above the rules core above the model"
INDEPENDENT = "Rulesets never import each other"
GUI_CORE = "The GUI core imports no ruleset"
GUI_PARTS = "The GUI core imports no ruleset's GUI part"
COMMANDS = "The commands import no ruleset, nor a ruleset's printing part"
PRINTING_CORE = "The printing core imports no ruleset"
PRINTING_PARTS = "The printing core imports no ruleset's printing part"
CONTRACTS = (LAYERS, INDEPENDENT, GUI_CORE, GUI_PARTS, COMMANDS, PRINTING_CORE, PRINTING_PARTS)


def lint_imports(cwd: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` on the package and pyproject.toml found in ``cwd``."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(COLUMNS="200", NO_COLOR="1")  # one violation a line, no colour codes
    return subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_import_contracts_hold() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    for contract in CONTRACTS:
        assert f"{contract} KEPT" in result.stdout
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in result.stdout


#: A module added to a copy of the package -> its source, the contract it breaks and the
#: line lint-imports reports.
BAD_IMPORTS = {
    "model_imports_gui": (
        "companion/model/zz_bad.py",
        "import companion.gui.main_window\n",
        LAYERS,
        "companion.model is not allowed to import companion.gui",
    ),
    "model_imports_a_ruleset": (
        "companion/model/zz_bad.py",
        "from companion.rulesets.brickquest import state\n",
        LAYERS,
        "companion.model is not allowed to import companion.rulesets",
    ),
    "rules_core_imports_a_ruleset": (
        "companion/rules/zz_bad.py",
        "import companion.rulesets.brickquest.plugin\n",
        LAYERS,
        "companion.rules is not allowed to import companion.rulesets",
    ),
    "ruleset_imports_gui": (
        "companion/rulesets/brickquest/zz_bad.py",
        "from companion.gui import session\n",
        LAYERS,
        "companion.rulesets is not allowed to import companion.gui",
    ),
    "model_imports_the_rules_core": (
        "companion/model/zz_bad.py",
        "import companion.rules.maps\n",
        LAYERS,
        "companion.model is not allowed to import companion.rules",
    ),
    # The commands and the window sit side by side above paper.
    "command_imports_gui": (
        "companion/commands/zz_bad.py",
        "from companion.gui.export import printing\n",
        LAYERS,
        "companion.commands is not allowed to import companion.gui",
    ),
    "gui_imports_a_command": (
        "companion/gui/zz_bad.py",
        "from companion.commands import sheets\n",
        LAYERS,
        "companion.gui is not allowed to import companion.commands",
    ),
    "printing_imports_gui": (
        "companion/printing/zz_bad.py",
        "import companion.gui.theme\n",
        LAYERS,
        "companion.printing is not allowed to import companion.gui",
    ),
    "printing_imports_a_command": (
        "companion/printing/zz_bad.py",
        "import companion.commands.sheets\n",
        LAYERS,
        "companion.printing is not allowed to import companion.commands",
    ),
    "ruleset_imports_printing": (
        "companion/rulesets/brickquest/zz_bad.py",
        "from companion.printing import fonts\n",
        LAYERS,
        "companion.rulesets is not allowed to import companion.printing",
    ),
    # The commands find a ruleset and its printing part by id, never by import...
    "command_imports_a_ruleset": (
        "companion/commands/zz_bad.py",
        "from companion.rulesets.brickquest.character import Party\n",
        COMMANDS,
        "companion.commands.zz_bad -> companion.rulesets.brickquest.character",
    ),
    "command_imports_a_printing_part": (
        "companion/commands/zz_bad.py",
        "from companion.printing.rulesets.brickquest import plugin\n",
        COMMANDS,
        "companion.commands.zz_bad -> companion.printing.rulesets.brickquest.plugin",
    ),
    # ...and the printing core likewise.
    "printing_core_imports_a_ruleset": (
        "companion/printing/zz_bad.py",
        "from companion.rulesets.brickquest.catalog import default_catalog\n",
        PRINTING_CORE,
        "companion.printing.zz_bad -> companion.rulesets.brickquest.catalog",
    ),
    "printing_core_imports_a_printing_part": (
        "companion/printing/zz_bad.py",
        "from companion.printing.rulesets.brickquest import sheets\n",
        PRINTING_PARTS,
        "companion.printing.zz_bad -> companion.printing.rulesets.brickquest.sheets",
    ),
    # A new ruleset joins the independence contract without editing the config.
    "new_ruleset_imports_brickquest": (
        "companion/rulesets/zz_new/__init__.py",
        "from companion.rulesets.brickquest.catalog import default_catalog\n",
        INDEPENDENT,
        "companion.rulesets.zz_new is not allowed to import companion.rulesets.brickquest",
    ),
    "brickquest_imports_a_new_ruleset": (
        "companion/rulesets/brickquest/zz_bad.py",
        "import companion.rulesets.zz_new\n",
        INDEPENDENT,
        "companion.rulesets.brickquest is not allowed to import companion.rulesets.zz_new",
    ),
    # The GUI core imports no ruleset, directly or through another core module...
    "gui_core_imports_a_ruleset": (
        "companion/gui/zz_bad.py",
        "from companion.rulesets.brickquest.catalog import default_catalog\n",
        GUI_CORE,
        "companion.gui.zz_bad -> companion.rulesets.brickquest.catalog",
    ),
    "gui_seam_imports_a_ruleset": (
        "companion/gui/rulesets/__init__.py",
        "import companion.rulesets.brickquest.character\n",
        GUI_CORE,
        "companion.gui.rulesets -> companion.rulesets.brickquest.character",
    ),
    # ...nor a ruleset's GUI part: it finds one through the companion.gui_rulesets group.
    "gui_core_imports_a_ruleset_gui": (
        "companion/gui/zz_bad.py",
        "from companion.gui.rulesets.brickquest import plugin\n",
        GUI_PARTS,
        "companion.gui.zz_bad -> companion.gui.rulesets.brickquest.plugin",
    ),
}


@pytest.fixture(scope="module")
def package_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's sources and pyproject.toml, copied once (the checkout is never touched)."""
    base = tmp_path_factory.mktemp("contracts")
    shutil.copytree(PACKAGE, base / "companion", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "pyproject.toml", base / "pyproject.toml")
    (base / "companion" / "rulesets" / "zz_new").mkdir()
    (base / "companion" / "rulesets" / "zz_new" / "__init__.py").write_text("", encoding="utf-8")
    return base


@pytest.mark.parametrize("case", sorted(BAD_IMPORTS))
def test_each_contract_catches_a_bad_import(package_copy: Path, case: str) -> None:
    module, source, contract, report = BAD_IMPORTS[case]
    path = package_copy / module
    before = path.read_text(encoding="utf-8") if path.exists() else None
    path.write_text(source, encoding="utf-8")
    try:
        result = lint_imports(package_copy)
    finally:
        if before is None:
            path.unlink()
        else:
            path.write_text(before, encoding="utf-8")
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{contract} BROKEN" in result.stdout
    assert f"Contracts: {len(CONTRACTS) - 1} kept, 1 broken." in result.stdout
    assert report in result.stdout
    assert str(Path(module).with_suffix("")).replace("/", ".").removesuffix(".__init__") in (
        result.stdout
    )


def test_the_copy_alone_keeps_the_contracts(package_copy: Path) -> None:
    """The failures above come from the bad imports, not from the copy."""
    result = lint_imports(package_copy)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_model_reads_a_map_without_the_rules() -> None:
    """import-linter sees imports, not ``importlib`` calls: read a map with the model alone,
    its ruleset checks lent by the caller, and see that no rules module was loaded."""
    code = (
        "import sys\n"
        "from companion.model import mapfile\n"
        "class Lent:\n"
        "    asked = []\n"
        "    def known_ids(self, ruleset):\n"
        "        self.asked.append(ruleset)\n"
        "        return None\n"
        "    def board_problems(self, ruleset, board, dungeon):\n"
        "        return []\n"
        "data = mapfile.dump_map(mapfile.new_document(4, 3))\n"
        "try:\n"
        "    mapfile.load_map_bytes(data, rules=Lent())\n"
        "except mapfile.MapFileError as exc:\n"
        "    print('refused:', ' '.join(str(exc).split()))\n"
        "print('asked:', Lent.asked)\n"
        "print('loaded:', sorted(m for m in sys.modules if m.startswith(('companion.rules', "
        "'companion.gui', 'companion.printing', 'companion.commands'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    lines = out.stdout.splitlines()
    assert "unknown ruleset" in lines[0]  # the lent checks were used...
    assert lines[1] == "asked: ['brickquest']"
    assert lines[2] == "loaded: []"  # ...and nothing above the model was imported
