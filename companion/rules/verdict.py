"""Verdicts: whether an action is legal, with stable reason codes and a sentence for players.

The codes are declared by the core (the shared ones) and each ruleset (its own):
``companion.rules.reasons``.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, StringConstraints

from companion.rules.reasons import CODE_PATTERN

#: A reason code as a verdict carries it: a plain lower_snake string (``reasons.CODE_PATTERN``).
#: The codes a ruleset may give are its declared ones (``Ruleset.reasons``): shared or its own.
Code = Annotated[str, StringConstraints(pattern=f"^{CODE_PATTERN}$")]


class Reason(BaseModel):
    """One reason an action is illegal: a code, a sentence, and the square it is about."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    code: Code
    message: str
    square: tuple[int, int] | None = None


class Verdict(BaseModel):
    """Legal when there are no reasons against it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    reasons: tuple[Reason, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.reasons

    @property
    def codes(self) -> list[str]:
        return [r.code for r in self.reasons]

    @property
    def message(self) -> str:
        return "; ".join(r.message for r in self.reasons) if self.reasons else "legal"


LEGAL = Verdict()


def illegal(code: str, message: str, square: tuple[int, int] | None = None) -> Verdict:
    """A verdict with one reason."""
    return Verdict(reasons=(Reason(code=code, message=message, square=square),))
