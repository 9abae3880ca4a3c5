"""The figures' column tops read square by square equal the whole layer.

``Board.sight_top`` copies the map's column tops and stands every living figure on them;
``Board.sight_top_at`` (what a sight line reads) answers the same values from the
terrain's layer and the few squares figures cover, without the copy.  Both must agree on
every square: figures of one square and footprints (cut at the map's edge), large ones,
corpses, figures sharing a square, columns higher than a figure, the big map.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from test_geometry_sight import boards, squares_of_board

from companion.model.dungeon import DungeonMap, Facing, Terrain
from companion.model.figures import Token
from companion.model.geometry import Board, line_of_sight
from companion.model.geometry.sight import lines_of_sight


def _tokens(draw: st.DrawFn, w: int, h: int, n: int) -> list[Token]:
    return [
        Token(
            f"t{k}",
            draw(st.integers(0, w - 1)),
            draw(st.integers(0, h - 1)),
            draw(st.sampled_from(["party", "dungeon"])),
            Facing.S,
            large=draw(st.booleans()),
            dead=draw(st.booleans()),
            size=draw(st.sampled_from([1, 1, 2])),
        )
        for k in range(n)
    ]


@st.composite
def figure_boards(draw: st.DrawFn) -> Board:
    """Random maps with figures of one square and 2x2, living and dead, that may share
    squares and run off the east or south edge."""
    board = draw(boards())
    return board.with_tokens(_tokens(draw, board.width, board.height, draw(st.integers(0, 8))))


def _fresh(board: Board) -> Board:
    """The same board, nothing computed yet."""
    return board.with_tokens(board.tokens)


def _read_all(board: Board) -> np.ndarray:
    """Every square's top through ``sight_top_at``, the whole layer left unbuilt."""
    got = board.sight_top_at(np.arange(board.width * board.height))
    assert "sight_top" not in board.__dict__
    return got.reshape(board.shape)


@settings(max_examples=300, deadline=None)
@given(figure_boards(), st.data())
def test_tops_read_square_by_square_are_the_layer(board: Board, data) -> None:
    assert np.array_equal(_read_all(_fresh(board)), board.sight_top)
    # Any squares, in any order, repeated: what a set of sight lines reads.
    at = np.array(
        data.draw(st.lists(st.integers(0, board.width * board.height - 1), max_size=30)),
        dtype=np.int64,
    )
    assert np.array_equal(_fresh(board).sight_top_at(at), board.sight_top.ravel()[at])
    assert _fresh(board).sight_top_at(at[:0]).size == 0


@settings(max_examples=150, deadline=None)
@given(figure_boards(), st.sampled_from(["flat", "3d"]), st.data())
def test_sight_lines_read_the_same_tops(board: Board, mode, data) -> None:
    """A sight line measured before the layer is built and after agree."""
    a = squares_of_board(board, data)
    ends = [squares_of_board(board, data) for _ in range(data.draw(st.integers(1, 6)))]
    fresh = _fresh(board)
    lines = [line_of_sight(fresh, a, b, mode=mode) for b in ends]
    together = lines_of_sight(_fresh(board), a, ends, mode=mode)
    board.sight_top  # noqa: B018 -- built: the lines read the whole layer
    assert lines == [line_of_sight(board, a, b, mode=mode) for b in ends]
    assert together == lines_of_sight(board, a, ends, mode=mode)


def test_hand_cases() -> None:
    """A corpse adds nothing, the higher of two figures on a square counts, a column
    above a figure stays, a footprint off the edge keeps its squares on the map."""
    dungeon = DungeonMap.blank(4, 3)
    dungeon.floor[:] = 1
    dungeon.terrain[0, 3] = int(Terrain.OBSTACLE)
    dungeon.feature_height[0, 3] = 9
    tokens = [
        Token("corpse", 0, 0, "dungeon", dead=True),
        Token("small", 1, 0, "party"),
        Token("big", 1, 0, "dungeon", large=True),
        Token("on-rock", 3, 0, "party"),
        Token("edge", 2, 1, "dungeon", size=2),
    ]
    board = Board(dungeon, tokens)
    top = _read_all(board)
    assert np.array_equal(top, Board(dungeon, tokens).sight_top)
    column = int(board.layers.column_top_int[0, 3])
    assert column > 1 + 4
    assert top[0, 0] == 1 and top[0, 1] == 1 + 6 and top[0, 3] == column
    assert top[1, 2] == top[1, 3] == top[2, 2] == top[2, 3] == 1 + 4
    assert _read_all(board.with_tokens([])).tolist() == board.layers.column_top_int.tolist()


def test_the_big_map_while_figures_move_and_die() -> None:
    """A 256x256 map of walls and platforms, 40 figures moving, dying and growing,
    board after board (``with_tokens``, as a game's states go)."""
    rng = np.random.default_rng(11)
    n = 256
    dungeon = DungeonMap.blank(n, n)
    dungeon.terrain[rng.random(dungeon.terrain.shape) < 0.05] = int(Terrain.WALL)
    dungeon.floor[:] = rng.integers(0, 5, dungeon.floor.shape)
    tokens = [
        Token(f"f{k}", int(x), int(y), "party" if k % 2 else "dungeon")
        for k, (x, y) in enumerate(rng.integers(0, n, (40, 2)))
    ]
    board = Board(dungeon, tokens)
    for step in range(12):
        k = int(rng.integers(0, len(tokens)))
        t = tokens[k]
        tokens[k] = Token(
            t.id,
            int(np.clip(t.x + rng.integers(-3, 4), 0, n - 1)),
            int(np.clip(t.y + rng.integers(-3, 4), 0, n - 1)),
            t.side,
            large=bool(step % 3 == 0) or t.large,
            dead=bool(step % 4 == 1) or t.dead,
            size=2 if step % 5 == 2 else t.size,
        )
        board = board.with_tokens(tokens)
        fresh = _fresh(board)
        assert np.array_equal(_read_all(fresh), board.sight_top), step
        a = tokens[0].pos
        ends = [t.pos for t in tokens[1:]]
        assert lines_of_sight(fresh, a, ends) == lines_of_sight(board, a, ends)


def test_boards_of_one_map_share_the_tops_of_figures_standing_alike() -> None:
    """The figures' tops are kept per map for their squares and heights: a board whose
    figures stand where another's did reuses them, one whose figures moved or grew does
    not, and each equals its own whole layer."""
    dungeon = DungeonMap.blank(6, 5)
    dungeon.floor[:] = np.arange(30).reshape(5, 6) % 3
    board = Board(dungeon, [Token("a", 1, 1, "party"), Token("b", 4, 3, "dungeon")])
    turned = board.with_tokens([Token("a", 1, 1, "party", Facing.N), board.token("b")])
    moved = board.with_tokens([Token("a", 2, 1, "party"), board.token("b")])
    grown = board.with_tokens([Token("a", 1, 1, "party", large=True), board.token("b")])
    dead = board.with_tokens([Token("a", 1, 1, "party", dead=True), board.token("b")])
    assert turned._figure_tops is board._figure_tops
    for other in (moved, grown, dead):
        assert other._figure_tops is not board._figure_tops
    for b in (board, turned, moved, grown, dead):
        assert np.array_equal(_read_all(b), _fresh(b).sight_top)
    assert _read_all(grown)[1, 1] == _read_all(board)[1, 1] + 2
