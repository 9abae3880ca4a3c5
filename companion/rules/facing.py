"""Facing: how a ruleset's figures face (``FacingSpec``, its arcs, ``NO_FACING``) and the
capability by which a ruleset says so.

An optional capability (``typing.Protocol``, checked with ``isinstance``) like the others
a ruleset may offer; a ruleset without it has figures that do not face (``NO_FACING``).
The window draws facings and arcs, and sets them, from the spec alone.

(The shared capability protocols are to live in ``companion.rules.capabilities``; this
one is here until that module exists, and may move there unchanged.)
"""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from pydantic import Field, model_validator

from companion.model.geometry import arcs
from companion.rules.view_value import ViewValue

#: How a ruleset's figures face: not at all, one of four or eight compass directions,
#: or any angle (degrees clockwise from north).
FacingKind = Literal["none", "four", "eight", "any"]


class ArcSpec(ViewValue):
    """An arc a ruleset's attacks reach into, centred on the figure's facing: its key
    (what an action or a query names), its title and its width (90: BrickQuest's ±45°,
    180: a forward semicircle, 360: all round)."""

    key: str
    label: str
    degrees: float = Field(gt=0, le=360)


class FacingSpec(ViewValue):
    """How a ruleset's figures face and the arcs its attacks use, as data: the geometry
    measures with it (``companion.model.geometry.arcs``) and the window draws and sets
    facings from it.  A facing travels in an action as a compass name ("N", "SE") when
    the figures face four or eight ways, as a number of degrees when any angle."""

    kind: FacingKind = "none"
    #: The arcs, the one drawn for a figure first.
    arcs: tuple[ArcSpec, ...] = ()
    #: When a figure's facing is set, in the rules' words ("when a figure stops moving").
    note: str = ""
    #: How a move ends facing when the player names none, in the rules' words (the
    #: window shows it before the move); empty: as the figure stands, unturned.
    unnamed: str = ""

    @model_validator(mode="after")
    def _arcs_need_facing(self) -> FacingSpec:
        if self.kind == "none" and self.arcs:
            raise ValueError("figures that do not face have no arcs")
        keys = [a.key for a in self.arcs]
        if len(set(keys)) != len(keys):
            raise ValueError(f"arc keys must differ: {', '.join(keys)}")
        return self

    @property
    def faces(self) -> bool:
        return self.kind != "none"

    @property
    def count(self) -> int:
        """How many directions a figure may face: 4, 8, 0 (none or any angle)."""
        return {"four": 4, "eight": 8}.get(self.kind, 0)

    @property
    def directions(self) -> tuple[str, ...]:
        """The compass names a figure may face, clockwise from north (empty: none, or
        any angle)."""
        return arcs.DIRECTIONS.get(self.count, ())

    def arc(self, key: str | None = None) -> ArcSpec | None:
        """The arc named ``key`` (None: the first, the one drawn); None when there is none."""
        if key is None:
            return self.arcs[0] if self.arcs else None
        return next((a for a in self.arcs if a.key == key), None)

    def degrees(self, facing: str | float) -> float:
        """A facing as degrees clockwise from north (a compass name or a number);
        ``ValueError`` names a wrong one."""
        if isinstance(facing, str):
            return arcs.compass_degrees(facing)
        if isinstance(facing, bool) or not isinstance(facing, (int, float)):
            raise ValueError(f"a facing is a compass name or degrees, not {facing!r}")
        return arcs.normal(float(facing))

    def allows(self, facing: str | float) -> bool:
        """Whether a figure may face ``facing`` under these rules."""
        if self.kind == "none":
            return False
        if self.kind == "any":
            try:
                self.degrees(facing)
            except ValueError:
                return False
            return True
        return isinstance(facing, str) and facing.upper() in self.directions

    def value(self, degrees: float) -> str | float:
        """The facing nearest ``degrees`` as an action carries it: a compass name among
        ``directions``, or the angle itself (to a tenth of a degree) for any angle."""
        if self.kind == "any":
            return round(arcs.normal(degrees), 1) % 360.0
        if not self.count:
            raise ValueError("these figures do not face")
        return arcs.nearest_direction(degrees, self.count)

    def toward(self, origin: tuple[float, float], target: tuple[float, float]) -> str | float:
        """The facing from ``origin`` toward ``target`` (``ValueError`` when they are one)."""
        return self.value(arcs.bearing(target[0] - origin[0], target[1] - origin[1]))

    def stepped(self, facing: str | float, steps: int) -> str | float:
        """The facing ``steps`` directions clockwise (negative: anticlockwise) from
        ``facing``: among four or eight, or by 45° at any angle."""
        if self.kind == "any":
            return self.value(self.degrees(facing) + 45.0 * steps)
        if not self.count:
            raise ValueError("these figures do not face")
        name = facing if isinstance(facing, str) else self.value(facing)
        return arcs.stepped(str(name), steps, self.count)

    def text(self, facing: str | float) -> str:
        """A facing as the table reads it: "NE", "123°"."""
        if isinstance(facing, str):
            return facing.upper()
        return f"{facing:g}°"

    def in_arc(
        self,
        origin: tuple[float, float],
        facing: str | float,
        target: tuple[float, float],
        arc: str | None = None,
    ) -> bool:
        """``target`` lies in the arc ``arc`` (None: the first) of a figure at ``origin``
        facing ``facing``; a ruleset without facing or arcs has everything in reach."""
        spec = self.arc(arc)
        if spec is None:
            if arc is not None:
                raise ValueError(f"no arc {arc!r} in these rules")
            return (target[0], target[1]) != (origin[0], origin[1])
        return arcs.in_arc_at(origin, self.degrees(facing), spec.degrees, target)


#: Figures that do not face (Heroica's spaces, a graph of places): no arcs.
NO_FACING = FacingSpec()


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
