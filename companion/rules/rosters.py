"""What every roster keeper (``CharacterSheets``) does the same way to its JSON document.

A roster is a JSON value a ruleset reads with pydantic; edits work on the value as it
was read, change one character, and check the whole roster again.  The steps that know
no rule live here once: pydantic's complaints worded with their place, a character found
by id, a new character's id made from its name, a typed value checked for its type.
Every refusal is a ``RosterError`` (a ``ValueError``) whose message starts with the place.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Mapping
from typing import Any, Final, TypeVar

from pydantic import BaseModel, ValidationError

ModelT = TypeVar("ModelT", bound=BaseModel)

#: A figure id: what a map's figure and a roster's character share.
ID_PATTERN: Final = re.compile(r"^[A-Za-z0-9_\-]+$")
ID_MAX: Final = 64
#: Most problems one message lists.
MAX_PROBLEMS: Final = 20


class RosterError(ValueError):
    """A roster, or an edit of it, that cannot be used; the message names the place."""


def problems_of(exc: ValidationError) -> list[str]:
    """Pydantic's complaints about a whole roster, each as ``place: message``."""
    return [
        f"{'.'.join(map(str, err['loc'])) or 'roster'}: {err['msg']}"
        for err in exc.errors()[:MAX_PROBLEMS]
    ]


def validate_strict(model: type[ModelT], raw: Mapping[str, Any]) -> ModelT:
    """``raw`` read as its file is: strict JSON types (no "12" for 12, no "yes" for true);
    ``ValidationError`` when it is not one (a lone surrogate in a name included)."""
    try:
        data = json.dumps(dict(raw), ensure_ascii=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise RosterError(f"roster: not a JSON document ({exc})") from None
    return model.model_validate_json(data, strict=True)


def check_model(model: type[BaseModel], raw: Mapping[str, Any], what: str) -> None:
    """``RosterError`` naming the field of the first problem of one value (a character)."""
    try:
        model.model_validate(dict(raw))
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(map(str, err["loc"])) or what
        msg = err["msg"].removeprefix("Input ").removeprefix("String ")
        raise RosterError(f"{where}: {msg}, not {err.get('input')!r}") from None


def text_value(key: str, value: Any) -> str:
    """Typed text, its runs of spaces made one."""
    if not isinstance(value, str):
        raise RosterError(f"{key}: give text, not {type(value).__name__}")
    return " ".join(value.split())


def choice_value(key: str, value: Any, known: Mapping[str, Any], what: str) -> str:
    """One of ``known``'s keys."""
    if not isinstance(value, str) or value not in known:
        names = ", ".join(known)
        raise RosterError(f"{key}: unknown {what} {value!r} (one of: {names})")
    return value


def whole_number(key: str, value: Any) -> int:
    """A whole number, or its digits typed as text."""
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,6}\s*", value):
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RosterError(f"{key}: give a whole number, not {value!r}")
    return value


def yes_no(key: str, value: Any) -> bool:
    """A switch: a bool, or yes/no/true/false typed as text."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("yes", "no", "true", "false"):
        return value.lower() in ("yes", "true")
    raise RosterError(f"{key}: give yes or no, not {value!r}")


def index_of(party: Mapping[str, Any], character_id: str) -> int:
    """Where ``character_id`` is in the roster's ``characters``."""
    for i, c in enumerate(party.get("characters", ())):
        if isinstance(c, Mapping) and c.get("id") == character_id:
            return i
    raise RosterError(f"no character {character_id!r} in the roster")


def characters_of(party: Mapping[str, Any]) -> list[Any]:
    """A copy of the roster's characters, to change."""
    return copy.deepcopy(list(party.get("characters", ())))


def with_characters(party: Mapping[str, Any], characters: list[Any]) -> dict[str, Any]:
    """A copy of the roster with ``characters``."""
    out = copy.deepcopy(dict(party))
    out["characters"] = characters
    return out


def without_character(party: Mapping[str, Any], character_id: str) -> dict[str, Any]:
    """The roster without ``character_id``."""
    characters = characters_of(party)
    del characters[index_of(party, character_id)]
    return with_characters(party, characters)


def slug(text: str) -> str:
    """``text`` as a figure id: lower case, runs of other characters made ``_``."""
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:ID_MAX].strip("_")


def unique_id(base: str, taken: set[str]) -> str:
    """``base``, or ``base_2``, ``base_3``... the first not in ``taken``."""
    if base not in taken:
        return base
    n = 2
    while True:
        suffix = f"_{n}"
        candidate = base[: ID_MAX - len(suffix)] + suffix
        if candidate not in taken:
            return candidate
        n += 1


def new_id(given: Any, taken: set[str], *names: str) -> str:
    """A new character's id: the one typed (checked), else the first of ``names`` that
    makes a slug, made unique."""
    if given not in (None, ""):
        if not isinstance(given, str) or not ID_PATTERN.fullmatch(given) or len(given) > ID_MAX:
            raise RosterError(
                f"id: {given!r} is not a figure id (letters, digits, _ and - only, "
                f"at most {ID_MAX})"
            )
        if given in taken:
            raise RosterError(f"id: {given!r} is already a character of the roster")
        return given
    base = next((s for s in map(slug, names) if s), "character")
    return unique_id(base, taken)
