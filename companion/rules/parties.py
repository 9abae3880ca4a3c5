"""Party files: a ruleset that keeps its characters in a party file of its own (optional).

BrickQuest's party (``format`` "brick-companion-party") is such a file; rosters
(``CharacterSheets``) are the other way to keep characters.  A ruleset offering
``PartyFiles`` checks its party files for ``validate`` and names the printing part that
puts them on paper for the ``sheets`` command (Qt painting lives above the rules, in
``companion.printing``; the name is all the rules know of it).  No Qt here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol, runtime_checkable

from companion.rules.ruleset import UnknownRuleset, available_rulesets, get_ruleset


@runtime_checkable
class PartyFiles(Protocol):
    """A ruleset with a party file of its own."""

    id: str
    #: The ``format`` of its party files.
    party_format: str
    #: Its printing part, ``"module:Class"`` (built with no arguments), loaded by
    #: ``companion.printing.rulesets.party_printing`` only when paper is wanted.
    printing_part: str

    def check_party_file(self, path: Path) -> None:
        """Read and check a party file; ``FileProblem`` naming the file and the place."""
        ...


def party_rulesets(party_format: str | None = None) -> list[PartyFiles]:
    """The loadable rulesets with party files (of ``party_format``, when given)."""
    found: list[PartyFiles] = []
    for ruleset_id in available_rulesets():
        try:
            rules = get_ruleset(ruleset_id)
        except UnknownRuleset:  # a broken plugin is told when it is asked for by name
            continue
        if isinstance(rules, PartyFiles) and party_format in (None, rules.party_format):
            found.append(rules)
    return found
