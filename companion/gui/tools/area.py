"""Area templates: circle, cone, line and square, following the mouse.

The squares covered and the figures inside come from ``companion.model.geometry``.
Circles and squares centre on the mouse; cones and lines start at the selected figure
(or the square first clicked) and aim at the mouse.  A click pins the template.
"""

from __future__ import annotations

from typing import ClassVar

import numpy as np
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QFormLayout, QSpinBox, QWidget

from companion.gui.canvas.overlay_base import AREA
from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import (
    Square,
    Tool,
    ToolContext,
    add_combo,
    add_hint,
    add_spin,
    reports_model_errors,
)
from companion.gui.tools.terrain import FACING_TITLES
from companion.model.dungeon import Facing
from companion.model.edits import Changes

SHAPES = ("circle", "cone", "line", "square")
SHAPE_TITLES = {
    "circle": "Circle (radius)",
    "cone": "Cone (length)",
    "line": "Line (length)",
    "square": "Square (side)",
}
AIMS: tuple[Facing | None, ...] = (None, Facing.N, Facing.E, Facing.S, Facing.W)


class AreaTool(Tool):
    name: ClassVar[str] = "area"
    title: ClassVar[str] = "Area templates"
    shortcut: ClassVar[str] = "A"
    icon: ClassVar[str] = "area"
    modes: ClassVar[frozenset[str]] = frozenset({"edit", "play"})
    hint: ClassVar[str] = (
        "Circles and squares follow the mouse; cones and lines start at "
        "the selected figure or your first click and aim at the mouse. "
        "Click to pin, Esc to clear."
    )

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
        self.shape = "circle"
        self.size = 2
        self.aim: Facing | None = None  # None: toward the mouse
        self.origin: Square | None = None
        self.target: Square | None = None
        self.pinned = False
        self.covered: list[Square] = []
        self.inside: list[str] = []
        self._widgets: dict[str, QWidget] = {}

    def build_options(self) -> QWidget:
        w = QWidget()
        form = QFormLayout(w)
        shape = add_combo(
            form,
            "Shape",
            "area_shape",
            ((SHAPE_TITLES[s], s) for s in SHAPES),
            lambda i: self.set_shape(SHAPES[i]),
        )
        size = add_spin(form, "Size (squares)", "area_size", 1, 30, self.size, self.set_size)
        facings = [(f"Facing {FACING_TITLES[f].lower()}", None) for f in AIMS if f is not None]
        aim = add_combo(
            form,
            "Aim",
            "area_aim",
            [("Toward the mouse", None), *facings],
            lambda i: self.set_aim(AIMS[i]),
        )
        add_hint(
            form,
            "Areas are measured flat and never hold a wall square. Whether "
            "walls stop them is a map option (Map menu).",
        )
        self._widgets = {"shape": shape, "size": size, "aim": aim}
        return w

    def set_shape(self, shape: str) -> None:
        self.shape = shape
        box = self._widgets.get("shape")
        if isinstance(box, QComboBox):
            box.setCurrentIndex(SHAPES.index(shape))
        self.update_area()

    def set_size(self, size: int) -> None:
        self.size = int(size)
        spin = self._widgets.get("size")
        if isinstance(spin, QSpinBox) and spin.value() != size:
            spin.setValue(size)
        self.update_area()

    def set_aim(self, aim: Facing | None) -> None:
        self.aim = aim
        self.update_area()

    @property
    def aimed(self) -> bool:
        return self.shape in ("cone", "line")

    def _default_origin(self) -> Square | None:
        fid = self.ctx.selected_figure
        fig = self.session.doc.figure(fid) if fid else None
        return fig.at if fig is not None else None

    # -- events ------------------------------------------------------------------------
    def activate(self) -> None:
        self.origin = None
        self.pinned = False
        self.ctx.selectionChanged.connect(self._selection_changed)

    def deactivate(self) -> None:
        self.ctx.selectionChanged.disconnect(self._selection_changed)
        super().deactivate()

    def _selection_changed(self, _fid: object) -> None:
        """A newly picked figure is the origin from now on, replacing any chosen square."""
        self.origin = None
        if self.target is not None and self.on_map(self.target):
            self.update_area()

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        if self.aimed:
            if self.pinned or (self.origin is None and self._default_origin() is None):
                self.origin = ev.square
                self.pinned = False
            elif self.origin is None:
                # Pinned from the picked figure: ``origin`` stays None, so the template
                # keeps following whichever figure is picked, never a stale square.
                self.pinned = True
            else:
                self.pinned = not self.pinned
        else:
            self.pinned = not self.pinned
        self.target = ev.square
        self.update_area()
        return True

    def move(self, ev: MouseInfo) -> None:
        if self.pinned or not self.on_map(ev.square) or ev.square == self.target:
            return
        self.target = ev.square
        self.update_area()

    def cancel(self) -> None:
        self.origin = self.target = None
        self.pinned = False
        self.covered, self.inside = [], []
        self.canvas.overlays.area.hide_mask()
        self.canvas.overlays.caption.set_caption(None, ())
        self.canvas.overlays.rect.hide()
        self.canvas.figures.set_marked({})

    def leave(self) -> None:
        if not self.pinned:
            self.cancel()

    def map_changed(self, changes: Changes) -> None:
        if self.target is not None and self.on_map(self.target):
            self.update_area()

    def show_template(
        self,
        shape: str,
        size: int,
        target: Square,
        origin: Square | None = None,
        aim: Facing | None = None,
    ) -> list[str]:
        """Place a template as if by mouse (used by tests and screenshots)."""
        self.origin, self.target, self.pinned = origin, target, True
        self.options_widget()
        self.shape = shape
        self.set_size(size)
        aim_box = self._widgets["aim"]
        if isinstance(aim_box, QComboBox):
            aim_box.setCurrentIndex(AIMS.index(aim))
        self.set_shape(shape)
        return self.inside

    # -- the template -----------------------------------------------------------------
    def mask(self) -> tuple[np.ndarray | None, Square | None, str]:
        """The covered squares (from the geometry), the caption anchor and a title."""
        from companion.model import geometry as g

        target = self.target
        if target is None:
            return None, None, ""
        board = self.session.board()
        if self.shape == "circle":
            return g.area_circle(board, target, self.size), target, f"Circle r{self.size}"
        if self.shape == "square":
            return (
                g.area_square(board, target, self.size),
                target,
                f"Square {self.size}×{self.size}",
            )
        origin = self.origin or self._default_origin()
        if origin is None or (origin == target and self.aim is None):
            return None, target, ""
        if self.shape == "cone":
            facing = self.aim or g.facing_toward(origin, target)
            return (
                g.area_cone(board, origin, facing, self.size),
                origin,
                f"Cone {self.size} facing {FACING_TITLES[Facing(facing)].lower()}",
            )
        toward: Square | Facing = self.aim if self.aim is not None else target
        return g.area_line(board, origin, toward, self.size), origin, f"Line {self.size}"

    @reports_model_errors
    def update_area(self) -> None:
        from companion.model import geometry as g

        overlays = self.canvas.overlays
        mask, anchor, title = self.mask()
        if mask is None:
            overlays.area.hide_mask()
            overlays.caption.set_caption(None, ())
            self.covered, self.inside = [], []
            self.canvas.figures.set_marked({})
            return
        board = self.session.board()
        self.covered = list(g.squares_of(mask))
        hidden = self.canvas.figures.hidden  # figures in rooms the players cannot see yet
        tokens = [t for t in g.tokens_in(board, mask) if t.id not in hidden]
        doc = self.session.doc
        self.inside = [t.id for t in tokens]
        names = [f.label if (f := doc.figure(t.id)) else t.id for t in tokens]
        overlays.area.show_mask(mask, AREA, alpha=120)
        lines = [
            f"{title}: {len(self.covered)} squares",
            ("Inside: " + ", ".join(names)) if names else "No figures inside",
        ]
        # The caption sits above the template, so it hides none of it.
        ys, xs = np.nonzero(mask)
        if len(xs):
            anchor = ((int(xs.min()) + int(xs.max())) // 2, int(ys.min()))
        overlays.caption.set_caption(anchor, lines, AREA)
        origin = self.origin or self._default_origin()
        if self.aimed and origin is not None:
            overlays.rect.show_squares(*origin, *origin)
        else:
            overlays.rect.hide()
        self.canvas.figures.set_marked({fid: AREA for fid in self.inside})
        self.ctx.measured.emit(
            title,
            [f"{len(self.covered)} squares covered", *(f"• {n}" for n in names)]
            if names
            else [f"{len(self.covered)} squares covered", "No figures inside"],
        )
