"""Random BrickQuest games: random small maps and figures, random actions, legal or forced.

The short run of the rules fuzz (``benchmarks/fuzz_rules.py`` runs it deep, 10,000 games);
the strategies, the invariants and one game's run are in ``tests/rules_fuzzing.py``.  Every
step is validated and then resolved (always when legal, sometimes when not: the BrickMaster
forcing it) with seeded dice; nothing may raise except the engine's own ``Unresolvable``,
and after every step the state must be consistent (hit points, deaths, nobody on a square
nobody may stand on, spell points, actions).

The suite's run is deterministic (``derandomize=True``): the same 100 games every time, so
CI cannot flake on a bug found by chance.  To search at random, either run the deep runner,
``.venv/bin/python benchmarks/fuzz_rules.py --examples 10000 --seed N`` (a new ``N`` explores
new games), or run this test at random with ``BRICK_FUZZ_RANDOM=1`` (and more games with
``BRICK_FUZZ_EXAMPLES=2000``)::

    BRICK_FUZZ_RANDOM=1 BRICK_FUZZ_EXAMPLES=2000 .venv/bin/python -m pytest \
        tests/test_rules_fuzz.py -k random_games

A failure prints a JSON reproduction (``rules_fuzzing.replay`` runs it again); pin its
shrunk game below as a test of its own.

Below it, the bugs the deep run found, each pinned by a test of its own.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fuzzing import RULES, check_consistent, play, replay, reproduction, setups

from companion.rules.dice import SeededDice, TypedDice
from companion.rules.session import Session, SessionError
from companion.rulesets.brickquest.actions import ACTIONS

EXAMPLES = int(os.environ.get("BRICK_FUZZ_EXAMPLES") or 100)
RANDOM = bool(os.environ.get("BRICK_FUZZ_RANDOM"))
BARREL = Path(__file__).parent / "scenarios" / "brickquest" / "barrel_hidden_move.json"


@settings(
    max_examples=EXAMPLES,
    derandomize=not RANDOM,
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


def _cast(spell: str, target: Any) -> Any:
    return ACTIONS.validate_python(
        {"actor": "f1", "action": "cast", "spell": spell, "target": target}
    )


def test_a_spell_at_a_large_figure_hidden_in_a_barrel_is_measured_from_the_barrel() -> None:
    """Was: ``KeyError: "no figure with id 'f0' on the board"`` validating a sighted spell
    aimed by id at a Large Creature hidden in a barrel (hidden figures are on no board; the
    sight between Large figures asked the board for both)."""
    setup = {
        "ruleset": "brickquest",
        "options": {"large_footprint": 2},
        "map": {
            "terrain": ["....", "....", "....", "...."],
            "objects": [{"at": [0, 0], "kind": "barrel", "facing": "N", "open": True}],
        },
        "figures": [
            {"id": "f0", "side": "dungeon", "monster": "polar_bear", "at": [1, 0]},
            {"id": "f1", "side": "party", "class": "human_cleric", "at": [3, 3]},
        ],
    }
    steps = [
        {
            "action": {"actor": "f0", "action": "interact", "kind": "climb_in", "target": [0, 0]},
            "forced": True,
        }
    ]
    state = replay(reproduction(setup, 0, steps))
    assert state.figures["f0"].inside == (0, 0)
    by_id = RULES.validate(state, _cast("divine_wrath", "f0"))
    at_barrel = RULES.validate(state, _cast("divine_wrath", [0, 0]))
    assert by_id == at_barrel  # seen at its barrel's square alone
    assert by_id.legal
    state = RULES.resolve(state, _cast("divine_wrath", "f0"), SeededDice(0)).state
    check_consistent(state, "after the spell")


def test_a_line_spell_aimed_at_the_casters_own_square() -> None:
    """Was: ``ValueError: a line needs a direction`` resolving a Lightning Bolt the caster
    aimed at itself -- which validation called legal.  Now refused (it has no direction);
    forced, it runs along the caster's facing."""
    setup = {
        "ruleset": "brickquest",
        "map": {"terrain": ["....", "....", "...."]},
        "figures": [
            {"id": "f1", "side": "party", "class": "human_mage", "at": [0, 1], "facing": "E"},
            {"id": "f2", "side": "dungeon", "monster": "orc", "at": [2, 1], "facing": "W"},
        ],
    }
    state = RULES.initial_state(setup)
    for aim in ("f1", [0, 1]):
        verdict = RULES.validate(state, _cast("lightning_bolt", aim))
        assert [r.code for r in verdict.reasons] == ["invalid_target"]
        assert "needs a direction" in verdict.reasons[0].message
    assert RULES.validate(state, _cast("lightning_bolt", [2, 1])).legal
    after = RULES.resolve(state, _cast("lightning_bolt", "f1"), SeededDice(1)).state
    check_consistent(after, "after the bolt")
    assert after.figures["f1"].hp == state.figures["f1"].hp  # not on its own square


@pytest.mark.parametrize(
    "spec",
    [
        {"action": "move", "path": [[2, 0]]},
        {"action": "attack", "target": "f1", "mode": "melee"},
        {"action": "interact", "kind": "climb_in", "target": [0, 0]},
    ],
    ids=["move", "attack", "climb-in"],
)
def test_a_figure_hidden_in_a_barrel_out_of_its_turn_is_refused_not_measured(
    spec: dict[str, Any],
) -> None:
    """Was: ``KeyError: "no figure with id 'f0' on the board"`` (the deep run, shrunk: a bat
    climbs into a barrel, ends its turn, then moves): out of its turn the hidden figure's
    action was measured on the board, where a hidden figure is not."""
    bat = {"side": "party", "facing": "N", "monster": "bat", "effects": [], "items": []}
    barrel = {"kind": "barrel", "facing": "N", "open": True}
    setup = {
        "ruleset": "brickquest",
        "map": {
            "terrain": ["...", "...", "..."],
            "objects": [{"at": [0, 0], **barrel}, {"at": [1, 0], **barrel}],
        },
        "figures": [{"id": "f0", "at": [2, 0], **bat}, {"id": "f1", "at": [0, 1], **bat}],
        "initiative": ["f0", "f1"],
    }
    steps = [
        {
            "action": {"actor": "f0", "action": "interact", "kind": "climb_in", "target": [1, 0]},
            "forced": False,
        },
        {"action": {"actor": "f0", "action": "end_turn"}, "forced": False},
    ]
    state = replay(reproduction(setup, 0, steps))
    assert (state.figures["f0"].inside, state.current) == ((1, 0), "f1")
    verdict = RULES.validate(state, ACTIONS.validate_python({"actor": "f0", **spec}))
    assert [r.code for r in verdict.reasons] == ["not_your_turn", "invalid_target"]
    assert "inside an object and must climb out first" in verdict.reasons[1].message
