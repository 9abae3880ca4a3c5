"""BrickQuest's quick answers about a state are the full validation's answers.

``Ruleset.choices`` skips asking the validator where a cheap look already knows its
refusal (``table_spells_and_things._interact_refused``, ``_skill_square_refused``,
``_may_target``, ``table_choices._within_reach``; a blocked sight line:
``table_choices._unseen``, ``validate_magic.unseen_targets``), and asks once per state
what a figure's sight of another is (``Ctx.sight``, measured together by
``Ctx.measure_sights``; ``validate_magic._sight``) and which figures spells that aim
alike may take (``table_spells_and_things._cast_targets``); ``figure_views``
keeps each figure's view while the figure is the same object, and ``initiative_labels``
counts the players on a number in one pass.  Here every figure's choices in every state
of random games (``rules_fuzzing``: random maps, figures, items, spells and actions) and
of a game on the 256x256 benchmark map are asked twice -- as the table asks them, and with
every shortcut off, each action validated in full on a fresh context -- and must be
equal, as must the figures' views made anew and the labels counted the old way.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fuzzing import CATALOG, RULES, play, setups

from companion.model.geometry import SightLine
from companion.model.geometry.attacks import attack_sight
from companion.rules.dice import SeededDice
from companion.rulesets.brickquest import table, table_choices, validate_magic
from companion.rulesets.brickquest import table_spells_and_things as things
from companion.rulesets.brickquest.actions import ACTIONS
from companion.rulesets.brickquest.context import Ctx, Unresolvable
from companion.rulesets.brickquest.initiative import initiative_labels
from companion.rulesets.brickquest.state import GameState, TurnState

BARREL = Path(__file__).parent / "scenarios" / "brickquest" / "barrel_hidden_move.json"
#: How many figure-states the random games compared, and how many figures' choices
#: (asserted at the end of the module).
COMPARED = {"figure_states": 0, "states": 0, "choices": 0}
#: Random games compared (``BRICK_FUZZ_EXAMPLES`` for a deeper run, as the rules fuzz).
EXAMPLES = int(os.environ.get("BRICK_FUZZ_EXAMPLES") or 150)


@contextmanager
def full_validation() -> Iterator[None]:
    """Every shortcut off: each candidate action is validated, each sight line measured."""
    with ExitStack() as stack:
        for owner, name, value in (
            (things, "_interact_refused", lambda *a: False),
            (things, "_skill_square_refused", lambda *a: False),
            (things, "_may_target", lambda *a: True),
            (table_choices, "_within_reach", lambda ctx, fig, others, mode: list(others)),
            (table_choices, "_unseen", lambda *a: False),
            (things, "unseen_targets", lambda *a: frozenset()),
            (Ctx, "measure_sights", lambda *a: None),
            (validate_magic, "_sight", validate_magic._measure_sight),
            (Ctx, "sight", measured_sight),
            (things, "_cast_targets", full_cast_targets),
        ):
            stack.enter_context(mock.patch.object(owner, name, value))
        yield


def measured_sight(ctx: Ctx, viewer: Any, target: Any) -> SightLine:
    """``Ctx.sight`` measured again at every question, as an attack's geometry does."""
    board = ctx.board
    return attack_sight(board, board.token(viewer.id), board.token(target.id))


def full_cast_targets(
    ctx: Ctx, fig: Any, spell: Any, template: Any, *untargeted: Any
) -> tuple[str, ...]:
    """Every living figure a cast may be aimed at, each cast validated in full (the
    verdict on the cast without a target, ``untargeted``, left unread)."""
    return tuple(
        f.id
        for f in ctx.state.figures.values()
        if not f.dead and table_choices._legal(ctx, {**template, "target": f.id})
    )


def old_labels(state: GameState) -> dict[str, str]:
    """``initiative_labels`` as it was written first: every figure against every other."""
    labels: dict[str, str] = {}
    order = state.initiative or ()
    for fid in order:
        if fid not in state.initiative_numbers:
            continue
        number = state.initiative_numbers[fid]
        sharing = [
            o
            for o in order
            if state.initiative_numbers.get(o) == number and state.figures[o].class_id is not None
        ]
        letter = chr(ord("A") + sharing.index(fid)) if len(sharing) > 1 and fid in sharing else ""
        labels[fid] = f"{number}{letter}"
    return labels


def acting(state: GameState, index: int, fid: str) -> GameState:
    """``state`` with ``fid`` acting, its turn begun (every other figure holding its
    weapon, or dropped: ``arm`` is offered): only the acting figure has legal actions."""
    fig = state.figures[fid]
    fig = fig.model_copy(update={"turn": TurnState(started=True), "disarmed": index % 2 == 1})
    return state.evolve(current=fid, needs_initiative=False, figures={**state.figures, fid: fig})


def compare_choices(state: GameState, fid: str) -> None:
    COMPARED["choices"] += 1
    got = RULES.choices(state, fid)
    with full_validation():
        want = table.choices(Ctx(state, CATALOG), fid)
    assert list(got) == want, f"{fid}'s choices differ in {state.model_dump_json()}"


def compare_state(state: GameState) -> int:
    """Assert the quick answers equal the full ones for every figure, as the state stands
    and with that figure acting; how many figures."""
    for index, fid in enumerate(state.figures):
        compare_choices(state, fid)
        if state.initiative is not None and not state.figures[fid].dead:
            compare_choices(acting(state, index, fid), fid)
    ctx = Ctx(state, CATALOG)
    views = RULES.figures(state)
    labels = old_labels(state)
    assert initiative_labels(state) == labels
    for fid, fig in state.figures.items():
        assert views[fid] == table._figure_view(ctx, fig, labels.get(fid, ""))
        assert ctx.size(fig) == state.size_of(CATALOG, fig)
    return len(state.figures)


def game_states(setup: dict[str, Any], steps: list[dict[str, Any]], seed: int) -> list[GameState]:
    """Every state of a game ``play`` ran (``rules_fuzzing.replay``, keeping each state)."""
    state = RULES.initial_state(setup)
    out = [state]
    dice = SeededDice(seed)
    for step in steps:
        try:
            state = RULES.resolve(state, ACTIONS.validate_python(step["action"]), dice).state
        except Unresolvable:
            continue
        out.append(state)
    return out


@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(setup=setups(), data=st.data(), seed=st.integers(0, 2**16))
def test_quick_choices_are_the_full_validations_in_random_games(
    setup: dict[str, Any], data: st.DataObject, seed: int
) -> None:
    steps = play(setup, data, seed)
    for state in game_states(setup, steps, seed):
        COMPARED["figure_states"] += compare_state(state)
        COMPARED["states"] += 1


def test_quick_choices_are_the_full_validations_on_the_big_map() -> None:
    """The benchmark's 256x256 map with 40 figures (casters aiming at far figures, sight
    lines across rooms): a game of moves and ends of turns, every figure asked."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
    from bench_play import play_document

    doc = play_document(256, 40, 7)
    setup = RULES.game_setup(doc, None, {}, {})
    state = RULES.initial_state(setup)
    dice = SeededDice(7)
    figures = 0
    for step in range(24):
        figures += compare_state(state)
        state = _next(state, dice, step)
    assert figures >= 24 * 40


def _next(state: GameState, dice: SeededDice, step: int) -> GameState:
    """Roll initiative, begin the turn, move to the farthest reachable square, end it."""
    turn = RULES.turn(state)
    if turn.acting is None:
        raw: dict[str, Any] = {"actor": "brickmaster", "action": "initiative"}
    elif not turn.turn_started:
        raw = {"actor": turn.acting, "action": "begin_turn"}
    elif step % 3 and (moves := RULES.moves(state, turn.acting)):
        far = max(moves.values(), key=lambda o: (len(o.path), o.square))
        raw = {"actor": turn.acting, "action": "move", "path": [list(sq) for sq in far.path]}
    else:
        raw = {"actor": turn.acting, "action": "end_turn"}
    action = ACTIONS.validate_python(raw)
    assert RULES.validate(state, action).legal, raw
    return RULES.resolve(state, action, dice).state


def test_a_figure_in_a_barrel_is_offered_climbing_out_as_validated() -> None:
    """Climbing out is offered where validation allows it (the barrel's scenario: Harry
    inside the open barrel, the orc next to it), asked square by square."""
    doc = json.loads(BARREL.read_text(encoding="utf-8"))
    state = RULES.initial_state({k: doc[k] for k in ("ruleset", "map", "figures")})
    dice = SeededDice(1)
    for raw in (
        {"actor": "brickmaster", "action": "initiative"},
        {"actor": "harry", "action": "interact", "kind": "climb_in", "target": [3, 2]},
    ):
        state = RULES.resolve(state, ACTIONS.validate_python(raw), dice).state
    harry = state.figures["harry"]
    assert harry.inside == (3, 2)
    state = acting(state, 0, "harry")
    compare_choices(state, "harry")
    out = [
        c.template["target"]
        for c in RULES.choices(state, "harry")
        if "climb_out" in str(c.template)
    ]
    assert [4, 2] in out and [4, 1] not in out


def test_many_figure_states_were_compared() -> None:
    """The random games above compared thousands of figure-states (run after them)."""
    if COMPARED["states"] == 0:  # this test alone: nothing ran before it
        test_quick_choices_are_the_full_validations_in_random_games()
    assert COMPARED["figure_states"] >= 10 * EXAMPLES, COMPARED
    assert COMPARED["choices"] > COMPARED["figure_states"], COMPARED  # acting ones too


def test_kept_profiles_are_the_cards_profiles() -> None:
    """``profile`` is asked for every figure on each change: kept per card, the same."""
    rules = type(RULES)(CATALOG)
    cards = [(c, None) for c in CATALOG.classes] + [(None, m) for m in CATALOG.monsters]
    for class_id, monster_id in [*cards, (None, None), ("no_such_class", None)]:
        first = rules.profile(class_id, monster_id)
        assert first == rules._profile(class_id, monster_id)
        assert rules.profile(class_id, monster_id) is first
    assert rules.profile("human_mage", None) is not None
