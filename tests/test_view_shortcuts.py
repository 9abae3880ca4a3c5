"""The rulesets' quick answers for the window agree with the slow, plain ones.

The window asks the rules for every figure's view, every sheet and every choice after
each action; some of those are answered by a shorter road (only the target's part of a
spell's verdict asked once a target is legal; base contact measured only between figures
near each other; sheet parts kept from the last state).  Each is checked here against the
plain answer on random games and random positions.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rules_fuzzing import ACTIONS, RULES, draw_action, setups

from companion.rules.dice import SeededDice
from companion.rulesets.brickquest import table_spells_and_things as bq
from companion.rulesets.brickquest.context import Ctx, Unresolvable
from companion.rulesets.brickquest.state import GameState


def _plain_cast_targets(ctx: Ctx, fig: Any, spell: Any, template: dict[str, Any]) -> tuple:
    return tuple(
        f.id
        for f in ctx.state.figures.values()
        if not f.dead
        and bq._may_target(ctx, fig, spell, f)
        and bq._legal(ctx, {**template, "target": f.id})
    )


def _compare_casts(state: GameState) -> int:
    """Every living figure's spells on one figure: the same targets both ways."""
    ctx = Ctx(state, RULES.catalog)
    compared = 0
    for fig in state.figures.values():
        if fig.dead:
            continue
        card = ctx.card(fig)
        sources: list[tuple[Any, str | None]] = [
            (sp, None) for sp in ctx.catalog.spells.values() if bq.may_know(card, sp)
        ]
        sources += [
            (ctx.catalog.spells[sid], item)
            for sid, item in bq.carried_spells(fig).items()
            if sid in ctx.catalog.spells
        ]
        for spell, item in sources:
            if bq._spell_needs(spell)[0] != "figure":
                continue
            template: dict[str, Any] = {"actor": fig.id, "action": "cast", "spell": spell.id}
            if item is not None:
                template["item"] = item
            if spell.variable_cost:
                template["points"] = 1
            quick = bq._cast_targets(ctx, fig, spell, template)
            assert quick == _plain_cast_targets(ctx, fig, spell, template), (fig.id, spell.id)
            compared += 1
    return compared


@settings(max_examples=40, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(setup=setups(), data=st.data(), seed=st.integers(0, 2**16))
def test_a_spells_targets_are_those_full_validation_allows(
    setup: dict[str, Any], data: st.DataObject, seed: int
) -> None:
    state = RULES.initial_state(setup)
    dice = SeededDice(seed)
    _compare_casts(state)
    for _ in range(data.draw(st.integers(1, 12))):
        action = ACTIONS.validate_python(draw_action(data, state))
        if not RULES.validate(state, action).legal and data.draw(st.integers(0, 4)):
            continue
        try:
            state = RULES.resolve(state, action, dice).state
        except Unresolvable:
            continue
        _compare_casts(state)


def _iawwbr_game(tmp_path: Path) -> Any:
    import json

    from companion.datafiles import resource_dir
    from companion.rules.game import Game
    from companion.rules.maps import load_map_file

    doc = load_map_file(resource_dir() / "dungeons" / "iawwbr-demo.json")
    party = json.loads((resource_dir() / "parties" / "iawwbr-demo.roster.json").read_text())
    return Game.create(tmp_path / "b.game.jsonl", doc, party=party, seed=5), party


def test_base_contact_for_every_figure_is_what_each_figure_measures(tmp_path: Path) -> None:
    from companion.rulesets.in_a_world_where_bricks_rule import views
    from companion.rulesets.in_a_world_where_bricks_rule.rules import enemies_in_contact

    game, _ = _iawwbr_game(tmp_path)
    rules, state = game.ruleset, game.state
    rnd = random.Random(4)
    ids = list(state.fighters)
    found = 0
    for _ in range(200):
        fighters = dict(state.fighters)
        cx, cy = rnd.uniform(3, 20), rnd.uniform(3, 20)
        for fid in rnd.sample(ids, min(8, len(ids))):
            fighters[fid] = dataclasses.replace(
                fighters[fid],
                x=cx + rnd.uniform(-4, 4),
                y=cy + rnd.uniform(-4, 4),
                radius=rnd.choice([0.5, 1.0, 2.0]),
                elevation=rnd.choice([0, 0, 1, 3]),
                knocked_out=rnd.random() < 0.15,
            )
        a, b = rnd.sample(ids, 2)  # two bases exactly as far apart as contact allows
        ctx = rules._ctx(dataclasses.replace(state, fighters=fighters))
        reach = fighters[a].radius + fighters[b].radius + ctx.options.contact_gap_studs
        fighters[b] = dataclasses.replace(
            fighters[b], x=fighters[a].x + reach, y=fighters[a].y, elevation=fighters[a].elevation
        )
        ctx = rules._ctx(dataclasses.replace(state, fighters=fighters))
        plain = {f.id for f in fighters.values() if enemies_in_contact(ctx, f)}
        assert views.in_contact(ctx) == plain
        found += len(plain)
    assert found  # some contacts were there to find


def test_base_contact_kept_for_the_same_figures_is_measured_again_for_new_ones(
    tmp_path: Path,
) -> None:
    from companion.rulesets.in_a_world_where_bricks_rule import views
    from companion.rulesets.in_a_world_where_bricks_rule.rules import enemies_in_contact

    game, _ = _iawwbr_game(tmp_path)
    rules, state = game.ruleset, game.state
    ctx = rules._ctx(state)
    first = views.in_contact(ctx)
    # Another battle with the very same figures and options (a turn passed): the answer kept.
    same = rules._ctx(dataclasses.replace(state, active=None))
    assert same.battle is not ctx.battle and views.in_contact(same) is first
    # The same figures in a new dict: measured again, and two of them put in contact.
    b = next(iter(state.fighters.values()))
    a = next(f for f in state.fighters.values() if f.side != b.side)
    reach = a.radius + b.radius + ctx.options.contact_gap_studs
    fighters = {
        **state.fighters,
        b.id: dataclasses.replace(
            b, x=a.x + reach, y=a.y, elevation=a.elevation, knocked_out=False
        ),
        a.id: dataclasses.replace(a, knocked_out=False),
    }
    moved = rules._ctx(dataclasses.replace(state, fighters=fighters))
    got = views.in_contact(moved)
    assert got == views.measure_contact(moved)
    assert {a.id, b.id} <= got and got != first
    # What each figure's choices read of it: its enemies in contact, as measured alone.
    for f in fighters.values():
        assert (f.id in got) == bool(enemies_in_contact(moved, f)), f.id
    # Fresh views and choices measure contact anew and agree with the kept ones.
    assert views.figure_views(moved, fresh=True) == views.figure_views(moved)
    for fid in (a.id, b.id):
        kept = views.choices(moved, fid, rules.validate)
        assert kept == views.choices(moved, fid, rules.validate, fresh=True)


def test_sheets_kept_from_the_last_state_are_the_sheets_made_anew(tmp_path: Path) -> None:
    from companion.rulesets.in_a_world_where_bricks_rule import sheets

    game, party = _iawwbr_game(tmp_path)
    rules = game.ruleset
    states = [game.state]
    for _ in range(40):  # the game played on: attacks, moves, passes
        state = game.state
        acting = rules.turn(state).acting
        options = [c for c in rules.choices(state, None) if c.kind == "initiative"]
        options += [c for c in rules.choices(state, acting) if c.enabled] if acting else []
        options.sort(key=lambda c: c.kind != "attack")  # hits first: numbers on the sheets
        taken = False
        for c in options:
            action = dict(c.template)
            if c.needs == "figure" and c.targets:
                action[c.field] = c.targets[0]
            elif c.needs == "destination":
                moves = rules.moves(state, acting)
                if not moves:
                    continue
                action[c.field] = list(sorted(moves)[len(moves) // 2])
            elif c.needs != "none":
                continue
            try:
                game.act(action)
            except Exception:  # refused: the next choice
                continue
            taken = True
            break
        if not taken:
            break
        states.append(game.state)
    assert len(states) > 5
    assert any(f.hits for f in states[-1].fighters.values())  # the sheets' numbers changed
    for state in states:
        kept = rules.sheets(party, state)
        sheets._ROSTER_PARTS.clear()
        sheets._BATTLE_PARTS.clear()
        assert rules.sheets(party, state) == kept
        assert rules.sheets(party, state) == kept  # from what was kept
