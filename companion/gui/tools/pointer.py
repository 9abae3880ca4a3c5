"""Pick a figure: where it can move this action, and whom it may attack from here.

Movement points and attack kinds come from the figure's class or monster card
(``figure_info``); reachable squares, paths, costs, arcs and targets come from
``companion.model.geometry``.  The tool only draws them.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np
from PySide6.QtCore import Qt

from companion.gui import figure_info
from companion.gui.canvas.overlays import REACH, ReachShape, TargetLine
from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Square, Tool
from companion.model.edits import Changes

#: Screen angle (degrees, clockwise from east) of each facing.
FACING_DEG = {"E": 0.0, "S": 90.0, "W": 180.0, "N": 270.0}
MODE_TITLES = {"melee": "melee", "reach": "reach", "ranged": "ranged"}


class PointerTool(Tool):
    name: ClassVar[str] = "pointer"
    title: ClassVar[str] = "Pick a figure"
    shortcut: ClassVar[str] = "V"
    icon: ClassVar[str] = "pointer"
    modes: ClassVar[frozenset[str]] = frozenset({"edit", "play"})
    hint: ClassVar[str] = ("Click a figure: blue squares are where one move action takes it "
                           "(hover for path and cost); lines show whom it may attack. "
                           "Drag empty squares to pan.")
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, ctx: object) -> None:
        super().__init__(ctx)  # type: ignore[arg-type]
        self.reach: Any = None
        self.targets: list[Any] = []
        self.hover_square: Square | None = None

    def activate(self) -> None:
        self.ctx.selectionChanged.connect(self._selection_changed)
        self.refresh()

    def deactivate(self) -> None:
        self.ctx.selectionChanged.disconnect(self._selection_changed)
        self._clear()

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton or not self.on_map(ev.square):
            return False
        fig = self.session.doc.figure_at(*ev.square)
        if fig is None:
            return False
        self.ctx.select_figure(fig.id)
        return True

    def move(self, ev: MouseInfo) -> None:
        sq = ev.square if self.on_map(ev.square) else None
        if sq != self.hover_square:
            self.hover_square = sq
            self._draw()

    def cancel(self) -> None:
        self.ctx.select_figure(None)

    def map_changed(self, changes: Changes) -> None:
        self.refresh()

    def _selection_changed(self, _fid: object) -> None:
        self.refresh()

    def _clear(self) -> None:
        self.reach = None
        self.targets = []
        self.canvas.overlays.reach_tint.hide_mask()
        self.canvas.overlays.reach.set_shape(None)

    # -- asking the model -----------------------------------------------------------
    def refresh(self) -> None:
        """Recompute reach and targets for the selected figure."""
        from companion.model import geometry as g

        fid = self.ctx.selected_figure
        fig = self.session.doc.figure(fid) if fid else None
        if fig is None:
            self._clear()
            return
        stats = figure_info.stats_for(fig)
        board = self.session.board()
        move = stats.move if stats else 4
        self.reach = g.reachable(board, fig.id, move)
        if stats is not None:
            self.targets = list(g.attack_targets(
                board, fig.id, melee=stats.melee, reach=stats.reach, ranged=stats.ranged))
        else:
            self.targets = list(g.attack_targets(board, fig.id, melee=True, reach=False,
                                                 ranged=None))
        mask = np.zeros(self.session.doc.dungeon.floor.shape, bool)
        for x, y in self.reach.squares():
            mask[y, x] = True
        cost = np.asarray(self.reach.cost, dtype=float)
        fade = np.where(np.isfinite(cost), 1.0 - 0.55 * np.clip(cost / max(move, 1), 0, 1), 0)
        self.canvas.overlays.reach_tint.show_mask(mask, REACH, alpha=150, values=fade)
        self._draw()
        self._report(fig, stats)

    def _draw(self) -> None:
        from companion.model import geometry as g

        fid = self.ctx.selected_figure
        doc = self.session.doc
        fig = doc.figure(fid) if fid else None
        if fig is None or self.reach is None:
            return
        stats = figure_info.stats_for(fig)
        path: list[Square] = []
        path_lines: tuple[str, ...] = ()
        sq = self.hover_square
        if sq is not None and sq != fig.at:
            if self.reach.can_end(sq):
                path = [tuple(p) for p in self.reach.path_to(sq)]  # type: ignore[misc]
                if path and path[0] != fig.at:
                    path.insert(0, fig.at)
                path_lines = (f"Cost {self.reach.cost_to(sq):g} of {stats.move if stats else 4}"
                              " move points",)
            elif math.isfinite(float(self.reach.cost_to(sq) or math.inf)):
                path_lines = ("Can pass, but not stop here",)
        targets = []
        for t in self.targets:
            other = doc.figure(t.target_id)
            if other is None:
                continue
            label = f"{other.label}: {MODE_TITLES.get(t.mode, t.mode)}"
            if t.turn:
                label += f" (turn {t.turn})"
            if not t.ok:
                label += f" ✗ {t.reason}".replace("_", " ")
            targets.append(TargetLine(other.at, t.mode, bool(t.ok), label))
        ranged = stats.ranged if stats else None
        shape = ReachShape(
            origin=fig.at,
            facing_deg=FACING_DEG[fig.facing.value],
            ranged_max=ranged[1] if ranged else None,
            ranged_min=ranged[0] if ranged else None,
            front=[tuple(s) for s in g.front_squares(fig.at, fig.facing)  # type: ignore[misc]
                   if doc.dungeon.in_bounds(*s)] if (stats is None or stats.melee) else [],
            reach=[tuple(s) for s in g.reach_squares(fig.at, fig.facing)  # type: ignore[misc]
                   if doc.dungeon.in_bounds(*s)] if (stats and stats.reach) else [],
            targets=targets,
            path=path,
            path_lines=path_lines,
        )
        self.canvas.overlays.reach.set_shape(shape)

    def _report(self, fig: Any, stats: figure_info.FigureStats | None) -> None:
        lines = []
        if stats is not None:
            kinds = [k for k, on in (("melee", stats.melee), ("reach", stats.reach)) if on]
            if stats.ranged:
                kinds.append(f"ranged {stats.ranged[0]:g}–{stats.ranged[1]:g}")
            lines.append(f"{stats.name}: move {stats.move}, attacks {', '.join(kinds)}")
        lines.append(f"{len(self.reach.squares())} squares reachable with one move action")
        doc = self.session.doc
        ok = [t for t in self.targets if t.ok]
        for t in self.targets:
            other = doc.figure(t.target_id)
            name = other.label if other else t.target_id
            verdict = "may attack" if t.ok else f"cannot ({str(t.reason).replace('_', ' ')})"
            turn = f", turning {t.turn}" if t.turn and t.ok else ""
            lines.append(f"• {name}: {t.mode} {t.distance:.1f} sq — {verdict}{turn}")
        if not self.targets:
            lines.append("No enemy in reach or range")
        self.ctx.measured.emit(f"{fig.label} — {len(ok)} target(s)", lines)
