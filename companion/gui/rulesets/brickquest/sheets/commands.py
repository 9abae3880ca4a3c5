"""Undo commands for character sheets: each holds plain before/after values.

The rules are applied before a command exists (by the pure model in
``character.py``); a command only swaps a frozen value in and out of the
:class:`~companion.gui.rulesets.brickquest.sheets.party_model.PartyModel`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from companion.rulesets.brickquest.character import Character, Party

if TYPE_CHECKING:
    from companion.gui.rulesets.brickquest.sheets.party_model import PartyModel

#: Merge ids of typed-in values (consecutive spin box steps fold into one step).
MERGE_SET_HIT_POINTS = 0x5E01
MERGE_SET_SPELL_POINTS = 0x5E02


class CharacterChangeCommand(QUndoCommand):
    """Replace one character by a new value of itself (damage, heal, spend, rename...)."""

    def __init__(
        self,
        model: PartyModel,
        before: Character,
        after: Character,
        text: str,
        merge_id: int = -1,
    ) -> None:
        super().__init__(text)
        if before.id != after.id:
            raise ValueError("a change must keep the character's id")
        self._model = model
        self.before = before
        self.after = after
        self._merge_id = merge_id

    def id(self) -> int:
        return self._merge_id

    def redo(self) -> None:
        self._model._store(self.after)

    def undo(self) -> None:
        self._model._store(self.before)

    def mergeWith(self, other: QUndoCommand) -> bool:
        """Fold consecutive typed values of the same field of the same character."""
        if not isinstance(other, CharacterChangeCommand):
            return False
        if other.id() != self.id() or other.after.id != self.after.id:
            return False
        self.after = other.after
        self.setText(other.text())
        if self.after == self.before:
            self.setObsolete(True)
        return True


class PartyChangeCommand(QUndoCommand):
    """Replace the whole party (add or remove a character, load a file)."""

    def __init__(self, model: PartyModel, before: Party, after: Party, text: str) -> None:
        super().__init__(text)
        self._model = model
        self.before = before
        self.after = after

    def redo(self) -> None:
        self._model._store_party(self.after)

    def undo(self) -> None:
        self._model._store_party(self.before)
