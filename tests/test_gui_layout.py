"""At 1280x720 the map keeps at least 60% of the window's width, in both modes."""

from __future__ import annotations

from pathlib import Path

from companion.gui.play.new_game import GameSpec
from companion.gui.testing import DEMO, DEMO_PARTY, make_settings, make_window


def test_edit_and_play_leave_the_map_most_of_a_1280x720_window(
    qtbot: object, tmp_path: Path
) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    w.resize(1280, 720)
    assert w.open_path(DEMO) and w.party_dock.open_path(DEMO_PARTY)
    qtbot.wait(50)  # type: ignore[attr-defined]
    assert w.tool_dock.isVisible() and w.legend_dock.isVisible()
    assert (w.width(), w.height()) == (1280, 720)
    assert w.canvas.width() >= 0.6 * w.width()
    for tool in ("terrain", "height", "door", "object", "figure", "area"):
        w.set_tool(tool)  # every tool's panel fits the narrow dock
        qtbot.wait(10)  # type: ignore[attr-defined]
        assert w.width() == 1280 and w.canvas.width() >= 0.6 * 1280, tool
    assert w.start_game(tmp_path / "l.game.jsonl", GameSpec(seed=4))
    acting = w.play.turn().acting
    x, y = w.play.figures()[acting].at
    assert w.play.act(  # an enemy alongside: more actions on the bar, and odds to show
        {"actor": "brickmaster", "action": "adjust", "figure": "grok", "at": [x + 1, y]}
    )
    qtbot.wait(50)  # type: ignore[attr-defined]
    assert len(w.action_dock.buttons) >= 5
    assert w.action_dock.minimumSizeHint().width() < 600  # the buttons wrap
    assert w.tracker_dock.isVisible() and w.action_dock.isVisible()
    assert (w.width(), w.height()) == (1280, 720)
    assert w.canvas.width() >= 0.6 * w.width()
    w.session.undo_stack.setClean()
