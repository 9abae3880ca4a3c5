"""Answers kept by what they were made from, for the models' caches.

A model answer (a board, a figure's view, a measured move) is made again only when what
it is made from changes.  ``Kept`` holds the newest ``size`` of them, the oldest dropped
first.  A key may name objects by ``id`` (a state is replaced, never changed): each entry
then holds those very objects (``held``) and is found again only for them, compared with
``is``, so an id reused by a later object never finds an old answer.  Safe across threads
(a game may be replayed in another while the window asks).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """The newest ``size`` answers, each by its key and the objects it was made from."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._entries: OrderedDict[Hashable, tuple[tuple[object, ...], V]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, held: tuple[object, ...] = ()) -> V | None:
        """The answer kept for ``key`` made from the very objects ``held``; None if none."""
        with self._lock:
            hit = self._entries.get(key)
            if hit is None or len(hit[0]) != len(held):
                return None
            if not all(a is b for a, b in zip(hit[0], held, strict=True)):
                return None
            self._entries.move_to_end(key)
            return hit[1]

    def put(self, key: Hashable, value: V, held: tuple[object, ...] = ()) -> V:
        """Keep ``value`` for ``key`` and ``held``; the oldest beyond ``size`` go."""
        with self._lock:
            self._entries[key] = (held, value)
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)
