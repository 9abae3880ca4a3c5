"""Opening a map shows the whole of it (the view is fitted to the new map's size)."""

from __future__ import annotations

from pathlib import Path

from companion.gui.testing import DEMO, make_settings, make_window


def test_an_opened_map_is_shown_whole(qtbot: object, tmp_path: Path) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])  # starts on a 24x16 new map
    assert w.open_path(DEMO)
    qtbot.wait(20)  # type: ignore[attr-defined]
    d = w.session.doc.dungeon
    assert (d.width, d.height) == (42, 30)
    view = w.canvas.vb.viewRect()
    assert view.left() <= 0 and view.top() <= 0
    assert view.right() >= d.width and view.bottom() >= d.height
