"""The hostile user's corpus (``bad_commands``) through the real commands, in-process:
every bad variant refused with exit 2, its file or argument named, no traceback, no hang;
every sound one accepted.  A few go through a real subprocess too."""

from __future__ import annotations

import io
import signal
import subprocess
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from types import FrameType

import pytest
from bad_commands import RULESETS, Variant, materialise, typed_games, variants

from companion import cli

#: A command that takes longer than this on one variant has hung (a refusal takes ms).
HANG_SECONDS = 10.0


class Hang(Exception):
    pass


@contextmanager
def alarm(seconds: float) -> Iterator[None]:
    def ring(_sig: int, _frame: FrameType | None) -> None:
        raise Hang

    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def invoke(argv: list[str], capfd: pytest.CaptureFixture[str]) -> tuple[str, int, str]:
    """Run ``brick-companion ARGV`` in-process: (outcome, exit status, output); ``capfd``
    catches what a command writes to the streams it bound at import."""
    out, err = io.StringIO(), io.StringIO()
    outcome = "ran"
    code = -1
    try:
        with alarm(HANG_SECONDS), redirect_stdout(out), redirect_stderr(err):
            try:
                code = cli.main(argv)
            except SystemExit as exc:  # argparse
                code = exc.code if isinstance(exc.code, int) else 2
    except Hang:
        outcome = "hang"
    except Exception:
        outcome = "crash"
        err.write(traceback.format_exc())
    sys.stdout.flush()
    sys.stderr.flush()
    caught = capfd.readouterr()
    text = out.getvalue() + err.getvalue() + caught.out + caught.err
    if "Traceback" in text:
        outcome = "crash"
    return outcome, code, text


def judge(variant: Variant, path: Path, argv: list[str], capfd: pytest.CaptureFixture[str]) -> str:
    """'ok', or what went wrong: silent, crash, hang, unnamed, refused (a sound one)."""
    outcome, code, text = invoke(argv, capfd)
    if outcome != "ran":
        return outcome
    if not variant.refused:
        if code != 0:
            return "refused"
        if "torn" in variant.tags and argv[0] == "validate" and "cut off" not in text:
            return "no notice"
        return "ok"
    if code == 0:
        return "silent"
    if code != 2:
        return f"exit {code}"
    named = path.name if variant.names == "{F}" else variant.names
    return "ok" if named in text else "unnamed"


def test_the_corpus_is_large_and_covers_the_issue() -> None:
    every = list(variants())
    assert len(every) >= 900
    assert {v.ruleset for v in every} == set(RULESETS)
    kinds = Counter(v.kind for v in every if v.kind)
    assert set(kinds) == {"map", "party", "game", "scenario"}
    names = " ".join(v.name for v in every)
    for case in (
        "lone_surrogate", "hp_as_text", "warrior_14_sp", "over_2_mb", "bad_utf8",
        "duplicate_keys", "version_999", "heroica_roster", "bricks_rule_roster",
        "brannoc_99_hp", "foreign_party", "seed_text", "forced_text", "faces_text",
        "level_text", "shield_text", "deleted_record", "swapped_records",
        "duplicated_record", "sound-big-header", "game-torn", "reroll_initiative",
    ):  # fmt: skip
        assert case in names, case
    for ruleset in RULESETS:
        assert f"dice-{ruleset}" in names and "deleted_record" in names
    assert [v.data for v in variants()] == [v.data for v in every]  # the same every time


def test_every_variant_through_the_commands(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    start = time.perf_counter()
    games = typed_games(tmp_path)
    results: Counter[str] = Counter()
    failures: list[str] = []
    count = 0
    for variant in variants():
        folder = tmp_path / f"v{count}"
        folder.mkdir()
        path, commands = materialise(variant, folder, games)
        for argv in commands:
            verdict = judge(variant, path, argv, capfd)
            results[verdict] += 1
            if verdict != "ok" and len(failures) < 30:
                failures.append(f"{verdict}: {variant.name}: {' '.join(a[:60] for a in argv)}")
        count += 1
    took = time.perf_counter() - start
    assert not failures, "\n".join(failures)
    assert count >= 900 and results["ok"] >= 2000, results
    assert took < 120, f"{took:.0f} s"


def test_a_few_through_a_real_process(tmp_path: Path) -> None:
    games = typed_games(tmp_path)
    picked = [
        v
        for v in variants()
        if v.name
        in (
            "issue-brickquest-party-lone_surrogate",
            "dice-heroica-0-False",
            "option-in_a_world_where_bricks_rule-3-False",
        )
        or v.name.startswith("option-in_a_world_where_bricks_rule-3")
    ]
    assert len(picked) == 3
    for variant in picked:
        path, commands = materialise(variant, tmp_path, games)
        argv = commands[-1] if variant.kind else commands[0]
        proc = subprocess.run(
            [sys.executable, "-m", "companion", *argv],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
        named = path.name if variant.names == "{F}" else variant.names
        assert named in proc.stderr, proc.stderr
