"""Heroica's GUI part, as the window finds it (``companion.gui.rulesets.RulesetGui``).

Heroica keeps its heroes on the map and their cards in a roster (the roster sheets), so
its part has no party; it edits the board section of Heroica maps (``BoardGui``).
"""

from __future__ import annotations

from companion.gui.rulesets import BoardHost
from companion.gui.rulesets.heroica.board_dock import HeroicaBoardEditor
from companion.rulesets.heroica.catalog import default_catalog


class HeroicaGui:
    """The Heroica board panel of each window."""

    id = "heroica"

    def board_editor(self, host: BoardHost) -> HeroicaBoardEditor:
        return HeroicaBoardEditor(host, default_catalog())
