"""A ruleset's board marks on the canvas: the map's board in edit mode, redrawn after each
board edit and undo; tinted squares, striped link pieces, tokens and edge bars on screen."""

from __future__ import annotations

from pathlib import Path

from heroica_boards import BOARD, heroica_doc
from PySide6.QtGui import QColor, QImage

from companion.gui.canvas.view import MapCanvas
from companion.gui.session import MapSession
from companion.gui.testing import hover
from companion.model import edits
from companion.model.mapfile import FigurePlacement, new_document
from companion.rules.table import BoardMark


def canvas_of(qtbot: object, session: MapSession) -> MapCanvas:
    view = MapCanvas(session)
    qtbot.addWidget(view)  # type: ignore[attr-defined]
    view.resize(700, 460)
    view.show()
    qtbot.waitExposed(view)  # type: ignore[attr-defined]
    view.fit()
    return view


def pixel(view: MapCanvas, img: QImage, sq: tuple[int, int], dx: float, dy: float) -> QColor:
    p = view.viewport_pos(sq, dx, dy)
    return QColor(img.pixel(p.x(), p.y()))


def near(c: QColor, hex_colour: str, tolerance: int = 60) -> bool:
    want = QColor(hex_colour)
    return all(
        abs(a - b) <= tolerance for a, b in zip(c.getRgb()[:3], want.getRgb()[:3], strict=True)
    )


def test_the_maps_board_is_drawn_and_follows_its_edits(qtbot: object) -> None:
    session = MapSession(heroica_doc())
    view = canvas_of(qtbot, session)
    layer = view.board_marks
    kinds = sorted(m.kind for m in layer.marks if m.kind != "fill")
    assert kinds == ["edge", "token", "token", "token", "token", "token"]
    assert layer.tokens.tokens[(2, 2)][0].label == "Treasure chest"
    # A board edit redraws the marks; undo brings them back.
    board = dict(session.doc.board or {}, items=[])
    session.push(edits.set_board(session.doc, board), "Clear the items")
    assert (3, 3) not in layer.tokens.tokens
    session.undo_stack.undo()
    assert layer.tokens.tokens[(3, 3)][0].glyph == "$"


def test_fills_stripes_tokens_and_bars_reach_the_screen(qtbot: object) -> None:
    session = MapSession(heroica_doc())
    view = canvas_of(qtbot, session)
    qtbot.wait(50)  # type: ignore[attr-defined]
    img = view.viewport().grab().toImage()
    grey = "#6b7078"  # Castle Fortaan's dark grey, over the floor
    assert near(pixel(view, img, (7, 3), 0.5, 0.5), grey)
    bay = pixel(view, img, (3, 1), 0.5, 0.5)
    assert near(bay, "#a07850"), bay.name()  # Draida Bay's own tint
    # The link piece at column 5 is striped: both colours show along its diagonal.
    seen = {pixel(view, img, (5, 2), t, t).name() for t in (0.1, 0.3, 0.5, 0.7, 0.9)}
    assert any(near(QColor(c), grey) for c in seen)
    assert any(near(QColor(c), "#a07850") for c in seen)
    # The chest's badge in its colour; the locked door's bar on the edge x = 7.
    assert near(pixel(view, img, (2, 2), 0.5, 0.35), "#b8860b", 40)
    assert near(pixel(view, img, (6, 1), 1.0, 0.5), "#8b5a2b", 40)


def test_a_token_under_a_figure_moves_to_the_corner(qtbot: object) -> None:
    session = MapSession(heroica_doc())
    view = canvas_of(qtbot, session)
    hero = FigurePlacement(id="kai", class_id="knight", at=(3, 3))
    session.push(edits.place_figure(session.doc, hero), "Place Kai")
    assert (3, 3) in view.board_marks.tokens.occupied


def test_hovering_a_square_tells_its_marks(qtbot: object) -> None:
    view = canvas_of(qtbot, MapSession(heroica_doc()))
    hover(qtbot, view, (5, 1))
    assert "link piece" in view.toolTip() and "Draida Bay / Gate" in view.toolTip()
    hover(qtbot, view, (6, 1))
    assert "Locked door" in view.toolTip()


def test_a_map_without_a_board_draws_none(qtbot: object, tmp_path: Path) -> None:
    view = canvas_of(qtbot, MapSession(new_document(8, 6)))
    assert view.board_marks.marks == ()


def test_a_game_s_marks_replace_the_maps(qtbot: object) -> None:
    session = MapSession(heroica_doc())
    view = canvas_of(qtbot, session)
    shown = [BoardMark(at=(4, 4), kind="token", glyph="G", colour="#e5b800", label="Gold")]
    session.marks_source = lambda: shown
    view.refresh_marks()
    assert view.board_marks.marks == tuple(shown)
    session.marks_source = None
    view.refresh_marks()
    assert len(view.board_marks.marks) > 1 and BOARD["start"] == [1, 1]
