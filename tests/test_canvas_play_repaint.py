"""The map repaints only what a game's change touched, and what it skips stays right.

A figure moved far repaints its old and new squares, not the map between them; the edge
rulers leave their labels alone when only the middle of the view is painted; the play
marks keep a badge's item while it reads the same; the figures' placements are kept
while their views do not change; the session does not size the figures again for its own
board while a game's board stands in for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication
from test_canvas_repaint import stale_pixels

from companion.gui.canvas.view import MapCanvas
from companion.gui.play.map_sync import MapSync
from companion.gui.play.tool import PlayMarks
from companion.gui.session import MapSession
from companion.gui.testing import PaintRegions
from companion.model.edits import Changes
from companion.model.mapfile import FigurePlacement, new_document
from companion.rules.table import Badge, FigureView


def settle() -> None:
    for _ in range(4):
        QApplication.processEvents()


@pytest.fixture
def canvas(qtbot: Any) -> Iterator[MapCanvas]:
    doc = new_document(40, 30, name="Far")
    doc.figures = [
        FigurePlacement(id="hero", name="Hero", class_id="human_warrior", at=(3, 3)),
        FigurePlacement(id="orc", name="Orc", side="dungeon", monster="orc", at=(20, 15)),
    ]
    c = MapCanvas(MapSession(doc))
    qtbot.addWidget(c)
    c.resize(900, 700)
    c.show()
    qtbot.waitExposed(c)
    c.fit()
    settle()
    yield c


def painted(canvas: MapCanvas, step: Any) -> list[Any]:
    settle()
    paints = PaintRegions()
    canvas.viewport().installEventFilter(paints)
    step()
    settle()
    canvas.viewport().removeEventFilter(paints)
    return paints.regions


def test_a_figure_moved_far_repaints_its_two_places_not_the_map_between(
    canvas: MapCanvas,
) -> None:
    doc = canvas.session.doc

    def move() -> None:
        doc.figures = [doc.figures[0].model_copy(update={"at": (36, 26)}), doc.figures[1]]
        canvas.session.refresh(Changes(figures=True, region=(2, 2, 38, 28)))

    regions = painted(canvas, move)
    assert len(regions) == 1
    region = regions[0]
    for sq in ((3, 3), (36, 26)):
        assert region.contains(canvas.viewport_pos(sq)), sq
    for sq in ((20, 15), (10, 10), (30, 20)):  # between the two: not painted
        assert not region.contains(canvas.viewport_pos(sq)), sq
    assert stale_pixels(canvas) == 0


def test_the_rulers_keep_their_labels_when_only_the_middle_is_painted(
    canvas: MapCanvas,
) -> None:
    rulers = canvas.rulers
    asked: list[int] = []
    labels = rulers.visible_labels
    rulers.visible_labels = lambda: (asked.append(1), labels())[1]  # type: ignore[method-assign]
    middle = canvas.viewport_pos((20, 15))
    rulers_painted = PaintRegions()
    rulers.installEventFilter(rulers_painted)
    painted(canvas, lambda: canvas.viewport().update(middle.x() - 5, middle.y() - 5, 10, 10))
    assert asked == [] and rulers_painted.regions == []
    painted(canvas, lambda: canvas.viewport().update(0, 0, 40, 40))  # a strip: labels drawn
    assert asked
    canvas.centre_on((21, 14), 40.0)  # scrolled: every label moved, drawn where it is now
    # Before any paint, the view's points are already the new range's.
    centre = canvas.viewport().rect().center()
    at = canvas.map_pos(centre)
    assert abs(at.x() - 21.5) < 0.1 and abs(at.y() - 14.5) < 0.1
    assert (canvas.viewport_pos((21, 14)) - centre).manhattanLength() <= 2
    settle()
    assert stale_pixels(canvas) == 0


def view(fid: str, at: tuple[int, int], **kw: Any) -> FigureView:
    return FigureView(
        id=fid, name=fid.title(), side="heroes", kind="x", is_character=True, at=at, **kw
    )


def test_the_play_marks_keep_a_badge_that_reads_the_same(canvas: MapCanvas) -> None:
    marks = PlayMarks(canvas.vb)
    views = {
        "a": view("a", (2, 2), states=("weak",)),
        "b": view("b", (5, 5), badges=(Badge(id="blessed", label="Blessed", rounds=2),)),
    }
    play = SimpleNamespace(turn=lambda: None, figures=lambda: views)
    marks.show(play)  # type: ignore[arg-type]
    first = list(marks.badges)
    assert [b.textItem.toPlainText() for b in first] == ["weak", "Blessed 2"]
    views["b"] = view("b", (6, 5), badges=(Badge(id="blessed", label="Blessed", rounds=2),))
    marks.show(play)  # type: ignore[arg-type]
    assert marks.badges[0] is first[0]  # a's badge stands: its item kept
    assert marks.badges[1] is not first[1] and first[1].scene() is None
    assert marks.badges[1].pos().x() == 6.5
    del views["a"]
    marks.show(play)  # type: ignore[arg-type]
    assert len(marks.badges) == 1 and first[0].scene() is None


def test_placements_are_kept_while_the_views_stand_and_a_new_game_starts_afresh() -> None:
    base = FigurePlacement(id="a", name="A", class_id="human_warrior", at=(1, 1))
    ruleset = SimpleNamespace(id="x")
    game = SimpleNamespace(ruleset=ruleset, doc=SimpleNamespace(figures=[base]))
    sync = MapSync()
    one = sync._placements(game, {"a": view("a", (1, 1)), "b": view("b", (2, 2))})  # type: ignore[arg-type]
    assert one[0].class_id == "human_warrior" and one[1].class_id is None
    two = sync._placements(game, {"a": view("a", (1, 1)), "b": view("b", (3, 2))})  # type: ignore[arg-type]
    assert two[0] is one[0] and two[1] is not one[1] and two[1].at == (3, 2)
    other = SimpleNamespace(ruleset=ruleset, doc=SimpleNamespace(figures=[]))
    three = sync._placements(other, {"a": view("a", (1, 1))})  # type: ignore[arg-type]
    assert three[0] is not one[0] and three[0].class_id is None


def test_the_session_leaves_its_own_board_while_a_games_board_stands_in() -> None:
    doc = new_document(10, 10)
    doc.figures = [FigurePlacement(id="a", name="A", at=(1, 1))]
    session = MapSession(doc)
    own = session.board()
    assert own.tokens[0].x == 1
    game_board = object()
    session.board_source = lambda: game_board
    sized: list[int] = []
    tokens = session.tokens
    session.tokens = lambda: (sized.append(1), tokens())[1]  # type: ignore[method-assign]
    doc.figures = [FigurePlacement(id="a", name="A", at=(4, 1))]
    session.refresh(Changes(figures=True, region=(1, 1, 5, 2)))
    assert sized == [] and session.board() is game_board
    session.board_source = None  # the game closed: the map's own board, as it is now
    assert session.board().tokens[0].x == 4
