"""A ruleset's dice as the table reads them: each die's faces and their labels.

Numbered dice label their faces "1".."n"; symbol dice name theirs ("Shield").
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import Field

from companion.rules.dice import DiceRoll
from companion.rules.view_value import ViewValue


class DieSpec(ViewValue):
    """One of a ruleset's dice: its id and the label of each face (face 1 first).

    Numbered dice label their faces "1".."n"; symbol dice name theirs ("Shield").  Typed
    dice may be given by label, and the log and the dice dialog show the labels."""

    id: str
    name: str
    faces: tuple[str, ...] = Field(min_length=2)

    @property
    def sides(self) -> int:
        return len(self.faces)

    @property
    def numbered(self) -> bool:
        return self.faces == tuple(str(i) for i in range(1, len(self.faces) + 1))

    def label(self, face: int) -> str:
        """The label of ``face`` (1-based); the number itself when off the die."""
        return self.faces[face - 1] if 1 <= face <= len(self.faces) else str(face)

    def face(self, text: str) -> int:
        """The face a typed label or number stands for; ``ValueError`` names a wrong one."""
        wanted = text.strip().casefold()
        for i, label in enumerate(self.faces, 1):
            if label.casefold() == wanted:
                return i
        # A plain number is a face's number on a numbered die only: a symbol die's faces
        # are named, and "1" on Heroica's Action Die means its "1/Skull/Sword" face.
        if self.numbered and wanted.isdigit() and 1 <= int(wanted) <= len(self.faces):
            return int(wanted)
        raise ValueError(f"{text!r} is not a face of the {self.name} ({', '.join(self.faces)})")


def numbered_die(sides: int) -> DieSpec:
    """A plain d``sides``."""
    return DieSpec(id=f"d{sides}", name=f"d{sides}", faces=tuple(map(str, range(1, sides + 1))))


def roll_labels(roll: DiceRoll, specs: Sequence[DieSpec]) -> list[str]:
    """A roll's faces as labels when it was made on one of ``specs``' dice, else numbers."""
    spec = next((d for d in specs if d.id == roll.die), None)
    if spec is None:
        return [str(f) for f in roll.faces]
    return [spec.label(f) for f in roll.faces]
