"""Putting a game's figures (and any changed squares) on the map the canvas shows."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.gui.canvas.headings import figure_headings
from companion.model.dungeon import DungeonMap, Facing, Room
from companion.model.edits import EVERYTHING, Changes
from companion.model.geometry.arcs import nearest_direction
from companion.model.mapfile import FigurePlacement, MapDocument
from companion.rules.capabilities import GridBoard
from companion.rules.game import Game
from companion.rules.table import (
    FigureView,
)


class MapSync:
    """Puts a game's figures on the map the canvas shows, remembering what it put there:
    a figure whose view did not change keeps its very placement (a big board's every
    action builds only the moved figures' placements, and compares only those)."""

    def __init__(self) -> None:
        #: The figures' facings (degrees) as last put on the map.
        self.headings: dict[str, float | None] = {}
        #: Each figure's placement as last built, with the view's parts it was built from.
        self._placed: dict[str, tuple[tuple[Any, ...], FigurePlacement]] = {}
        #: The game they were built for (another game's figures start afresh).
        self._game: Game | None = None

    def sync(
        self, game: Game, figures: Callable[[], Mapping[str, FigureView]], session: Any
    ) -> None:
        """Put the game's figures (and any changed squares) on the map the canvas shows.

        Announces only what changed: nothing when no figure moved (a turn beginning or
        ending), the squares of the figures that moved, everything if the map changed.
        ``figures``: asks the game's figures (only for a game on a map)."""
        if not isinstance(game.ruleset, GridBoard):
            return  # a game without a map draws its own board (``GraphBoard``)
        doc: MapDocument = session.doc
        board = game.ruleset.board(game.state)
        map_changed = board.dungeon is not doc.dungeon and not _same_map(board.dungeon, doc.dungeon)
        if map_changed:
            was = doc.dungeon
            doc.dungeon = board.dungeon.copy()
            _keep_rooms(was, doc.dungeon)
        placed = self._placements(game, figures())
        # A turn that no placement shows (eight ways or any angle) redraws its figures.
        headings = figure_headings(session)
        last = self.headings
        self.headings = headings
        if map_changed:
            doc.figures = placed
            session.refresh(EVERYTHING)
            return
        region = _moved_region(doc.figures, placed)
        if region is None and headings != last:
            turned = [f for f in placed if headings.get(f.id) != last.get(f.id)]
            region = _moved_region([], turned) if turned else None
        if region is None:
            return
        doc.figures = placed
        session.refresh(Changes(figures=True, region=region))

    def _placements(self, game: Game, views: Mapping[str, FigureView]) -> list[FigurePlacement]:
        """The figures on the map as ``views`` place them: those whose view did not
        change keep the placement built before."""
        known: dict[str, FigurePlacement] | None = None
        before = self._placed if game is self._game else {}
        self._game = game
        now: dict[str, tuple[tuple[Any, ...], FigurePlacement]] = {}
        placed = []
        for view in views.values():
            if view.at is None:
                continue
            key = (view.name, view.side, view.at, view.facing_degrees)
            kept = before.get(view.id)
            if kept is not None and kept[0] == key:
                fig = kept[1]
            else:
                if known is None:
                    known = {f.id: f for f in game.doc.figures}
                base = known.get(view.id)
                fig = FigurePlacement(
                    id=view.id,
                    name=view.name,
                    side=view.side,
                    at=view.at,
                    # the nearest of N/E/S/W: eight ways or any angle is ``headings``
                    facing=Facing(nearest_direction(view.facing_degrees, 4)),
                    class_id=base.class_id if base else None,
                    monster=base.monster if base else None,
                    large=base.large if base else False,
                )
            now[view.id] = (key, fig)
            placed.append(fig)
        self._placed = now
        return placed


def _keep_rooms(was: DungeonMap, now: DungeonMap) -> None:
    """The rooms the BrickMaster revealed (or hid) on the map stay so when the game
    changes the map (a door opened, a secret door found)."""
    if [r.name for r in was.rooms] == [r.name for r in now.rooms]:
        now.rooms = [Room(r.name, r.hidden) for r in was.rooms]


def _same_map(a: Any, b: Any) -> bool:
    import numpy as np

    return bool(
        a.width == b.width
        and a.height == b.height
        and np.array_equal(a.terrain, b.terrain)
        and a.objects == b.objects
    )


def _same_figure(a: FigurePlacement | None, b: FigurePlacement | None) -> bool:
    """The very same placement (kept while its figure's view did not change), or an
    equal one."""
    return a is b or a == b


def _moved_region(
    old: Sequence[FigurePlacement], new: Sequence[FigurePlacement]
) -> tuple[int, int, int, int] | None:
    """The squares (x0, y0, x1, y1, ends exclusive) where ``old`` and ``new`` figures
    differ, or None if they are the same; a change of order alone counts as a change."""
    if len(old) == len(new) and all(map(_same_figure, old, new)):
        return None
    before = {f.id: f for f in old}
    after = {f.id: f for f in new}
    squares = [f.at for fid, f in before.items() if not _same_figure(after.get(fid), f)] + [
        f.at for fid, f in after.items() if not _same_figure(before.get(fid), f)
    ]
    if not squares:  # only the order changed
        squares = [f.at for f in new] or [(0, 0)]
    xs = [sq[0] for sq in squares]
    ys = [sq[1] for sq in squares]
    # a large figure covers the square to its right and below too; a round base on a
    # stud table spreads a stud around its centre
    return (max(0, min(xs) - 1), max(0, min(ys) - 1), max(xs) + 2, max(ys) + 2)
