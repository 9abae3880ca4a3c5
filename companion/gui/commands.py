"""The thin Qt wrapper around model edits: one ``QUndoCommand`` per user step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

from companion.model.edits import Edit

if TYPE_CHECKING:
    from companion.gui.session import MapSession

#: The command id of mergeable strokes (QUndoStack only merges equal ids).
STROKE_COMMAND_ID = 4711


class EditCommand(QUndoCommand):
    """Applies model edits on redo and their inverses on undo.

    Commands that share a ``stroke`` number merge: one drag of the brush, however many
    squares it paints along the way, is one undo step.
    """

    def __init__(
        self, session: MapSession, edit: Edit, text: str, stroke: int | None = None
    ) -> None:
        super().__init__(text)
        self._session = session
        self._edits: list[Edit] = [edit]
        self._inverses: list[Edit] = []
        self.stroke = stroke

    def redo(self) -> None:
        inverses = self._session.apply_edits(self._edits)
        self._inverses = list(reversed(inverses))

    def undo(self) -> None:
        self._session.apply_edits(self._inverses)

    def id(self) -> int:
        return STROKE_COMMAND_ID if self.stroke is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand) or other.stroke is None:
            return False
        if other.stroke != self.stroke:
            return False
        # ``other`` has already been applied by its own redo().
        self._edits.extend(other._edits)
        self._inverses = other._inverses + self._inverses
        return True
