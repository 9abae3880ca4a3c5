"""Pick a figure: where it can move this action, and whom it may attack from here.

Movement points and attack kinds come from the figure's class or monster card
(the ruleset's ``profile``); reachable squares, paths, costs, arcs and targets come from
``companion.model.geometry``.  The tool only draws them.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

import numpy as np
from PySide6.QtCore import Qt

from companion.gui.canvas.overlay_base import REACH
from companion.gui.canvas.reach import ReachShape, TargetLine
from companion.gui.canvas.view import MouseInfo
from companion.gui.tools.base import Square, Tool, ToolContext, reports_model_errors
from companion.model.edits import Changes
from companion.rules.facing import facing_spec_of
from companion.rules.table import FigureProfile

#: Screen angle (degrees, clockwise from east) of each facing.
FACING_DEG = {"E": 0.0, "S": 90.0, "W": 180.0, "N": 270.0}
MODE_TITLES = {"melee": "melee", "reach": "reach", "ranged": "ranged"}
#: Reasons that mean "nowhere near": such enemies get no line on the map.
DISTANT = frozenset({"out_of_range", "not_adjacent", "target_dead"})
#: Which failure to show first when an enemy is close but cannot be attacked.
NEAR_MISS = ("no_line_of_sight", "not_in_arc", "too_close", "height_difference")


def _by_target(targets: list[Any]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for t in targets:
        out.setdefault(t.target_id, []).append(t)
    return out


class PointerTool(Tool):
    name: ClassVar[str] = "pointer"
    title: ClassVar[str] = "Pick a figure"
    shortcut: ClassVar[str] = "V"
    icon: ClassVar[str] = "pointer"
    modes: ClassVar[frozenset[str]] = frozenset({"edit", "play"})
    hint: ClassVar[str] = (
        "Click a figure: blue squares are where one move action takes it "
        "(hover for path and cost); lines show whom it may attack. "
        "Drag empty squares to pan."
    )
    cursor = Qt.CursorShape.PointingHandCursor

    def __init__(self, ctx: ToolContext) -> None:
        super().__init__(ctx)
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
    @reports_model_errors
    def refresh(self) -> None:
        """Recompute reach and targets for the selected figure."""
        from companion.model import geometry as g

        fid = self.ctx.selected_figure
        fig = self.session.doc.figure(fid) if fid else None
        if fig is None:
            self._clear()
            return
        stats = self.session.profile(fig.class_id, fig.monster)
        board = self.session.board()
        move = stats.move if stats else 0
        self.reach = g.reachable(board, fig.id, move)
        targets = (
            g.attack_targets(
                board, fig.id, melee=stats.melee, reach=stats.reach, ranged=stats.ranged
            )
            if stats is not None
            else []
        )
        # Figures in rooms still hidden from the players are not shown as targets.
        hidden = self.canvas.figures.hidden
        self.targets = [t for t in targets if t.target_id not in hidden]
        mask = np.zeros(self.session.doc.dungeon.floor.shape, bool)
        for x, y in self.reach.squares():
            mask[y, x] = True
        cost = np.asarray(self.reach.cost, dtype=float)
        fade = np.where(np.isfinite(cost), 1.0 - 0.55 * np.clip(cost / max(move, 1), 0, 1), 0)
        self.canvas.overlays.reach_tint.show_mask(mask, REACH, alpha=165, values=fade)
        self._draw()
        self._report(fig, stats)

    def _draw(self) -> None:
        from companion.model import geometry as g

        fid = self.ctx.selected_figure
        doc = self.session.doc
        fig = doc.figure(fid) if fid else None
        if fig is None or self.reach is None:
            return
        stats = self.session.profile(fig.class_id, fig.monster)
        path: list[Square] = []
        path_lines: tuple[str, ...] = ()
        sq = self.hover_square
        if sq is not None and sq != fig.at:
            if self.reach.can_end(sq):
                path = list(self.reach.path_to(sq) or [])
                if path and path[0] != fig.at:
                    path.insert(0, fig.at)
                path_lines = (
                    f"Cost {self.reach.cost_to(sq):g} of {stats.move if stats else 0} move points",
                )
            elif math.isfinite(float(self.reach.cost_to(sq) or math.inf)):
                path_lines = ("Can pass, but not stop here",)
        targets = [
            line
            for line in (self._target_line(tid, ts) for tid, ts in _by_target(self.targets).items())
            if line is not None
        ]
        ranged = stats.ranged if stats else None
        # The arc as the ruleset's FacingSpec draws it, toward the game's facing if any.
        arc = facing_spec_of(self.session.ruleset).arc()
        heading = self.canvas.figures.headings.get(fig.id)
        shape = ReachShape(
            origin=fig.at,
            facing_deg=FACING_DEG[fig.facing.value] if heading is None else heading - 90.0,
            arc_deg=arc.degrees if arc is not None else None,
            ranged_max=ranged[1] if ranged else None,
            ranged_min=ranged[0] if ranged else None,
            front=[s for s in g.front_squares(fig.at, fig.facing) if doc.dungeon.in_bounds(*s)]
            if (stats and stats.melee)
            else [],
            reach=[s for s in g.reach_squares(fig.at, fig.facing) if doc.dungeon.in_bounds(*s)]
            if (stats and stats.reach)
            else [],
            targets=targets,
            path=path,
            path_lines=path_lines,
        )
        self.canvas.overlays.reach.set_shape(shape)

    def _target_line(self, target_id: str, results: list[Any]) -> TargetLine | None:
        """One line per enemy: the attacks that work, else the nearest miss.

        Enemies simply out of range or not adjacent get no line (the panel lists them).
        """
        other = self.session.doc.figure(target_id)
        if other is None:
            return None
        ok = [t for t in results if t.ok]
        if ok:
            modes = ", ".join(MODE_TITLES.get(t.mode, t.mode) for t in ok)
            turn = next((t.turn for t in ok if t.turn), None)
            label = f"{other.label}: {modes}" + (f" (turn {turn})" if turn else "")
            return TargetLine(other.at, ok[0].mode, True, label)
        near = [t for t in results if t.reason not in DISTANT]
        if not near:
            return None
        miss = min(
            near,
            key=lambda t: NEAR_MISS.index(t.reason) if t.reason in NEAR_MISS else len(NEAR_MISS),
        )
        reason = str(miss.reason).replace("_", " ")
        return TargetLine(other.at, miss.mode, False, f"{other.label}: {miss.mode} ✗ {reason}")

    def _report(self, fig: Any, stats: FigureProfile | None) -> None:
        doc = self.session.doc
        lines = []
        if stats is not None:
            kinds = [k for k, on in (("melee", stats.melee), ("reach", stats.reach)) if on]
            if stats.ranged:
                kinds.append(f"ranged {stats.ranged[0]:g}–{stats.ranged[1]:g}")
            lines.append(f"{stats.name} · move {stats.move} · {', '.join(kinds)}")
        else:
            lines.append("Not in the rules data: its moves and attacks are unknown")
        lines.append(f"{len(self.reach.squares())} squares in one move action")

        def name(tid: str) -> str:
            other = doc.figure(tid)
            return other.label if other else tid

        groups = _by_target(self.targets)
        can = [(tid, [t for t in ts if t.ok]) for tid, ts in groups.items()]
        can = [(tid, ok) for tid, ok in can if ok]
        for tid, ok in can:
            how = ", ".join(
                f"{t.mode} {t.distance:.1f} sq" + (f", turn {t.turn}" if t.turn else "") for t in ok
            )
            lines.append(f"✔ {name(tid)}: {how}")
        for tid, ts in groups.items():
            if any(t.ok for t in ts):
                continue
            near = [t for t in ts if t.reason not in DISTANT]
            if near:
                t = near[0]
                lines.append(f"✘ {name(tid)}: {t.mode} — {str(t.reason).replace('_', ' ')}")
        far = [
            name(tid)
            for tid, ts in groups.items()
            if not any(t.ok or t.reason not in DISTANT for t in ts)
        ]
        if far:
            lines.append("Out of reach: " + ", ".join(far))
        if not groups:
            lines.append("No enemy in sight of the table")
        self.ctx.measured.emit(f"{fig.label}: {len(can)} possible target(s)", lines)
