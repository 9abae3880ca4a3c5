"""Heroica's kept answers about a state are the answers made anew.

``HeroicaRules.board`` builds a state's board on the terrain layers of its spaces, kept
while the spaces are the same (``companion.rules.board_cache.BoardCache``);
``figure_views`` keeps a monster's view while the monster, the catalog, the players and
the target are the same; ``marks`` keeps the marks (the same list) while the locations,
features and items hold the same entries.  Along random games on the benchmark's boards
every state's board, views and marks are compared with ones made from nothing.
"""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from companion.model.figures import Token
from companion.model.geometry import Board
from companion.rules.dice import SeededDice
from companion.rulesets.heroica import views
from companion.rulesets.heroica.actions import ACTIONS
from companion.rulesets.heroica.plugin import SPACE_GRID, HeroicaRules
from companion.rulesets.heroica.rules import Ctx
from companion.rulesets.heroica.state import Quest
from companion.rulesets.heroica.views_tracker import hero_view, monster_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from bench_heroica import big_board, small_board


def fresh_board(rules: HeroicaRules, state: Quest) -> Board:
    tokens = [Token(id=h.id, x=h.at[0], y=h.at[1], side="heroes") for h in state.in_play()] + [
        Token(id=m.id, x=m.at[0], y=m.at[1], side="monsters") for m in state.monsters.values()
    ]
    return Board(rules._dungeon(state), tokens, rules=SPACE_GRID)


def states_of_a_game(rules: HeroicaRules, setup: dict[str, Any], steps: int) -> list[Quest]:
    """A game's states: each step a random action offered that needs nothing more."""
    rng = random.Random(5)
    dice = SeededDice(5)
    state = rules.initial_state(setup)
    out = [state]
    for _ in range(steps):
        acting = rules.turn(state).acting
        offered = [*rules.choices(state, None)]
        if acting is not None:
            offered += rules.choices(state, acting)
        options = [c for c in offered if c.enabled and c.needs == "none"]
        if not options:
            break
        action = ACTIONS.validate_python(dict(rng.choice(options).template))
        assert rules.validate(state, action).legal
        state = rules.resolve(state, action, dice).state
        out.append(state)
    return out


@pytest.mark.parametrize("make", [small_board, big_board], ids=["small", "big"])
def test_kept_boards_and_views_are_made_anew(make: Any) -> None:
    rules = HeroicaRules()
    states = states_of_a_game(rules, make(), 60)
    assert len(states) > 20
    layers = set()
    for state in states:
        board = rules.board(state)
        want = fresh_board(rules, state)
        assert board.tokens == want.tokens
        for name in ("terrain", "floor", "blocks_movement", "blocks_sight", "column_top"):
            assert np.array_equal(getattr(board.layers, name), getattr(want.layers, name))
        layers.add(id(board.layers))
        ctx = Ctx(state, rules.catalog)
        shown = rules.figures(state)
        fresh = {h.id: hero_view(ctx, h) for h in state.heroes.values()}
        fresh.update({m.id: monster_view(ctx, m) for m in state.monsters.values()})
        assert shown == fresh
        assert list(shown) == list(fresh)
        # the marks of the features and items, kept or drawn anew, as drawn from nothing
        marks = rules.marks(state)
        things = views.thing_marks(ctx)
        assert list(marks[len(marks) - len(things) :]) == things
    # the spaces never change in these games: one set of layers for all their boards
    assert len(layers) == 1


def test_a_new_board_of_spaces_gets_new_layers() -> None:
    rules = HeroicaRules()
    a = rules.initial_state(small_board())
    b = rules.initial_state(big_board())
    assert rules.board(a).layers is not rules.board(b).layers
    assert rules.board(a).width != rules.board(b).width


def test_marks_are_the_same_list_while_the_board_is() -> None:
    """An action that changes no feature, item or location answers the very same marks
    (the same list object); one that takes a chest away answers new marks, drawn anew."""
    rules = HeroicaRules()
    state = rules.initial_state(small_board())
    marks = rules.marks(state)
    moved = replace(state, heroes=dict(state.heroes))
    assert rules.marks(moved) is marks
    # a resolver's copies of the features and items, unchanged: the same marks still
    copied = replace(moved, features=dict(state.features), items=dict(state.items))
    assert rules.marks(copied) is marks
    # a feature changed in place of its copy: drawn anew
    first = next(iter(state.features))
    sealed = {**state.features, first: replace(state.features[first], sealed=True)}
    assert rules.marks(replace(copied, features=sealed)) == views_marks(
        rules, replace(copied, features=sealed)
    )
    chest = next(k for k, f in state.features.items() if f.kind == "treasure_chest")
    taken = replace(state, features={k: f for k, f in state.features.items() if k != chest})
    fresh = rules.marks(taken)
    assert fresh is not marks and fresh != marks
    assert fresh == views_marks(rules, taken)
    assert marks == views_marks(rules, state)


def views_marks(rules: HeroicaRules, state: Quest) -> list[Any]:
    ctx = Ctx(state, rules.catalog)
    return [*views.space_marks(ctx), *views.thing_marks(ctx)]
