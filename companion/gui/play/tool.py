"""The play tool: clicks on the map finish the pending action (a path, a target, an area).

Everything it highlights comes from the controller (reachable squares and paths, valid
targets, an area's squares and the figures under it, the odds): it asks, never decides.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsPathItem

from companion.gui.canvas.reach import ReachShape
from companion.gui.play import pending as pend
from companion.gui.play.reasons import reason_lines
from companion.gui.tools.base import Tool
from companion.model.geometry.facing import facing_toward
from companion.model.geometry.tabletop import line_cells
from companion.rules.facing import facing_spec_of
from companion.rules.table import ActionChoice, tracks_text

if TYPE_CHECKING:
    from companion.gui.canvas.view import MouseInfo
    from companion.gui.play.controller import PlayController

Square = tuple[int, int]
MOVE = QColor(80, 170, 255)
PATH = QColor(255, 230, 90)
TARGET = QColor(235, 70, 60)
AREA = QColor(255, 150, 40)
ACTING = QColor(255, 214, 40)
#: Keys that face the figure at the end of a pending move straight to a compass
#: direction, when the ruleset allows it (``ActionChoice.facings``, ``FacingSpec``).
FACING_KEYS = {
    Qt.Key.Key_Up: "N",
    Qt.Key.Key_Right: "E",
    Qt.Key.Key_Down: "S",
    Qt.Key.Key_Left: "W",
    Qt.Key.Key_N: "N",
    Qt.Key.Key_E: "E",
    Qt.Key.Key_S: "S",
    Qt.Key.Key_W: "W",
}
#: Keys that turn it one allowed direction anticlockwise (-1) or clockwise (+1): through
#: the four or eight directions of the ruleset's ``FacingSpec``, by 45° at any angle.
TURN_KEYS = {
    Qt.Key.Key_Comma: -1,
    Qt.Key.Key_Less: -1,
    Qt.Key.Key_BracketLeft: -1,
    Qt.Key.Key_Period: 1,
    Qt.Key.Key_Greater: 1,
    Qt.Key.Key_BracketRight: 1,
}
#: Keys that send an action with the figures picked for it.
CONFIRM_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class PlayMarks:
    """What play mode draws on the map: the acting ring, crosses on the dead, badges."""

    def __init__(self, vb: pg.ViewBox) -> None:
        self.vb = vb
        self.ring = QGraphicsEllipseItem()
        pen = QPen(ACTING, 0.12)
        self.ring.setPen(pen)
        self.ring.setZValue(40)
        self.ring.hide()
        vb.addItem(self.ring, ignoreBounds=True)
        self.crosses = QGraphicsPathItem()
        self.crosses.setPen(QPen(QColor(40, 40, 40, 230), 0.12))
        self.crosses.setZValue(41)
        vb.addItem(self.crosses, ignoreBounds=True)
        self.badges: list[pg.TextItem] = []
        #: (text, square) of each badge shown, to leave them alone when nothing changed.
        self._shown: list[tuple[str, tuple[int, int]]] = []

    def show(self, controller: PlayController) -> None:
        turn = controller.turn()
        figures = controller.figures()
        acting = figures.get(turn.acting) if turn and turn.acting else None
        if acting is not None and acting.at is not None:
            x, y = acting.at
            self.ring.setRect(QRectF(x - 0.08, y - 0.08, 1.16, 1.16))
            self.ring.show()
        else:
            self.ring.hide()
        path = QPainterPath()
        for v in figures.values():
            if v.dead and v.at is not None:
                x, y = v.at
                path.moveTo(x + 0.2, y + 0.2)
                path.lineTo(x + 0.8, y + 0.8)
                path.moveTo(x + 0.8, y + 0.2)
                path.lineTo(x + 0.2, y + 0.8)
        self.crosses.setPath(path)
        shown = [
            (
                ", ".join(
                    [*v.states, *(b.label + (f" {b.rounds}" if b.rounds else "") for b in v.badges)]
                ),
                v.at,
            )
            for v in figures.values()
            if not v.dead and v.at is not None and (v.badges or v.states)
        ]
        if shown == self._shown:  # the same badges where they were: keep the items
            return
        # A badge that stands as it was keeps its item: only those changed are painted.
        kept: dict[tuple[str, tuple[int, int]], list[pg.TextItem]] = {}
        for key, old in zip(self._shown, self.badges, strict=True):
            kept.setdefault(key, []).append(old)
        badges = []
        for text, at in shown:
            spare = kept.get((text, at))
            item = spare.pop() if spare else None
            if item is None:
                item = pg.TextItem(
                    text, color=(255, 235, 150), fill=(30, 30, 30, 190), anchor=(0.5, 0)
                )
                item.setPos(at[0] + 0.5, at[1] + 1.0)
                item.setZValue(42)
                self.vb.addItem(item, ignoreBounds=True)
            badges.append(item)
        for items in kept.values():
            for item in items:
                self.vb.removeItem(item)
        self.badges = badges
        self._shown = shown

    def clear(self) -> None:
        self.ring.hide()
        self.crosses.setPath(QPainterPath())
        for item in self.badges:
            self.vb.removeItem(item)
        self.badges = []
        self._shown = []


class PlayTool(Tool):
    name = "play"
    title = "Play"
    shortcut = ""
    icon = "play-mode"
    modes = frozenset({"play"})
    hint = "Take the acting figure's actions: pick one in the Actions panel, then click."

    controller: PlayController | None = None
    _squares: list[Square]
    _why: dict[Square, list[str]]
    #: At any angle: the destination clicked first; the facing then follows the mouse
    #: from it until a second click (or the drag's release) sends the move.
    _anchor: Square | None = None
    _anchor_kind = ""
    #: The figures picked for the pending action are ringed on the map.
    _marking = False

    def bind(self, controller: PlayController) -> None:
        self.controller = controller
        self._squares = []
        self._why = {}
        self._anchor = None
        controller.pendingChanged.connect(self._pending)
        controller.changed.connect(lambda: self._pending(controller.pending))

    # -- showing --------------------------------------------------------------------------
    def _mask(self, squares: Any) -> np.ndarray:
        d = self.session.doc.dungeon
        mask = np.zeros((d.height, d.width), dtype=bool)
        for x, y in squares:
            if 0 <= x < d.width and 0 <= y < d.height:
                mask[y, x] = True
        return mask

    def _why_not(self, choice: ActionChoice, sq: Square) -> list[str]:
        """The model's reasons a move to ``sq`` would be refused, numbered (asked once per
        square until the pending action or the game changes)."""
        if sq not in self._why:
            value = self._value(choice, sq)
            verdict = None
            if self.controller is not None and value is not None:
                verdict = self.controller.check({**choice.template, choice.field: value})
            lines = reason_lines(verdict.reasons) if verdict is not None else []
            self._why[sq] = lines or ["cannot end a move here"]
        return self._why[sq]

    def _arc(self, choice: ActionChoice | None) -> ReachShape | None:
        """The acting figure's arc (the ruleset's first ``FacingSpec`` arc, a semicircle
        in Brickmasters of the Unknown) while an attack (an action with odds: a fight, a
        shot) waits for its target: out to its longest range when it shoots, else to the
        farthest figure it may aim at."""
        c = self.controller
        if c is None or c.game is None or choice is None:
            return None
        if choice.needs not in ("figure", "figures") or not choice.targets:
            return None
        aimed = choice.targets[0]
        if (
            c.odds(
                {**choice.template, choice.field: aimed if choice.needs == "figure" else [aimed]}
            )
            is None
        ):
            return None
        arc = facing_spec_of(c.game.ruleset).arc()
        views = c.figures()
        actor = views.get(str(choice.template.get("actor", "")))
        if arc is None or actor is None or actor.at is None:
            return None
        ax, ay = actor.at
        spots = [views[t].at for t in choice.targets if t in views and views[t].at is not None]
        radius = max([math.dist(actor.at, sq) for sq in spots if sq is not None] + [2.5])
        placed = self.session.doc.figure(actor.id)
        profile = self.session.profile(placed.class_id, placed.monster) if placed else None
        if "shoot" in choice.kind and profile is not None and profile.ranged is not None:
            radius = profile.ranged[1]
        return ReachShape(
            origin=(ax, ay),
            facing_deg=actor.facing_degrees - 90.0,
            arc_deg=arc.degrees,
            ranged_max=radius,
            ranged_min=None,
            front=[],
            reach=[],
            targets=[],
            path=[],
            path_lines=(),
        )

    def _pending(self, choice: ActionChoice | None) -> None:
        o = self.canvas.overlays
        o.reach.set_shape(self._arc(choice))
        o.area.hide_mask()
        o.caption.set_caption(None, ())
        o.facing.set_facing(None)
        self._squares = []
        self._why = {}
        c = self.controller
        picked = c.picks.ids if c is not None and choice is not None else []
        if picked or self._marking:  # other tools' marks (an area's) left alone
            self.canvas.figures.set_marked({fid: TARGET for fid in picked})
            self._marking = bool(picked)
        if choice is None or c is None or choice.kind != self._anchor_kind:
            self._anchor = None  # another action: no destination fixed for it
        if choice is None or c is None:
            o.reach_tint.hide_mask()
            return
        if self._anchor is not None:  # the destination fixed, its facing being chosen
            o.facing.set_facing(self._anchor, c.facing if c.facing is not None else self._now())
        if choice.needs in ("path", "destination"):
            o.reach_tint.show_mask(self._mask(c.moves()), MOVE, 70)
        elif choice.needs in ("figure", "figures"):
            where = [c.figures()[t].at for t in choice.targets]
            o.reach_tint.show_mask(self._mask([w for w in where if w]), TARGET, 90)
        else:
            o.reach_tint.hide_mask()

    def deactivate(self) -> None:
        self.cancel()

    def cancel(self) -> None:
        self._anchor = None
        if self._marking:
            self.canvas.figures.set_marked({})
            self._marking = False
        o = self.canvas.overlays
        o.reach.set_shape(None)
        o.area.hide_mask()
        o.reach_tint.hide_mask()
        o.caption.set_caption(None, ())
        o.facing.set_facing(None)
        if self.controller is not None and self.controller.pending is not None:
            self.controller.set_pending(None)

    def _figure_at(self, sq: Square) -> str | None:
        if self.controller is None:
            return None
        views = self.controller.figures().values()
        living = [v for v in views if v.at == sq]
        if not living:
            # A base wider than a square (a round base on a stud table) is hit anywhere
            # on its disc, not only on its centre square.
            living = [v for v in views if v.at is not None and self._covers(v.id, v.at, sq)]
        living.sort(key=lambda v: v.dead)
        return living[0].id if living else None

    def _covers(self, fid: str, at: Square, sq: Square) -> bool:
        """Whether a figure wider than a square, standing on ``at``, covers ``sq``: a large
        creature's block of squares (anchored at a corner), or a round base's disc."""
        size = self.canvas.figures.sizes.get(fid, 1.0)
        if size <= 1.0:
            return False
        if self.canvas.figures.anchors.get(fid) == "corner":
            return at[0] <= sq[0] < at[0] + size and at[1] <= sq[1] < at[1] + size
        return (at[0] - sq[0]) ** 2 + (at[1] - sq[1]) ** 2 <= (size / 2) ** 2

    def _value(self, choice: ActionChoice, sq: Square) -> Any:
        """What a click on ``sq`` adds to the pending action."""
        assert self.controller is not None
        if choice.needs == "path":
            option = self.controller.moves().get(sq)
            return [list(p) for p in option.path] if option else [list(sq)]
        if choice.needs == "destination":
            return [sq[0], sq[1]]
        if choice.needs == "figure":
            return self._figure_at(sq) or [sq[0], sq[1]]
        if choice.field == "facing":
            turn = self.controller.turn()
            views = self.controller.figures()
            origin = views[turn.acting].at if turn and turn.acting else None
            if not origin or origin == sq:
                return None
            spec = self.controller.facing_spec()
            return spec.toward(origin, sq) if spec.faces else facing_toward(origin, sq).value
        if choice.field == "squares":
            return [list(s) for s in [*self._squares, sq]]
        return [sq[0], sq[1]]

    def _now(self) -> str | float | None:
        """The acting figure's facing now: its compass name, or degrees when it has a
        heading (None: no acting figure)."""
        assert self.controller is not None
        turn = self.controller.turn()
        actor = self.controller.figures().get(turn.acting or "") if turn else None
        if actor is None:
            return None
        return actor.facing if actor.heading is None else actor.heading

    def _facing_lines(self) -> list[str]:
        """How the pending move ends facing and how to change it, from the ruleset's spec."""
        c = self.controller
        assert c is not None and c.pending is not None
        spec = c.facing_spec()
        chosen = spec.text(c.facing) if c.facing is not None else spec.unnamed or "as now"
        if spec.kind == "any" and not c.pending.facings:
            how = "click the destination, then click or drag the way to face"
        else:
            names = "/".join(pend.facing_names(c.pending, spec))
            how = f"{names}, arrows, or < > to turn"
        return [f"then facing {chosen} ({how})"]

    def _any_angle(self) -> bool:
        """The pending move ends at any angle, set with the mouse from its destination."""
        c = self.controller
        return (
            c is not None
            and c.sets_facing()
            and c.facing_spec().kind == "any"
            and not (c.pending is not None and c.pending.facings)
        )

    def _follow(self, ev: MouseInfo) -> None:
        """At any angle, the facing from the fixed destination toward the mouse."""
        c = self.controller
        anchor = self._anchor
        if c is None or anchor is None or ev.square == anchor:
            return
        centre = (anchor[0] + 0.5, anchor[1] + 0.5)
        c.set_facing(c.facing_spec().toward(centre, (ev.pos.x(), ev.pos.y())))

    def move(self, ev: MouseInfo) -> None:
        self._hover = ev
        self.show_hover(ev.square)
        c = self.controller
        if c is None or c.game is None:
            return
        choice = c.pending
        o = self.canvas.overlays
        sq = ev.square
        if choice is None:
            fid = self._figure_at(sq)
            if fid is None:
                o.caption.set_caption(None, ())
                return
            v = c.figures()[fid]
            lines = [
                f"{v.name} — {v.kind}",
                tracks_text(v),
            ]
            lines += [f"{k}: {val}" for k, val in v.stats]
            marks = [*v.states, *(b.label for b in v.badges)]
            lines += [", ".join(marks)] if marks else []
            o.caption.set_caption(sq, lines)
            return
        if choice.needs in ("path", "destination"):
            if self._anchor is not None:
                self._follow(ev)
                sq = self._anchor
            option = c.moves().get(sq)
            if option is None:
                o.area.hide_mask()
                o.facing.set_facing(None)
                o.caption.set_caption(sq, self._why_not(choice, sq))
                return
            path = option.path if choice.needs == "path" else line_cells(*option.path)
            # The square the figure stops on, also where its path goes on past a figure.
            o.area.show_mask(self._mask([*path, option.square]), PATH, 140)
            unit = "squares" if choice.needs == "path" else "studs"
            steps = f"{option.cost} {unit if option.cost != 1 else unit[:-1]}"
            lines = [f"move {option.length or steps}"] + ([option.note] if option.note else [])
            if c.sets_facing():
                lines += self._facing_lines()
                # The arrow at the destination: the facing chosen, or the figure's own
                # (none when the rules turn an unturned move some other way).
                unturned = None if c.facing_spec().unnamed else self._now()
                o.facing.set_facing(sq, c.facing if c.facing is not None else unturned)
            o.caption.set_caption(sq, lines)
        elif choice.needs == "figures":
            fid = self._figure_at(sq)
            lines = [f"{choice.label}: {c.picks.count_text()} — click to pick, Return sends"]
            got = c.odds_at(fid) if fid is not None else None
            if fid is not None:
                name = c.figures()[fid].name
                if isinstance(got, str):
                    lines.insert(0, f"{name}: not a valid target: {got}")
                else:
                    state = "picked" if fid in c.picks.ids else "click to pick"
                    lines.insert(0, f"{name}: {state}")
                    if got is not None:  # the odds with the figures picked and this one
                        lines.insert(1, f"{got.hit:.0%} to hurt, {got.kill:.0%} to kill")
            o.caption.set_caption(sq, lines)
            c.oddsShown.emit(got)
        elif choice.needs == "figure":
            fid = self._figure_at(sq)
            if fid is None:
                o.caption.set_caption(None, ())
                c.show_odds_for(None)
                return
            got = c.odds_at(fid)
            lines = [c.figures()[fid].name]
            if isinstance(got, str):  # not a valid target: why, and no odds
                lines.append(f"not a valid target: {got}")
            elif got is not None:
                lines.append(f"{got.hit:.0%} to hurt, {got.kill:.0%} to kill")
            question = dict(choice.confirm).get(fid)
            if question and not isinstance(got, str):
                lines.append("⚠ " + question)
            o.caption.set_caption(sq, lines)
            c.oddsShown.emit(got)
        elif choice.needs == "area":
            value = self._value(choice, sq)
            if value is None:
                return
            action = {**choice.template, choice.field: value}
            squares, hit = c.area(action)
            o.area.show_mask(self._mask(squares), AREA, 120)
            names = [c.figures()[f].name for f in hit]
            lines = [f"hits: {', '.join(names)}" if names else "hits nobody"]
            question = c.question(choice, action, value)
            lines += ["⚠ " + q for q in question.splitlines()] if question else []
            o.caption.set_caption(sq, lines)

    def press(self, ev: MouseInfo) -> bool:
        if ev.button != Qt.MouseButton.LeftButton:
            return False
        c = self.controller
        if c is None or c.game is None:
            return True
        choice = c.pending
        if choice is None:
            self._drag_from = self._start_drag(ev.square)
            return True
        if choice.needs == "figures":
            fid = self._figure_at(ev.square)
            if fid is not None:
                c.pick_target(fid)
                self.move(ev)  # the caption says the new count
            return True
        if self._any_angle() and choice.needs in ("path", "destination"):
            return self._press_any_angle(ev)
        value = self._value(choice, ev.square)
        if value is None:
            return True
        if choice.field == "squares":
            count = int((choice.area or {}).get("count", 1))
            if len(value) < count:
                self._squares.append(ev.square)
                return True
        if choice.then_field:
            if not self._squares:  # the first of two clicks
                self._squares.append(ev.square)
                self.canvas.overlays.rect.show_squares(*ev.square, *ev.square)
                return True
            first = self._squares[0]
            c.complete([first[0], first[1]], value)
            return True
        c.complete(value)
        return True

    def _press_any_angle(self, ev: MouseInfo) -> bool:
        """At any angle, the first click fixes the destination, the second (or the
        drag's release) the way to face: toward it, from the destination."""
        c = self.controller
        assert c is not None and c.pending is not None
        if self._anchor is None:
            if ev.square not in c.moves():  # refused with the rules' reasons, as ever
                c.complete(self._value(c.pending, ev.square))
                return True
            self._anchor, self._anchor_kind = ev.square, c.pending.kind
            self._drag_from = None
            self.canvas.overlays.facing.set_facing(ev.square, self._now())
            return True
        self._follow(ev)
        return self._send_anchor()

    def _send_anchor(self) -> bool:
        c = self.controller
        anchor, self._anchor = self._anchor, None
        if c is None or c.pending is None or anchor is None:
            return True
        if not c.complete(self._value(c.pending, anchor)):
            self._anchor = anchor  # refused: still there, its facing to choose again
        return True

    def _start_drag(self, sq: Square) -> Square | None:
        """A press on the acting figure picks it up: its move is shown, a drop moves it."""
        assert self.controller is not None
        turn = self.controller.turn()
        picked = self._figure_at(sq)
        if turn is not None and picked in turn.choosable and picked != turn.acting:
            self.controller.pick(picked)  # the player chooses who activates
            turn = self.controller.turn()
        acting = self.controller.figures().get(turn.acting or "") if turn else None
        if acting is None or acting.at != sq:
            return None
        move = next((ch for ch in self.controller.choices() if ch.kind == "move"), None)
        if move is None or not move.enabled:
            if move is not None:
                self.controller.choose(move)  # says why it cannot move
            return None
        self.controller.set_pending(move)
        return sq

    def release(self, ev: MouseInfo) -> None:
        start, self._drag_from = getattr(self, "_drag_from", None), None
        c = self.controller
        if self._anchor is not None and ev.square != self._anchor:
            self._follow(ev)  # dragged from the destination the way to face
            self._send_anchor()
            return
        if start is None or c is None or ev.square == start or c.pending is None:
            return
        c.complete(self._value(c.pending, ev.square))

    def takes_key(self, ev: QKeyEvent) -> bool:
        """N/E/S/W (and arrows) turn a pending move's figure, before any shortcut."""
        c = self.controller
        plain = ev.modifiers() in (
            Qt.KeyboardModifier.NoModifier,
            Qt.KeyboardModifier.KeypadModifier,
        )
        if not plain or c is None or c.pending is None:
            return False
        key = Qt.Key(ev.key())
        if c.pending.needs == "figures" and key in CONFIRM_KEYS:
            return True
        return c.sets_facing() and (key in FACING_KEYS or key in TURN_KEYS)

    def key_press(self, ev: QKeyEvent) -> bool:
        if ev.key() == Qt.Key.Key_Escape:
            self.cancel()
            return True
        c = self.controller
        if c is None or c.pending is None:
            return False
        key = Qt.Key(ev.key())
        if c.pending.needs == "figures" and key in CONFIRM_KEYS:
            c.confirm_targets()
            return True
        if not c.sets_facing() or (key not in FACING_KEYS and key not in TURN_KEYS):
            return False
        # The pending move's facing at its end, among those the ruleset offers.
        turn = TURN_KEYS.get(key)
        done = c.turn_facing(turn) if turn is not None else c.set_facing(FACING_KEYS[key])
        hover = getattr(self, "_hover", None)
        if done and hover is not None:
            self.move(hover)  # the caption says the new facing
        return done
