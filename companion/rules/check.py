"""``brick-companion rules check FILE...``: run rules scenarios, print JSON Lines.

Exit status: 0 when every expectation is met, 1 when one is not, 2 on bad input
(the message names the file and the place; never a traceback).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TextIO

from companion.rules.scenario import ScenarioError, load_scenario, run_scenario


def scenario_files(paths: Iterable[Path]) -> list[Path]:
    """The files named, with folders expanded to the ``*.json`` files inside (sorted)."""
    files: list[Path] = []
    for p in paths:
        files.extend(sorted(p.rglob("*.json")) if p.is_dir() else [p])
    return files


def check_files(paths: Sequence[Path], out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Run each scenario file; print one JSON object per check."""
    failed = False
    for p in paths:
        if p.is_dir() and not scenario_files([p]):
            print(f"rules check: error: {p}: no scenario files (*.json) in this folder", file=err)
            return 2
    files = scenario_files(paths)
    if not files:
        print("rules check: error: no scenario files given", file=err)
        return 2
    for path in files:
        try:
            lines = run_scenario(load_scenario(path), str(path))
        except ScenarioError as exc:
            print(f"rules check: error: {' '.join(str(exc).split())}", file=err)
            return 2
        for line in lines:
            out.write(json.dumps(line) + "\n")
            if line.get("ok") is False:
                failed = True
    out.flush()
    return 1 if failed else 0
