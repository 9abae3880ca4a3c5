"""User-filled rules data: tables a ruleset lets the user add rows to, or override.

A ruleset that offers :class:`UserTables` declares some of its data tables as
:class:`TableSpec`: the pydantic model of one row, the field that names a row, the bundled
file the rows come from, and whether the user's rows may replace bundled ones or only add
new ones.  The user's rows live in ``<data dir>/rulesets/<ruleset id>/<table id>.toml``
(``companion.userdirs``), written in the very format of the bundled file (``format_version``
and an array of tables), so an entry copied from ``resources/`` works as it is.

One loader reads both (:func:`read_table_file` and :func:`table_from_data`): the same row
model, the same checks, every row carrying its :class:`RowSource` (file, entry, line).
:func:`merge` gives the rows in play: bundled rows, user rows replacing those they may and
added after them.  A user file with any problem is not in play at all (never half of it),
and its problems are kept, each naming the file, the entry and the field, for the window
and for ``brick-companion validate`` to show.  No Qt here.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel, ValidationError

from companion.atomic import write_atomic
from companion.datafiles import DataFileError, display_path, format_loc, read_toml
from companion.userdirs import data_dir, ensure

R = TypeVar("R", bound=BaseModel)

#: What a table's cross-row check returns: (index in the merged rows, field, message).
CrossProblem = tuple[int, str, str]

#: The name of the user's folder of tables under the app's data folder.
TABLES_DIRNAME = "rulesets"
#: The user's table files are TOML, like the bundled data.
TABLE_SUFFIX = ".toml"


@dataclass(frozen=True)
class TableSpec(Generic[R]):
    """A table of a ruleset's data that the user may fill in."""

    #: Stable id, also the user's file name: ``<id>.toml``.
    id: str
    title: str
    #: The pydantic model of one row: bundled and user rows are validated by it alike.
    row: type[R]
    #: The bundled data file the table's rows come from.
    bundled: Path
    #: The row field that names a row (unique in the table).
    key: str = "id"
    #: The key of the array of tables in the files (default: ``id``).
    array: str = ""
    #: User rows may replace bundled rows of the same key (else they may only add).
    overrides: bool = False
    #: The files' ``format_version``.
    format_version: int = 1
    #: Checks across the merged rows (references to other tables...); the same check
    #: runs on bundled and user rows.
    check: Callable[[Sequence[R]], list[CrossProblem]] | None = None
    #: One line for the window: what a row is, what the table is used for.
    description: str = ""
    #: For a table bundled as a template the user fills in: the entries a game still
    #: needs that the merged rows leave empty, each named ("war.hit_power"); the window
    #: lists them.  None: every row as bundled is complete.
    missing: Callable[[Sequence[R]], list[str]] | None = None

    @property
    def array_key(self) -> str:
        return self.array or self.id

    @property
    def columns(self) -> tuple[str, ...]:
        """The row model's fields, in declaration order (the key first)."""
        names = list(self.row.model_fields)
        if self.key in names:
            names.remove(self.key)
        return (self.key, *names)

    def file_name(self) -> str:
        return f"{self.id}{TABLE_SUFFIX}"


@runtime_checkable
class UserTables(Protocol):
    """A ruleset some of whose data tables the user may add rows to (or override) from
    files in the user's folder; the rows in play are the merged ones (``load_table``).

    Optional: a ruleset without it plays its bundled data only.
    """

    id: str

    def user_tables(self) -> Sequence[TableSpec[Any]]:
        """The tables the user may fill in, in the order the window lists them."""
        ...


@dataclass(frozen=True)
class RowSource:
    """Where a row comes from: a bundled file or the user's, its entry and line."""

    path: Path
    #: The row's index in its file's array (0-based; shown 1-based).
    entry: int
    line: int | None = None
    bundled: bool = False

    def describe(self) -> str:
        where = f"{display_path(self.path)}, entry {self.entry + 1}"
        return where + (f" (line {self.line})" if self.line is not None else "")

    def short(self) -> str:
        """For a cell: "bundled #3" or "yours #2, line 9"."""
        who = "bundled" if self.bundled else "yours"
        line = f", line {self.line}" if self.line is not None else ""
        return f"{who} #{self.entry + 1}{line}"


@dataclass(frozen=True)
class RowProblem:
    """One problem of a table file: the file, the entry and field, and what is wrong."""

    path: Path
    message: str
    #: None: the file as a whole (unreadable, a bad top-level key...).
    entry: int | None = None
    key: str | None = None
    #: The dotted field path inside the row ("attack.melee_dice"); "" for the row.
    field: str = ""
    line: int | None = None

    def place(self) -> str:
        """The entry and field: ``entry 2 'hydra' (line 9): hit_points``."""
        parts = []
        if self.entry is not None:
            name = f" {self.key!r}" if self.key else ""
            line = f" (line {self.line})" if self.line is not None else ""
            parts.append(f"entry {self.entry + 1}{name}{line}")
        if self.field:
            parts.append(self.field)
        return ": ".join(parts)

    def __str__(self) -> str:
        place = self.place()
        return f"{display_path(self.path)}: {place + ': ' if place else ''}{self.message}"


class TableFileError(DataFileError):
    """A table file that cannot be used; ``row_problems`` name entry and field."""

    def __init__(self, path: Path, problems: Sequence[RowProblem]) -> None:
        self.row_problems = tuple(problems)
        super().__init__(
            path, [(f"{p.place()}: " if p.place() else "") + p.message for p in problems]
        )


@dataclass(frozen=True)
class SourcedRow(Generic[R]):
    """A validated row and where it comes from."""

    row: R
    source: RowSource
    #: The value of the table's key field.
    key: str


@dataclass(frozen=True)
class TableFile(Generic[R]):
    """One table file read: its valid rows, its raw entries (valid or not), its problems."""

    path: Path
    bundled: bool
    rows: tuple[SourcedRow[R], ...] = ()
    #: Every entry as written (dicts), for the editor; None when the file could not be
    #: read as a table at all (then nothing may overwrite it from the editor unseen).
    entries: tuple[dict[str, Any], ...] | None = ()
    lines: tuple[int | None, ...] = ()
    problems: tuple[RowProblem, ...] = ()


@dataclass(frozen=True)
class Table(Generic[R]):
    """A table in play: bundled rows merged with the user's (when their file is sound)."""

    spec: TableSpec[R]
    bundled: TableFile[R]
    user: TableFile[R] | None
    rows: tuple[SourcedRow[R], ...]
    #: The user's file's problems: when any, none of its rows is in play.
    problems: tuple[RowProblem, ...] = field(default=())

    @property
    def in_play(self) -> tuple[R, ...]:
        return tuple(r.row for r in self.rows)

    @property
    def user_rows_in_play(self) -> bool:
        return any(not r.source.bundled for r in self.rows)


# -- folders --------------------------------------------------------------------------


def user_folder(ruleset_id: str, base: Path | None = None) -> Path:
    """The user's table files of a ruleset: ``<data dir>/rulesets/<ruleset id>``."""
    return (data_dir() if base is None else base) / TABLES_DIRNAME / ruleset_id


def user_file(spec: TableSpec[Any], ruleset_id: str, base: Path | None = None) -> Path:
    """The user's file of ``spec``: ``<data dir>/rulesets/<ruleset id>/<table id>.toml``."""
    return user_folder(ruleset_id, base) / spec.file_name()


def tables_stamp(ruleset_id: str, base: Path | None = None) -> tuple[tuple[str, int, int], ...]:
    """What the user's table files of a ruleset are now (name, size, time): a cache key
    that changes when one is written, added or removed."""
    folder = user_folder(ruleset_id, base)
    try:
        files = sorted(folder.glob(f"*{TABLE_SUFFIX}"))
    except OSError:
        return ()
    stamp = []
    for path in files:
        try:
            st = path.stat()
        except OSError:
            continue
        stamp.append((path.name, st.st_size, st.st_mtime_ns))
    return tuple(stamp)


# -- the one loader -------------------------------------------------------------------


def entry_lines(text: str, array: str) -> list[int]:
    """The line of each ``[[array]]`` header in a TOML text, in order (1-based)."""
    header = re.compile(rf"^\s*\[\[\s*(?:{re.escape(array)}|\"{re.escape(array)}\")\s*\]\]")
    return [n for n, line in enumerate(text.splitlines(), start=1) if header.match(line)]


def _row_key(entry: object, key: str) -> str | None:
    value = entry.get(key) if isinstance(entry, dict) else None
    return value if isinstance(value, str) else None


def table_from_data(
    spec: TableSpec[R],
    path: Path,
    data: Mapping[str, Any],
    *,
    bundled: bool,
    lines: Sequence[int | None] = (),
) -> TableFile[R]:
    """A table file's parsed ``data`` checked row by row with the table's row model.

    The one check of bundled and user files alike (``read_table_file`` reads from disk;
    the window checks its unsaved rows through here too).  Never raises.
    """
    problems: list[RowProblem] = []
    array = spec.array_key
    for name in data:
        if name not in ("format_version", array):
            problems.append(
                RowProblem(path, f"unknown key {name!r}; expected 'format_version' and {array!r}")
            )
    version = data.get("format_version")
    if version != spec.format_version:
        problems.append(
            RowProblem(
                path,
                f"format_version: should be {spec.format_version}, not {version!r}"
                if version is not None
                else f"format_version: missing (write format_version = {spec.format_version})",
            )
        )
    raw = data.get(array, [])
    if not isinstance(raw, list) or not all(isinstance(e, dict) for e in raw):
        problems.append(
            RowProblem(path, f"{array}: should be a list of tables ([[{array}]] entries)")
        )
        return TableFile(path, bundled, entries=None, problems=tuple(problems))
    entries = tuple(dict(e) for e in raw)
    at = [*lines, *([None] * len(entries))][: len(entries)]
    rows: list[SourcedRow[R]] = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(entries):
        source = RowSource(path, index, at[index], bundled)
        key = _row_key(entry, spec.key)
        try:
            row = spec.row.model_validate(entry)
        except ValidationError as exc:
            for detail in exc.errors(include_url=False):
                problems.append(
                    RowProblem(
                        path, detail["msg"], index, key, format_loc(detail["loc"]), at[index]
                    )
                )
            continue
        key = str(getattr(row, spec.key))
        if key in seen:
            message = f"{spec.key} {key!r} is given twice (first in entry {seen[key] + 1})"
            problems.append(RowProblem(path, message, index, key, spec.key, at[index]))
            continue
        seen[key] = index
        rows.append(SourcedRow(row, source, key))
    return TableFile(path, bundled, tuple(rows), entries, tuple(at), tuple(problems))


def read_table_file(spec: TableSpec[R], path: Path, *, bundled: bool) -> TableFile[R]:
    """Read and check a table file (bundled or the user's); never raises."""
    try:
        data = read_toml(path)
    except DataFileError as exc:
        return TableFile(
            path, bundled, entries=None, problems=tuple(RowProblem(path, p) for p in exc.problems)
        )
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    lines = entry_lines(text, spec.array_key)
    return table_from_data(spec, path, data, bundled=bundled, lines=lines)


def merge(spec: TableSpec[R], bundled: TableFile[R], user: TableFile[R] | None) -> Table[R]:
    """The rows in play: bundled rows, the user's replacing (where the table allows it)
    or added after them.  A user file with a problem adds nothing; its problems are kept.

    ``TableFileError`` when the bundled file itself is faulty (the app's own data).
    """
    if bundled.problems:
        raise TableFileError(bundled.path, bundled.problems)
    base = list(bundled.rows)
    if user is None:
        return Table(spec, bundled, None, tuple(base))
    problems = list(user.problems)
    index_of = {row.key: i for i, row in enumerate(base)}
    merged = list(base)
    for row in user.rows:
        at = index_of.get(row.key)
        if at is None:
            merged.append(row)
        elif spec.overrides:
            merged[at] = row
        else:
            problems.append(
                RowProblem(
                    user.path,
                    f"{row.key!r} is a bundled {spec.title.lower()} row, and this table only "
                    f"takes new rows: give it another {spec.key}",
                    row.source.entry,
                    row.key,
                    spec.key,
                    row.source.line,
                )
            )
    if spec.check is not None:
        for index, where, message in spec.check([r.row for r in merged]):
            source = merged[index].source
            problem = RowProblem(
                source.path, message, source.entry, merged[index].key, where, source.line
            )
            if source.bundled:
                raise TableFileError(source.path, [problem])
            problems.append(problem)
    if problems:
        return Table(spec, bundled, user, tuple(base), tuple(problems))
    return Table(spec, bundled, user, tuple(merged))


def load_table(spec: TableSpec[R], ruleset_id: str, base: Path | None = None) -> Table[R]:
    """The table in play: the bundled file merged with the user's file, if there is one."""
    bundled = read_table_file(spec, spec.bundled, bundled=True)
    path = user_file(spec, ruleset_id, base)
    user = read_table_file(spec, path, bundled=False) if path.exists() else None
    return merge(spec, bundled, user)


def check_entries(
    spec: TableSpec[R],
    bundled: TableFile[R],
    path: Path,
    entries: Sequence[Mapping[str, Any]],
    lines: Sequence[int | None] = (),
) -> Table[R]:
    """Unsaved user rows checked exactly as their file would be once written (``lines``:
    where each row is in the file now, None for a new one)."""
    data = {"format_version": spec.format_version, spec.array_key: [dict(e) for e in entries]}
    return merge(spec, bundled, table_from_data(spec, path, data, bundled=False, lines=lines))


# -- writing --------------------------------------------------------------------------

_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def toml_key(name: str) -> str:
    return name if _BARE_KEY.match(name) else json.dumps(name)


def toml_value(value: Any) -> str:
    """A value as TOML (inline tables and arrays for nested ones)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, Mapping):
        inner = ", ".join(
            f"{toml_key(str(k))} = {toml_value(v)}" for k, v in value.items() if v is not None
        )
        return f"{{ {inner} }}" if inner else "{}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    raise ValueError(f"cannot write {type(value).__name__} {value!r} in a table file")


def dump_table(spec: TableSpec[Any], entries: Sequence[Mapping[str, Any]], title: str = "") -> str:
    """The text of a user's table file: the bundled file's format, one entry per table."""
    head = [
        f"# {title or spec.title}: your rows, added to the bundled ones"
        + (" (a row with a bundled id replaces it)." if spec.overrides else "."),
        f"# Same format and checks as {display_path(spec.bundled)}.",
        "# Written by Brick Companion (Rules > Tables...): comments here are not kept.",
        "",
        f"format_version = {spec.format_version}",
    ]
    out = head
    order = {name: i for i, name in enumerate(spec.columns)}
    for entry in entries:
        out += ["", f"[[{toml_key(spec.array_key)}]]"]
        keys = sorted(entry, key=lambda k: order.get(k, len(order)))  # the model's order
        out += [f"{toml_key(k)} = {toml_value(entry[k])}" for k in keys if entry[k] is not None]
    return "\n".join(out) + "\n"


def save_user_table(
    spec: TableSpec[R],
    ruleset_id: str,
    entries: Sequence[Mapping[str, Any]],
    base: Path | None = None,
) -> Path:
    """Write the user's rows of ``spec`` atomically, only when they pass every check.

    ``TableFileError`` (nothing written) names each problem's entry and field.
    """
    path = user_file(spec, ruleset_id, base)
    bundled = read_table_file(spec, spec.bundled, bundled=True)
    table = check_entries(spec, bundled, path, entries)
    if table.problems:
        raise TableFileError(path, table.problems)
    text = dump_table(spec, entries)
    ensure(path.parent)
    write_atomic(path, text.encode("utf-8"))
    return path


def rows_fingerprint(ruleset: object, ruleset_id: str) -> dict[str, str]:
    """Each of the ruleset's tables whose user rows are in play now, with a short hash of
    those rows: a game keeps it (``GameHeader.user_tables``), so reopening it tells when
    the rows it began with have changed since."""
    out = {}
    for spec in table_specs(ruleset):
        table = load_table(spec, ruleset_id)
        mine = [r.row.model_dump(mode="json") for r in table.rows if not r.source.bundled]
        if mine:
            text = json.dumps(mine, sort_keys=True, ensure_ascii=False)
            out[spec.id] = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return out


def changed_tables(ruleset: object, ruleset_id: str, began: Mapping[str, str]) -> list[str]:
    """The titles of the tables whose user rows differ from those a game ``began`` with."""
    now = rows_fingerprint(ruleset, ruleset_id)
    titles = {s.id: s.title for s in table_specs(ruleset)}
    return [titles.get(t, t) for t in sorted(set(now) | set(began)) if now.get(t) != began.get(t)]


def missing_entries(table: Table[Any]) -> list[str]:
    """The entries a game still needs that ``table``'s rows in play leave empty (none
    when its spec says nothing of it)."""
    return list(table.spec.missing(table.in_play)) if table.spec.missing is not None else []


def table_specs(ruleset: object) -> Sequence[TableSpec[Any]]:
    """The user tables a ruleset offers (none without ``UserTables``)."""
    return tuple(ruleset.user_tables()) if isinstance(ruleset, UserTables) else ()
