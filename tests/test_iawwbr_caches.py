"""What In a World Where Bricks Rule keeps between questions gives the answers measured
afresh: the move hint (``move_hints``), the straight moves ``check_move`` keeps, the class
profiles.  Checked on every state of random battles on the demo table and on the
benchmark's 256x256-stud table with forty figures (``benchmarks/bench_tabletop.py``), the
states asked about in play order, again in reverse (undo) and in copies (a game opened
again), against a fresh measure and against ``straight_move`` cell by cell."""

from __future__ import annotations

import importlib.util
import json
import math
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.datafiles import resource_dir
from companion.model.mapfile import MapDocument
from companion.rules.dice import SeededDice
from companion.rules.maps import load_map_file
from companion.rules.table import MoveOption
from companion.rulesets.in_a_world_where_bricks_rule import move_hints, sheets, views
from companion.rulesets.in_a_world_where_bricks_rule.actions import ACTIONS
from companion.rulesets.in_a_world_where_bricks_rule.lengths import studs_text
from companion.rulesets.in_a_world_where_bricks_rule.move_hints import move_options
from companion.rulesets.in_a_world_where_bricks_rule.plugin import IawwbrRules
from companion.rulesets.in_a_world_where_bricks_rule.rules import (
    Ctx,
    actions_left,
    check_move,
    knock_out_at,
    measure_move,
    move_cost,
)
from companion.rulesets.in_a_world_where_bricks_rule.state import Battle

ROOT = Path(__file__).resolve().parents[1]


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "bench_tabletop_for_tests", ROOT / "benchmarks" / "bench_tabletop.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _demo() -> tuple[MapDocument, dict[str, Any]]:
    doc = load_map_file(resource_dir() / "dungeons" / "iawwbr-demo.json")
    roster = json.loads((resource_dir() / "parties" / "iawwbr-demo.roster.json").read_text())
    return doc, roster


def _start(rules: IawwbrRules, doc: MapDocument, roster: dict[str, Any]) -> Battle:
    return rules.initial_state(rules.game_setup(doc, roster, {}, {}))


def _random_action(rules: IawwbrRules, state: Battle, rng: random.Random) -> dict[str, Any]:
    """A random action the window offers now: the round's roll, or one of the acting
    figure's enabled choices with a random destination or target."""
    turn = rules.turn(state)
    table = [c for c in rules.choices(state, None) if c.kind == "initiative"]
    if turn.needs_initiative and table:
        return dict(table[0].template)
    fid = turn.acting or rng.choice(turn.choosable)
    enabled = [c for c in rules.choices(state, fid) if c.enabled]
    if rng.random() < 0.25 or not enabled:
        return {"action": "end_activation", "actor": fid}
    choice = rng.choice(enabled)
    action = dict(choice.template)
    if choice.needs == "destination":
        hint = rules.moves(state, fid)
        if not hint:
            return {"action": "end_activation", "actor": fid}
        action[choice.field or "to"] = list(rng.choice(sorted(hint)))
    elif choice.needs == "figure":
        action[choice.field or "target"] = rng.choice(choice.targets)
    elif choice.needs == "square":  # a climb: a cell next to the base, if one is legal
        f = state.fighters[fid]
        x, y = f.cell[0] + rng.randint(-2, 2), f.cell[1] + rng.randint(-2, 2)
        action[choice.field or "to"] = [x, y]
        if not rules.validate(state, ACTIONS.validate_python(action)).legal:
            return {"action": "end_activation", "actor": fid}
    return action


def _battle(doc: MapDocument, roster: dict[str, Any], steps: int, seed: int) -> list[Battle]:
    """The states of a random battle, each action legal (``validate``), seeded dice."""
    rules = IawwbrRules()
    rng = random.Random(seed)
    states = [_start(rules, doc, roster)]
    for i in range(steps):
        state = states[-1]
        if state.winner is not None:
            break
        action = ACTIONS.validate_python(_random_action(rules, state, rng))
        assert rules.validate(state, action).legal, action
        dice = SeededDice(rng=random.Random(f"{seed}/{i}"))
        states.append(rules.resolve(state, action, dice).state)
    return states


def _asked(rules: IawwbrRules, state: Battle, rng: random.Random, extra: int) -> list[str]:
    """The figures whose hint is asked: who acts (or two who may), and ``extra`` others."""
    turn = rules.turn(state)
    first = [turn.acting] if turn.acting else list(turn.choosable)[:2]
    rest = sorted(set(state.fighters) - set(first))
    return first + rng.sample(rest, min(extra, len(rest)))


def _reference(state: Battle, rules: IawwbrRules, fid: str) -> dict[tuple[int, int], MoveOption]:
    """The hint cell by cell: each cell one length away that ``straight_move`` crosses
    freely, within the actions left (``moves``' own reading of them)."""
    ctx = Ctx(state, rules.catalog)
    f = state.fighters[fid]
    if f.knocked_out:
        return {}
    reach = ctx.length * rules.catalog.rules.movement.lengths_per_move
    left = actions_left(ctx, f) or rules.catalog.rules.actions.per_activation
    out = {}
    r = math.ceil(reach) + 1
    for y in range(int(f.y) - r, int(f.y) + r + 1):
        for x in range(int(f.x) - r, int(f.x) + r + 1):
            if not state.table.in_bounds(x, y) or (x, y) == f.cell:
                continue
            move = measure_move(ctx, f, (x, y))
            if (
                move.length <= reach + 1e-6
                and not move.off_table
                and move.blocked_at is None
                and move.through is None
                and move.onto is None
                and move_cost(ctx, f, move) <= left
            ):
                out[(x, y)] = MoveOption(
                    square=(x, y),
                    cost=round(move.length),
                    path=(f.cell, (x, y)),
                    length=studs_text(move.length),
                )
    return out


BATTLES = {
    "demo": (_demo, 40, 2),
    "big": (lambda: _bench().big_table(40), 30, 1),
}


@pytest.mark.parametrize("board", sorted(BATTLES))
def test_the_kept_move_hint_is_the_fresh_one_on_every_state(board: str) -> None:
    make, steps, extra = BATTLES[board]
    doc, roster = make()
    states = _battle(doc, roster, steps, seed=5)
    assert len(states) > steps // 2
    rng = random.Random(2)
    rules = IawwbrRules()  # one ruleset, asked in play order, backwards, and copies
    asked = [_asked(rules, s, rng, extra) for s in states]
    order = [*range(len(states)), *reversed(range(len(states)))]
    compared = moved = 0
    for i in order:
        for fid in asked[i]:
            fresh = move_options(Ctx(states[i], rules.catalog), fid)
            assert rules.moves(states[i], fid) == fresh, (board, i, fid)
            assert rules.moves(states[i].with_(), fid) == fresh, (board, i, fid)
            compared += 1
            moved += bool(fresh)
    assert compared >= len(order) and moved > len(order) // 2


@pytest.mark.parametrize("board", sorted(BATTLES))
def test_the_move_hint_is_straight_move_cell_by_cell(board: str) -> None:
    make, steps, _ = BATTLES[board]
    doc, roster = make()
    states = _battle(doc, roster, steps, seed=9)
    rules = IawwbrRules()
    rng = random.Random(4)
    picked = rng.sample(states, 4 if board == "big" else 8)
    for state in picked:
        for fid in _asked(rules, state, rng, 1):
            assert rules.moves(state, fid) == _reference(state, rules, fid), (board, fid)


def test_the_hint_is_measured_once_until_a_base_moves(monkeypatch: pytest.MonkeyPatch) -> None:
    doc, roster = _demo()
    rules = IawwbrRules()
    measured: list[str] = []
    real = move_hints.reachable_cells

    def counting(*args: Any, **kwargs: Any) -> Any:
        measured.append(args[1].id)
        return real(*args, **kwargs)

    monkeypatch.setattr(move_hints, "reachable_cells", counting)
    state = _start(rules, doc, roster)
    fid = next(iter(state.fighters))
    first = rules.moves(state, fid)
    assert rules.moves(state, fid) is first
    assert rules.moves(state.with_(round=7), fid) is first  # the same table and bases
    assert measured == [fid]
    f = state.fighters[fid]
    others = sorted(
        (o for o in state.fighters.values() if o.id != fid),
        key=lambda o: math.hypot(o.x - f.x, o.y - f.y),
    )
    far, near = others[-1], others[0]
    assert math.hypot(far.x - f.x, far.y - f.y) > 16 + f.radius + far.radius + 1
    moved = state.with_(fighters={**state.fighters, far.id: far.with_(x=far.x + 1)})
    assert rules.moves(moved, fid) is first  # a base too far to be in the way moved
    moved = state.with_(fighters={**state.fighters, near.id: near.with_(x=near.x + 1)})
    rules.moves(moved, fid)
    assert measured == [fid, fid]  # a base near enough moved: measured again


def test_kept_straight_moves_follow_the_battle() -> None:
    """``check_move`` answers as ``measure_move`` on every state and cell asked, also when
    the figures around moved (a new battle, the same mover and cell)."""
    doc, roster = _demo()
    states = _battle(doc, roster, 60, seed=3)
    rules = IawwbrRules()
    rng = random.Random(8)
    checked = 0
    for state in [*states, *reversed(states)]:
        ctx = Ctx(state, rules.catalog)
        for f in state.standing()[:4]:
            for _ in range(3):
                to = (rng.randrange(state.table.width), rng.randrange(state.table.height))
                assert check_move(ctx, f, to) == measure_move(ctx, f, to), (f.id, to)
                checked += 1
    assert checked > 300
    state = states[0]
    f, other = state.standing()[:2]
    to = (int(other.x), int(other.y))
    ctx = Ctx(state, rules.catalog)
    assert check_move(ctx, f, to).onto == other.id
    gone = state.with_(fighters={**state.fighters, other.id: other.with_(knocked_out=True)})
    assert check_move(Ctx(gone, rules.catalog), f, to).onto is None


def test_a_profile_is_made_once_per_class() -> None:
    rules = IawwbrRules()
    for class_id in [*rules.catalog.classes, "nobody"]:
        first = rules.profile(class_id, None)
        assert first == rules._profile(class_id)
        assert rules.profile(class_id, None) is first
    assert rules.profile("nobody", None) is None


@pytest.mark.parametrize("board", sorted(BATTLES))
def test_kept_figure_views_and_passed_over_targets_change_no_answer(board: str) -> None:
    """The figure views kept from earlier states are those made afresh, and the choices
    (targets beyond reach passed over unvalidated) are those with every target validated,
    on every state, in play order and back."""
    make, steps, _ = BATTLES[board]
    doc, roster = make()
    states = _battle(doc, roster, steps, seed=12)
    rules = IawwbrRules()
    kinds: set[str] = set()
    targets = 0
    for state in [*states, *reversed(states)]:
        ctx = Ctx(state, rules.catalog)
        assert views.figure_views(ctx) == views.figure_views(ctx, fresh=True)
        turn = rules.turn(state)
        for fid in [*turn.choosable, *list(state.fighters)[:3]]:
            got = views.choices(ctx, fid, rules.validate)
            assert got == views.choices(ctx, fid, rules.validate, fresh=True), fid
            kinds |= {c.kind for c in got}
            targets += sum(len(c.targets) for c in got)
    assert {"move", "attack", "end_turn"} <= kinds and targets > 0
    hurt = [v for s in states for v in views.figure_views(Ctx(s, rules.catalog)).values()]
    assert any(v.hp < v.max_hp for v in hurt) or board == "big"


def test_kept_odds_are_the_fresh_ones() -> None:
    """Every attack and blast of every figure on every state of a random battle: the odds
    the ruleset keeps per state are those worked out afresh, asked twice, and back."""
    doc, roster = _demo()
    states = _battle(doc, roster, 40, seed=21)
    rules = IawwbrRules()
    asked = 0
    for state in [*states, *reversed(states)]:
        ctx = Ctx(state, rules.catalog)
        standing = state.standing()
        for a in standing[:4]:
            for t in standing:
                for kind in ("attack", "wizard_blast"):
                    action = {"action": kind, "actor": a.id, "target": t.id}
                    fresh = views.odds(ctx, action)
                    assert rules.odds(state, action) == fresh
                    assert rules.odds(state, dict(reversed(action.items()))) == fresh
                    asked += 1
    assert asked > 1000
    state = states[0]
    a, t = state.standing()[:2]
    action = {"action": "attack", "actor": a.id, "target": t.id}
    before = rules.odds(state, action)
    hurt = t.with_(hits=knock_out_at(Ctx(state, rules.catalog), t) - 1)
    after = state.with_(fighters={**state.fighters, t.id: hurt})
    assert rules.odds(after, action) == views.odds(Ctx(after, rules.catalog), action) != before
    listed = {"action": "attack", "actor": states[-1].standing()[0].id, "target": ["x"]}
    assert rules.odds(states[-1], listed) is None  # a list in the action: asked afresh


def _fresh_sheets(rules: IawwbrRules, party: dict[str, Any], state: Battle) -> list[Any]:
    for kept in (sheets._ROSTERS, sheets._ROSTER_PARTS, sheets._BATTLE_PARTS):
        kept.clear()
    return list(rules.sheets(party, state))


def test_kept_sheets_are_the_fresh_ones() -> None:
    """The sheets of every state of a random battle, with the roster's side kept by its
    text, equal those made with nothing kept; an edited roster is read again."""
    doc, roster = _demo()
    states = _battle(doc, roster, 40, seed=17)
    rules = IawwbrRules()
    for state in [*states, *reversed(states)]:
        kept = rules.sheets(roster, state)
        assert kept == _fresh_sheets(rules, roster, state)
    first = roster["characters"][0]
    edited = rules.edit_character(roster, first["id"], "level", str(first.get("level", 1) + 1))
    before = rules.sheets(roster, states[-1])
    after = rules.sheets(edited, states[-1])
    assert after != before and after == _fresh_sheets(rules, edited, states[-1])
    assert rules.sheets(roster, states[-1]) == before
