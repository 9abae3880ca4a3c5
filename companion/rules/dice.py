"""Dice: rolled by the app from a seeded generator, or typed in from the physical dice.

Both paths produce the same ``DiceRoll`` values, so the same faces give the same result
whichever way they came.  A resolver asks a ``Dice`` for rolls; the session records
them in the log, and replaying the log feeds the recorded faces back in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

if TYPE_CHECKING:  # table.py imports this module
    from companion.rules.table import DieSpec

#: Guards against runaway rolls from bad data or input.
MAX_DICE_PER_ROLL = 100
MAX_SIDES = 100


class DiceRoll(BaseModel):
    """One throw of ``len(faces)`` dice with ``sides`` sides, and what it was for."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    purpose: str = Field(max_length=500)
    sides: int = Field(default=6, ge=2, le=MAX_SIDES)
    faces: tuple[int, ...] = Field(max_length=MAX_DICE_PER_ROLL)
    #: Which of the ruleset's dice (``Ruleset.dice_specs``): a symbol die's id; None for a
    #: plain numbered die.  Replay checks it, so a roll made on the wrong die is caught.
    die: str | None = Field(default=None, max_length=64)
    #: What the rules add to the faces (a weapon's bonus, a penalty), as the resolver
    #: counted it: the table shows the same result as the log (``result``).
    modifier: int = Field(default=0, ge=-1000, le=1000)

    @model_validator(mode="after")
    def _faces_on_the_die(self) -> DiceRoll:
        for f in self.faces:
            if not 1 <= f <= self.sides:
                raise ValueError(f"{f} is not a face of a d{self.sides} ({self.purpose})")
        return self

    @model_serializer(mode="wrap")
    def _without_zero_modifier(self, handler: SerializerFunctionWrapHandler) -> Any:
        """A roll with nothing added is written as before the modifier was recorded."""
        data = handler(self)
        if isinstance(data, dict) and not self.modifier:
            data.pop("modifier", None)
        return data

    @property
    def total(self) -> int:
        """The faces' sum."""
        return sum(self.faces)

    @property
    def result(self) -> int:
        """The faces' sum with what the rules added to it."""
        return self.total + self.modifier


class DiceError(ValueError):
    """Dice that cannot be rolled or read (bad count, a face off the die, none left)."""


class Dice(Protocol):
    """Where dice results come from."""

    def roll(
        self,
        count: int,
        purpose: str,
        sides: int = 6,
        die: str | None = None,
        modifier: int = 0,
    ) -> DiceRoll:
        """``count`` dice with ``sides`` faces (of the ruleset's die ``die``, if named);
        ``modifier``: what the rules add to their sum, recorded with the roll."""
        ...


#: Asks the table for ``count`` faces of a d``sides`` for ``purpose`` (die id or None).
Ask = Callable[[int, int, str, str | None], Sequence[int]]


def check_request(count: int, sides: int) -> None:
    if not 0 <= count <= MAX_DICE_PER_ROLL:
        raise DiceError(f"cannot roll {count} dice (0..{MAX_DICE_PER_ROLL})")
    if not 2 <= sides <= MAX_SIDES:
        raise DiceError(f"a die with {sides} sides is not supported (2..{MAX_SIDES})")


class SeededDice:
    """The app rolls: a private ``random.Random`` (never the global one), reproducible by seed."""

    def __init__(self, seed: int | None = None, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random(seed)

    def roll(
        self,
        count: int,
        purpose: str,
        sides: int = 6,
        die: str | None = None,
        modifier: int = 0,
    ) -> DiceRoll:
        check_request(count, sides)
        faces = tuple(self._rng.randint(1, sides) for _ in range(count))
        return DiceRoll(purpose=purpose, sides=sides, faces=faces, die=die, modifier=modifier)


class TypedDice:
    """The table rolls: faces typed in from the physical dice, used in order.

    ``faces`` are consumed first; when they run out, ``ask(count, sides, purpose, die)`` is
    called if given (the GUI prompts the player), else ``DiceError`` says what is missing.
    """

    def __init__(
        self,
        faces: Iterable[int | str] = (),
        ask: Ask | None = None,
        specs: Sequence[DieSpec] = (),
        parse: Callable[[str], int] | None = None,
    ) -> None:
        self._queue: list[int | str] = list(faces)
        self._ask = ask
        #: A typed label ("2/Skull") is read on the die it is rolled for: the same label
        #: may be another face on another die (Heroica's Blessed Die).  A roll of no
        #: named die reads it with ``parse`` (the ruleset's ``parse_faces``).
        self._specs = {s.id: s for s in specs}
        self._parse = parse

    @property
    def remaining(self) -> tuple[int | str, ...]:
        return tuple(self._queue)

    def _face(self, value: int | str, purpose: str, die: str | None) -> int:
        if isinstance(value, int):
            return value
        spec = self._specs.get(die or "")
        if spec is None:
            if self._parse is not None:
                try:
                    return self._parse(value)
                except ValueError as exc:
                    raise DiceError(f"{purpose}: {exc}") from None
            raise DiceError(f"{purpose}: {value!r} is not a number, and the die has no labels")
        try:
            return spec.face(value)
        except ValueError:
            raise DiceError(
                f"{purpose}: {value!r} is not a face of the {spec.name} ({', '.join(spec.faces)})"
            ) from None

    def roll(
        self,
        count: int,
        purpose: str,
        sides: int = 6,
        die: str | None = None,
        modifier: int = 0,
    ) -> DiceRoll:
        check_request(count, sides)
        if len(self._queue) < count and self._ask is not None:
            self._queue.extend(self._ask(count - len(self._queue), sides, purpose, die))
        if len(self._queue) < count:
            raise DiceError(f"{purpose}: needs {count} d{sides}, only {len(self._queue)} typed in")
        faces = tuple(self._face(v, purpose, die) for v in self._queue[:count])
        del self._queue[:count]
        for f in faces:
            if not 1 <= f <= sides:
                raise DiceError(f"{purpose}: {f} is not a face of a d{sides}")
        return DiceRoll(purpose=purpose, sides=sides, faces=faces, die=die, modifier=modifier)


class RecordingDice:
    """Wraps another source and keeps every roll, for the session log."""

    def __init__(self, source: Dice) -> None:
        self.source = source
        self.rolls: list[DiceRoll] = []

    def roll(
        self,
        count: int,
        purpose: str,
        sides: int = 6,
        die: str | None = None,
        modifier: int = 0,
    ) -> DiceRoll:
        result = self.source.roll(count, purpose, sides, die, modifier)
        self.rolls.append(result)
        return result


class ReplayDice:
    """Feeds back recorded rolls in order; a mismatch means the log and rules disagree."""

    def __init__(self, rolls: Iterable[DiceRoll]) -> None:
        self._rolls = list(rolls)
        self._next = 0

    def roll(
        self,
        count: int,
        purpose: str,
        sides: int = 6,
        die: str | None = None,
        modifier: int = 0,
    ) -> DiceRoll:
        if self._next >= len(self._rolls):
            raise DiceError(f"replay: no recorded roll left for {purpose}")
        r = self._rolls[self._next]
        self._next += 1
        if len(r.faces) != count or r.sides != sides:
            raise DiceError(
                f"replay: recorded {len(r.faces)}d{r.sides} for {r.purpose!r},"
                f" rules now ask {count}d{sides} for {purpose!r}"
            )
        if r.die != die:
            raise DiceError(
                f"replay: recorded on the {r.die or 'plain'} die for {r.purpose!r},"
                f" rules now ask the {die or 'plain'} die for {purpose!r}"
            )
        return r
