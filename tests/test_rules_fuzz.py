"""Random BrickQuest games: random small maps and figures, random actions, legal or forced.

The short run of the rules fuzz (``benchmarks/fuzz_rules.py`` runs it deep, 10,000 games);
the strategies, the invariants and one game's run are in ``tests/rules_fuzzing.py``.  Every
step is validated and then resolved (always when legal, sometimes when not: the BrickMaster
forcing it) with seeded dice; nothing may raise except the engine's own ``Unresolvable``,
and after every step the state must be consistent (hit points, deaths, nobody on a square
nobody may stand on, spell points, actions).

Below it, the bugs the deep run found, each pinned by a test of its own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fuzzing import RULES, check_consistent, play, replay, reproduction, setups

from companion.rules.dice import TypedDice
from companion.rules.session import Session, SessionError

EXAMPLES = 100
BARREL = Path(__file__).parent / "scenarios" / "brickquest" / "barrel_hidden_move.json"


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(setup=setups(), data=st.data(), seed=st.integers(0, 2**16))
def test_random_games_stay_consistent(
    setup: dict[str, Any], data: st.DataObject, seed: int
) -> None:
    play(setup, data, seed)


# -- found by the deep run ------------------------------------------------------------------


def _hidden_harry(effects: tuple[str, ...] = ()) -> Session:
    """The barrel scenario's set-up, Harry hidden in the open barrel at [3, 2]."""
    doc = json.loads(BARREL.read_text(encoding="utf-8"))
    setup = {k: doc[k] for k in ("ruleset", "map", "figures")}
    setup["figures"][0]["effects"] = list(effects)
    session = Session(RULES, setup)
    session.act(
        {"actor": "harry", "action": "interact", "kind": "climb_in", "target": [3, 2]},
        TypedDice(),
    )
    session.act({"actor": "harry", "action": "end_turn"}, TypedDice())
    harry = session.state.figures["harry"]
    assert (harry.pos, harry.inside) == ((3, 2), (3, 2))
    return session


@pytest.mark.parametrize(
    "path",
    [[[3, 2]], [[4, 1]], [[3, 4]], [[4, 1], [4, 0]]],
    ids=["onto-the-barrel", "onto-the-orc", "into-the-wall", "orc-then-wall"],
)
def test_forced_move_out_of_a_barrel_with_nowhere_to_go_is_refused(path: list[Any]) -> None:
    """Was: the figure left the barrel but stayed on its square (the 10,000-game fuzz)."""
    session = _hidden_harry()
    before = session.state
    move = {"actor": "harry", "action": "move", "path": path}
    assert not session.check(move).legal
    with pytest.raises(SessionError, match="cannot climb out of the barrel onto any square"):
        session.act(move, TypedDice(), force=True, why="the BrickMaster says so")
    assert session.state is before
    check_consistent(session.state, "after the refusal")


def test_forced_move_out_of_a_barrel_climbs_out_and_walks() -> None:
    session = _hidden_harry()
    move = {"actor": "harry", "action": "move", "path": [[4, 2], [5, 2], [6, 2]]}
    session.act(move, TypedDice(), force=True, why="the BrickMaster says so")
    harry = session.state.figures["harry"]
    assert (harry.pos, harry.inside) == ((6, 2), None)
    assert session.entries[-1].forced
    check_consistent(session.state, "after the move")


def test_forced_move_out_of_a_barrel_over_the_orc_ends_beyond_it() -> None:
    session = _hidden_harry()
    move = {"actor": "harry", "action": "move", "path": [[4, 1], [5, 1]]}
    session.act(move, TypedDice(), force=True, why="")
    harry = session.state.figures["harry"]
    assert (harry.pos, harry.inside) == ((5, 1), None)


def test_blinded_figure_veering_nowhere_stays_hidden() -> None:
    """Blinded, Harry's step east veers left (a 1) onto the orc: he never gets out."""
    session = _hidden_harry(effects=("blinded",))
    move = {"actor": "harry", "action": "move", "path": [[4, 2]]}
    session.act(move, TypedDice([1]), force=True, why="")
    harry = session.state.figures["harry"]
    assert (harry.pos, harry.inside) == ((3, 2), (3, 2))
    check_consistent(session.state, "after the veer")


def test_reproduction_replays() -> None:
    """The benchmark's reproductions run again as they were found."""
    session = _hidden_harry()
    setup = session.setup
    steps = [
        {
            "action": {
                "actor": "harry",
                "action": "interact",
                "kind": "climb_in",
                "target": [3, 2],
            },
            "forced": False,
        },
        {"action": {"actor": "harry", "action": "end_turn"}, "forced": False},
        {"action": {"actor": "harry", "action": "move", "path": [[3, 2]]}, "forced": True},
        {"action": {"actor": "harry", "action": "move", "path": [[4, 2]]}, "forced": True},
    ]
    state = replay(reproduction(setup, 0, steps))
    assert state.figures["harry"].pos == (4, 2)
    assert state.figures["harry"].inside is None


def test_the_deep_runs_finding_replays_clean() -> None:
    """The minimal game ``benchmarks/fuzz_rules.py --seed 13`` shrank the bug to: a bat
    climbs into a shut barrel and is forced onto a corpse's square, where nobody may end."""
    bat = {"side": "party", "facing": "N", "monster": "bat", "effects": [], "items": []}
    setup = {
        "ruleset": "brickquest",
        "map": {
            "terrain": ["...", "...", "...", "...", "..."],
            "objects": [{"at": [0, 0], "kind": "barrel", "facing": "N", "open": False}],
        },
        "figures": [
            {"id": "f0", "at": [1, 0], "dead": True, **bat},
            {"id": "f1", "at": [2, 0], "dead": False, **bat},
        ],
    }
    steps = [
        {
            "action": {"actor": "f1", "action": "interact", "kind": "climb_in", "target": [0, 0]},
            "forced": True,
        },
        {"action": {"actor": "f1", "action": "move", "path": [[1, 0]]}, "forced": True},
    ]
    state = replay(reproduction(setup, 0, steps))  # checks the invariants after each step
    assert (state.figures["f1"].pos, state.figures["f1"].inside) == ((0, 0), (0, 0))
