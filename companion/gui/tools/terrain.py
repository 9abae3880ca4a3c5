"""The terrain tool: floor, wall, water, lava, fire spout, obstacle, void and stairs."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from PySide6.QtWidgets import QComboBox, QFormLayout, QWidget

from companion.gui.tools.base import Square, ToolContext, add_combo, add_spin
from companion.gui.tools.paint import PaintTool
from companion.model import edits
from companion.model.dungeon import Facing, Terrain
from companion.model.edits import Edit
from companion.model.mapfile import MAX_FEATURE_HEIGHT

#: What the terrain tool paints, in menu order (doors have their own tool).
PAINTABLE: tuple[Terrain, ...] = (
    Terrain.FLOOR,
    Terrain.WALL,
    Terrain.WATER,
    Terrain.LAVA,
    Terrain.FIRE_SPOUT,
    Terrain.OBSTACLE,
    Terrain.STAIRS,
    Terrain.VOID,
    Terrain.DIFFICULT,
)
TERRAIN_TITLES = {
    Terrain.FLOOR: "Floor",
    Terrain.WALL: "Wall",
    Terrain.WATER: "Water",
    Terrain.LAVA: "Lava",
    Terrain.FIRE_SPOUT: "Fire spout",
    Terrain.OBSTACLE: "Obstacle (rubble)",
    Terrain.STAIRS: "Stairs",
    Terrain.VOID: "Void (no floor)",
    Terrain.DIFFICULT: "Difficult ground (swamp, brush)",
    Terrain.DOOR_OPEN: "Open door",
    Terrain.DOOR_CLOSED: "Closed door",
    Terrain.DOOR_LOCKED: "Locked door",
}
FACING_TITLES = {Facing.N: "North", Facing.E: "East", Facing.S: "South", Facing.W: "West"}


class TerrainTool(PaintTool):
    name: ClassVar[str] = "terrain"
    title: ClassVar[str] = "Terrain"
    shortcut: ClassVar[str] = "T"
    icon: ClassVar[str] = "terrain"
    hint: ClassVar[str] = "Drag to paint terrain; [ and ] change the brush size"

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.terrain = Terrain.WALL
        self.stairs = Facing.N
        self.wall_height = 0
        self._terrain_box: QComboBox | None = None
        self._stairs_box: QComboBox | None = None

    def build_options(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        box = add_combo(
            form,
            "Terrain",
            "terrain_kind",
            ((TERRAIN_TITLES[t], int(t)) for t in PAINTABLE),
            lambda i: self.set_terrain(PAINTABLE[i]),
            current=PAINTABLE.index(self.terrain),
        )
        stairs = add_combo(
            form,
            "Stairs",
            "stairs_direction",
            ((f"Rising {FACING_TITLES[f].lower()}", f.value) for f in Facing),
            lambda i: self.set_stairs(list(Facing)[i]),
        )
        height = add_spin(
            form,
            "Wall height",
            "wall_height",
            0,
            MAX_FEATURE_HEIGHT,
            self.wall_height,
            lambda v: setattr(self, "wall_height", int(v)),
        )
        height.setSpecialValueText("full height")
        height.setToolTip(
            "Height in bricks of painted walls and obstacles; a full-height "
            "wall blocks every sight line"
        )
        self.add_shape_options(form)
        self._terrain_box, self._stairs_box = box, stairs
        return w

    def set_terrain(self, terrain: Terrain) -> None:
        self.terrain = terrain
        if self._terrain_box is not None:
            self._terrain_box.setCurrentIndex(PAINTABLE.index(terrain))

    def set_stairs(self, facing: Facing) -> None:
        self.stairs = facing
        if self._stairs_box is not None:
            self._stairs_box.setCurrentIndex(list(Facing).index(facing))

    def describe(self) -> str:
        return f"Paint {TERRAIN_TITLES[self.terrain].lower()}"

    def edit_for(self, xs: np.ndarray, ys: np.ndarray, start: Square) -> Edit | None:
        return edits.paint_terrain(
            self.session.doc,
            xs,
            ys,
            self.terrain,
            self.stairs if self.terrain is Terrain.STAIRS else None,
            self.wall_height,
        )
