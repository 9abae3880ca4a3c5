"""Over 2,000 generated bad files, and a fixed sample: each refused clearly, by name, fast.

Each file goes through its loader (map, party, scenario or game log) and through
``validate`` in-process; the refusal must be the loader's own error naming the file (a
``FileProblem`` subclass; for a game log ``GameFileError``, naming the line too) -- no
other exception, no hang, no memory blow-up.  A few go through the real command.  A game
log whose last line a crash tore is not refused but mended, with a notice.
"""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from bad_corpus import ALL_KINDS, KINDS, Case, cases, game_cases, torn_games, write

from companion.commands.validate import check_file
from companion.model.mapfile import MapFileError
from companion.rules.game import Game, GameFileError
from companion.rules.maps import load_map_file
from companion.rules.scenario import ScenarioError, load_scenario, run_scenario
from companion.rulesets.brickquest.character import Party, PartyFileError
from companion.safefile import FileProblem

#: Generous per-file bound: a refusal is a few milliseconds; this only catches hangs.
SECONDS_PER_FILE = 5.0  # a hang guard, not a speed target (a refusal takes ~ms)
SAMPLE = Path(__file__).parent / "data" / "bad"


def _scenario(path: Path) -> None:
    run_scenario(load_scenario(path), str(path))


LOADERS: dict[str, tuple[Callable[[Path], object], type[FileProblem] | type[GameFileError]]] = {
    "map": (load_map_file, MapFileError),
    "party": (Party.load, PartyFileError),
    "scenario": (_scenario, ScenarioError),
    "game": (Game.open, GameFileError),
}
#: Generated game logs the test replays (each open is a replay, ~10 ms).
GAMES = 300


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
    if kind == "game" and path.is_file() and path.stat().st_size < 1024 * 1024:
        assert re.search(r": line \d+: ", message), f"no line named: {message}"
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
    games = list(game_cases(GAMES))
    assert len({c.name.split("-", 2)[-1] for c in games}) >= 20
    assert [c.data for c in game_cases(GAMES)] == [c.data for c in games]
    assert len(corpus) + len(games) >= 2300 and set(ALL_KINDS) == {*KINDS, "game"}


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


def test_every_generated_game_log_is_refused(tmp_path: Path) -> None:
    """Mutations of a real game (die faces 99/0/-1, wrong counts, illegal actions not
    marked forced, unknown figures, misspelt keys, wrong types, huge numbers, cut lines)
    and a directory, a FIFO, /dev/zero, a sparse 17 MB file and a 50 MB log."""
    start = time.perf_counter()
    seen: Counter[str] = Counter()
    for case in game_cases(GAMES):
        path = write(case, tmp_path)
        refusal("game", path)
        validated(path)
        seen[case.name.split("-", 2)[-1]] += 1
    assert len(seen) >= 20 and sum(seen.values()) > GAMES
    assert time.perf_counter() - start < 60


def test_a_torn_last_line_is_mended_not_refused(tmp_path: Path) -> None:
    for case, lineno in torn_games():
        path = write(case, tmp_path)
        torn = path.read_bytes()
        game = Game.open(path)
        assert f"line {lineno} was cut off" in game.notice, game.notice
        mended = path.read_bytes()
        assert mended == torn[: torn.rindex(b"\n") + 1]  # the torn bytes cut, nothing else
        if game.can_undo:
            game.undo()  # the next append leaves the file readable
        assert Game.open(path).snapshot() == game.snapshot()
        assert validated_ok(path)


def validated_ok(path: Path) -> bool:
    _kind, lines = check_file(path)
    return not lines


def _sample() -> list[Path]:
    return sorted([*SAMPLE.glob("*.json"), *SAMPLE.glob("*.jsonl")])


def test_fixed_sample_is_refused() -> None:
    files = _sample()
    assert len(files) >= 30
    assert any(p.name.endswith(".game.jsonl") for p in files)
    for path in files:
        kind = path.name.split("-")[1]
        refusal(kind, path)
        validated(path)


def test_validate_command_on_a_few(tmp_path: Path) -> None:
    picked: list[Case] = [c for c in cases() if c.special][:6]
    picked += [c for c in game_cases(0) if c.special in ("fifo", "folder", "huge_log")]
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
