"""Bounded, validated reading of the project's files, and the one error type for bad ones.

No Qt.  ``read_bounded`` checks that a path is a regular file under a size limit
before reading a byte (a directory, a named pipe or ``/dev/zero`` is refused at
once, never opened for a blocking read).  ``parse_json`` turns the bytes into Python
values, refusing duplicate keys, ``NaN`` and runaway nesting.  Every refusal is a
``FileProblem`` naming the file, the place (line, field path or square) and what was
expected; loaders raise subclasses of it (``MapFileError``, ``PartyFileError``...).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from pydantic import ValidationError

#: Most problems one file reports (a file of garbage could give millions).
MAX_PROBLEMS = 50


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a file: where (may be empty) and what was expected."""

    place: str
    message: str

    def __str__(self) -> str:
        return f"{self.place}: {self.message}" if self.place else self.message


class FileProblem(ValueError):
    """A file that cannot be used; ``str()`` is one sentence naming file, place and problem.

    ``problems`` holds every problem found (at least one); ``lines()`` gives one line each.
    ``FileProblem("text")`` still works for callers that build the whole message.
    """

    def __init__(
        self,
        message: str = "",
        *,
        file: str = "",
        place: str = "",
        problems: Sequence[Problem] = (),
    ) -> None:
        self.file = file
        self.problems: tuple[Problem, ...] = tuple(problems) or (Problem(place, message),)
        super().__init__(str(self))

    @property
    def place(self) -> str:
        return self.problems[0].place

    @property
    def message(self) -> str:
        return self.problems[0].message

    def __str__(self) -> str:
        head = f"{self.file}: " if self.file else ""
        n = len(self.problems) - 1
        more = f" (and {n} more problem{'s' if n != 1 else ''})" if n else ""
        return " ".join(f"{head}{self.problems[0]}{more}".split())

    def lines(self) -> list[str]:
        """One line per problem: ``FILE: PLACE: what is wrong``."""
        head = f"{self.file}: " if self.file else ""
        return [" ".join(f"{head}{p}".split()) for p in self.problems]

    def in_file(self, file: str) -> Self:
        """The same problems, named as being in ``file`` (unless a file is already named)."""
        if self.file:
            return self
        return type(self)(file=file, problems=self.problems)


class ProblemList:
    """Collects problems up to ``MAX_PROBLEMS``; ``raise_if_any`` raises them together."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, place: str, message: str) -> None:
        if len(self.items) < MAX_PROBLEMS:
            self.items.append(Problem(place, message))

    def extend(self, problems: Iterable[Problem]) -> None:
        for p in problems:
            self.add(p.place, p.message)

    @property
    def full(self) -> bool:
        return len(self.items) >= MAX_PROBLEMS

    def __bool__(self) -> bool:
        return bool(self.items)

    def raise_if_any(self, error: type[FileProblem], file: str) -> None:
        if self.items:
            raise error(file=file, problems=self.items)


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def read_bounded(
    path: str | os.PathLike[str],
    limit: int,
    *,
    what: str = "file",
    error: type[FileProblem] = FileProblem,
    name: str | None = None,
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else ``error`` saying why.

    The kind and size are checked with ``stat`` before opening; the file is opened
    non-blocking and checked again, so a pipe swapped in meanwhile cannot block.
    """
    label = str(path) if name is None else name
    data = _read(path, limit, what, error, label, whole=True)
    _check_size(len(data), limit, what, error, label)
    return data


def read_head(
    path: str | os.PathLike[str],
    size: int,
    *,
    what: str = "file",
    error: type[FileProblem] = FileProblem,
) -> bytes:
    """The first ``size`` bytes of a regular file (any length), with the same checks."""
    return _read(path, size, what, error, str(path), whole=False)


def _read(
    path: str | os.PathLike[str],
    limit: int,
    what: str,
    error: type[FileProblem],
    label: str,
    *,
    whole: bool,
) -> bytes:
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode):
            raise error(
                f"not a regular file ({_kind_of(st.st_mode)}); expected a {what}", file=label
            )
        if whole:
            _check_size(st.st_size, limit, what, error, label)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as fh:
            st = os.fstat(fh.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise error(
                    f"not a regular file ({_kind_of(st.st_mode)}); expected a {what}", file=label
                )
            return fh.read(limit + 1 if whole else limit)
    except OSError as exc:
        reason = (exc.strerror or str(exc)).lower()
        raise error(f"cannot read the file ({reason})", file=label) from None


def _check_size(size: int, limit: int, what: str, error: type[FileProblem], label: str) -> None:
    if size > limit:
        raise error(
            f"the file is {size:,} bytes; {what}s larger than {_human(limit)} are refused",
            file=label,
        )


def _human(n: int) -> str:
    if n >= 1024 * 1024 and n % (1024 * 1024) == 0:
        return f"{n // (1024 * 1024)} MB"
    if n >= 1024 and n % 1024 == 0:
        return f"{n // 1024} KB"
    return f"{n:,} bytes"


class _DuplicateKey(ValueError):
    pass


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _DuplicateKey(key)
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_json(data: bytes, *, file: str, error: type[FileProblem] = FileProblem) -> Any:
    """Strict JSON: UTF-8, no duplicate keys, no NaN/Infinity, no runaway nesting, no
    control character (but tab and line breaks) or lone surrogate in any text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"Invalid JSON: byte {exc.start} is not UTF-8 text", file=file) from None
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise error(
            f"Invalid JSON: {exc.msg.lower()}",
            file=file,
            place=f"line {exc.lineno}, column {exc.colno}",
        ) from None
    except _DuplicateKey as exc:
        raise error(
            f"the key {str(exc)[:40]!r} appears twice in one object; give each key once",
            file=file,
        ) from None
    except RecursionError:
        raise error(
            "Invalid JSON: recursion limit reached, arrays or objects nested too deep", file=file
        ) from None
    except ValueError as exc:
        raise error(f"Invalid JSON: {exc}", file=file) from None
    if _SUSPECT.search(text):  # only then walk the values (a walk of a big map is slow)
        problem = text_problem(value)
        if problem is not None:
            raise error(file=file, problems=[problem])
    return value


def pydantic_problems(exc: ValidationError, prefix: str = "") -> list[Problem]:
    """Every pydantic error as a ``Problem`` with a field path such as ``rooms[2].name``."""
    out = []
    for err in exc.errors(include_url=False, include_input=False)[:MAX_PROBLEMS]:
        place = field_path(err.get("loc", ()), prefix)
        msg = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        if err.get("type") == "extra_forbidden":
            msg = "unknown field; remove it or check its spelling"
        elif err.get("type") == "missing":
            msg = "required field is missing"
        out.append(Problem(place, msg))
    return out


def field_path(loc: Iterable[Any], prefix: str = "") -> str:
    """``("rooms", 2, "name")`` as ``rooms[2].name``."""
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def read_json_file(
    path: str | os.PathLike[str],
    limit: int,
    *,
    what: str,
    error: type[FileProblem] = FileProblem,
) -> Any:
    """``read_bounded`` then ``parse_json``, naming the file as given."""
    data = read_bounded(path, limit, what=what, error=error)
    return parse_json(data, file=str(path), error=error)


def display_name(path: str | os.PathLike[str]) -> str:
    """How messages name a file: the path as given."""
    return str(Path(path))


#: Characters no name or note may hold: controls other than tab and line breaks, and
#: lone surrogates (which no UTF-8 file can hold, and which crash a writer).
_BAD_TEXT = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
#: What JSON text holding such a character must contain: an escape of one (a raw control
#: below U+0020 is not JSON at all) or a raw DEL or C1 control.
_SUSPECT = re.compile(r"\\u(?:00[01]|007[fF]|00[89]|[dD][89a-fA-F])|[\x7f-\x9f]")


def text_problem(value: Any, place: str = "", *, depth: int = 0) -> Problem | None:
    """The first string in a JSON value holding a control character or a lone surrogate,
    as a ``Problem`` naming its place; None when every string is clean."""
    if depth > 200:
        return Problem(place, "nested too deep")
    if isinstance(value, str):
        found = _BAD_TEXT.search(value)
        if found:
            code = f"U+{ord(found.group()):04X}"
            return Problem(place, f"the text {value[:40]!a} holds the character {code}")
        return None
    items: Iterable[tuple[str, Any]] = ()
    if isinstance(value, dict):
        items = ((field_path([str(k)], place), v) for k, v in value.items())
        for key in value:
            if isinstance(key, str) and _BAD_TEXT.search(key):
                return Problem(place, f"the key {key[:40]!a} holds a control character")
    elif isinstance(value, list | tuple):
        items = ((field_path([i], place), v) for i, v in enumerate(value))
    for where, item in items:
        found_problem = text_problem(item, where, depth=depth + 1)
        if found_problem is not None:
            return found_problem
    return None
