"""Sight lines measured together are the lines measured one by one.

``sight.lines_of_sight`` tests the crossed squares of many lines from one viewer in one
NumPy pass, and ``attacks.attack_sights`` measures an attacker's sight of many figures
through it; ``attack_geometry`` reads its sight line once for every facing it tries, or
from the caller (``sight``).  Each must answer exactly what the single measure does.
"""

from __future__ import annotations

from unittest import mock

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_geometry_sight import boards, squares_of_board

from companion.model.dungeon import DungeonMap, Facing, Terrain
from companion.model.figures import Token
from companion.model.geometry import Board, line_of_sight
from companion.model.geometry import attacks as attacks_module
from companion.model.geometry.attacks import attack_geometry, attack_sight, attack_sights
from companion.model.geometry.sight import lines_of_sight


@settings(max_examples=200, deadline=None)
@given(boards(), st.sampled_from(["flat", "3d", None]), st.data())
def test_lines_together_are_the_lines_one_by_one(board: Board, mode, data) -> None:
    a = squares_of_board(board, data)
    ends = [squares_of_board(board, data) for _ in range(data.draw(st.integers(0, 8)))]
    if ends and data.draw(st.booleans()):
        ends.append(a)  # the viewer's own square, and a repeated end
        ends.append(ends[0])
    assert lines_of_sight(board, a, ends, mode=mode) == [
        line_of_sight(board, a, b, mode=mode) for b in ends
    ]


def test_lines_together_on_a_big_random_map() -> None:
    """Long lines over walls, platforms and figures (no footprint: one pass for all)."""
    rng = np.random.default_rng(3)
    n = 120
    dungeon = DungeonMap.blank(n, n)
    dungeon.terrain[rng.random(dungeon.terrain.shape) < 0.04] = int(Terrain.WALL)
    dungeon.floor[:] = rng.integers(0, 4, dungeon.floor.shape)
    spots = {(int(x), int(y)) for x, y in rng.integers(0, n, (60, 2))}
    tokens = [Token(f"t{k}", x, y, "party", Facing.S) for k, (x, y) in enumerate(sorted(spots))]
    board = Board(dungeon, tokens)
    assert not board.has_large
    for a in [t.pos for t in tokens[:6]]:
        ends = [t.pos for t in tokens]
        for mode in ("flat", "3d"):
            together = lines_of_sight(board, a, ends, mode=mode)
            assert together == [line_of_sight(board, a, b, mode=mode) for b in ends]
            assert any(line.clear for line in together[1:])
            assert not all(line.clear for line in together)


@settings(max_examples=150, deadline=None)
@given(boards(), st.data())
def test_an_attackers_sights_together_are_its_sights_one_by_one(board: Board, data) -> None:
    if not board.tokens:
        return
    attacker = data.draw(st.sampled_from(board.tokens))
    targets = data.draw(st.lists(st.sampled_from(board.tokens), max_size=6))
    assert attack_sights(board, attacker, targets) == [
        attack_sight(board, attacker, t) for t in targets
    ]


@settings(max_examples=150, deadline=None)
@given(boards(), st.sampled_from(["melee", "reach", "ranged"]), st.data())
def test_an_attack_reads_its_sight_line_once(board: Board, mode: str, data) -> None:
    """Every facing tried reads one line (measured at most once); a caller's line is the
    one used, and the answer is the same."""
    if len(board.tokens) < 2:
        return
    attacker, target = data.draw(st.permutations(board.tokens))[:2]
    if target.dead:
        return
    rng = {"min_range": 2.0, "max_range": 8.0} if mode == "ranged" else {}
    calls: list[int] = []

    def counted(*args: object) -> object:
        calls.append(1)
        return attack_sight(*args)  # type: ignore[arg-type]

    with mock.patch.object(attacks_module, "attack_sight", counted):
        plain = attack_geometry(board, attacker.id, target.id, mode, **rng)
    assert len(calls) == (0 if mode == "melee" else 1)
    asked: list[int] = []

    def given_line():  # type: ignore[no-untyped-def]
        asked.append(1)
        return attack_sight(board, attacker, target)

    kept = attack_geometry(board, attacker.id, target.id, mode, sight=given_line, **rng)
    assert kept == plain
    assert len(asked) == (0 if mode == "melee" else 1)
