"""File → Open Demo: a sample map of each ruleset with its characters."""

from __future__ import annotations

from companion.datafiles import resource_dir
from companion.gui.window.base import WindowBase
from companion.gui.window.files import ROSTER_SUFFIX

#: File → Open Demo: a sample map of each ruleset with its characters (under resources/).
DEMOS = (
    ("The Sunken Forge (BrickQuest)", "dungeons/demo.json", "parties/demo.party.json"),
    (
        "Bridge at Bricksford (In a World Where Bricks Rule)",
        "dungeons/iawwbr-demo.json",
        "parties/iawwbr-demo.roster.json",
    ),
    (
        "Draida Bay: the Goblin General's Harbour (Heroica)",
        "dungeons/heroica-draida-bay.json",
        "parties/heroica-demo.roster.json",
    ),
    (
        "Goblin Ford Skirmish (Brickmasters of the Unknown)",
        "dungeons/bmotu-goblin-ford.json",
        "parties/bmotu-goblin-ford.roster.json",
    ),
)


class DemosPart(WindowBase):
    """File → Open Demo."""

    def _build_demo_menu(self) -> None:
        for index, (title, _map, _chars) in enumerate(DEMOS):
            action = self.actions_.demo_menu.addAction(title)
            action.triggered.connect(lambda _=False, i=index: self.open_demo(i))

    def open_demo(self, index: int) -> bool:
        """Open a sample map with its party or roster (File → Open Demo)."""
        title, map_name, chars_name = DEMOS[index]
        if not self.maybe_save():
            return False
        left = self._leave_game()  # (else open_path does, and says so before the party)
        if not self.open_path(resource_dir() / map_name):
            return False
        chars = resource_dir() / chars_name
        if chars.name.endswith(ROSTER_SUFFIX):
            ok = self.open_roster(chars)
        else:
            party = self.party_part()
            ok = party is None or bool(party.open_path(chars))
        if left:
            self.statusBar().showMessage(f"Opened the demo {title}; {left}", 8000)
        return ok
