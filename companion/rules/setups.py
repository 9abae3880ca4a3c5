"""Reading a ruleset's set-up document: its keys, then its options, with one message.

Each ruleset validates its own keys (a pydantic model) and its own options (its catalog's
``make_options``); what is wrong is said the same way for all: the place, the problem
and, for an option, the options there are.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic.fields import FieldInfo

from companion.rules.table import OptionSpec

SpecT = TypeVar("SpecT", bound=BaseModel)
OptionsT = TypeVar("OptionsT")


def read_setup(
    model: type[SpecT],
    raw: Mapping[str, Any],
    make_options: Callable[..., OptionsT],
    option_names: Iterable[str],
    error: type[Exception],
) -> tuple[SpecT, OptionsT]:
    """The set-up's keys as ``model`` and its options; ``error`` names the first problem
    and its place ("heroes.0.at: ...", "options.hero_health: ... (options: ...)")."""
    try:
        spec = model.model_validate(dict(raw))
    except ValidationError as exc:
        err = exc.errors()[0]
        raise error(f"{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
    try:
        options = make_options(**dict(getattr(spec, "options", {})))
    except ValidationError as exc:
        err = exc.errors()[0]
        known = ", ".join(option_names)
        raise error(
            f"options.{'.'.join(map(str, err['loc']))}: {err['msg']} (options: {known})"
        ) from None
    return spec, options


class OptionError(ValueError):
    """An option value that does not fit its spec; the message names the option."""


_SWITCH_WORDS = {"true": True, "false": False}
_WHOLE = re.compile(r"-?[0-9]{1,12}")
_DECIMAL = re.compile(r"-?[0-9]{1,12}(\.[0-9]{1,6})?")


def option_value(spec: OptionSpec, raw: Any) -> bool | int | float | str:
    """``raw`` read as ``spec`` says: typed text from the command line ("4", "true",
    "dragon"; ASCII digits only) or a value from the New Game dialog.  ``OptionError``
    names the option, what is wrong and what it takes."""
    where = f"options.{spec.key}"
    text = raw.strip() if isinstance(raw, str) else None
    if spec.kind == "switch":
        if isinstance(raw, bool):
            return raw
        if text is not None and text.lower() in _SWITCH_WORDS:
            return _SWITCH_WORDS[text.lower()]
        raise OptionError(f"{where}: give true or false, not {raw!r}")
    if spec.kind in ("number", "decimal"):
        value: int | float
        whole = spec.kind == "number"
        if isinstance(raw, bool):
            raise OptionError(f"{where}: give a {_number_word(spec)}, not {raw!r}")
        if text is not None:
            if not (_WHOLE if whole else _DECIMAL).fullmatch(text):
                raise OptionError(
                    f"{where}: {raw!r} is not a {_number_word(spec)} (ASCII digits 0-9"
                    f"{'' if whole else ', a point'})"
                )
            value = int(text) if whole else float(text)
        elif isinstance(raw, int) or (not whole and isinstance(raw, float)):
            value = raw
        elif isinstance(raw, float) and raw.is_integer():
            value = int(raw)
        else:
            raise OptionError(f"{where}: give a {_number_word(spec)}, not {raw!r}")
        if (spec.minimum is not None and value < spec.minimum) or (
            spec.maximum is not None and value > spec.maximum
        ):
            raise OptionError(f"{where}: {value} is out of range ({spec.range_text})")
        return value
    if spec.kind == "choice":
        for value_, _title in spec.choices:
            if type(value_) is type(raw) and value_ == raw:
                return value_
            if text is not None and str(value_) == text:
                return value_
        allowed = ", ".join(str(v) for v, _ in spec.choices)
        raise OptionError(f"{where}: {raw!r} is not one of {allowed}")
    if not isinstance(raw, str):
        raise OptionError(f"{where}: give a text, not {raw!r}")
    return raw


def _number_word(spec: OptionSpec) -> str:
    word = "whole number" if spec.kind == "number" else "number"
    return f"{word} {spec.range_text}" if spec.range_text else word


def read_options(specs: Iterable[OptionSpec], raw: Mapping[str, Any]) -> dict[str, Any]:
    """Every option of ``raw`` read by its spec (``option_value``), in the order given;
    an option the ruleset does not have is an ``OptionError`` listing those it has."""
    known = {s.key: s for s in specs}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        spec = known.get(key)
        if spec is None:
            raise OptionError(
                f"options.{key}: the ruleset has no such option (options: {', '.join(known)})"
            )
        out[key] = option_value(spec, value)
    return out


def _stored_kind_fits(spec: OptionSpec, value: Any) -> bool:
    """Whether a value read from a saved game has the JSON type of its option's kind."""
    if spec.kind == "switch":
        return isinstance(value, bool)
    if spec.kind == "number":
        return isinstance(value, int) and not isinstance(value, bool)
    if spec.kind == "decimal":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if spec.kind == "choice":
        return any(type(v) is type(value) and v == value for v, _ in spec.choices)
    return isinstance(value, str)


def stored_options(
    specs: Iterable[OptionSpec], raw: Mapping[str, Any], *, before_kinds: bool
) -> tuple[dict[str, Any], list[str]]:
    """The options of a saved game's header, each of its kind's JSON type (no text for a
    number, no ``true`` for a number), and within its spec; ``OptionError`` names the first
    that is not.  Options the ruleset has no spec for are left to its ``game_setup``.

    ``before_kinds``: a game saved before options had kinds (a version 1 game file) may
    hold ``true``/``false`` for a whole-number option (a tick saved by the old dialog); the
    game was played with it read as 1/0, so it is migrated to that number (and checked
    against the option's range), with a line for each in the second value."""
    known = {s.key: s for s in specs}
    out: dict[str, Any] = {}
    migrated: list[str] = []
    for key, value in raw.items():
        spec = known.get(key)
        if spec is None:
            out[key] = value
            continue
        where = f"options.{key}"
        if before_kinds and spec.kind == "number" and isinstance(value, bool):
            new = int(value)
            if (spec.minimum is not None and new < spec.minimum) or (
                spec.maximum is not None and new > spec.maximum
            ):
                raise OptionError(
                    f"{where}: {str(value).lower()} (a tick saved by an older version, read as"
                    f" {new}) is out of range ({spec.range_text}); this game cannot be opened"
                )
            migrated.append(
                f"{where}: {str(value).lower()} saved by an older version is read as {new},"
                " the value the game was played with"
            )
            value = new
        if not _stored_kind_fits(spec, value):
            raise OptionError(f"{where}: {value!r} is not a {spec.kind} value")
        out[key] = option_value(spec, value)
    return out, migrated


def field_bounds(info: FieldInfo) -> tuple[int | float | None, int | float | None]:
    """The (minimum, maximum) a pydantic field's constraints allow (``Field(ge=1)``)."""
    lo = hi = None
    for m in info.metadata:
        lo = getattr(m, "ge", lo)
        hi = getattr(m, "le", hi)
    return lo, hi
