"""Heroica's offered moves: every destination the hint lights really moves the hero, a move
ending on another hero goes forward ("If you end your move in a space occupied by another
hero, move your hero forward to the first available space."), and the messages count
their spaces in good English."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from companion.rules.dice import SeededDice
from companion.rulesets.heroica.actions import ACTIONS
from companion.rulesets.heroica.plugin import HeroicaRules
from companion.rulesets.heroica.state import Quest

RULES = HeroicaRules()


def quest(spaces: list[str], heroes: list[tuple[int, int]], moves_left: int) -> Quest:
    cells = [[x, y] for y, row in enumerate(spaces) for x, ch in enumerate(row) if ch == "."]
    state = RULES.initial_state(
        {
            "board": {
                "spaces": spaces,
                "locations": [{"id": "bay", "realm": "draida_bay", "cells": cells}],
            },
            "heroes": [
                {"id": f"h{i}", "hero": kind, "at": list(at)}
                for i, (kind, at) in enumerate(
                    zip(["knight", "wizard", "druid", "ranger"], heroes, strict=False)
                )
            ],
            "turn": "h0",
            "phase": "hero_movement",
            "move_face": "3/Sword",
            "moves_left": moves_left,
        }
    )
    assert isinstance(state, Quest)
    return state


BOARDS: list[tuple[list[str], list[tuple[int, int]]]] = [
    (["...", "..."], [(0, 0), (0, 1)]),
    ([".", "."], [(0, 0), (0, 1)]),
    (["....", ". .."], [(0, 1), (0, 0), (1, 0)]),
    (["..", ".."], [(0, 0), (1, 0), (0, 1)]),
    (["...."], [(1, 0), (2, 0), (3, 0)]),
    (["...", "...", "..."], [(1, 1), (1, 0), (0, 1), (2, 1)]),
]


@pytest.mark.parametrize(("board", "moves_left"), list(itertools.product(BOARDS, [1, 2, 3])))
def test_every_offered_move_moves_the_hero(
    board: tuple[list[str], list[tuple[int, int]]], moves_left: int
) -> None:
    spaces, heroes = board
    state = quest(spaces, heroes, moves_left)
    start = state.heroes["h0"].at
    others = {h.at for h in state.heroes.values() if h.id != "h0"}
    for square, option in RULES.moves(state, "h0").items():
        action: Any = ACTIONS.validate_python(
            {"action": "move", "actor": "h0", "path": [list(c) for c in option.path]}
        )
        assert RULES.validate(state, action).legal, square
        after = RULES.resolve(state, action, SeededDice(1))
        at = after.state.heroes["h0"].at
        assert at != start, f"{square} is offered but the hero stays at {start}"
        assert at not in others
        texts = [e.text for e in after.events]
        assert not any("space(s)" in t or " 1 spaces" in t for t in texts), texts


def test_a_move_that_would_end_where_it_began_is_refused_with_a_reason() -> None:
    state = quest([".", "."], [(0, 0), (0, 1)], 2)
    assert RULES.moves(state, "h0") == {}
    action: Any = ACTIONS.validate_python({"action": "move", "actor": "h0", "path": [[0, 1]]})
    verdict = RULES.validate(state, action)
    assert [r.code for r in verdict.reasons] == ["occupied"]
    assert "goes nowhere" in verdict.reasons[0].message


def test_a_refused_move_counts_one_space() -> None:
    state = quest(["...."], [(0, 0)], 0)
    state = state.with_(moves_left=0)
    action: Any = ACTIONS.validate_python({"action": "move", "actor": "h0", "path": [[1, 0]]})
    messages = [r.message for r in RULES.validate(state, action).reasons]
    assert any("1 space;" in m for m in messages), messages
    assert not any("1 spaces" in m or "space(s)" in m for m in messages), messages
