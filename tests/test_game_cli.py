"""``brick-companion game``: run as a program, its exit codes, its output and its files."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from companion.rules.game import Game
from companion.rules.places import place_name

ROOT = Path(__file__).resolve().parents[1]
# The demo dungeon pinned (see test_game_model.py).
DEMO = ROOT / "tests" / "data" / "game_demo.json"


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.run(
        [sys.executable, "-m", "companion", "game", *map(str, args)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def ok(*args: str | Path) -> Any:
    """Run, expect exit 0 and JSON (or text lines) on stdout."""
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        return proc.stdout.splitlines()


def refused(*args: str | Path) -> str:
    """Run, expect exit 2 with one clear line on stderr; that line."""
    proc = run(*args)
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("game ") and "error:" in lines[0]
    return lines[0]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game made once by the command (seed 3); tests copy it."""
    path = tmp_path_factory.mktemp("made") / "g.game.jsonl"
    out = ok("new", "--map", DEMO, "--seed", "3", path)
    assert out == {"created": str(path), "acting": out["acting"], "round": 1}
    assert out["acting"]
    return path


@pytest.fixture
def game(made: Path, tmp_path: Path) -> Path:
    path = tmp_path / "g.game.jsonl"
    path.write_bytes(made.read_bytes())
    return path


def test_new_act_state_log_undo_redo(game: Path) -> None:
    state = ok("state", game)
    assert state == Game.open(game).snapshot()
    fid = state["acting"]
    assert state["round"] == 1 and not state["needs_initiative"]
    out = ok("act", game, json.dumps({"actor": fid, "action": "begin_turn"}))
    assert out["legal"] is True and out["forced"] is False
    assert "begins the turn" in out["text"]
    model = Game.open(game)
    options = model.ruleset.moves(model.state, fid)
    square, option = sorted(options.items())[0]
    path = [list(sq) for sq in option.path]
    out = ok("act", game, json.dumps({"actor": fid, "action": "move", "path": path}))
    assert out["events"] and out["text"].endswith(f"moves to {place_name(square)}.")
    moved = ok("state", game)
    assert moved["figures"][fid]["at"] == list(square)
    assert moved["figures"][fid]["actions_left"] == state["figures"][fid]["actions_left"] - 1
    log = ok("log", game)
    assert len(log) == 3
    assert log[0].startswith("1. Initiative is rolled.") and "(dice: " in log[0]
    assert log[2] == f"3. {out['text']}"
    assert ok("log", game, "--markdown") == [f"- {line}" for line in log]
    assert ok("undo", game) == {"done": "undo", "acting": fid, "what": out["text"]}
    assert ok("state", game)["figures"][fid]["at"] == state["figures"][fid]["at"]
    assert ok("redo", game) == {"done": "redo", "acting": fid, "what": out["text"]}
    assert ok("state", game) == moved
    assert refused("redo", game).endswith("nothing to redo")


def test_an_illegal_action_exits_1_with_its_reasons_and_writes_nothing(game: Path) -> None:
    snapshot = Game.open(game).snapshot()
    other = next(f for f in snapshot["order"] if f != snapshot["acting"])
    before = game.read_bytes()
    proc = run("act", game, json.dumps({"actor": other, "action": "end_turn"}))
    assert proc.returncode == 1, proc.stderr
    answer = json.loads(proc.stdout)
    assert answer["legal"] is False
    assert [r["code"] for r in answer["reasons"]] == ["not_your_turn"]
    assert all(r["message"] for r in answer["reasons"])
    assert game.read_bytes() == before
    # forced, with a reason: applied and logged as forced
    out = ok("act", game, json.dumps({"actor": other, "action": "end_turn"}), "--force", "ruling")
    assert out["forced"] is True and out["legal"] is False
    assert ok("log", game)[-1].endswith("[FORCED: ruling]")


def test_typed_dice_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "t.game.jsonl"
    out = ok("new", "--map", DEMO, "--dice", "typed", "--seed", "1", path)
    assert out["acting"] is None
    roll = json.dumps({"actor": "brickmaster", "action": "initiative"})
    before = path.read_bytes()
    assert "only 0 typed in" in refused("act", path, roll)
    assert "not a face of a d6" in refused("act", path, roll, "--dice", "6,6,5,5,1,1,2,9")
    assert "1 typed dice were not needed: 4" in refused(
        "act", path, roll, "--dice", "6,6,5,5,1,1,2,2,4"
    )
    assert path.read_bytes() == before
    out = ok("act", path, roll, "--dice", "6, 6,5,5,1,1,2,2")
    assert out["legal"] and "Brannoc rolls [6, 6]" in out["events"][0]
    state = ok("state", path)
    assert state["acting"] == "brannoc" and not state["needs_initiative"]


def test_options_and_choices_reach_the_game(tmp_path: Path) -> None:
    path = tmp_path / "c.game.jsonl"
    ok(
        "new",
        "--map",
        DEMO,
        "--seed",
        "4",
        "--option",
        "critical_hits=true",
        "--option",
        "reroll_initiative=3",
        "--choice",
        "rattle.weapon=halberd",
        "--choice",
        "rattle.hp=9",
        path,
    )
    header = json.loads(path.read_text("utf-8").splitlines()[0])
    assert header["options"] == {"critical_hits": True, "reroll_initiative": 3}
    assert header["choices"] == {"rattle": {"weapon": "halberd", "hp": "9"}}
    assert ok("state", path)["figures"]["rattle"]["max_hp"] == 9


def test_a_torn_line_is_mended_with_a_notice(game: Path) -> None:
    whole = game.read_bytes()
    game.write_bytes(whole + b'{"type": "action", "act')
    proc = run("state", game)
    assert proc.returncode == 0
    assert proc.stderr.startswith("game: notice: ") and "cut off" in proc.stderr
    assert game.read_bytes() == whole
    assert json.loads(proc.stdout) == Game.open(game).snapshot()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("act", "{GAME}", "{not json"), "not JSON"),
        (("act", "{GAME}", "[1, 2]"), "give a JSON object"),
        (("act", "{GAME}", '{"actor": "nobody", "action": "end_turn"}'), "nobody"),
        (("act", "{GAME}", '{"actor": "snik", "action": "fly"}'), "not a valid action"),
        (("act", "{GAME}", '{"actor": "snik", "action": "end_turn"}', "--dice", "3"), "not needed"),
        (("act", "{GAME}", '{"actor": "snik", "action": "end_turn"}', "--dice", "3,x"), "--dice"),
        (("state", "{MISSING}"), "cannot read"),
        (("act", "{DIR}", '{"actor": "snik", "action": "end_turn"}'), "not a regular file"),
        (("log", "{DIR}"), "not a regular file"),
        (("state", "{MAP}"), "line 1"),  # a map file is not a game
        (("new", "--map", "{MISSING}", "{NEW}"), "cannot read the file"),
        (("new", "--map", "{MAP}", "{GAME}"), "already exists"),
        (("new", "--map", "{MAP}", "--option", "bogus=1", "{NEW}"), "options.bogus"),
        (("new", "--map", "{MAP}", "--option", "holding", "{NEW}"), "KEY=VALUE"),
        (("new", "--map", "{MAP}", "--choice", "rattle=x", "{NEW}"), "FIGURE.KEY=VALUE"),
        (("new", "--map", "{MAP}", "--choice", "rattle.weapon=spoon", "{NEW}"), "spoon"),
        (("new", "--map", "{MAP}", "--ruleset", "chess", "{NEW}"), "chess"),
        (("new", "--map", "{MAP}", "--seed", "-1", "{NEW}"), "seed"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    game: Path, tmp_path: Path, args: tuple[str, ...], words: str
) -> None:
    places = {
        "{GAME}": str(game),
        "{MISSING}": str(tmp_path / "missing.game.jsonl"),
        "{DIR}": str(tmp_path),
        "{MAP}": str(DEMO),
        "{NEW}": str(tmp_path / "new.game.jsonl"),
    }
    before = game.read_bytes()
    line = refused(*(places.get(a, a) for a in args))
    assert words in line
    assert game.read_bytes() == before
    assert not (tmp_path / "new.game.jsonl").exists()


# -- kill -9 ---------------------------------------------------------------------------------

DRIVER = """
import json, sys
from pathlib import Path
from companion.rules.game import Game

game = Game.open(Path(sys.argv[1]))
n = len(game.session.entries)
print(json.dumps({"ready": n}), flush=True)
while True:
    fid = game.turn().acting
    if not game.turn().turn_started:
        action = {"actor": fid, "action": "begin_turn"}
    else:
        moves = game.ruleset.moves(game.state, fid) if game.figures()[fid].actions_left else {}
        if moves:
            option = sorted(moves.values(), key=lambda o: (o.cost, o.square))[-1]
            action = {"actor": fid, "action": "move", "path": [list(s) for s in option.path]}
        else:
            action = {"actor": fid, "action": "end_turn"}
    game.act(action)
    print(json.dumps({"i": n, "action": action}), flush=True)
    n += 1
"""


def test_kill_9_loses_no_completed_action(game: Path, tmp_path: Path) -> None:
    """A driver applies actions in a loop, printing each one's index once ``act`` has
    returned; SIGKILLed at a random moment, every printed action is in the file."""
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, "utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT)}
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    total = 0
    for attempt in range(3):
        proc = subprocess.Popen(
            [sys.executable, str(driver), str(game)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            ready = proc.stdout.readline()  # type: ignore[union-attr]
            assert ready, proc.stderr.read()  # type: ignore[union-attr]
            start = json.loads(ready)["ready"]
            first = proc.stdout.readline()  # type: ignore[union-attr]  # one action done
            time.sleep(rng.uniform(0.0, 0.5))  # then die at a random moment
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(timeout=60)
            # Read on through the same text wrappers: ``communicate`` reads the pipes
            # underneath them and would miss the lines ``readline`` had buffered already.
            out = first + proc.stdout.read()  # type: ignore[union-attr]
            err = proc.stderr.read()  # type: ignore[union-attr]
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            proc.stdout.close()  # type: ignore[union-attr]
            proc.stderr.close()  # type: ignore[union-attr]
        assert proc.returncode == -signal.SIGKILL, err
        printed = [json.loads(line) for line in out.splitlines() if line.strip()]
        assert [p["i"] for p in printed] == list(range(start, start + len(printed)))
        reopened = Game.open(game)  # a torn last line is cut with a notice
        entries = reopened.session.entries
        why = f"seed {seed}, attempt {attempt}: {len(printed)} printed, {len(entries)} in the file"
        # every completed action is there; at most the one in progress besides
        assert start + len(printed) <= len(entries) <= start + len(printed) + 1, why
        for p in printed:
            expected = reopened.session.parse(p["action"]).model_dump(mode="json")
            assert entries[p["i"]].action == expected, why
        total += len(printed)
    assert total > 0, f"seed {seed}: the driver applied nothing before it was killed"
    final = Game.open(game)
    assert final.snapshot() == Game.open(game).snapshot()
    assert final.notice == ""
