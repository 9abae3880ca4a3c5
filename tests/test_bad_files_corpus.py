"""Over 2,000 generated bad files, and a fixed sample: each refused clearly, by name, fast.

Each file goes through its loader (map, party or scenario) and through ``validate``
in-process; the refusal must be the loader's ``FileProblem`` subclass naming the file
(no other exception, no hang, no memory blow-up).  A few go through the real command.
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from bad_corpus import KINDS, Case, cases, write

from companion.commands.validate import check_file
from companion.model.mapfile import MapFileError, load_map_file
from companion.rules.scenario import ScenarioError, load_scenario, run_scenario
from companion.rulesets.brickquest.character import Party, PartyFileError
from companion.safefile import FileProblem

#: Generous per-file bound: a refusal is a few milliseconds; this only catches hangs.
SECONDS_PER_FILE = 2.0
SAMPLE = Path(__file__).parent / "data" / "bad"


def _scenario(path: Path) -> None:
    run_scenario(load_scenario(path), str(path))


LOADERS: dict[str, tuple[Callable[[Path], object], type[FileProblem]]] = {
    "map": (load_map_file, MapFileError),
    "party": (Party.load, PartyFileError),
    "scenario": (_scenario, ScenarioError),
}


def refusal(kind: str, path: Path) -> str:
    """The loader's message for ``path``; fails the test on acceptance or a wrong error."""
    load, error = LOADERS[kind]
    start = time.perf_counter()
    try:
        load(path)
    except error as exc:
        message = str(exc)
    except Exception as exc:  # any other type is the failure this test looks for
        pytest.fail(f"{path.name}: {type(exc).__name__} instead of {error.__name__}: {exc}")
    else:
        pytest.fail(f"{path.name}: accepted")
    took = time.perf_counter() - start
    assert took < SECONDS_PER_FILE, f"{path.name}: {took:.1f} s"
    assert path.name in message, message
    assert "\n" not in message and "Traceback" not in message
    return message


def validated(path: Path) -> list[str]:
    start = time.perf_counter()
    _kind, lines = check_file(path)
    assert time.perf_counter() - start < SECONDS_PER_FILE, path.name
    assert lines, f"{path.name}: validate found nothing wrong"
    assert all(line.startswith(f"{path}: ") for line in lines), lines
    return lines


def test_corpus_is_large_and_varied() -> None:
    corpus = list(cases())
    assert len(corpus) >= 2000
    assert Counter(c.kind for c in corpus).keys() == set(KINDS)
    mutations = {c.name.split("-", 2)[-1] for c in corpus}
    assert len(mutations) >= 30
    again = list(cases())
    assert [c.data for c in again] == [c.data for c in corpus]  # deterministic


def test_every_generated_file_is_refused(tmp_path: Path) -> None:
    start = time.perf_counter()
    seen: Counter[str] = Counter()
    for case in cases():
        path = write(case, tmp_path)
        refusal(case.kind, path)
        validated(path)
        seen[case.kind] += 1
    assert min(seen.values()) > 600
    assert time.perf_counter() - start < 120


def _sample() -> list[Path]:
    return sorted(SAMPLE.glob("*.json"))


def test_fixed_sample_is_refused() -> None:
    files = _sample()
    assert len(files) >= 30
    for path in files:
        kind = path.name.split("-")[1]
        refusal(kind, path)
        validated(path)


def test_validate_command_on_a_few(tmp_path: Path) -> None:
    picked: list[Case] = [c for c in cases() if c.special][:6]
    paths = [write(c, tmp_path) for c in picked] + _sample()[:10]
    result = subprocess.run(
        [sys.executable, "-m", "companion", "validate", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr and not result.stderr
    for path in paths:
        assert any(line.startswith(f"{path}: ") for line in result.stdout.splitlines()), path
