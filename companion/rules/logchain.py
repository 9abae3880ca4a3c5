"""The hash chain of a game log: an edited, deleted, moved or repeated record shows.

Each record line starts with the hash of the chain so far: ``{"chain":"H",...}`` where
``H = sha256(previous H + the record's JSON)`` (the record as written, without the chain
field) and the first previous hash is that of the header line.  Checking a line is one
hash over its raw bytes: nothing is parsed or serialised again.  The chain is not a
signature (anyone can compute it); it shows that a log was edited, not who edited it.
"""

from __future__ import annotations

import hashlib
from typing import Final

#: How a chained record line starts; the hash follows, then ``",`` and the record.
PREFIX: Final = b'{"chain":"'
#: Hex digits of each hash (128 bits).
SIZE: Final = 32
_AFTER: Final = len(PREFIX) + SIZE


class ChainError(ValueError):
    """A record line that does not follow the one before it."""


def start(header: bytes) -> str:
    """The chain's first link: the hash of the header line."""
    return hashlib.sha256(header).hexdigest()[:SIZE]


def link(previous: str, record: bytes) -> str:
    """The hash after ``record`` (its JSON as written, without the chain)."""
    return hashlib.sha256(previous.encode("ascii") + record).hexdigest()[:SIZE]


def seal(previous: str, record: bytes) -> tuple[bytes, str]:
    """The line to write for ``record`` (a JSON object's bytes) and the new last link."""
    if not record.startswith(b"{") or record == b"{}":
        raise ValueError("a record is a non-empty JSON object")
    new = link(previous, record)
    return PREFIX + new.encode("ascii") + b'",' + record[1:], new


def unseal(line: bytes) -> tuple[str, bytes] | None:
    """A chained line's hash and record; None when the line carries no chain."""
    if not line.startswith(PREFIX) or line[_AFTER : _AFTER + 2] != b'",':
        return None
    return line[len(PREFIX) : _AFTER].decode("ascii", "replace"), b"{" + line[_AFTER + 2 :]


def follow(previous: str, line: bytes) -> tuple[bytes, str]:
    """The record of ``line`` and the new last link; ``ChainError`` when it does not follow
    ``previous`` (the record or one before it was changed, removed, moved or repeated)."""
    parts = unseal(line)
    if parts is None:
        raise ChainError('no "chain" field first: every record of this log must carry one')
    given, record = parts
    expected = link(previous, record)
    if given != expected:
        raise ChainError(
            "the chain hash does not match: this record, or one before it, was changed,"
            " removed, moved or repeated after it was written"
        )
    return record, expected


def rechain(lines: list[bytes]) -> bytes:
    """A whole log (a header line, then record lines with or without a chain) chained
    anew: what an editor that knows the chain would write.  For tests and repair tools."""
    link = start(lines[0])
    out = [lines[0]]
    for line in lines[1:]:
        parts = unseal(line)
        sealed, link = seal(link, line if parts is None else parts[1])
        out.append(sealed)
    return b"\n".join(out) + b"\n"
