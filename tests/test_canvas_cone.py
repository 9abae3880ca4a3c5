"""The cone template's origin: the figure picked now, or the square the user chose.

It used to keep the square of the figure picked before (copied when the template was
pinned), and to keep showing the old figure's cone until the mouse moved.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from companion.gui.canvas.view import MapCanvas
from companion.gui.session import MapSession
from companion.gui.testing import click, hover
from companion.gui.tools import ToolContext
from companion.gui.tools.area import AreaTool
from companion.model import geometry
from companion.model.dungeon import Facing
from companion.model.mapfile import FigurePlacement, new_document

Square = tuple[int, int]


@pytest.fixture
def rig(qtbot: object) -> Iterator[tuple[MapCanvas, ToolContext, AreaTool]]:
    doc = new_document(14, 10, name="Cones")
    doc.figures = [
        FigurePlacement(
            id="lina",
            name="Lina",
            side="party",
            class_id="elven_ranger",
            at=(2, 3),
            facing=Facing.E,
        ),
        FigurePlacement(
            id="snik", name="Snik", side="dungeon", monster="goblin", at=(3, 6), facing=Facing.N
        ),
    ]
    session = MapSession(doc)
    canvas = MapCanvas(session)
    qtbot.addWidget(canvas)  # type: ignore[attr-defined]
    canvas.resize(700, 500)
    canvas.show()
    qtbot.waitExposed(canvas)  # type: ignore[attr-defined]
    canvas.fit()
    ctx = ToolContext(session, canvas)
    tool = AreaTool(ctx)
    canvas.set_tool(tool)
    tool.set_shape("cone")
    tool.set_size(4)
    yield canvas, ctx, tool


def cone(canvas: MapCanvas, origin: Square, target: Square) -> list[Square]:
    board = canvas.session.board()
    mask = geometry.area_cone(board, origin, geometry.facing_toward(origin, target), 4)
    return [(int(x), int(y)) for x, y in geometry.squares_of(mask)]


def outlined(canvas: MapCanvas) -> Square:
    rect = canvas.overlays.rect.rect()
    return (int(rect.x()), int(rect.y()))


def test_a_pinned_cone_moves_to_the_figure_picked_next(
    qtbot: object, rig: tuple[MapCanvas, ToolContext, AreaTool]
) -> None:
    canvas, ctx, tool = rig
    ctx.select_figure("lina")
    hover(qtbot, canvas, (10, 4))
    click(qtbot, canvas, (10, 4))  # pin the cone from Lina toward (10, 4)
    assert tool.pinned and tool.covered == cone(canvas, (2, 3), (10, 4))
    ctx.select_figure("snik")
    assert tool.covered == cone(canvas, (3, 6), (10, 4))
    assert tool.covered != cone(canvas, (2, 3), (10, 4))
    assert outlined(canvas) == (3, 6)


def test_a_following_cone_redraws_when_another_figure_is_picked(
    qtbot: object, rig: tuple[MapCanvas, ToolContext, AreaTool]
) -> None:
    canvas, ctx, tool = rig
    ctx.select_figure("lina")
    hover(qtbot, canvas, (9, 7))
    assert tool.covered == cone(canvas, (2, 3), (9, 7))
    ctx.select_figure("snik")  # no mouse move: the template must follow at once
    assert tool.covered == cone(canvas, (3, 6), (9, 7))
    assert tool.inside == []
    assert "snik" not in canvas.figures.marked


def test_a_picked_figure_replaces_a_chosen_square(
    qtbot: object, rig: tuple[MapCanvas, ToolContext, AreaTool]
) -> None:
    canvas, ctx, tool = rig
    click(qtbot, canvas, (6, 2))  # nothing picked: the clicked square is the origin
    hover(qtbot, canvas, (6, 8))
    assert tool.covered == cone(canvas, (6, 2), (6, 8))
    ctx.select_figure("lina")
    assert tool.covered == cone(canvas, (2, 3), (6, 8))
    assert outlined(canvas) == (2, 3)


def test_the_chosen_square_still_wins_after_pinning(
    qtbot: object, rig: tuple[MapCanvas, ToolContext, AreaTool]
) -> None:
    canvas, ctx, tool = rig
    ctx.select_figure("lina")
    click(qtbot, canvas, (10, 4))  # pins from Lina
    click(qtbot, canvas, (8, 8))  # a second click chooses a new origin square
    hover(qtbot, canvas, (8, 2))
    assert tool.covered == cone(canvas, (8, 8), (8, 2))
    mask = np.zeros((10, 14), bool)
    for x, y in tool.covered:
        mask[y, x] = True
    assert not mask[8, 8]  # the origin square itself is never in its cone
