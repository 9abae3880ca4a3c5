"""The printing core's seam to the rulesets' own printing parts.

The printing core imports no ruleset (the import contracts in pyproject.toml): what one
ruleset paints its own way — BrickQuest's brick sheets and table aids — is that ruleset's
printing part, in ``companion/printing/rulesets/<id>/``.  The ruleset names it
(``companion.rules.parties.PartyFiles.printing_part``, ``"module:Class"``) and
``party_printing`` loads it the way plugins load (``companion.plugins``), so the
``sheets`` command prints any ruleset's party without knowing one.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Protocol

from companion.plugins import load_plugin, protocol_members
from companion.printing.pdf import PageSizeName
from companion.rules.parties import PartyFiles

#: The group named in messages about a printing part (the part is found by its ruleset).
GROUP = "companion.printing_rulesets"


class PaperInputError(ValueError):
    """A party (or game) that cannot be printed; the message names the file."""


class BrokenPrintingPart(LookupError):
    """A ruleset's printing part that cannot be loaded (import error, wrong type...)."""


@dataclass(frozen=True)
class Printed:
    """What a PDF holds: its pages and the characters on them."""

    pages: int
    characters: int


class PartyPrinting(Protocol):
    """A ruleset's printing part: its party (or a game's) on paper."""

    #: The id of the ruleset it belongs to.
    id: str

    def party_pdf(self, source: Path, output: Path, *, paper: PageSizeName, aids: bool) -> Printed:
        """Write the sheets of the party file (or game) ``source`` to the PDF ``output``
        on ``paper``, with the table aids when ``aids``; ``PaperInputError`` names the
        file when it cannot be read, ``ExportError`` or ``OSError`` when the PDF cannot
        be written.  Needs a ``QGuiApplication``."""
        ...


def party_printing(rules: PartyFiles) -> PartyPrinting:
    """The printing part ``rules`` names; ``BrokenPrintingPart`` says what is wrong."""
    entry = metadata.EntryPoint(name=rules.id, value=rules.printing_part, group=GROUP)
    part: PartyPrinting = load_plugin(
        rules.id,
        entry,
        what=f"the printing part of ruleset {rules.id!r}",
        kind="a ruleset's printing part",
        members=protocol_members(PartyPrinting),
        error=BrokenPrintingPart,
    )
    return part
