"""Benchmark the map canvas: one interaction = the mouse event plus the repaint it causes.

Run ``.venv/bin/python benchmarks/bench_canvas.py`` (``--quick`` for a smoke run).
A ``MapCanvas`` on a ``MapSession`` (no main window) is shown offscreen at 1280x720 on a
256x256 map: 16x16-square rooms with 1-3 brick platforms, doors, objects, a hidden room
and 40 figures.  Each interaction is timed from sending real ``QMouseEvent``s to the
viewport until Qt has painted what they dirtied: the events, then
``QApplication.processEvents()`` (twice: the scene's update is queued once before the
viewport's) with a check that the viewport really got a paint event.  Two views: zoomed
in (32 px per square, the usual working zoom) and fitted (the whole map in view).

Interactions: hovering a new square with a picked figure (pointer tool: reach, path,
targets), the circle template (r4) following the mouse, one brush step (terrain and
height, size 3, painting a new square while the button is held), one flood fill of a
room's floor (press and release).  Reference, same run and same view: an empty
repaint (``viewport().repaint()`` with nothing changed: the cost of drawing the map as
it stands).  Every median is also given as a ratio to the 16 ms frame (60 fps).
``--write`` puts the table into ``benchmarks/RESULTS.md`` (its own section).
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_SCALE_FACTOR", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
from PySide6.QtCore import QEvent, QObject, QPointF, Qt
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import QApplication

from companion.gui.canvas.view import MapCanvas
from companion.gui.session import MapSession
from companion.gui.tools import ToolContext
from companion.gui.tools.area import AreaTool
from companion.gui.tools.height import HeightTool
from companion.gui.tools.pointer import PointerTool
from companion.gui.tools.terrain import TerrainTool
from companion.model.dungeon import Facing, MapObject, ObjectKind, Room, Terrain
from companion.model.mapfile import FigurePlacement, MapDocument, new_document

FRAME_MS = 16.0
ROOM = 16
CLASSES = ("human_warrior", "elven_ranger", "human_mage", "human_thief")
MONSTERS = ("orc", "goblin", "spider", "skeleton", "mummy")
Square = tuple[int, int]


def make_document(n: int = 256, figures: int = 40, seed: int = 7) -> MapDocument:
    """An ``n`` x ``n`` dungeon of rooms with platforms, doors, objects and figures."""
    rng = np.random.default_rng(seed)
    doc = new_document(n, n, name=f"Bench {n}")
    d = doc.dungeon
    wall, door = int(Terrain.WALL), int(Terrain.DOOR_OPEN)
    for k in range(0, n, ROOM):
        d.terrain[k, :] = wall
        d.terrain[:, k] = wall
    rooms: list[Room] = []
    for ry in range(0, n - 1, ROOM):
        for rx in range(0, n - 1, ROOM):
            x0, y0, x1, y1 = rx + 1, ry + 1, min(rx + ROOM, n - 1), min(ry + ROOM, n - 1)
            if x1 <= x0 or y1 <= y0:
                continue
            if rx + ROOM < n - 1:
                d.terrain[ry + ROOM // 2, rx + ROOM] = door
            if ry + ROOM < n - 1:
                d.terrain[ry + ROOM, rx + ROOM // 2] = door
            d.room_of[y0:y1, x0:x1] = len(rooms)
            rooms.append(Room(f"Room {len(rooms) + 1}", hidden=len(rooms) % 23 == 5))
            px, py = rng.integers(x0 + 1, x1 - 6, 2)
            d.floor[py : py + 5, px : px + 5] = rng.integers(1, 4)
            if rng.random() < 0.3:
                d.terrain[y0 + 2, x0 + 2] = int(Terrain.OBSTACLE)
            if rng.random() < 0.3:
                d.objects[(int(x1 - 2), int(y0 + 1))] = MapObject(ObjectKind.CHEST, 2)
    d.rooms = rooms
    free = np.argwhere((d.terrain == int(Terrain.FLOOR)) & (d.floor == 0))
    # The figures stand near the middle of the map, where the zoomed view looks.
    c = n // 2
    near = free[(np.abs(free[:, 0] - c) < 24) & (np.abs(free[:, 1] - c) < 40)]
    picks = near[rng.choice(len(near), size=figures, replace=False)]
    placed = []
    for k, (y, x) in enumerate(picks):
        party = k % 3 == 0
        placed.append(
            FigurePlacement(
                id=f"f{k}",
                name=f"F{k}",
                side="party" if party else "dungeon",
                class_id=CLASSES[k % len(CLASSES)] if party else None,
                monster=None if party else MONSTERS[k % len(MONSTERS)],
                at=(int(x), int(y)),
                facing=list(Facing)[k % 4],
            )
        )
    doc.figures = placed
    return doc


class PaintCounter(QObject):
    """Counts paint events reaching the viewport."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, obj: QObject, ev: QEvent) -> bool:
        if ev.type() == QEvent.Type.Paint:
            self.count += 1
        return False


class Rig:
    """The canvas, its tools and a way to send mouse events and wait for the paint."""

    def __init__(self, doc: MapDocument) -> None:
        self.session = MapSession(doc)
        self.canvas = MapCanvas(self.session)
        self.ctx = ToolContext(self.session, self.canvas)
        self.tools: dict[str, Any] = {
            cls.name: cls(self.ctx) for cls in (PointerTool, AreaTool, TerrainTool, HeightTool)
        }
        self.canvas.resize(1280, 720)
        self.canvas.show()
        self.edits = 0
        self.session.changed.connect(self._edited)
        self.counter = PaintCounter()
        self.canvas.viewport().installEventFilter(self.counter)
        self.settle()

    def _edited(self, _changes: object) -> None:
        self.edits += 1

    def settle(self) -> None:
        for _ in range(3):
            QApplication.processEvents()

    def zoom(self, centre: Square | None, px: float) -> None:
        if centre is None:
            self.canvas.fit()
        else:
            self.canvas.centre_on(centre, px)
        self.settle()

    def send(
        self,
        kind: QEvent.Type,
        sq: Square,
        button: Qt.MouseButton,
        buttons: Qt.MouseButton,
        frac: float = 0.5,
    ) -> None:
        vp = self.canvas.viewport()
        pos = QPointF(self.canvas.viewport_pos(sq, frac, frac))
        glob = QPointF(vp.mapToGlobal(pos.toPoint()))
        ev = QMouseEvent(kind, pos, glob, button, buttons, Qt.KeyboardModifier.NoModifier)
        QApplication.sendEvent(vp, ev)

    def move(self, sq: Square, held: bool = False) -> None:
        left = Qt.MouseButton.LeftButton
        self.send(
            QEvent.Type.MouseMove,
            sq,
            Qt.MouseButton.NoButton,
            left if held else Qt.MouseButton.NoButton,
        )

    def press(self, sq: Square) -> None:
        left = Qt.MouseButton.LeftButton
        self.send(QEvent.Type.MouseButtonPress, sq, left, left)

    def release(self, sq: Square) -> None:
        left = Qt.MouseButton.LeftButton
        self.send(QEvent.Type.MouseButtonRelease, sq, left, Qt.MouseButton.NoButton)

    def paint(self) -> None:
        """Let Qt paint what the events dirtied."""
        QApplication.processEvents()
        QApplication.processEvents()

    def leave(self) -> None:
        QApplication.sendEvent(self.canvas, QEvent(QEvent.Type.Leave))

    def use(self, name: str) -> None:
        self.canvas.set_tool(self.tools[name])
        self.settle()


def timed(step: Callable[[int], None], rig: Rig, repeat: int) -> list[float]:
    """Milliseconds of ``step(i)`` plus its paint, ``repeat`` times after two warm-ups."""
    out = []
    unpainted = 0
    for i in range(repeat + 2):
        before = rig.counter.count
        t0 = time.perf_counter()
        step(i)
        rig.paint()
        dt = (time.perf_counter() - t0) * 1000
        if i >= 2:
            out.append(dt)
            unpainted += rig.counter.count == before
    if unpainted:
        print(f"  (warning: {unpainted} of {repeat} steps painted nothing)", file=sys.stderr)
    return out


def walk(centre: Square, i: int, span: int = 6) -> Square:
    """The i-th square of a small loop around ``centre`` (each step a new square)."""
    k = i % (4 * span)
    side, off = divmod(k, span)
    x, y = centre
    return [
        (x - span // 2 + off, y - span // 2),
        (x + span // 2, y - span // 2 + off),
        (x + span // 2 - off, y + span // 2),
        (x - span // 2, y + span // 2 - off),
    ][side]


def bench_view(
    rig: Rig, label: str, centre: Square | None, px: float, repeat: int
) -> list[tuple[str, str, list[float]]]:
    rows: list[tuple[str, str, list[float]]] = []
    rig.zoom(centre, px)
    doc = rig.session.doc
    hero = doc.figures[0]
    mid = hero.at if centre is None else centre

    def empty(_i: int) -> None:
        rig.canvas.viewport().repaint()

    rig.use("pointer")
    rows.append(("reference: empty full repaint", label, timed(empty, rig, repeat)))

    rig.ctx.select_figure(hero.id)
    rig.settle()
    rows.append(
        (
            "hover, picked figure (pointer)",
            label,
            timed(lambda i: rig.move(walk(hero.at, i, 4)), rig, repeat),
        )
    )
    rig.ctx.select_figure(None)

    area = rig.tools["area"]
    rig.use("area")
    area.set_shape("circle")  # type: ignore[attr-defined]
    area.set_size(4)  # type: ignore[attr-defined]
    rows.append(
        (
            "circle template r4 follows mouse",
            label,
            timed(lambda i: rig.move(walk(mid, i, 8)), rig, repeat),
        )
    )
    rig.leave()

    for name in ("terrain", "height"):
        tool = rig.tools[name]
        rig.use(name)
        tool.set_shape("brush")  # type: ignore[attr-defined]
        tool.set_brush_size(3)  # type: ignore[attr-defined]
        if name == "terrain":
            tool.set_terrain(Terrain.WATER)  # type: ignore[attr-defined]
        else:
            tool.set_mode("raise")  # type: ignore[attr-defined]
        row_y = mid[1] + (3 if name == "terrain" else -3)
        start = (mid[0] - 7, row_y)
        rig.move(start)
        rig.press(start)
        rig.paint()

        def step(i: int, y: int = row_y, tool: object = tool, name: str = name) -> None:
            # Back and forth over 12 squares; each pass paints another terrain (the
            # height brush raises), so every step is a real edit.
            if name == "terrain":
                lava = (i // 12) % 2 == 1
                tool.set_terrain(Terrain.LAVA if lava else Terrain.WATER)  # type: ignore[attr-defined]
            k = i % 24
            rig.move((mid[0] - 6 + (k if k < 12 else 24 - k), y), held=True)

        edits = rig.edits
        rows.append((f"brush step ({name}, size 3)", label, timed(step, rig, repeat)))
        assert rig.edits - edits == repeat + 2, "a brush step painted nothing"
        rig.release((mid[0] - 6, row_y))
        rig.paint()
        rig.session.undo_stack.undo()
        rig.paint()

    terrain = rig.tools["terrain"]
    rig.use("terrain")
    terrain.set_shape("fill")  # type: ignore[attr-defined]
    room = (mid[0] // ROOM) * ROOM
    target = (room + ROOM - 2, (mid[1] // ROOM) * ROOM + ROOM - 2)

    def fill(i: int) -> None:
        terrain.set_terrain(Terrain.WATER if i % 2 == 0 else Terrain.FLOOR)  # type: ignore[attr-defined]
        rig.press(target)
        rig.release(target)

    edits = rig.edits
    rows.append(("flood fill (a room's floor)", label, timed(fill, rig, repeat)))
    assert rig.edits - edits == repeat + 2, "a fill painted nothing"
    rig.session.undo_stack.clear()
    return rows


def fmt(ms: float) -> str:
    return f"{ms:.1f} ms"


def table(rows: list[tuple[str, str, list[float]]]) -> str:
    lines = [
        "| interaction | view | median | p90 | median / 16 ms | median / reference |",
        "|---|---|---:|---:|---:|---:|",
    ]
    refs = {view: statistics.median(t) for op, view, t in rows if op.startswith("reference")}
    for op, view, times in rows:
        med = statistics.median(times)
        p90 = float(np.percentile(times, 90))
        lines.append(
            f"| {op} | {view} | {fmt(med)} | {fmt(p90)} | {med / FRAME_MS:.2f} | "
            f"{med / refs[view]:.2f} |"
        )
    return "\n".join(lines)


def verdicts(rows: list[tuple[str, str, list[float]]]) -> list[str]:
    out = []
    for op, view, times in rows:
        if op.startswith("reference"):
            continue
        med = statistics.median(times)
        ok = "MET" if med <= FRAME_MS else "NOT MET"
        out.append(f"- {ok}: {op}, {view}: median {fmt(med)} <= 16 ms")
    return out


def write_results(text: str, path: Path, section: str = "bench_canvas") -> None:
    """Replace (or add) a benchmark's own section of RESULTS.md, leaving the rest alone."""
    begin, end = f"<!-- {section}:begin -->", f"<!-- {section}:end -->"
    block = f"{begin}\n{text}\n{end}"
    old = path.read_text() if path.exists() else ""
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        new = head + block + rest.split(end, 1)[1]
    else:
        new = old.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(new)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats, zoomed view only")
    parser.add_argument("--repeat", type=int, default=None, help="timed steps per interaction")
    parser.add_argument("--size", type=int, default=256, help="map side in squares")
    parser.add_argument(
        "--write", action="store_true", help="write the table into benchmarks/RESULTS.md"
    )
    args = parser.parse_args(argv)
    repeat = args.repeat or (8 if args.quick else 40)
    app = QApplication.instance() or QApplication([])
    rig = Rig(make_document(args.size))
    n = args.size
    centre = (n // 2, n // 2)
    rows = bench_view(rig, "zoomed 32 px/sq", centre, 32.0, repeat)
    if not args.quick:
        rows += bench_view(rig, "fitted (whole map)", None, 0.0, repeat)
    text = table(rows)
    summary = verdicts(rows)
    print(text)
    print("\n".join(summary))
    if args.write:
        header = (
            f"## Canvas benchmark\n\n`.venv/bin/python benchmarks/bench_canvas.py --write` on "
            f"{platform.machine()}, Python {platform.python_version()}, "
            f"{time.strftime('%Y-%m-%d')}: a {n}x{n} map with 40 figures, MapCanvas offscreen "
            f"at 1280x720.  Each row: {repeat} interactions after 2 warm-ups, timed from the "
            "mouse events until Qt has painted what they dirtied (`processEvents()`); the "
            "reference is a full repaint of the unchanged view in the same run.\n\n"
        )
        write_results(
            header + text + "\n\n" + "\n".join(summary), Path(__file__).with_name("RESULTS.md")
        )
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
