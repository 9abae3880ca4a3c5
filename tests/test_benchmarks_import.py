"""Every benchmark under ``benchmarks/`` still imports: a split module must not leave one
naming a function that moved (they are run by hand, not by the suite)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOAD_ALL = """
import importlib.util, sys
sys.path[:0] = [{root!r}, {bench!r}]
for path in {paths!r}:
    spec = importlib.util.spec_from_file_location("bench_" + str(abs(hash(path))), path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert callable(getattr(module, "main", None)), path + ": no main()"
print("ok", len({paths!r}))
"""


def test_every_benchmark_imports() -> None:
    bench = ROOT / "benchmarks"
    paths = sorted(str(p) for p in bench.glob("*.py"))
    assert len(paths) >= 9
    code = LOAD_ALL.format(root=str(ROOT), bench=str(bench), paths=paths)
    env = {"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == f"ok {len(paths)}"
