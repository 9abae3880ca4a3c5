"""The party as the GUI sees it: one Qt object, one undo stack, one change signal.

Widgets never change a character themselves: they call an edit method here
(``damage``, ``heal``, ``spend_spell_points`` ...).  The pure model decides
what the edit does (and refuses what the rules forbid, by raising
:class:`~companion.rulesets.brickquest.character.CharacterError`); the edit is
pushed on the undo stack as a command only when it changes something.  Every
change, including undo and redo, is announced by :attr:`characterChanged`
(one character) or :attr:`partyReset` (characters added, removed or loaded).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from companion.gui.rulesets.brickquest.sheets.commands import (
    MERGE_SET_HIT_POINTS,
    MERGE_SET_SPELL_POINTS,
    CharacterChangeCommand,
    PartyChangeCommand,
)
from companion.rulesets.brickquest.catalog import BrickQuestCatalog
from companion.rulesets.brickquest.character import Character, CharacterError, Party
from companion.rulesets.brickquest.schema import ClassDef


class PartyModel(QObject):
    """Holds the :class:`Party` and turns edits into undoable commands."""

    #: A character changed (its id).
    characterChanged = Signal(str)
    #: Characters were added, removed, reordered or the party was replaced.
    partyReset = Signal()

    def __init__(
        self,
        catalog: BrickQuestCatalog,
        party: Party | None = None,
        undo_stack: QUndoStack | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.catalog = catalog
        self._party = party or Party()
        self.undo_stack = undo_stack if undo_stack is not None else QUndoStack(self)
        #: While a game is open the sheets show its state, and an edit on a sheet is sent
        #: here (the character before and after) to become a logged BrickMaster adjustment.
        self.game_sink: Callable[[Character, Character], bool] | None = None
        self._file_party: Party | None = None

    # ------------------------------------------------------------- a game
    def show_game(
        self, party: Party | None, sink: Callable[[Character, Character], bool] | None
    ) -> None:
        """Show the game's characters (``None``: back to the party as the file has it)."""
        if party is None:
            if self._file_party is not None:
                self._party = self._file_party
            self._file_party = None
            self.game_sink = None
        else:
            same = self._file_party is not None and party == self._party
            if self._file_party is None:
                self._file_party = self._party
            self._party = party
            self.game_sink = sink
            if same:  # most actions leave the characters as they were: nothing to redraw
                return
        self.partyReset.emit()

    @property
    def file_party(self) -> Party:
        """The party as its file has it (the game's state is not written back to it)."""
        return self._file_party if self._file_party is not None else self._party

    def _no_game(self) -> None:
        if self.game_sink is not None:
            raise CharacterError("a game is open: close it to change who is in the party")

    # ------------------------------------------------------------- reading
    @property
    def party(self) -> Party:
        return self._party

    def characters(self) -> tuple[Character, ...]:
        return self._party.characters

    def character(self, character_id: str) -> Character:
        return self._party.get(character_id)

    def class_of(self, character_id: str) -> ClassDef:
        return self.catalog.get_class(self.character(character_id).class_id)

    # ------------------------------------------------------ called by commands
    def _store(self, character: Character) -> None:
        self._party = self._party.replace(character)
        self.characterChanged.emit(character.id)

    def _store_party(self, party: Party) -> None:
        self._party = party
        self.partyReset.emit()

    # --------------------------------------------------------------- edits
    def _push(self, before: Character, after: Character, text: str, merge_id: int = -1) -> bool:
        if after == before:
            return False  # never push a command that changes nothing
        if self.game_sink is not None:
            return self.game_sink(before, after)
        self.undo_stack.push(CharacterChangeCommand(self, before, after, text, merge_id))
        return True

    def damage(self, character_id: str, n: int = 1) -> bool:
        """Take ``n`` points of damage (a round into the slot); False if nothing changed."""
        c = self.character(character_id)
        return self._push(c, c.damage(n), f"{c.name}: {n} damage")

    def heal(self, character_id: str, n: int = 1) -> bool:
        """Heal ``n`` points (a round back from the slot), never above the start."""
        c = self.character(character_id)
        return self._push(c, c.heal(n), f"{c.name}: heal {n}")

    def spend_spell_points(self, character_id: str, n: int = 1) -> bool:
        """Spend ``n`` spell points; raises ``NotEnoughSpellPointsError`` if short."""
        c = self.character(character_id)
        return self._push(c, c.spend_spell_points(n), f"{c.name}: spend {n} SP")

    def restore_spell_points(self, character_id: str, n: int = 1, may_exceed: bool = False) -> bool:
        """Regain ``n`` spell points (above the start only with ``may_exceed``)."""
        c = self.character(character_id)
        return self._push(c, c.restore_spell_points(n, may_exceed), f"{c.name}: +{n} SP")

    def set_hit_points(self, character_id: str, value: int) -> bool:
        """Typed-in Hit Points (consecutive edits merge into one undo step)."""
        c = self.character(character_id)
        return self._push(c, c.set_hit_points(value), f"{c.name}: HP {value}", MERGE_SET_HIT_POINTS)

    def set_spell_points(self, character_id: str, value: int) -> bool:
        """Typed-in Spell Points (may exceed the start)."""
        c = self.character(character_id)
        return self._push(
            c, c.set_spell_points(value), f"{c.name}: SP {value}", MERGE_SET_SPELL_POINTS
        )

    def rename(self, character_id: str, name: str | None = None, player: str | None = None) -> bool:
        """Change the character's or the player's name."""
        c = self.character(character_id)
        return self._push(c, c.rename(name, player), f"Rename {c.name}")

    def add_swag(self, character_id: str, item_id: str) -> bool:
        """Put an item from the catalog in the swag bin."""
        item = self.catalog.get_item(item_id)
        c = self.character(character_id)
        return self._push(c, c.add_swag(item.id), f"{c.name}: take {item.name}")

    def remove_swag(self, character_id: str, item_id: str) -> bool:
        """Take an item out of the swag bin."""
        c = self.character(character_id)
        return self._push(c, c.remove_swag(item_id), f"{c.name}: drop {item_id}")

    def add_character(self, character: Character) -> None:
        """Add a new character at the end of the party (undoable)."""
        self._no_game()
        self.catalog.get_class(character.class_id)
        after = self._party.add(character)
        self.undo_stack.push(PartyChangeCommand(self, self._party, after, f"Add {character.name}"))

    def remove_character(self, character_id: str) -> None:
        """Remove a character from the party (undoable)."""
        self._no_game()
        c = self.character(character_id)
        after = self._party.remove(character_id)
        self.undo_stack.push(PartyChangeCommand(self, self._party, after, f"Remove {c.name}"))

    def replace_party(self, party: Party, text: str = "Load party") -> None:
        """Put another party in place (undoable), e.g. one read from a file."""
        self._no_game()
        if party == self._party:
            return
        self.undo_stack.push(PartyChangeCommand(self, self._party, party, text))

    # ---------------------------------------------------------------- files
    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the party file atomically (as the file has it, not a game's state)."""
        self.file_party.save(path)

    def load(self, path: str | os.PathLike[str]) -> None:
        """Read a party file (``PartyFileError`` with a plain reason) and show it."""
        party = Party.load(path, known_class_ids=self.catalog.classes)
        self.replace_party(party, f"Open {os.path.basename(os.fspath(path))}")
