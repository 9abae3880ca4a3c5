"""The facing capability: a ruleset whose figures face says how, as a ``FacingSpec``.

An optional capability (``typing.Protocol``, checked with ``isinstance``) like the others
a ruleset may offer; a ruleset without it has figures that do not face (``NO_FACING``).
The window draws facings and arcs, and sets them, from the spec alone.

(The shared capability protocols are to live in ``companion.rules.capabilities``; this
one is here until that module exists, and may move there unchanged.)
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from companion.rules.table import NO_FACING, FacingSpec


@runtime_checkable
class Facings(Protocol):
    """A ruleset whose figures face: how (four, eight, any angle) and its attacks' arcs."""

    def facing_spec(self) -> FacingSpec:
        """How this ruleset's figures face and the arcs its attacks use."""
        ...


def facing_spec_of(ruleset: object) -> FacingSpec:
    """The ruleset's facing, or ``NO_FACING`` when it does not offer the capability."""
    if isinstance(ruleset, Facings):
        return ruleset.facing_spec()
    return NO_FACING
