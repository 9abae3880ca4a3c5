"""A graph board of rolled cubes (``PlaceView.shape == "cube"``): the cubes laid out by
the sides their paths leave by, joined paths solid and unjoined ones dashed, the current
cube outlined, a discarded one greyed, text legible on every fill, under the dark theme
and a light palette; and a ``GraphView`` refusing a path to an unknown place."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from app_theme import app_theme
from pydantic import ValidationError
from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QGraphicsPathItem

from companion.gui.play.cube_items import CUBE_STEP, TEXT_PX, cube_layout, fill_colour, ink_on
from companion.gui.play.graph_view import CURRENT_ON_LIGHT, MIN_CUBE_SCALE, GraphBoardView
from companion.rules.graph import GraphView, PathView, PlaceView
from companion.rules.table import FigureTrack, FigureView

SHOTS = os.environ.get("CUBE_SHOTS", "")


def catacomb(current: str = "c1") -> GraphView:
    gold = PlaceView(
        id="gold",
        label="Golden Cube",
        shape="cube",
        colour="yellow",
        face="3 creatures: red, black, purple",
        links=("c1",),
        paths=(PathView(direction="E", to="c1"),),
    )
    c1 = PlaceView(
        id="c1",
        label="Cube 1",
        shape="cube",
        colour="black",
        face="1 creature: yellow",
        content=("GOB  Hit Power 2", "pools ■■■ vs ■■"),
        links=("gold", "c2"),
        paths=(
            PathView(direction="W", to="gold"),
            PathView(direction="S", to="c2"),
            PathView(direction="N", note="searched"),
        ),
        figures=("war", "wiz"),
    )
    c2 = PlaceView(
        id="c2",
        label="Cube 2",
        shape="cube",
        colour="black",
        face="empty",
        links=("c1",),
        paths=(PathView(direction="N", to="c1"), PathView(direction="E", note="entry")),
        discarded=True,
    )
    return GraphView(places=(gold, c1, c2), current=current)


class _Game:
    def __init__(self, graph: GraphView) -> None:
        self.state = graph
        self.ruleset = self

    def places(self, state: GraphView) -> GraphView:
        return state


class _Controller(QObject):
    changed = Signal()
    pendingChanged = Signal(object)

    def __init__(self, graph: GraphView) -> None:
        super().__init__()
        self.game = _Game(graph)
        self.pending = None

    def figures(self) -> dict[str, FigureView]:
        hp = FigureTrack(id="hp", name="Hit Power", value=3, maximum=4)
        return {
            fid: FigureView(
                id=fid, name=name, side="party", kind=name, is_character=True, at=None, tracks=(hp,)
            )
            for fid, name in (("war", "Warrior"), ("wiz", "Wizard"))
        }


def test_a_path_to_an_unknown_place_or_two_paths_one_side_are_refused() -> None:
    with pytest.raises(ValidationError, match="unknown 'nowhere'"):
        GraphView(
            places=(PlaceView(id="a", label="A", paths=(PathView(direction="N", to="nowhere"),)),)
        )
    with pytest.raises(ValidationError, match="two paths to the same side"):
        GraphView(
            places=(
                PlaceView(
                    id="a", label="A", paths=(PathView(direction="N"), PathView(direction="N"))
                ),
            )
        )


def test_cubes_stand_on_the_side_their_path_leaves_by() -> None:
    where = cube_layout(catacomb())
    assert where["c1"].x() - where["gold"].x() == CUBE_STEP  # gold's E path: c1 to its right
    assert where["c2"].y() - where["c1"].y() == CUBE_STEP  # c1's S path: c2 below it
    assert where["c2"].x() == where["c1"].x()
    assert catacomb().joined()[0] == ("gold", "c1", "E", "W")


def test_ink_reads_on_every_fill() -> None:
    for name in ("black", "yellow", "white", "red", "purple", "#204060", ""):
        fill = fill_colour(name, QColor(46, 48, 56))
        assert abs(ink_on(fill).lightness() - fill.lightness()) > 100, name


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("theme", ["dark", "light"])
def test_a_catacomb_is_drawn_as_cubes(qtbot: Any, size: tuple[int, int], theme: str) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    controller = _Controller(catacomb())
    if theme == "dark":
        with app_theme(app):
            view = _shown(qtbot, controller, size)
    else:
        before = app.palette()
        palette = QPalette()
        palette.setColor(QPalette.ColorRole.Base, QColor(250, 250, 250))
        app.setPalette(palette)
        try:
            view = _shown(qtbot, controller, size)
        finally:
            app.setPalette(before)
    assert set(view.place_items) == {"gold", "c1", "c2"}
    assert view.cubes and view.transform().m11() >= MIN_CUBE_SCALE
    # The current cube outlined thick, the discarded one faded.
    assert view.place_items["c1"].pen().widthF() == 10.0
    assert view.place_items["c2"].opacity() < 0.5 and view.place_items["c1"].opacity() == 1.0
    # Two joined paths solid, two unjoined ones dashed.
    lines = [i for i in view.scene().items() if isinstance(i, QGraphicsPathItem)]
    dashed = [i for i in lines if i.pen().style() == Qt.PenStyle.DashLine]
    assert len(lines) == 4 and len(dashed) == 2
    # The figures are listed on the party's cube, in ink that reads on it.
    war = view.figure_items["war"]
    assert war.text().startswith("Warrior") and war.parentItem() is view.place_items["c1"]
    fill = view.place_items["c1"].brush().color()
    assert abs(war.brush().color().lightness() - fill.lightness()) > 90
    # Every line of text at least 10 px high on the screen.
    assert TEXT_PX * view.transform().m11() >= 12
    # A click on a cube picks it.
    picked: list[str] = []
    view.placePicked.connect(picked.append)
    assert view.item_at(view.place_point("gold")) == (0, "gold")


def _shown(qtbot: Any, controller: _Controller, size: tuple[int, int]) -> GraphBoardView:
    view = GraphBoardView(controller)  # type: ignore[arg-type]
    qtbot.addWidget(view)
    view.resize(size[0] - 560, size[1] - 200)  # the window's docks take the rest
    view.show()
    qtbot.waitExposed(view)
    view.refresh()
    if SHOTS:
        name = f"cubes-{size[0]}x{size[1]}-{view.backgroundBrush().color().lightness()}.png"
        view.grab().save(str(Path(SHOTS) / name))
    return view


def test_the_golden_cube_current_is_outlined_in_a_colour_that_shows(qtbot: Any) -> None:
    view = _shown(qtbot, _Controller(catacomb(current="gold")), (1280, 720))
    gold = view.place_items["gold"]
    assert gold.pen().widthF() == 10.0 and gold.pen().color() == CURRENT_ON_LIGHT
    assert view.place_items["c1"].pen().widthF() == 0.0
