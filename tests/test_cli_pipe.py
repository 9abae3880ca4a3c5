"""A reader that stops early (``| head``) ends a command quietly, without a traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCENARIOS = Path(__file__).parent / "scenarios"


def test_a_closed_pipe_ends_the_command_without_a_traceback() -> None:
    # Hundreds of kilobytes of JSON lines: far more than a pipe holds, so writing fails.
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "rules", "check", str(SCENARIOS)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.stderr.close()
    code = proc.wait(timeout=120)
    assert first.startswith(b"{")
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert code == 141
