"""Reading a ruleset's set-up document: its keys, then its options, with one message.

Each ruleset validates its own keys (a pydantic model) and its own options (its catalog's
``make_options``); what is wrong is said the same way for all: the place, the problem
and, for an option, the options there are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

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
