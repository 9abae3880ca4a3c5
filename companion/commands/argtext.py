"""Numbers and words typed on the command line: ASCII digits only, small, printable.

``int()`` and ``str.isdigit()`` take "٣", "３" and "³" as digits and 5,000-digit numbers
as numbers; a die face, a seed or an option value typed at the table is none of those.
Every refusal is a ``ValueError`` whose message says what was typed and what is wanted.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

#: A whole number as typed: an optional sign and at most this many ASCII digits.
MAX_DIGITS: Final = 19
_NUMBER: Final = re.compile(rf"[+-]?[0-9]{{1,{MAX_DIGITS}}}")
#: Longest word (a die label, an option's text value) taken from the command line.
MAX_WORD: Final = 200


def _shown(text: str) -> str:
    return repr(text[:40] + ("…" if len(text) > 40 else ""))


def looks_numeric(text: str) -> bool:
    """Whether ``text`` is meant as a number: any digit in it, of any script."""
    return any(ch.isdigit() or unicodedata.category(ch) == "No" for ch in text)


def plain_number(text: str, what: str) -> int:
    """``text`` as a whole number of ASCII digits (at most ``MAX_DIGITS``)."""
    text = text.strip()
    if not _NUMBER.fullmatch(text):
        raise ValueError(
            f"{what} {_shown(text)}: give a whole number in ASCII digits 0-9"
            f" (at most {MAX_DIGITS} digits)"
        )
    return int(text)


def plain_word(text: str, what: str, limit: int = MAX_WORD) -> str:
    """``text`` if it is printable and short: no control characters, no lone surrogates."""
    if len(text) > limit:
        raise ValueError(f"{what} {text[:40]!a}: at most {limit} characters")
    for ch in text:
        if unicodedata.category(ch) in ("Cc", "Cs", "Cf"):
            raise ValueError(f"{what} {text[:40]!a}: holds the character U+{ord(ch):04X}")
    return text


def die_face(text: str, what: str = "--dice") -> int | str:
    """One typed die: a number in ASCII digits, or a label of the ruleset's dice."""
    text = text.strip()
    if looks_numeric(text) and not any(ch in text for ch in "/"):
        return plain_number(text, what)
    if not text.isascii() or not text.isprintable():
        raise ValueError(f"{what} {text[:40]!a}: a die face is a number 0-9 or a label")
    return plain_word(text, what)
