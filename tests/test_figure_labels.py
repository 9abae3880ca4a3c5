"""Every figure's token text is unique on the board (the Heroica demo had two "GG")."""

from __future__ import annotations

from pathlib import Path

from companion.gui.main_window import DEMOS
from companion.gui.testing import make_settings, make_window
from companion.model.labels import initials, unique_initials


def test_initials_are_lengthened_or_numbered_until_unique() -> None:
    texts = unique_initials(
        [
            ("guardian", "Goblin Guardian"),
            ("general", "Goblin General"),
            ("w1", "Goblin Warrior"),
            ("w2", "Goblin Warrior"),
            ("galen", "Sir Galen"),
            ("grok", "Grok"),
        ]
    )
    assert texts == {
        "guardian": "GGu",
        "general": "GGe",
        "w1": "GW1",
        "w2": "GW2",
        "galen": "SG",  # alone: its plain initials
        "grok": "Gr",
    }
    assert initials("Goblin General") == "GG"


def test_every_demo_board_labels_its_figures_uniquely(qtbot: object, tmp_path: Path) -> None:
    w = make_window(qtbot, make_settings(tmp_path), [])
    for index in range(len(DEMOS)):
        assert w.open_demo(index)
        item = w.canvas.figures
        shown = [item.texts[f.id] for f in item.figures]
        assert len(shown) >= 5 and len(set(shown)) == len(shown), shown
    w.session.undo_stack.setClean()
