"""``brick-companion rules check`` as a user runs it: a subprocess, JSON Lines out, exit codes.

0: every expectation met; 1: one was not; 2: bad input, reported on one line that names
the file and the place, never with a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from shared_texts import EXAMPLE

SCENARIOS = Path(__file__).parent / "scenarios" / "brickquest"
ROOT = Path(__file__).resolve().parent.parent
ROOM = {"terrain": ["#####", "#...#", "#####"]}
HARRY = {"id": "harry", "side": "party", "class": "human_warrior", "at": [1, 1], "facing": "E"}


def run_check(*paths: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "companion", "rules", "check", *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def scenario(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"ruleset": "brickquest", "map": ROOM, "figures": [HARRY], "checks": []}
    doc.update(changes)
    return doc


def write(tmp_path: Path, name: str, content: dict[str, Any] | str) -> Path:
    path = tmp_path / name
    text = content if isinstance(content, str) else json.dumps(content)
    path.write_text(text, encoding="utf-8")
    return path


def test_json_lines_on_the_example() -> None:
    example = EXAMPLE if EXAMPLE.exists() else SCENARIOS / "move_diagonal_costs_two.json"
    result = run_check(example)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    checks = json.loads(example.read_text(encoding="utf-8"))["checks"]
    assert len(lines) == len(checks)
    assert [line["index"] for line in lines] == list(range(len(checks)))
    assert all(line["file"] == str(example) and line["ok"] is True for line in lines)
    assert all(("legal" in line) != ("value" in line) for line in lines)
    illegal = [line for line in lines if line.get("legal") is False]
    assert illegal and all(line["reasons"] and line["message"] for line in illegal)


def test_a_folder_runs_every_file_in_it() -> None:
    result = run_check(SCENARIOS)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr
    files = {json.loads(line)["file"] for line in result.stdout.splitlines()}
    assert len(files) == len(list(SCENARIOS.glob("*.json")))


def test_unmet_expectation_exits_1(tmp_path: Path) -> None:
    checks = [
        {"actor": "harry", "action": "move", "path": [[2, 1]], "expect": "illegal"},
        {"actor": "harry", "action": "move", "path": [[3, 1]], "expect": "legal"},
    ]
    path = write(tmp_path, "wrong.json", scenario(checks=checks))
    result = run_check(path)
    assert result.returncode == 1
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["ok"] for line in lines] == [False, True]


def test_wrong_reason_or_state_exits_1(tmp_path: Path) -> None:
    checks = [
        {
            "actor": "harry",
            "action": "move",
            "path": [[2, 1], [3, 1], [4, 1]],
            "expect": "illegal",
            "reason": "too_steep",
        },
        {
            "actor": "harry",
            "action": "move",
            "path": [[2, 1]],
            "expect": "legal",
            "then": {"harry": {"at": [3, 1]}},
        },
    ]
    path = write(tmp_path, "wrong.json", scenario(checks=checks))
    result = run_check(path)
    assert result.returncode == 1
    first, second = (json.loads(line) for line in result.stdout.splitlines())
    assert first["ok"] is False and first["reasons"] == ["impassable_terrain"]
    assert second["ok"] is False and second["then"] == ["harry.at: expected [3, 1], got [2, 1]"]


BAD_INPUT = {
    "malformed_json": ('{"ruleset": "brickquest", "map": ', "Invalid JSON"),
    "unknown_figure": (
        scenario(checks=[{"actor": "harri", "action": "move", "path": [[2, 1]]}]),
        "checks.0: unknown figure 'harri' (did you mean 'harry'?",
    ),
    "unknown_class": (
        scenario(figures=[{**HARRY, "class": "human_warior"}]),
        "figures.0.class: unknown class 'human_warior' (did you mean 'human_warrior'",
    ),
    "unknown_monster": (
        scenario(figures=[{"id": "g", "side": "dungeon", "monster": "orcc", "at": [2, 1]}]),
        "figures.0.monster: unknown monster 'orcc' (did you mean 'orc'?)",
    ),
    "square_off_the_map": (
        scenario(figures=[{**HARRY, "at": [9, 1]}]),
        "figures.0.at: square J2 is off the map",
    ),
    "figure_on_a_wall": (
        scenario(figures=[{**HARRY, "at": [0, 1]}]),
        "figures.0.at: harry stands on wall at A2",
    ),
    "unknown_option": (
        scenario(options={"height_bonsu": True}),
        "options.height_bonsu: unknown option 'height_bonsu' (did you mean 'height_bonus'?)",
    ),
    "not_an_optional_ability": (
        scenario(
            figures=[
                {
                    "id": "g",
                    "side": "dungeon",
                    "monster": "orc",
                    "at": [2, 1],
                    "abilities": ["spellcaster"],
                }
            ]
        ),
        "figures.0.abilities.0: Orc has no optional ability 'spellcaster' (optional: none)",
    ),
    "unknown_initiative_number": (
        scenario(initiative_numbers={"harri": 7}),
        "initiative_numbers.harri: unknown figure 'harri' (did you mean 'harry'?)",
    ),
    "bad_item_multiplier": (
        scenario(figures=[{**HARRY, "items": ["ruby@5"]}]),
        "figures.0.items: 'ruby@5': write a stronger or richer item as 'ruby@x2'",
    ),
    "posing_without_being_a_statue": (
        scenario(figures=[{**HARRY, "posing": True}]),
        "figures.0.posing: only a living statue poses as a statue",
    ),
    "unknown_ruleset": (scenario(ruleset="brickquset"), "unknown ruleset 'brickquset'"),
    "unknown_action_field": (
        scenario(checks=[{"actor": "harry", "action": "move", "path": [[2, 1]], "speed": 2}]),
        "checks.0: move.speed: unknown field 'speed'",
    ),
    "bad_typed_dice": (
        scenario(checks=[{"actor": "harry", "action": "move", "path": [[2, 1]], "dice": ["six"]}]),
        "checks.0: dice: give a list of die faces",
    ),
    "path_off_the_map": (
        scenario(checks=[{"actor": "harry", "action": "move", "path": [[2, 1], [2, 5]]}]),
        "checks.0: path.1: square [2, 5] is off the 5x3 map",
    ),
    "target_off_the_map": (
        scenario(
            checks=[{"actor": "harry", "action": "attack", "target": [-1, 1], "mode": "melee"}]
        ),
        "checks.0: target: square [-1, 1] is off the 5x3 map",
    ),
    "then_not_a_table": (
        scenario(checks=[{"actor": "harry", "action": "end_turn", "then": {"harry": 5}}]),
        "checks.0: then: give {figure id: {field: value}}",
    ),
    "then_items_not_names": (
        scenario(
            checks=[
                {"actor": "harry", "action": "end_turn", "then": {"harry": {"items": [1, "key"]}}}
            ]
        ),
        "checks.0: then.harry.items: give a list of names",
    ),
    "string_for_a_number": (scenario(seed="3"), "seed: Input should be a valid integer"),
    "duplicate_key": ('{"ruleset": "brickquest", "ruleset": "x"}', "'ruleset' appears twice"),
    "too_much_work": (
        scenario(
            map={"terrain": ["." * 512] * 512},
            checks=[{"query": "distance", "from": [0, 0], "to": [1, 1]}] * 200,
        ),
        "checks: 200 checks on a 512x512 map is more than this command runs",
    ),
}


@pytest.mark.parametrize("case", sorted(BAD_INPUT))
def test_bad_input_exits_2_with_one_clear_line(tmp_path: Path, case: str) -> None:
    content, message = BAD_INPUT[case]
    path = write(tmp_path, f"{case}.json", content)
    result = run_check(path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"rules check: error: {path}: "), lines[0]
    assert message in lines[0]


def test_a_folder_with_no_files_exits_2(tmp_path: Path) -> None:
    empty = tmp_path / "nothing_here"
    empty.mkdir()
    result = run_check(empty)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        f"rules check: error: {empty}: no scenario files (*.json) in this folder"
    ]


def test_a_named_pipe_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    result = run_check(fifo)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"rules check: error: {fifo}: not a regular file (a named pipe); expected a scenario file"
    )


def test_a_missing_file_exits_2(tmp_path: Path) -> None:
    result = run_check(tmp_path / "absent.json")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert "absent.json: cannot read" in result.stderr


@pytest.mark.parametrize("ruleset", ["brickquest", "in_a_world_where_bricks_rule", "heroica"])
def test_every_reason_is_printed_with_its_sentence(ruleset: str) -> None:
    path = SCENARIOS.parent / ruleset / "every_reason.json"
    proc = run_check(path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    several = [line for line in lines if len(line.get("reasons", ())) > 1]
    assert several, lines
    for line in several:
        # One sentence per reason, in the same order, joined in the message.
        assert line["message"].count("; ") >= len(line["reasons"]) - 1
        assert line["ok"] is True


@pytest.mark.parametrize("ruleset", ["brickquest", "in_a_world_where_bricks_rule", "heroica"])
def test_every_reason_is_printed_with_its_square(ruleset: str) -> None:
    """``details`` gives each reason's code, sentence and square, in the order of
    ``reasons`` (kept as FORMAT.md says), and ``message`` joins the same sentences."""
    proc = run_check(SCENARIOS.parent / ruleset / "every_reason.json")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    refused = [line for line in lines if line.get("legal") is False]
    assert refused
    for line in refused:
        details = line["details"]
        assert [d["code"] for d in details] == line["reasons"]
        assert "; ".join(d["message"] for d in details) == line["message"]
        for d in details:
            assert set(d) == {"code", "message", "square"}
            sq = d["square"]
            assert sq is None or (len(sq) == 2 and all(isinstance(v, int) for v in sq))
    assert any(d["square"] is not None for line in refused for d in line["details"])
    legal = [line for line in lines if line.get("legal") is True]
    assert all("details" not in line and "reasons" not in line for line in legal)


def test_the_scenario_readme_s_output_example_is_what_is_printed() -> None:
    """The line tests/scenarios/README.md shows is the sixth of brickquest/every_reason.json,
    squares and all."""
    readme = (SCENARIOS.parent / "README.md").read_text(encoding="utf-8")
    block = readme.split("## What `rules check` prints", 1)[1].split("```json\n", 1)[1]
    shown = json.loads(block.split("```", 1)[0])
    proc = subprocess.run(
        [sys.executable, "-m", "companion", "rules", "check", "every_reason.json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=SCENARIOS,
        # run from the scenarios' folder: the repository's package, not another install
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
        },
    )
    assert proc.returncode == 0, proc.stderr
    printed = json.loads(proc.stdout.splitlines()[5])
    assert printed == shown
    assert [d["square"] for d in printed["details"]] == [[10, 1], [10, 1]]
