"""A board of places joined by links, with no geometry: what the table sees of it.

QUBQST's rolled cubes, a duel's few rooms: a graph board has places (with an id, a label
and the places they link to), the figures standing at each, and optionally a position to
draw each place at.  A ruleset with such a board fills a ``GraphView`` from its state
(``companion.rules.capabilities.GraphBoard``); the window draws it, the command line prints
it.  Nothing here knows a rule.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

#: The four ways a path may leave a rolled cube's face, clockwise from the top.
Direction = Literal["N", "E", "S", "W"]
#: How a place is drawn: a box with its label, or a cube seen from above with its paths.
Shape = Literal["box", "cube"]


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class PathView(_Value):
    """A path leaving a place's face in one direction: joined to another place, or
    unjoined (it may lead to a secret room), drawn dashed."""

    direction: Direction
    #: The place it joins (one of the place's links), or None: an unjoined path.
    to: str | None = None
    #: One word the table should read on it ("entry", "searched").
    note: str = ""


class PlaceView(_Value):
    """One place of a graph board."""

    id: str
    label: str
    #: The places one step away (links are drawn once, whichever side names them).
    links: tuple[str, ...] = ()
    #: What it is, for its colour and the legend ("room", "cube", "exit"...).
    kind: str = ""
    #: Where to draw it, in any units (the view scales them to fit); None: laid out
    #: around a circle in the order the places are given.
    at: tuple[float, float] | None = None
    #: The figures standing here, by id, in the order to list them.
    figures: tuple[str, ...] = ()
    #: One line the table should read about it (a trap sprung, a door locked).
    note: str = ""
    #: Drawn as a box (the default) or as a rolled cube with its paths.
    shape: Shape = "box"
    #: Its fill: a colour name or "#rrggbb" ("black", "yellow"); "": the board's own.
    colour: str = ""
    #: The rolled face in a few words ("2 creatures: yellow, red", "trap", "empty").
    face: str = ""
    #: Lines drawn inside it under its label (a creature rolled, the fight's pools).
    content: tuple[str, ...] = ()
    #: The paths leaving its face, joined or not (empty: only its links are drawn).
    paths: tuple[PathView, ...] = ()
    #: Done with and put away (a completed cube): drawn greyed.
    discarded: bool = False


class GraphView(_Value):
    """A graph board as the table sees it now."""

    places: tuple[PlaceView, ...]
    #: The place the game's attention is on (where the acting figure stands), or None.
    current: str | None = None

    @model_validator(mode="after")
    def _links_known(self) -> GraphView:
        ids = [p.id for p in self.places]
        if len(set(ids)) != len(ids):
            raise ValueError("two places share an id")
        known = set(ids)
        for p in self.places:
            for other in p.links:
                if other not in known:
                    raise ValueError(f"place {p.id!r} links to unknown place {other!r}")
            ways = [path.direction for path in p.paths]
            if len(set(ways)) != len(ways):
                raise ValueError(f"place {p.id!r} has two paths to the same side")
            for path in p.paths:
                if path.to is not None and path.to not in known:
                    raise ValueError(
                        f"place {p.id!r}: its {path.direction} path joins unknown {path.to!r}"
                    )
        if self.current is not None and self.current not in known:
            raise ValueError(f"the current place {self.current!r} is not a place")
        return self

    def place(self, place_id: str) -> PlaceView | None:
        return next((p for p in self.places if p.id == place_id), None)

    def edges(self) -> list[tuple[str, str]]:
        """Every link once, as (a, b) in the order first met."""
        seen: set[frozenset[str]] = set()
        out = []
        for p in self.places:
            for other in p.links:
                key = frozenset((p.id, other))
                if key not in seen and other != p.id:
                    seen.add(key)
                    out.append((p.id, other))
        return out

    def joined(self) -> list[tuple[str, str, Direction | None, Direction | None]]:
        """Every link once with the side of each place it leaves by (None: no path names
        it), as (a, b, a's side, b's side)."""
        sides: dict[tuple[str, str], Direction] = {}
        for p in self.places:
            for path in p.paths:
                if path.to is not None:
                    sides.setdefault((p.id, path.to), path.direction)
        out = []
        seen: set[frozenset[str]] = set()
        for p in self.places:
            ends = [*p.links, *(q.to for q in p.paths if q.to is not None)]
            for other in ends:
                key = frozenset((p.id, other))
                if key not in seen and other != p.id:
                    seen.add(key)
                    out.append((p.id, other, sides.get((p.id, other)), sides.get((other, p.id))))
        return out

    def where(self, figure_id: str) -> str | None:
        """The place ``figure_id`` stands at, or None."""
        return next((p.id for p in self.places if figure_id in p.figures), None)
