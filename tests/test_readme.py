"""The README runs as written: every ``bash`` block that runs ``brick-companion`` (the set-up
scripts' block aside) is run, line by line and in order, in a temporary folder that has
the repository's ``resources/`` and ``tests/``; each line exits as it says (``# exit N``
in its comment, else 0).  ``.venv/bin/brick-companion`` runs this checkout's code."""

from __future__ import annotations

import os
import re
import shlex
import stat
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ".venv/bin/brick-companion"


def readme_commands(text: str) -> list[tuple[str, int]]:
    """(line, expected exit status) of every command line of the README's runnable blocks."""
    out = []
    for block in re.findall(r"^```bash\n(.*?)^```", text, flags=re.M | re.S):
        if COMMAND not in block:
            continue  # the set-up scripts (run-app.sh, run-tests.sh)
        for line in block.replace("\\\n", " ").splitlines():
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            words = shlex.split(line, comments=True)
            assert words and words[0] == COMMAND, line
            # The comment: what follows the last quoted argument's "  #".
            comment = line.rpartition("  #")[2] if "  #" in line else ""
            status = re.search(r"\bexit (\d)\b", comment)
            out.append((line, int(status.group(1)) if status else 0))
    return out


def test_the_readme_has_runnable_examples_of_every_game_command() -> None:
    lines = [line for line, _ in readme_commands((ROOT / "README.md").read_text("utf-8"))]
    for sub in ("new", "act", "state", "undo", "redo", "log"):
        assert any(f"{COMMAND} game {sub} " in line for line in lines), sub
    assert any(f"{COMMAND} sheets " in line for line in lines)


def test_every_readme_command_exits_as_the_readme_says(tmp_path: Path) -> None:
    commands = readme_commands((ROOT / "README.md").read_text("utf-8"))
    assert len(commands) >= 10
    (tmp_path / "resources").symlink_to(ROOT / "resources")
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    binary = tmp_path / ".venv" / "bin" / "brick-companion"
    binary.parent.mkdir(parents=True)
    binary.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m companion "$@"\n', "utf-8")
    binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    for line, expected in commands:
        done = subprocess.run(
            ["bash", "-c", line],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == expected, (line, done.stdout[-800:], done.stderr[-800:])
        assert "Traceback" not in done.stderr, (line, done.stderr)
