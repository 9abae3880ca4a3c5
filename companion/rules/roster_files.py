"""Roster files: read bounded and checked by the ruleset they name, written atomically.

No Qt here, so the ``sheets`` command reads rosters the same way the window does.  A
roster file is the ``party`` document of a ruleset that keeps its characters in one
(``CharacterSheets``); its ``ruleset`` key says which.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from companion.atomic import write_atomic
from companion.rules.ruleset import CharacterSheets, UnknownRuleset, get_ruleset
from companion.safefile import FileProblem, parse_json, read_bounded

#: The ``format`` of a roster file.
ROSTER_FORMAT = "brick-companion-roster"
#: The usual ending of a roster file's name.
ROSTER_SUFFIX = ".roster.json"
#: File dialogs' filter for rosters.
ROSTER_FILTER = "Rosters (*.roster.json);;JSON (*.json);;All files (*)"
#: Larger roster files are refused before they are read.
MAX_ROSTER_BYTES = 4 * 1024 * 1024


class RosterFileError(FileProblem):
    """A roster file that cannot be used; the message names the file and the place."""


def sheets_rules(ruleset_id: str) -> CharacterSheets:
    """The ruleset ``ruleset_id`` as a keeper of rosters; ``ValueError`` if it is unknown
    or keeps none."""
    try:
        rules = get_ruleset(ruleset_id)
    except UnknownRuleset as exc:
        raise ValueError(f"ruleset: {exc}") from None
    if not isinstance(rules, CharacterSheets):
        raise ValueError(f"ruleset: {rules.title} keeps no roster of characters")
    return rules


def is_roster(doc: Any) -> bool:
    """Whether a file's JSON value says it is a roster."""
    return isinstance(doc, Mapping) and doc.get("format") == ROSTER_FORMAT


def read_roster_file(path: str | os.PathLike[str]) -> tuple[str, dict[str, Any]]:
    """``(ruleset id, roster)`` of a roster file, checked by its ruleset.

    ``RosterFileError`` names the file and says what is wrong: not a file, too large,
    not JSON, not a roster, an unknown ruleset, or every problem the ruleset found.
    """
    name = str(path)
    data = read_bounded(path, MAX_ROSTER_BYTES, what="roster", error=RosterFileError)
    doc = parse_json(data, file=name, error=RosterFileError)
    if not isinstance(doc, dict):
        raise RosterFileError("a roster is a JSON object", file=name)
    if doc.get("format") != ROSTER_FORMAT:
        raise RosterFileError(
            f"expected {ROSTER_FORMAT!r}, found {doc.get('format')!r}", file=name, place="format"
        )
    ruleset_id = doc.get("ruleset")
    if not isinstance(ruleset_id, str) or not ruleset_id:
        raise RosterFileError("say which ruleset the roster is for", file=name, place="ruleset")
    try:
        rules = sheets_rules(ruleset_id)
        rules.check_roster(doc)
    except ValueError as exc:
        raise RosterFileError(str(exc), file=name) from None
    return ruleset_id, doc


def roster_bytes(roster: Mapping[str, Any]) -> bytes:
    """A roster as the file holds it: indented JSON, UTF-8, ending in a newline."""
    return (json.dumps(roster, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


def write_roster_file(path: str | os.PathLike[str], roster: Mapping[str, Any]) -> None:
    """Write ``roster`` atomically, keeping the previous version as ``FILE.bak``."""
    write_atomic(path, roster_bytes(roster), backup=True)
