"""The board: an immutable snapshot of a dungeon and its figures, with cached layers.

Every geometry function takes a :class:`Board`.  It copies the map once, derives the
arrays the measurements need (what blocks movement, corners and sight, the top of every
square's column, where the figures stand) and keeps them read-only, so a board can be
shared between the GUI and the rules engine and asked as often as needed.
:meth:`Board.with_tokens` makes the board for the next figure positions while reusing
every terrain-derived array.

Arrays are ``[y, x]``; squares are ``(x, y)`` tuples.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Literal

import numpy as np

from companion.model.dungeon import DungeonMap, Terrain
from companion.model.figures import Token
from companion.model.geometry.rules import DEFAULT_GRID, GridRules
from companion.model.textmap import parse_text_map

Square = tuple[int, int]
LosMode = Literal["3d", "flat"]
LOS_MODES: tuple[str, ...] = ("3d", "flat")

#: The eight steps, (dx, dy): the four orthogonal ones first, then the diagonals (their
#: costs: ``GridRules.step_costs``).  ``DIRECTIONS[i]`` is the step an index ``i`` in the
#: step layers stands for.
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
)
#: The default grid's values (kept for callers that name them; the geometry reads
#: ``board.rules``).
STEP_COSTS: tuple[int, ...] = DEFAULT_GRID.step_costs
MAX_STEP = DEFAULT_GRID.max_step
MAX_STAIR_STEP = DEFAULT_GRID.max_stair_step

_WALL_LIKE = (int(Terrain.WALL), int(Terrain.DOOR_CLOSED), int(Terrain.DOOR_LOCKED))
#: ``TerrainLayers`` arrays whose value at a square depends on that square alone.
_SQUARE_LAYERS = (
    "blocks_movement",
    "blocks_corners",
    "blocks_sight",
    "column_top",
    "wall_like",
    "not_in_areas",
    "fire",
)


def _frozen(a: np.ndarray) -> np.ndarray:
    a.setflags(write=False)
    return a


def shift_to_source(layer: np.ndarray, dx: int, dy: int, fill: bool | int = False) -> np.ndarray:
    """``out[y, x] = layer[y + dy, x + dx]`` (``fill`` where that square is off the map)."""
    h, w = layer.shape
    out = np.full_like(layer, fill)
    ys = slice(max(0, -dy), min(h, h - dy))
    xs = slice(max(0, -dx), min(w, w - dx))
    yt = slice(max(0, dy), min(h, h + dy))
    xt = slice(max(0, dx), min(w, w + dx))
    out[ys, xs] = layer[yt, xt]
    return out


@dataclass(frozen=True)
class PaddedLayers:
    """Area layers with a margin: ``not_in_areas`` is True and ``wall_like`` False there."""

    pad: int
    not_in_areas: np.ndarray
    wall_like: np.ndarray


class TerrainLayers:
    """Arrays derived from the dungeon alone; shared by boards that differ in figures only."""

    def __init__(self, dungeon: DungeonMap) -> None:
        self.dungeon = dungeon
        self.height, self.width = dungeon.terrain.shape
        self.terrain = _frozen(dungeon.terrain.copy())
        self.floor = _frozen(dungeon.floor.astype(np.int64))
        self.floor_min = int(self.floor.min())
        self.floor_max = int(self.floor.max())
        self.blocks_movement = _frozen(dungeon.blocks_movement())
        self.blocks_corners = _frozen(dungeon.blocks_corners())
        self.blocks_sight = _frozen(dungeon.blocks_sight())
        self.column_top = _frozen(dungeon.column_top())
        #: Walls and shut doors: they stop areas, and an area never holds them.
        self.wall_like = _frozen(np.isin(self.terrain, _WALL_LIKE))
        #: Squares an area never holds: wall-like squares and the void.
        self.not_in_areas = _frozen(self.wall_like | (self.terrain == int(Terrain.VOID)))
        self.fire = _frozen(self.terrain == int(Terrain.FIRE_SPOUT))

    @cached_property
    def step_masks(self) -> np.ndarray:
        """Bool [8, y, x]: the terrain lets a figure step from ``(x, y)`` along ``DIRECTIONS[d]``.

        Checks the map edge, the square entered, the height change (``DEFAULT_GRID``'s: at
        most 1 brick; up to 3 along stairs) and corner cutting for diagonals.  Figures are
        not considered here.
        """
        return self._compute_step_masks(DEFAULT_GRID.max_step, DEFAULT_GRID.max_stair_step)

    def step_masks_for(self, rules: GridRules) -> np.ndarray:
        """:attr:`step_masks` with the height changes ``rules`` allows (cached per pair)."""
        key = (rules.max_step, rules.max_stair_step)
        if key == (DEFAULT_GRID.max_step, DEFAULT_GRID.max_stair_step):
            return self.step_masks
        got = self._other_step_masks.get(key)
        if got is None:
            got = self._other_step_masks[key] = self._compute_step_masks(*key)
        return got

    @cached_property
    def _other_step_masks(self) -> dict[tuple[int, int], np.ndarray]:
        return {}

    @cached_property
    def footprint_steps(self) -> dict[tuple[int, int, int], np.ndarray]:
        """``movement.footprint_steps`` per (max step, max stair step, size), as computed."""
        return {}

    def _compute_step_masks(self, max_step: int, max_stair_step: int) -> np.ndarray:
        h, w = self.height, self.width
        enter = ~self.blocks_movement
        floor = self.floor
        stairs = self.dungeon.stairs
        # Stairs run along the x axis (E/W) or the y axis (N/S).
        stairs_x = (stairs == 1) | (stairs == 3)
        stairs_y = (stairs == 0) | (stairs == 2)
        masks = np.zeros((8, h, w), dtype=bool)
        for d, (dx, dy) in enumerate(DIRECTIONS):
            ok = shift_to_source(enter, dx, dy)
            dh = np.abs(shift_to_source(floor, dx, dy, fill=0) - floor)
            ok &= dh <= max_step
            if dx == 0 or dy == 0:
                along = stairs_x if dy == 0 else stairs_y
                on_stairs = along | shift_to_source(along, dx, dy)
                ok |= on_stairs & (dh <= max_stair_step) & shift_to_source(enter, dx, dy)
            else:
                corner = self.blocks_corners
                ok &= ~shift_to_source(corner, dx, 0, fill=True)
                ok &= ~shift_to_source(corner, 0, dy, fill=True)
            masks[d] = ok
        return _frozen(masks)

    def changed(self, dungeon: DungeonMap, region: tuple[int, int, int, int]) -> TerrainLayers:
        """The layers of ``dungeon``: this map changed only in ``region`` (x0, y0, x1, y1).

        ``dungeon`` is kept (pass a copy).  Only the squares near the region are
        recomputed, from a window of the map two squares wider than it (a step looks at
        its neighbours); every result is the same as ``TerrainLayers(dungeon)``'s.
        """
        h, w = self.height, self.width
        if dungeon.terrain.shape != (h, w):
            return TerrainLayers(dungeon)
        x0, y0 = max(region[0], 0), max(region[1], 0)
        x1, y1 = min(region[2], w), min(region[3], h)
        if x1 <= x0 or y1 <= y0:
            x0, y0, x1, y1 = 0, 0, 0, 0
        ax0, ay0, ax1, ay1 = max(x0 - 2, 0), max(y0 - 2, 0), min(x1 + 2, w), min(y1 + 2, h)
        window = np.s_[ay0:ay1, ax0:ax1]
        part = TerrainLayers(
            DungeonMap(
                terrain=dungeon.terrain[window],
                floor=dungeon.floor[window],
                stairs=dungeon.stairs[window],
                feature_height=dungeon.feature_height[window],
                room_of=dungeon.room_of[window],
                objects={
                    (x - ax0, y - ay0): obj
                    for (x, y), obj in dungeon.objects.items()
                    if ax0 <= x < ax1 and ay0 <= y < ay1
                },
            )
        )
        new = TerrainLayers.__new__(TerrainLayers)
        new.dungeon = dungeon
        new.height, new.width = h, w
        new.terrain = _frozen(dungeon.terrain.copy())
        new.floor = _frozen(dungeon.floor.astype(np.int64))
        new.floor_min = int(new.floor.min())
        new.floor_max = int(new.floor.max())
        inner = np.s_[y0:y1, x0:x1]
        local = np.s_[y0 - ay0 : y1 - ay0, x0 - ax0 : x1 - ax0]
        for name in _SQUARE_LAYERS:
            layer = getattr(self, name).copy()
            layer[inner] = getattr(part, name)[local]
            setattr(new, name, _frozen(layer))
        if "step_masks" in self.__dict__:
            # Steps out of the squares next to the region change too.
            sx0, sy0, sx1, sy1 = max(x0 - 1, 0), max(y0 - 1, 0), min(x1 + 1, w), min(y1 + 1, h)
            masks = self.step_masks.copy()
            masks[:, sy0:sy1, sx0:sx1] = part.step_masks[
                :, sy0 - ay0 : sy1 - ay0, sx0 - ax0 : sx1 - ax0
            ]
            new.__dict__["step_masks"] = _frozen(masks)
        return new

    def padded(self, pad: int) -> PaddedLayers:
        """The area layers with a margin of ``pad`` squares (cached per margin)."""
        got = self._padded.get(pad)
        if got is None:
            nia = np.pad(self.not_in_areas, pad, constant_values=True)
            wall = np.pad(self.wall_like, pad, constant_values=False)
            got = self._padded[pad] = PaddedLayers(pad, _frozen(nia), _frozen(wall))
        return got

    @cached_property
    def _padded(self) -> dict[int, PaddedLayers]:
        return {}

    @cached_property
    def wall_points(self) -> tuple[np.ndarray, np.ndarray]:
        """``(xs, ys)`` of the wall-like squares (walls, shut doors)."""
        ys, xs = np.nonzero(self.wall_like)
        return xs, ys

    @cached_property
    def figure_tops(self) -> dict[object, tuple[np.ndarray, np.ndarray, np.ndarray]]:
        """``figure_tops_of`` per figure squares and heights, as computed (a few kept)."""
        return {}

    def figure_tops_of(
        self, xs: Sequence[int], ys: Sequence[int], heights: Sequence[int]
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``Board._figure_tops`` of figures standing ``heights`` bricks tall on the
        squares ``(xs[i], ys[i])`` (several may share a square)."""
        covered = np.zeros((self.height, self.width), dtype=bool)
        if not xs:
            return np.zeros(0, dtype=np.intp), np.zeros(0, dtype=np.int64), _frozen(covered)
        flat = np.array(ys, dtype=np.intp) * self.width + np.array(xs, dtype=np.intp)
        tops = np.maximum(
            self.column_top_int.ravel().take(flat),
            self.floor.ravel().take(flat) + np.array(heights, dtype=np.int64),
        )
        order = np.lexsort((tops, flat))  # by square, the highest top of each last
        flat, tops = flat[order], tops[order]
        last = np.ones(flat.size, dtype=bool)
        last[:-1] = flat[1:] != flat[:-1]
        keys = flat[last]
        covered.ravel()[keys] = True
        return _frozen(keys), _frozen(tops[last]), _frozen(covered)

    @cached_property
    def column_top_int(self) -> np.ndarray:
        """Int64 [y, x] column tops (every top is a whole number of bricks)."""
        return _frozen(np.rint(self.column_top).astype(np.int64))


class Board:
    """An immutable snapshot of a dungeon and the figures on it.

    A figure's footprint (``Token.size``) may run off the map's east or south edge: only
    its squares on the map count (rules refuse such a placement; the geometry measures
    what there is).

    ``los_mode``: ``"3d"`` (heights count, the default) or ``"flat"`` (the text applied
    literally).  ``walls_stop_areas``: a square behind a wall or shut door, seen from an
    area's origin, is not hit (default True).  ``rules``: the grid's numbers (step costs,
    climbing, heights, ...; default :data:`~.rules.DEFAULT_GRID`).
    """

    def __init__(
        self,
        dungeon: DungeonMap,
        tokens: Sequence[Token] = (),
        los_mode: LosMode = "3d",
        walls_stop_areas: bool = True,
        *,
        rules: GridRules = DEFAULT_GRID,
        _layers: TerrainLayers | None = None,
    ) -> None:
        if los_mode not in LOS_MODES:
            raise ValueError(f"los_mode must be '3d' or 'flat', not {los_mode!r}")
        if not isinstance(rules, GridRules):
            raise TypeError(f"rules must be a GridRules, not {type(rules).__name__}")
        self._rules = rules
        self._layers = _layers if _layers is not None else TerrainLayers(dungeon.copy())
        self._los_mode: LosMode = los_mode
        self._walls_stop_areas = bool(walls_stop_areas)
        self._tokens: tuple[Token, ...] = tuple(tokens)
        index: dict[str, int] = {}
        for i, t in enumerate(self._tokens):
            if t.id in index:
                raise ValueError(f"two figures share the id {t.id!r}")
            if not (0 <= t.x < self.width and 0 <= t.y < self.height):
                raise ValueError(f"figure {t.id!r} at ({t.x}, {t.y}) is off the map")
            index[t.id] = i
        self._index = index

    # -- the snapshot ------------------------------------------------------------------
    @property
    def dungeon(self) -> DungeonMap:
        """The board's own copy of the map (do not modify it)."""
        return self._layers.dungeon

    @property
    def layers(self) -> TerrainLayers:
        return self._layers

    @property
    def width(self) -> int:
        return self._layers.width

    @property
    def height(self) -> int:
        return self._layers.height

    @property
    def shape(self) -> tuple[int, int]:
        """``(height, width)``: the shape of every layer."""
        return (self._layers.height, self._layers.width)

    @property
    def los_mode(self) -> LosMode:
        return self._los_mode

    @property
    def walls_stop_areas(self) -> bool:
        return self._walls_stop_areas

    @property
    def rules(self) -> GridRules:
        """The grid's numbers every measurement on this board uses."""
        return self._rules

    @cached_property
    def step_masks(self) -> np.ndarray:
        """The terrain's step layer (``TerrainLayers.step_masks``) under this board's rules."""
        return self._layers.step_masks_for(self._rules)

    @property
    def tokens(self) -> tuple[Token, ...]:
        return self._tokens

    def in_bounds(self, square: Square) -> bool:
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def check_square(self, square: Square, what: str = "square") -> Square:
        """``square`` as a tuple of ints, or ``ValueError`` if it is off the map."""
        x, y = int(square[0]), int(square[1])
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"{what} ({x}, {y}) is off the {self.width}x{self.height} map")
        return (x, y)

    def with_tokens(self, tokens: Sequence[Token]) -> Board:
        """The same map and options with other figures; terrain caches are reused."""
        return Board(
            self._layers.dungeon,
            tokens,
            self._los_mode,
            self._walls_stop_areas,
            rules=self._rules,
            _layers=self._layers,
        )

    def with_changed_squares(
        self,
        dungeon: DungeonMap,
        region: tuple[int, int, int, int],
        tokens: Sequence[Token] | None = None,
    ) -> Board:
        """The board of ``dungeon``, this board's map changed only inside ``region``.

        ``region`` is ``(x0, y0, x1, y1)``, exclusive ends; the terrain layers outside
        it are reused.  ``tokens``: the figures, if they changed too.
        """
        return Board(
            dungeon,
            self._tokens if tokens is None else tokens,
            self._los_mode,
            self._walls_stop_areas,
            rules=self._rules,
            _layers=self._layers.changed(dungeon.copy(), region),
        )

    def with_options(
        self,
        *,
        los_mode: LosMode | None = None,
        walls_stop_areas: bool | None = None,
        rules: GridRules | None = None,
    ) -> Board:
        """The same map and figures with other options; terrain caches are reused."""
        return Board(
            self._layers.dungeon,
            self._tokens,
            self._los_mode if los_mode is None else los_mode,
            self._walls_stop_areas if walls_stop_areas is None else walls_stop_areas,
            rules=self._rules if rules is None else rules,
            _layers=self._layers,
        )

    # -- figures -----------------------------------------------------------------------
    def token(self, token_id: str) -> Token:
        """The figure with this id; ``KeyError`` naming it if there is none."""
        try:
            return self._tokens[self._index[token_id]]
        except KeyError:
            raise KeyError(f"no figure with id {token_id!r} on the board") from None

    def token_at(self, square: Square) -> Token | None:
        """The figure covering ``square``: a living one if any, else a corpse, else None."""
        x, y = square
        if not (0 <= x < self.width and 0 <= y < self.height):
            return None
        i = int(self.living_index[y, x])
        if i >= 0:
            return self._tokens[i]
        for t in self._tokens:
            if t.dead and t.covers((x, y)):
                return t
        return None

    @cached_property
    def has_large(self) -> bool:
        """Some figure covers more than one square."""
        return any(t.size > 1 for t in self._tokens)

    def squares_of(self, token: Token) -> list[Square]:
        """The squares ``token`` covers on this map (a footprint is cut at the map's edge)."""
        if token.size == 1:
            return [(token.x, token.y)]
        w, h = self.width, self.height
        return [(x, y) for x, y in token.squares if x < w and y < h]

    def tokens_covering(self, square: Square) -> list[Token]:
        """Every figure, living or dead, covering ``square`` (in ``tokens`` order)."""
        return [t for t in self._tokens if t.covers(square)]

    @cached_property
    def living_index(self) -> np.ndarray:
        """Int32 [y, x]: index into ``tokens`` of the living figure there, -1 if none.

        A figure of size 2 marks its four squares (``Token.size``)."""
        idx = np.full(self.shape, -1, dtype=np.int32)
        for i in range(len(self._tokens) - 1, -1, -1):
            t = self._tokens[i]
            if not t.dead:
                if t.size == 1:
                    idx[t.y, t.x] = i
                else:
                    idx[t.y : t.y + t.size, t.x : t.x + t.size] = i
        return _frozen(idx)

    @cached_property
    def occupied(self) -> np.ndarray:
        """Bool [y, x]: some figure, living or dead, covers it."""
        occ = np.zeros(self.shape, dtype=bool)
        for t in self._tokens:
            if t.size == 1:
                occ[t.y, t.x] = True
            else:
                occ[t.y : t.y + t.size, t.x : t.x + t.size] = True
        return _frozen(occ)

    # -- sight layers --------------------------------------------------------------------
    @cached_property
    def sight_flat(self) -> np.ndarray:
        """Bool [y, x]: blocks flat sight (walls, obstacles, shut doors, objects, figures)."""
        return _frozen(self._layers.blocks_sight | (self.living_index >= 0))

    @cached_property
    def sight_flat_points(self) -> tuple[np.ndarray, np.ndarray]:
        """``(xs, ys)`` of the squares that block flat sight."""
        ys, xs = np.nonzero(self.sight_flat)
        return xs, ys

    def points_above(self, height: int) -> tuple[np.ndarray, np.ndarray]:
        """``(xs, ys)`` of the squares whose column top (with figures) exceeds ``height``."""
        cache = self._above_cache
        got = cache.get(height)
        if got is None:
            if len(cache) > 8:
                cache.clear()
            ys, xs = np.nonzero(self.sight_top > height)
            got = cache[height] = (xs, ys)
        return got

    def points_between(self, low: int, high: int) -> tuple[np.ndarray, np.ndarray]:
        """``(xs, ys)`` of the squares whose column top is above ``low``, at most ``high``."""
        cache = self._above_cache
        key = (low, high)
        got = cache.get(key)
        if got is None:
            if len(cache) > 8:
                cache.clear()
            top = self.sight_top
            ys, xs = np.nonzero((top > low) & (top <= high))
            got = cache[key] = (xs, ys)
        return got

    @cached_property
    def _above_cache(self) -> dict[object, tuple[np.ndarray, np.ndarray]]:
        return {}

    def sight_top_at(self, at: np.ndarray) -> np.ndarray:
        """``sight_top.ravel().take(at)`` for flat indices ``at`` on the map, without
        building the whole layer (a copy of the map's) unless it is built already: the
        terrain's column tops, and :attr:`_figure_tops` on the squares figures stand on."""
        full = self.__dict__.get("sight_top")
        if full is not None:
            return full.ravel().take(at)
        out = self._layers.column_top_int.ravel().take(at)
        keys, tops, covered = self._figure_tops
        if keys.size:
            hit = np.flatnonzero(covered.ravel().take(at))
            if hit.size:
                out[hit] = tops[np.searchsorted(keys, at[hit])]
        return out

    @cached_property
    def _figure_tops(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The flat indices (sorted, each once) of the squares living figures cover,
        :attr:`sight_top` there (the column top or the highest figure's, whichever is
        higher), and a bool [y, x] layer marking those squares."""
        xs: list[int] = []
        ys: list[int] = []
        heights: list[int] = []
        for t in self._tokens:
            if t.dead:
                continue
            height = self._rules.height_of(t)
            for x, y in self.squares_of(t):
                xs.append(x)
                ys.append(y)
                heights.append(height)
        # The answer depends on these lists and the terrain alone: a state whose figures
        # stand where the last one's did (an attack, the end of a turn) reuses it.
        kept = self._layers.figure_tops
        key = (tuple(xs), tuple(ys), tuple(heights))
        got = kept.get(key)
        if got is None:
            if len(kept) >= 4:
                kept.clear()
            got = kept[key] = self._layers.figure_tops_of(xs, ys, heights)
        return got

    @cached_property
    def sight_top(self) -> np.ndarray:
        """Int64 [y, x]: column tops in bricks with living figures standing on them (on
        every square a figure covers)."""
        top = self._layers.column_top_int.copy()
        floor = self._layers.floor
        rules = self._rules
        for t in self._tokens:
            if t.dead:
                continue
            if t.size == 1:
                top[t.y, t.x] = max(int(top[t.y, t.x]), int(floor[t.y, t.x]) + rules.height_of(t))
            else:  # each covered square: its own floor plus the figure's height
                part = np.s_[t.y : t.y + t.size, t.x : t.x + t.size]
                top[part] = np.maximum(top[part], floor[part] + rules.height_of(t))
        return _frozen(top)

    def __repr__(self) -> str:
        rules = "" if self._rules == DEFAULT_GRID else f", rules={self._rules!r}"
        return (
            f"Board({self.width}x{self.height}, {len(self._tokens)} figures, "
            f"los_mode={self._los_mode!r}, walls_stop_areas={self._walls_stop_areas}{rules})"
        )


def board_from_text(
    terrain_rows: Sequence[str],
    heights_rows: Sequence[str] | None = None,
    stairs: Mapping[str, str] | None = None,
    tokens: Sequence[Token] = (),
    *,
    los_mode: LosMode = "3d",
    walls_stop_areas: bool = True,
    rules: GridRules = DEFAULT_GRID,
) -> Board:
    """A board from the scenario text-map format (``shared/scenarios/FORMAT.md``)."""
    dungeon = parse_text_map(terrain_rows, heights_rows, stairs)
    return Board(dungeon, tokens, los_mode, walls_stop_areas, rules=rules)
