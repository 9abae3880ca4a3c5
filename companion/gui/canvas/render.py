"""The map's colours as NumPy: one RGBA pixel per square, drawn scaled by the view.

No Qt here, so the look can be tested and reused (e.g. by exports).  The palette is
tuned for a laptop seen at arm's length: stone floors from cool grey (low) to pale
sand (high), so a raised platform reads at a glance; blue water, orange-red lava,
brown doors, dark slate walls.
"""

from __future__ import annotations

import numpy as np

from companion.model.dungeon import DungeonMap, Terrain

Rgb = tuple[int, int, int]

#: Floor colour for heights 0..8 bricks; higher floors keep the last colour brightened.
HEIGHT_RAMP: tuple[Rgb, ...] = (
    (122, 120, 116),  # 0 stone
    (143, 139, 131),  # 1
    (164, 158, 144),  # 2
    (185, 176, 153),  # 3
    (204, 192, 160),  # 4
    (220, 205, 164),  # 5
    (233, 216, 170),  # 6
    (243, 227, 181),  # 7
    (250, 239, 202),  # 8+
)
TERRAIN_RGB: dict[Terrain, Rgb] = {
    Terrain.WALL: (44, 47, 54),
    Terrain.WATER: (46, 124, 196),
    Terrain.LAVA: (226, 78, 24),
    Terrain.FIRE_SPOUT: (150, 52, 32),
    Terrain.OBSTACLE: (108, 94, 78),
    Terrain.DOOR_OPEN: (176, 128, 76),
    Terrain.DOOR_CLOSED: (128, 80, 38),
    Terrain.DOOR_LOCKED: (112, 66, 30),
    Terrain.VOID: (22, 24, 28),
    Terrain.DIFFICULT: (92, 120, 64),
}
#: Terrain drawn in the floor colour of its height (stairs get their treads as glyphs).
FLOOR_LIKE = (Terrain.FLOOR, Terrain.STAIRS)
BACKGROUND: Rgb = (24, 26, 31)
FOG: Rgb = (30, 33, 40)
#: Brightness change of alternate squares: a quiet tiled look even without grid lines.
CHECKER = 0.035
#: Darkening per brick of a higher orthogonal neighbour (a soft shadow under steps).
SHADOW_PER_BRICK = 0.06


def height_rgb(h: int) -> Rgb:
    """The floor colour of height ``h`` (used by the legend too)."""
    return HEIGHT_RAMP[min(max(h, 0), len(HEIGHT_RAMP) - 1)]


def _lut() -> np.ndarray:
    lut = np.zeros((256, 3), np.float32)
    lut[: len(HEIGHT_RAMP)] = HEIGHT_RAMP
    lut[len(HEIGHT_RAMP) :] = HEIGHT_RAMP[-1]
    return lut


_HEIGHT_LUT = _lut()
_TERRAIN_LUT = np.zeros((256, 3), np.float32)
for _t, _rgb in TERRAIN_RGB.items():
    _TERRAIN_LUT[int(_t)] = _rgb
_IS_FLOOR_LIKE = np.zeros(256, bool)
_IS_FLOOR_LIKE[[int(t) for t in FLOOR_LIKE]] = True


def render_rgba(
    dungeon: DungeonMap,
    region: tuple[int, int, int, int] | None = None,
    *,
    fog: np.ndarray | None = None,
    out: np.ndarray | None = None,
) -> np.ndarray:
    """Colour the squares of ``region`` ``(x0, y0, x1, y1)`` (all if None) into ``out``.

    ``out`` is an ``[h, w, 4]`` uint8 array for the whole map (made if None);
    ``fog`` a bool ``[h, w]`` mask of squares drawn as unexplored.
    """
    h, w = dungeon.height, dungeon.width
    if out is None or out.shape != (h, w, 4):
        out = np.empty((h, w, 4), np.uint8)
        region = None
    x0, y0, x1, y1 = region if region is not None else (0, 0, w, h)
    # One square of margin: shadows depend on the neighbours.
    x0, y0, x1, y1 = max(x0 - 1, 0), max(y0 - 1, 0), min(x1 + 1, w), min(y1 + 1, h)
    if x1 <= x0 or y1 <= y0:
        return out
    terrain = dungeon.terrain[y0:y1, x0:x1]
    floor = dungeon.floor[y0:y1, x0:x1]
    floor_like = _IS_FLOOR_LIKE[terrain]
    rgb = np.where(
        floor_like[..., None], _HEIGHT_LUT[np.clip(floor, 0, 255)], _TERRAIN_LUT[terrain]
    )
    factor = np.ones(terrain.shape, np.float32)
    gy, gx = np.mgrid[y0:y1, x0:x1]
    factor -= CHECKER * ((gx + gy) % 2) * (terrain != int(Terrain.WALL))
    factor -= _shadow(dungeon, x0, y0, x1, y1) * floor_like
    rgb = rgb * factor[..., None]
    # Higher floors above 8 bricks keep brightening a little so they still differ.
    extra = np.clip(floor - (len(HEIGHT_RAMP) - 1), 0, 27).astype(np.float32)
    rgb = np.where(floor_like[..., None], rgb + extra[..., None] * 0.3, rgb)
    if fog is not None:
        f = fog[y0:y1, x0:x1]
        # Only the checker: shadows and the walls' plain squares would show the hidden
        # room's platforms and shape through the fog.
        plain = 1.0 - CHECKER * ((gx + gy) % 2).astype(np.float32)
        rgb = np.where(f[..., None], np.asarray(FOG, np.float32) * plain[..., None], rgb)
    out[y0:y1, x0:x1, :3] = np.clip(rgb, 0, 255).astype(np.uint8)
    out[y0:y1, x0:x1, 3] = 255
    return out


def _shadow(dungeon: DungeonMap, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    """How much each square is darkened by higher walkable neighbours to its north/west."""
    # The window and one square around it (edge squares repeat beyond the map).
    wx0, wy0 = max(x0 - 1, 0), max(y0 - 1, 0)
    top = _surface(dungeon, wx0, wy0, x1, y1)
    pad = np.pad(top, ((1 if y0 == 0 else 0, 0), (1 if x0 == 0 else 0, 0)), mode="edge")
    own = pad[1:, 1:]
    north = pad[:-1, 1:]
    west = pad[1:, :-1]
    rise = np.maximum(north - own, 0) + 0.5 * np.maximum(west - own, 0)
    return np.clip(rise, 0, 4).astype(np.float32) * SHADOW_PER_BRICK


def _surface(dungeon: DungeonMap, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    """Floor height, walls counted 3 bricks up so rooms get a soft shadow along them."""
    top = dungeon.floor[y0:y1, x0:x1].astype(np.float32)
    wall = dungeon.terrain[y0:y1, x0:x1] == int(Terrain.WALL)
    return np.where(wall, top + 3, top)


def steep_edges(step_ok: np.ndarray, blocked: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Edges no figure may step across although both squares can be stood on.

    ``step_ok`` is the geometry's ``[8, y, x]`` step layer (``Board.layers.step_masks``:
    index 0 steps east, 1 south) and ``blocked`` its ``blocks_movement``: where both
    neighbours are open ground and the geometry still forbids the step, the floor
    heights differ too much (2+ bricks, or more than the stairs allow).  Returns
    ``(vertical, horizontal)``: ``vertical[y, x]`` is the edge between ``(x, y)`` and
    ``(x + 1, y)``; ``horizontal[y, x]`` between ``(x, y)`` and ``(x, y + 1)``.
    """
    ground = ~blocked
    vertical = ground[:, :-1] & ground[:, 1:] & ~step_ok[0][:, :-1]
    horizontal = ground[:-1, :] & ground[1:, :] & ~step_ok[1][:-1, :]
    return vertical, horizontal


def wall_edges(dungeon: DungeonMap) -> tuple[np.ndarray, np.ndarray]:
    """Edges between a wall and a non-wall square, shaped like ``steep_edges``."""
    wall = dungeon.terrain == int(Terrain.WALL)
    void = dungeon.terrain == int(Terrain.VOID)
    solid = wall
    other = ~wall & ~void
    vertical = (solid[:, 1:] & other[:, :-1]) | (solid[:, :-1] & other[:, 1:])
    horizontal = (solid[1:, :] & other[:-1, :]) | (solid[:-1, :] & other[1:, :])
    return vertical, horizontal


def unfogged(
    vertical: np.ndarray, horizontal: np.ndarray, fog: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Edge masks shaped like ``steep_edges`` without the edges touching a fogged square."""
    return (vertical & ~fog[:, :-1] & ~fog[:, 1:], horizontal & ~fog[:-1, :] & ~fog[1:, :])


def grid_edges(dungeon: DungeonMap, fog: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Edges of the square grid worth drawing: those touching a square one can stand on
    (and, with a ``fog`` mask, can see).

    Shaped like ``steep_edges`` but with the map's outer border included: ``vertical``
    is ``[h, w + 1]`` (x = 0..w) and ``horizontal`` ``[h + 1, w]``.
    """
    ground = ~np.isin(dungeon.terrain, [int(Terrain.WALL), int(Terrain.VOID)])
    if fog is not None:
        ground &= ~fog
    padded = np.pad(ground, 1)
    vertical = padded[1:-1, 1:] | padded[1:-1, :-1]
    horizontal = padded[1:, 1:-1] | padded[:-1, 1:-1]
    return vertical, horizontal


def _column_runs(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Runs of True down each column of a 2-D mask: ``(column, start_row, end_row)``."""
    padded = np.zeros((mask.shape[0] + 2, mask.shape[1]), np.int8)
    padded[1:-1] = mask
    d = np.diff(padded, axis=0)
    # Column-major order keeps each column's starts and ends aligned.
    sc, sr = np.nonzero(d.T == 1)
    _ec, er = np.nonzero(d.T == -1)
    return sc, sr, er


def segments_array(
    vertical: np.ndarray, horizontal: np.ndarray, vx0: float = 1.0, hy0: float = 1.0
) -> np.ndarray:
    """Merge edge masks into straight segments, an ``(n, 4)`` array of ``x0, y0, x1, y1``.

    ``vertical[y, x]`` is a unit segment at ``x + vx0`` from ``y`` to ``y + 1``;
    ``horizontal[y, x]`` one at ``y + hy0`` from ``x`` to ``x + 1``.
    """
    vc, vs, ve = _column_runs(vertical)
    hr, hs, he = _column_runs(horizontal.T)
    v = np.stack([vc + vx0, vs, vc + vx0, ve], axis=1).astype(np.float64)
    h = np.stack([hs, hr + hy0, he, hr + hy0], axis=1).astype(np.float64)
    return np.concatenate([v, h]) if len(v) or len(h) else np.zeros((0, 4))


def _band_runs(mask: np.ndarray, band: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Like ``_column_runs`` but every run also ends at each multiple of ``band`` rows."""
    rows, cols = mask.shape
    bands = -(-rows // band)
    padded = np.zeros((bands * band, cols), bool)
    padded[:rows] = mask
    stacked = padded.reshape(bands, band, cols).transpose(1, 0, 2).reshape(band, bands * cols)
    c, s, e = _column_runs(stacked)
    b, col = np.divmod(c, cols)
    return col, s + b * band, e + b * band


def tiled_segments(
    vertical: np.ndarray, horizontal: np.ndarray, vx0: float, hy0: float, tile: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Segments as ``segments_array`` makes them, but cut at every ``tile`` squares.

    Returns ``(segs, tx, ty)``: the ``(n, 4)`` segments and the tile each lies in (by
    the squares it borders), so each tile can be drawn and redrawn on its own.
    """
    vc, vs, ve = _band_runs(vertical, tile)
    hr, hs, he = _band_runs(horizontal.T, tile)
    v = np.stack([vc + vx0, vs, vc + vx0, ve], axis=1).astype(np.float64)
    h = np.stack([hs, hr + hy0, he, hr + hy0], axis=1).astype(np.float64)
    segs = np.concatenate([v, h]) if len(v) or len(h) else np.zeros((0, 4))
    tx = np.concatenate([vc // tile, hs // tile]).astype(np.int64)
    ty = np.concatenate([vs // tile, hr // tile]).astype(np.int64)
    return segs, tx, ty


def edge_segments(vertical: np.ndarray, horizontal: np.ndarray) -> np.ndarray:
    """Segments of ``steep_edges``/``wall_edges`` masks (edges after each square)."""
    return segments_array(vertical, horizontal, 1.0, 1.0)


def mask_outline(mask: np.ndarray) -> np.ndarray:
    """Segments around the boundary of a bool ``[y, x]`` mask (for area outlines)."""
    padded = np.pad(mask, 1)
    vertical = padded[1:-1, 1:] != padded[1:-1, :-1]  # [h, w + 1]: x = 0..w
    horizontal = padded[1:, 1:-1] != padded[:-1, 1:-1]  # [h + 1, w]: y = 0..h
    return segments_array(vertical, horizontal, 0.0, 0.0)


def tint_rgba(
    mask: np.ndarray, rgb: Rgb, alpha: int, values: np.ndarray | None = None
) -> np.ndarray:
    """An RGBA overlay: ``rgb`` at ``alpha`` where ``mask``; ``values`` (0..1) fade it."""
    h, w = mask.shape
    out = np.zeros((h, w, 4), np.uint8)
    out[mask, :3] = rgb
    if values is None:
        out[mask, 3] = alpha
    else:
        out[..., 3] = np.where(mask, (alpha * np.clip(values, 0.35, 1.0)).astype(np.uint8), 0)
    return out
