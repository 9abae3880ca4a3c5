"""The short text on a figure's token: its initials, unique on the board.

"Goblin Guardian" and "Goblin General" are both "GG" by their initials; on one board they
become "GGu" and "GGe" (the last word's letters are added until they differ), and two
figures of the same name are numbered ("GW1", "GW2").  No Qt: the map, the legend and
the printouts all ask here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable


def _words(label: str) -> list[str]:
    return [w for w in label.replace("_", " ").replace("-", " ").split() if w]


def initials(label: str) -> str:
    """Up to two letters for a marker: "Grok the Orc" -> "GO", "harry" -> "Ha"."""
    words = _words(label)
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].title()
    return (words[0][0] + words[-1][0]).upper()


def _longer(label: str, extra: int) -> str:
    """The initials with ``extra`` more letters of the last word ("GGu", "GGua"...)."""
    words = _words(label)
    base = initials(label)
    if not words:
        return base
    last = words[-1]
    more = last[len(base) if len(words) == 1 else 1 :][:extra].lower()
    return base + more


def unique_initials(figures: Iterable[tuple[str, str]]) -> dict[str, str]:
    """Each figure's token text, ``{id: text}`` for ``(id, label)`` pairs: its initials,
    lengthened where two differently named figures share them, numbered in the order
    given where the names are the same."""
    pairs = list(figures)
    out = {fid: initials(label) for fid, label in pairs}
    groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for fid, label in pairs:
        groups[out[fid]].append((fid, label))
    for members in groups.values():
        if len(members) < 2:
            continue
        names = {label.casefold() for _fid, label in members}
        if len(names) > 1:  # lengthen every member's until the names part
            for extra in range(1, 12):
                texts = {fid: _longer(label, extra) for fid, label in members}
                by_name = {label.casefold(): texts[fid] for fid, label in members}
                if len(set(by_name.values())) == len(by_name):
                    out.update(texts)
                    break
        same: dict[str, list[str]] = defaultdict(list)
        for fid, _label in members:
            same[out[fid]].append(fid)
        for text, ids in same.items():
            if len(ids) > 1:
                for n, fid in enumerate(ids, 1):
                    out[fid] = f"{text}{n}"
    return out
