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
    lut[len(HEIGHT_RAMP):] = HEIGHT_RAMP[-1]
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
    rgb = np.where(floor_like[..., None], _HEIGHT_LUT[np.clip(floor, 0, 255)],
                   _TERRAIN_LUT[terrain])
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
        rgb = np.where(f[..., None], np.asarray(FOG, np.float32) * factor[..., None], rgb)
    out[y0:y1, x0:x1, :3] = np.clip(rgb, 0, 255).astype(np.uint8)
    out[y0:y1, x0:x1, 3] = 255
    return out


def _shadow(dungeon: DungeonMap, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    """How much each square is darkened by higher walkable neighbours to its north/west."""
    top = _surface(dungeon)
    pad = np.pad(top, 1, mode="edge")
    own = top[y0:y1, x0:x1]
    north = pad[y0:y1, x0 + 1:x1 + 1]
    west = pad[y0 + 1:y1 + 1, x0:x1]
    rise = np.maximum(north - own, 0) + 0.5 * np.maximum(west - own, 0)
    return np.clip(rise, 0, 4).astype(np.float32) * SHADOW_PER_BRICK


def _surface(dungeon: DungeonMap) -> np.ndarray:
    """Floor height, walls counted 3 bricks up so rooms get a soft shadow along them."""
    top = dungeon.floor.astype(np.float32)
    wall = dungeon.terrain == int(Terrain.WALL)
    return np.where(wall, top + 3, top)


def steep_edges(dungeon: DungeonMap, step: int = 2) -> tuple[np.ndarray, np.ndarray]:
    """Edges between two floor squares whose heights differ by ``step`` bricks or more.

    Returns ``(vertical, horizontal)``: ``vertical[y, x]`` is the edge between
    ``(x, y)`` and ``(x + 1, y)``; ``horizontal[y, x]`` between ``(x, y)`` and
    ``(x, y + 1)``.  Only squares a figure could stand on count (walls, void and shut
    doors have their own outline).  Stairs rising along the edge may climb 3 bricks.
    """
    t = dungeon.terrain
    f = dungeon.floor.astype(np.int32)
    ground = np.isin(t, [int(x) for x in (Terrain.FLOOR, Terrain.STAIRS, Terrain.FIRE_SPOUT,
                                           Terrain.DOOR_OPEN)])
    stairs_dir = dungeon.stairs
    dv = np.abs(f[:, 1:] - f[:, :-1])
    both_v = ground[:, 1:] & ground[:, :-1]
    # Stairs facing E or W (index 1 or 3) climb along a vertical edge.
    ew = np.isin(stairs_dir, [1, 3])
    v_stairs = (ew[:, 1:] | ew[:, :-1]) & (dv <= 3)
    vertical = both_v & (dv >= step) & ~v_stairs
    dh = np.abs(f[1:, :] - f[:-1, :])
    both_h = ground[1:, :] & ground[:-1, :]
    ns = np.isin(stairs_dir, [0, 2])
    h_stairs = (ns[1:, :] | ns[:-1, :]) & (dh <= 3)
    horizontal = both_h & (dh >= step) & ~h_stairs
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


def grid_edges(dungeon: DungeonMap) -> tuple[np.ndarray, np.ndarray]:
    """Edges of the square grid worth drawing: those touching a square one can stand on.

    Shaped like ``steep_edges`` but with the map's outer border included: ``vertical``
    is ``[h, w + 1]`` (x = 0..w) and ``horizontal`` ``[h + 1, w]``.
    """
    ground = ~np.isin(dungeon.terrain, [int(Terrain.WALL), int(Terrain.VOID)])
    padded = np.pad(ground, 1)
    vertical = padded[1:-1, 1:] | padded[1:-1, :-1]
    horizontal = padded[1:, 1:-1] | padded[:-1, 1:-1]
    return vertical, horizontal


def edge_segments(vertical: np.ndarray, horizontal: np.ndarray) -> list[tuple[float, ...]]:
    """Merge edge masks into straight segments ``(x0, y0, x1, y1)`` in square units."""
    segs: list[tuple[float, ...]] = []
    # vertical[y, x]: a unit segment at x + 1 from y to y + 1; merge runs down columns.
    for x in np.nonzero(vertical.any(axis=0))[0]:
        for start, length in runs(vertical[:, x]):
            segs.append((x + 1.0, float(start), x + 1.0, float(start + length)))
    for y in np.nonzero(horizontal.any(axis=1))[0]:
        for start, length in runs(horizontal[y, :]):
            segs.append((float(start), y + 1.0, float(start + length), y + 1.0))
    return segs


def mask_outline(mask: np.ndarray) -> list[tuple[float, ...]]:
    """Segments around the boundary of a bool ``[y, x]`` mask (for area outlines)."""
    padded = np.pad(mask, 1)
    vertical = padded[1:-1, 1:] != padded[1:-1, :-1]  # [h, w + 1]
    horizontal = padded[1:, 1:-1] != padded[:-1, 1:-1]  # [h + 1, w]
    segs: list[tuple[float, ...]] = []
    for x in np.nonzero(vertical.any(axis=0))[0]:
        for start, length in runs(vertical[:, x]):
            segs.append((float(x), float(start), float(x), float(start + length)))
    for y in np.nonzero(horizontal.any(axis=1))[0]:
        for start, length in runs(horizontal[y, :]):
            segs.append((float(start), float(y), float(start + length), float(y)))
    return segs


def runs(row: np.ndarray) -> list[tuple[int, int]]:
    padded = np.concatenate(([0], row.astype(np.int8), [0]))
    d = np.diff(padded)
    starts = np.nonzero(d == 1)[0]
    ends = np.nonzero(d == -1)[0]
    return [(int(s), int(e - s)) for s, e in zip(starts, ends, strict=True)]


def tint_rgba(mask: np.ndarray, rgb: Rgb, alpha: int, values: np.ndarray | None = None
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
