"""``brick-companion validate --user-tables`` and ``validate RULESET/TABLE.toml``: the
user's table files checked by the game's loader; every problem names file, entry, line
and field; no traceback; the exit status says whether all are sound."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import userdirs
from companion.cli import main
from companion.rules.user_tables import dump_table, user_file
from companion.rulesets.brickquest.user_tables import monsters_table

HYDRA = {
    "id": "hydra",
    "name": "Hydra",
    "move": 4,
    "defense_dice": 2,
    "initiative": 5,
    "hit_points": 14,
    "attack": {"melee_dice": 2},
}


@pytest.fixture
def monsters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(userdirs.HOME_ENV, str(tmp_path / "home"))
    return user_file(monsters_table(), "brickquest")


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], str]:
    status = main(["validate", *argv])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def test_no_user_tables_is_sound_and_says_where_they_would_be(
    monsters: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, _ = run(["--user-tables"], capsys)
    assert status == 0
    (line,) = lines
    assert line.startswith(f"no user table files in {monsters.parent.parent / '<ruleset>'} ")
    # Every ruleset that offers tables is named (discovered, not listed here).
    assert "brickquest/monsters" in line and "in_a_world_where_bricks_rule/classes" in line


def test_a_sound_user_table_is_ok(monsters: Path, capsys: pytest.CaptureFixture[str]) -> None:
    monsters.parent.mkdir(parents=True)
    goblin = {**HYDRA, "id": "goblin", "name": "Goblin", "hit_points": 8}
    monsters.write_text(dump_table(monsters_table(), [HYDRA, goblin]), "utf-8")
    status, lines, _ = run(["--user-tables"], capsys)
    assert status == 0
    assert lines == [
        f"{monsters}: ok (user table brickquest/monsters: 2 rows, 1 replacing bundled ones)",
        f"{monsters}: entry 1 'hydra' (line 7): new",
        f"{monsters}: entry 2 'goblin' (line 16): replaces "
        "resources/rulesets/brickquest/monsters.toml, entry 6 (line 75)",
    ]


def test_a_broken_user_table_names_file_entry_line_and_field(
    monsters: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monsters.parent.mkdir(parents=True)
    bad = {**HYDRA, "id": "imp", "move": "fast"}
    monsters.write_text(dump_table(monsters_table(), [HYDRA, bad]), "utf-8")
    status, lines, err = run(["--user-tables"], capsys)
    assert status == 2 and err == ""
    assert lines[0] == (
        f"{monsters}: entry 2 'imp' (line 16): move: Input should be a valid integer, "
        "unable to parse string as an integer"
    )
    assert lines[1].startswith(f"{monsters}: none of its rows is in play until it is fixed")
    # The same file named on the command line, as any project file.
    status, lines, err = run([str(monsters)], capsys)
    assert status == 2 and "Traceback" not in err
    assert lines == [
        f"{monsters}: entry 2 'imp' (line 16): move: Input should be a valid integer, "
        "unable to parse string as an integer"
    ]


def test_a_toml_file_that_names_no_table_is_told_so(
    tmp_path: Path, monsters: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stray = tmp_path / "brickquest" / "spells.toml"
    stray.parent.mkdir()
    stray.write_text("format_version = 1\n", "utf-8")
    status, lines, _ = run([str(stray)], capsys)
    assert status == 2
    (line,) = lines
    assert line.startswith(f"{stray}: not a user table: a table file is named RULESET/TABLE.toml")
    assert "brickquest/monsters.toml" in line


def test_validate_wants_files_or_user_tables(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["validate"])
    assert done.value.code == 2
    assert "give files to check, or --user-tables" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["validate", "--help"])
    assert "--user-tables" in capsys.readouterr().out
