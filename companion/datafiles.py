"""Reading the data files in ``resources/``: TOML checked by a pydantic model.

Ruleset-independent.  Every problem (missing file, bad TOML, a value the model refuses)
becomes a :class:`DataFileError` whose message names the file and the field path, e.g.
``resources/rulesets/brickquest/monsters.toml: monsters.3.hit_points: Input should be a
valid integer``.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, ValidationError
from pydantic_core import PydanticCustomError

from companion.paths import _PACKAGE_DIR, resource_dir, ui_dir

#: Data files larger than this are refused before being read.
MAX_DATA_FILE_BYTES = 5 * 1024 * 1024

M = TypeVar("M", bound=BaseModel)


def display_path(path: Path) -> str:
    """A data file as ``resources/...``; another file relative to the checkout, else as given."""
    resolved = path.resolve()
    for root, name in ((resource_dir(), "resources"), (ui_dir(), "ui")):
        if resolved.is_relative_to(root):
            return (Path(name) / resolved.relative_to(root)).as_posix()
    if resolved.is_relative_to(_PACKAGE_DIR.parent):
        return resolved.relative_to(_PACKAGE_DIR.parent).as_posix()
    return str(path)


def format_loc(loc: Iterable[int | str]) -> str:
    """A pydantic error location as a dotted path: ``monsters.3.hit_points``."""
    return ".".join(str(part) for part in loc)


class DataFileError(ValueError):
    """A data file that cannot be used; ``problems`` are ``"field.path: message"`` lines."""

    def __init__(self, path: Path, problems: Sequence[str]) -> None:
        self.path = path
        self.problems = tuple(problems) or ("unusable data file",)
        where = display_path(path)
        super().__init__("\n".join(f"{where}: {problem}" for problem in self.problems))


def _validation_problems(error: ValidationError) -> list[str]:
    problems = []
    for detail in error.errors(include_url=False):
        loc = format_loc(detail["loc"])
        problems.append(f"{loc}: {detail['msg']}" if loc else detail["msg"])
    return problems


def read_toml(path: Path) -> dict[str, object]:
    """Parse a TOML file (size-capped); raise :class:`DataFileError` on any problem."""
    try:
        size = path.stat().st_size
        if size > MAX_DATA_FILE_BYTES:
            raise DataFileError(
                path, [f"file too large ({size} bytes, limit {MAX_DATA_FILE_BYTES})"]
            )
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except FileNotFoundError:
        raise DataFileError(path, ["file not found"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataFileError(path, [f"invalid TOML: {exc}"]) from None
    except UnicodeDecodeError as exc:
        raise DataFileError(path, [f"not UTF-8 text: {exc.reason}"]) from None
    except OSError as exc:
        raise DataFileError(path, [f"cannot read: {exc.strerror or exc}"]) from None


def validate_data(path: Path, data: object, model: type[M]) -> M:
    """Validate already parsed ``data`` with ``model``; errors name ``path``."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataFileError(path, _validation_problems(exc)) from None


def load_toml(path: Path, model: type[M]) -> M:
    """Read the TOML file at ``path`` and validate it with ``model``."""
    return validate_data(path, read_toml(path), model)


class UnknownIdError(KeyError):
    """An id that names nothing in a catalog; the message lists near matches."""

    def __init__(self, kind: str, ident: str, known: Iterable[str]) -> None:
        self.kind = kind
        self.ident = ident
        self.suggestions = tuple(difflib.get_close_matches(ident, list(known), n=3))
        hint = (
            f"; did you mean {', '.join(map(repr, self.suggestions))}?" if self.suggestions else ""
        )
        self.message = f"unknown {kind} {ident!r}{hint}"
        super().__init__(self.message)

    def __str__(self) -> str:  # KeyError would show the repr of the message
        return self.message


_V = TypeVar("_V")


def lookup(kind: str, table: Mapping[str, _V], ident: str) -> _V:
    """``table[ident]``, or ``UnknownIdError`` naming the ``kind`` and near matches."""
    try:
        return table[ident]
    except KeyError:
        raise UnknownIdError(kind, ident, table) from None


class DataModel(BaseModel):
    """A rules-data entry: frozen, and an unknown field is an error (a typo in a file)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


_T = TypeVar("_T", bound=_HasId)


def _unique_ids(entries: tuple[_T, ...]) -> tuple[_T, ...]:
    """Raise a validation error naming the first repeated ``id``."""
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        ident = entry.id
        if ident in seen:
            raise PydanticCustomError(
                "duplicate_id",
                "duplicate id '{id}' at index {index} (first at index {first})",
                {"id": ident, "index": index, "first": seen[ident]},
            )
        seen[ident] = index
    return entries


#: Marks a tuple of entries whose ``id``s must be unique (a data file's table).
UniqueIds = AfterValidator(_unique_ids)
