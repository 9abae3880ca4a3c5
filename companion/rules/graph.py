"""A board of places joined by links, with no geometry: what the table sees of it.

QUBQST's rolled cubes, a duel's few rooms: a graph board has places (with an id, a label
and the places they link to), the figures standing at each, and optionally a position to
draw each place at.  A ruleset with such a board fills a ``GraphView`` from its state
(``companion.rules.capabilities.GraphBoard``); the window draws it, the command line prints
it.  Nothing here knows a rule.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, model_validator


class _Value(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


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

    def where(self, figure_id: str) -> str | None:
        """The place ``figure_id`` stands at, or None."""
        return next((p.id for p in self.places if figure_id in p.figures), None)
