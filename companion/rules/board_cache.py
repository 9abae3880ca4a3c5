"""The ``Board`` of a table game's state, built once per state.

A ruleset whose state keeps its table (a terrain array) and its figures hands the board to
geometry many times per state (move hints, choices, odds).  ``BoardCache`` keeps the last
state's board while the state is the same object, and the table's terrain layers while the
table is: a new state with the same table reuses them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.model.figures import Token
from companion.model.geometry import Board
from companion.model.geometry.board import TerrainLayers
from companion.model.geometry.rules import GridRules


class BoardCache:
    """The board of the last state asked for, and the terrain layers of its table."""

    def __init__(self, rules: GridRules) -> None:
        self._rules = rules
        self._layers: tuple[object, TerrainLayers] | None = None
        self._board: tuple[object, Board] | None = None

    def board(self, state: object, table: Any, tokens: Callable[[], list[Token]]) -> Board:
        """The board of ``state``: its ``table`` and the ``tokens`` of its figures (asked
        for only when the state is new)."""
        cached = self._board
        if cached is not None and cached[0] is state:
            return cached[1]
        layers = self._layers
        if layers is None or layers[0] is not table:
            layers = (table, TerrainLayers(table.copy()))
            self._layers = layers
        board = Board(table, tokens(), rules=self._rules, _layers=layers[1])
        self._board = (state, board)
        return board
