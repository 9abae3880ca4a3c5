"""Places are written one way ("C7", chess-board style) and the map's edges carry the
same letters and numbers, in sight however the map is zoomed or panned."""

from __future__ import annotations

from pathlib import Path

from companion.gui.testing import DEMO, make_settings, make_window
from companion.rules.places import column_name, place_name


def test_a_place_is_a_column_letter_and_a_row_number() -> None:
    assert [column_name(x) for x in (0, 1, 25, 26, 27, 63)] == ["A", "B", "Z", "AA", "AB", "BL"]
    assert place_name((2, 6)) == "C7"
    assert place_name([63, 39]) == "BL40"  # the far corner of a 64x40 stud table
    assert place_name((2.7, 6.2)) == "C7"  # a point: its square


def test_the_map_edges_name_the_columns_and_rows_in_view(qtbot: object, tmp_path: Path) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    assert w.open_path(DEMO)
    qtbot.wait(20)  # type: ignore[attr-defined]
    rulers = w.canvas.rulers
    # Over the view, from the map's top-left corner (or the view's) to the view's far edges.
    room = w.canvas.viewport().rect()
    assert rulers.isVisible() and room.contains(rulers.geometry())
    assert rulers.geometry().bottomRight() == room.bottomRight()
    cols, rows = rulers.visible_labels()
    assert cols[0][1] == "A" and "C" in [t for _x, t in cols] and rows[0][1] == "1"
    # Each label sits over its square's middle.
    x = dict((t, x) for x, t in cols)["C"]
    assert abs(x - w.canvas.viewport_pos((2, 0)).x()) <= 1
    w.canvas.centre_on((30, 20), 40)  # zoomed in on the far side: the labels follow
    qtbot.wait(20)  # type: ignore[attr-defined]
    cols, rows = rulers.visible_labels()
    names = [t for _x, t in cols]
    assert "A" not in names and "AE" in names and "21" in [t for _y, t in rows]
    x = dict((t, x) for x, t in cols)["AE"]
    assert abs(x - w.canvas.viewport_pos((30, 20)).x()) <= 1
