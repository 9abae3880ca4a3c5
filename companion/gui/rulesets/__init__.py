"""The GUI core's seam to the rulesets' own GUI parts.

The GUI core imports no ruleset (the import contracts in pyproject.toml): what belongs to
one ruleset — BrickQuest's brick sheets, its party file, its sheet PDF — is that ruleset's
GUI part, in ``companion/gui/rulesets/<id>/``.  A part registers in the entry-point group
``companion.gui_rulesets`` under its ruleset's id, ``id = "module:Class"`` (the class is
built with no arguments), the way rulesets register in ``companion.rulesets``
(``companion.rules.ruleset``), and the window finds it here with ``ruleset_gui(id)``.

A ruleset without a GUI part is fine: ``ruleset_gui`` gives None and the window has no
party dock and no Party menu.  What a part offers is optional too: a party
(``PartyGui``: BrickQuest's sheets) and an editor of its maps' board section
(``BoardGui``: Heroica's locations, features and items), which the window docks in edit
mode while a map of that ruleset is open.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from PySide6.QtCore import QSettings
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QDockWidget, QMainWindow

from companion.plugins import load_plugin, one_entry, protocol_members, registered
from companion.rules.table import FigureView

if TYPE_CHECKING:
    from companion.gui.tools.base import Tool, ToolContext

Square = tuple[int, int]

#: The entry-point group rulesets' GUI parts register in, ``id = "module:Class"``.
ENTRY_POINT_GROUP = "companion.gui_rulesets"

#: Plays an action in the open game (``PlayController.act``); False when it was refused.
Act = Callable[[Mapping[str, Any]], bool]


class PartyPart(Protocol):
    """A ruleset's party in one main window: the dock with its sheets and the Party menu
    (new character, open and save the party file, the party view, export and print)."""

    @property
    def dock(self) -> QDockWidget:
        """The dock with the party's sheets (the window places it)."""
        ...

    @property
    def undo_stack(self) -> QUndoStack:
        """The party's edits: the window's Undo follows the map's or this, edited last."""
        ...

    def build_menu(self) -> None:
        """Add the Party menu to the window's menu bar."""
        ...

    def open_path(self, path: Path) -> bool:
        """Open a party file; on a bad one say why and keep the party as it was."""
        ...

    def maybe_save(self) -> bool:
        """Ask before unsaved party changes are lost; False means stay."""
        ...

    def linked_names(self, figure_ids: Collection[str]) -> list[str]:
        """The names of the party's characters that are the map's figures ``figure_ids``."""
        ...

    def game_party(self) -> dict[str, Any] | None:
        """The party as a new game stores it (its header's ``party``); None: no one."""
        ...

    def show_game(
        self, party: Mapping[str, Any] | None, figures: Mapping[str, FigureView], act: Act
    ) -> None:
        """Show an open game's party with the game's numbers: ``party`` is what
        ``game_party`` gave when the game started, ``figures`` the game's figures now.
        An edit on a sheet is played through ``act`` (the BrickMaster's adjustment)."""
        ...

    def close_game(self) -> None:
        """No game any more: the sheets show the party file again."""
        ...


class RulesetGui(Protocol):
    """What every ruleset's GUI part has; what it offers is ``PartyGui``, ``BoardGui``."""

    #: The id of the ruleset it belongs to (``companion.rules.ruleset.Ruleset.id``).
    id: str


@runtime_checkable
class PartyGui(Protocol):
    """A GUI part with a party of characters kept in a party file (BrickQuest's)."""

    def party(self, window: QMainWindow, settings: QSettings) -> PartyPart:
        """The party dock and Party menu actions for ``window`` (built once per window)."""
        ...


@dataclass(frozen=True)
class BoardHost:
    """What the window lends a ruleset's board editor."""

    window: QMainWindow
    #: The open map (``ctx.session``: its document, undo stack and ``push``), the canvas
    #: and the status bar (``ctx.message``).
    ctx: ToolContext
    #: Make a tool of the editor's (a palette) the map's tool until another is chosen.
    use_tool: Callable[[Tool], None]
    #: The rectangle chosen with the select tool (corners, inclusive), or None.
    selection: Callable[[], tuple[Square, Square] | None]


class BoardEditorPart(Protocol):
    """An editor of the open map's board section, in a dock of its own."""

    @property
    def dock(self) -> QDockWidget:
        """The editor's dock (the window places it and shows it while it is active)."""
        ...

    def set_active(self, active: bool) -> None:
        """The open map is (True) or is not of this ruleset, or the window is not in edit
        mode (False): an inactive editor drops its tool and stops following the map."""
        ...


@runtime_checkable
class BoardGui(Protocol):
    """A GUI part that edits its ruleset's board section of maps (``MapDocument.board``)."""

    def board_editor(self, host: BoardHost) -> BoardEditorPart:
        """The board editor for the window of ``host`` (built once per window)."""
        ...


class BrokenRulesetGui(LookupError):
    """A registered GUI part that cannot be loaded (import error, wrong type...)."""


#: What a GUI part must have: the ``RulesetGui`` protocol's attributes and methods.
_MEMBERS = protocol_members(RulesetGui)


def _registered() -> dict[str, list[metadata.EntryPoint]]:
    """Ruleset id -> the entry points of its GUI part (more than one is a conflict)."""
    return registered(ENTRY_POINT_GROUP)


def available_ruleset_guis() -> list[str]:
    """The ids of the rulesets with a registered GUI part (loading one may still fail)."""
    return sorted(_registered())


def ruleset_gui(ruleset_id: str) -> RulesetGui | None:
    """The GUI part of ``ruleset_id``; None when the ruleset has none.

    ``BrokenRulesetGui`` when one is registered but cannot be loaded, or twice.
    """
    entries = _registered().get(ruleset_id)
    if not entries:
        return None
    what = f"the GUI of ruleset {ruleset_id!r}"
    part: RulesetGui = load_plugin(
        ruleset_id,
        one_entry(entries, what, BrokenRulesetGui),
        what=what,
        kind="a ruleset GUI",
        members=_MEMBERS,
        error=BrokenRulesetGui,
    )
    return part
