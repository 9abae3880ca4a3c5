"""A game session: a set-up plus an append-only log of actions with their dice.

The current state is a fold over the log.  Undo and redo move a cursor through it;
the file records them too, so the file itself only ever grows: each action is one
JSON line, written to the file before the action changes the state in memory, so a
crash loses at most the action in progress and a failed write (a full disk) leaves
memory and disk agreeing; a worker thread then forces it onto the disk (``disk_sync``),
and should that fail, the next action is refused with the system's words.  The first
line is a header with the format version.

Reading a log trusts nothing: every action is validated again on replay (an illegal
one must be marked forced), every die must be a face of its die, and a last line cut
off by a crash is cut from the file with a notice, so later appends stay readable.
From version 2 on, every record carries the hash of the log before it (``logchain``), so
a record changed, removed, moved or repeated by hand is refused with its line; a version 1
log (no chain) is read as it is and chained when the game opens it (``chain_file``).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticSerializationError

from companion.atomic import write_atomic
from companion.rules import logchain
from companion.rules.dice import Dice, DiceError, DiceRoll, RecordingDice, ReplayDice
from companion.rules.disk_sync import DISK_SYNC
from companion.rules.ruleset import Event, Ruleset, get_ruleset
from companion.rules.verdict import Reason, Verdict

FORMAT: Final = "brick-companion-session"
VERSION = 2
#: The first version whose records are chained (``logchain``).
CHAINED = 2
#: Session files larger than this are refused before reading: about 90,000 actions, far
#: beyond any game night (2,000 actions are some 350 KB), and replayed in bounded time.
MAX_FILE_BYTES = 16 * 1024 * 1024


class SessionError(ValueError):
    """A session file or action that cannot be used; the message says what and where."""


class IllegalAction(SessionError):
    """An illegal action that was not forced."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.message)
        self.verdict = verdict


class Header(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    format: Literal["brick-companion-session"]
    version: int = Field(ge=1, le=VERSION)
    ruleset: str
    setup: dict[str, Any]


class ActionRecord(BaseModel):
    """One resolved action: what was asked, the dice, and whether the BrickMaster forced it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["action"] = "action"
    action: dict[str, Any]
    rolls: tuple[DiceRoll, ...] = ()
    forced: bool = False
    overruled: tuple[Reason, ...] = ()
    why: str = ""
    #: A BrickMaster's remark on the record, e.g. why its dice were rolled again.
    note: str = Field(default="", max_length=500)


class UndoRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    type: Literal["undo", "redo"]


Record = ActionRecord | UndoRecord
_RECORD = TypeAdapter(Record)


class Session:
    """A game in progress.  ``state`` is the fold of the log up to the cursor."""

    def __init__(
        self,
        ruleset: Ruleset[Any, Any],
        setup: Mapping[str, Any],
        path: Path | None = None,
        header: BaseModel | None = None,
    ) -> None:
        self.ruleset = ruleset
        self.setup = dict(setup)
        self.path = path
        self._header = header
        self._entries: list[ActionRecord] = []
        self._states: list[Any] = [ruleset.initial_state(self.setup)]
        self._events: list[tuple[Event, ...]] = [()]
        self._cursor = 0
        #: Records in the file (actions, undos and redos): seeds the app's next dice.
        self.records_written = 0
        #: What reading the file had to mend (a torn last line), for the user to see.
        self.notice = ""
        #: The last link of the file's hash chain; None: an unchained (version 1) file.
        self.chain: str | None = None

    # -- reading --------------------------------------------------------------
    @property
    def state(self) -> Any:
        return self._states[self._cursor]

    @property
    def entries(self) -> list[ActionRecord]:
        """The actions in effect (up to the cursor)."""
        return self._entries[: self._cursor]

    def record_at(self, index: int) -> ActionRecord:
        """The ``index``-th action recorded (0-based), one undone after the cursor too."""
        return self._entries[index]

    def events_at(self, index: int) -> tuple[Event, ...]:
        """What happened in the ``index``-th action (1-based; 0: the set-up, nothing)."""
        return self._events[index]

    @property
    def last_events(self) -> tuple[Event, ...]:
        return self._events[self._cursor]

    @property
    def cursor(self) -> int:
        return self._cursor

    @property
    def can_undo(self) -> bool:
        return self._cursor > 0

    @property
    def can_redo(self) -> bool:
        return self._cursor < len(self._entries)

    def state_at(self, index: int) -> Any:
        """The state after the first ``index`` actions (0: the set-up)."""
        return self._states[index]

    def history(self) -> Iterator[Step]:
        """Each action in effect with the state before it and what happened."""
        for i, record in enumerate(self.entries):
            yield Step(record, self._states[i], self._states[i + 1], self._events[i + 1])

    def check(self, action: Any) -> Verdict:
        """Validate without changing anything."""
        return self.ruleset.validate(self.state, self.parse(action))

    # -- changing -------------------------------------------------------------
    def act(
        self,
        action: Any,
        dice: Dice,
        *,
        force: bool = False,
        why: str = "",
        before_commit: Callable[[], None] | None = None,
        note: str = "",
    ) -> tuple[Event, ...]:
        """Validate and resolve ``action``; refuse an illegal one unless ``force``.

        A forced illegal action is logged with the reasons it was illegal and ``why``.
        ``before_commit`` may still refuse (raise) after the dice are rolled, before
        anything is written (e.g. more dice typed in than the action used).
        """
        parsed = self.parse(action)
        verdict = self.ruleset.validate(self.state, parsed)
        if not verdict.legal and not force:
            raise IllegalAction(verdict)
        if not verdict.legal:
            # A ruleset may know that a forced action would not do what was asked (a move
            # that would stop short): it is refused before anything is spent.  Asked only
            # here, for a new action, so a log written before still replays as it was.
            refusal = getattr(self.ruleset, "force_refusal", None)
            why_not = refusal(self.state, parsed) if refusal is not None else None
            if why_not:
                raise SessionError(f"cannot carry out the action: {why_not}")
        recorder = RecordingDice(dice)
        try:
            resolution = self.ruleset.resolve(self.state, parsed, recorder)
        except DiceError:
            raise
        except ValueError as exc:  # e.g. a forced action that cannot be carried out at all
            raise SessionError(f"cannot carry out the action: {exc}") from None
        if before_commit is not None:
            before_commit()
        record = ActionRecord(
            action=parsed.model_dump(mode="json"),
            rolls=tuple(recorder.rolls),
            forced=not verdict.legal,
            overruled=verdict.reasons,
            why=why if not verdict.legal else "",
            note=note,
        )
        self._append(record)
        self._push(record, resolution.state, resolution.events)
        return resolution.events

    def undo(self) -> None:
        if not self.can_undo:
            raise SessionError("nothing to undo")
        self._append(UndoRecord(type="undo"))
        self._cursor -= 1

    def redo(self) -> None:
        if not self.can_redo:
            raise SessionError("nothing to redo")
        self._append(UndoRecord(type="redo"))
        self._cursor += 1

    # -- files ----------------------------------------------------------------
    @classmethod
    def create(cls, ruleset: Ruleset[Any, Any], setup: Mapping[str, Any], path: Path) -> Session:
        """A new session whose log is kept in ``path`` from the first action on."""
        session = cls(ruleset, setup)
        session.save_as(path)
        return session

    def header(self) -> BaseModel:
        if self._header is not None:
            return self._header
        return Header(format=FORMAT, version=VERSION, ruleset=self.ruleset.id, setup=self.setup)

    def save_as(self, path: Path) -> None:
        """Write the whole session (the entries in effect) to ``path`` atomically."""
        header = _dump(self.header())
        link = logchain.start(header)
        lines = [header]
        for entry in self.entries:
            line, link = logchain.seal(link, _dump(entry))
            lines.append(line)
        write_atomic(path, b"\n".join(lines) + b"\n")
        DISK_SYNC.take_error(path)  # what an earlier fsync missed is on the disk now
        self._entries = self._entries[: self._cursor]
        self.path = path
        self.records_written = len(lines) - 1
        self.chain = link

    @classmethod
    def load(cls, path: Path) -> Session:
        """Read a session file; a cut-off last line (a crash mid-write) is cut with a notice."""
        log = read_log(path)
        header = _parse_header(log, Header, "a session header")
        ruleset = _ruleset(path, header.ruleset)
        try:
            session = cls(ruleset, header.setup)
        except ValueError as exc:
            raise SessionError(f"{path}: line 1: setup: {exc}") from None
        session.replay(log, chained=header.version >= CHAINED)
        return session

    def replay(self, log: LogLines, *, chained: bool = True) -> None:
        """Fold the records of ``log`` into this session, checking every one (and, in a
        ``chained`` log, that each follows the one before it)."""
        link = logchain.start(log.header) if chained else None
        for lineno, line in log.records:
            where = f"{log.path}: line {lineno}"
            if link is not None:
                try:
                    line, link = logchain.follow(link, line)
                except logchain.ChainError as exc:
                    raise SessionError(f"{where}: {exc}") from None
            elif logchain.unseal(line) is not None:
                raise SessionError(f'{where}: a "chain" field in a version 1 log')
            try:
                record = _RECORD.validate_json(line, strict=True)
            except ValidationError as exc:
                raise SessionError(f"{where}: {_first_error(exc)}") from None
            self._replay(record, where)
        self.path = log.path
        self.records_written = len(log.records)
        self.notice = log.notice
        self.chain = link

    # -- internals ------------------------------------------------------------
    def parse(self, action: Any) -> Any:
        """The ruleset's action for ``action`` (a dict or already parsed)."""
        if isinstance(action, BaseModel):
            return action
        try:
            return self.ruleset.actions.validate_python(action)
        except ValidationError as exc:
            raise SessionError(f"not a valid action: {_first_error(exc)}") from None

    def _push(self, record: ActionRecord, state: Any, events: tuple[Event, ...]) -> None:
        del self._entries[self._cursor :]
        del self._states[self._cursor + 1 :]
        del self._events[self._cursor + 1 :]
        self._entries.append(record)
        self._states.append(state)
        self._events.append(events)
        self._cursor += 1

    def _replay(self, record: Record, where: str) -> None:
        if isinstance(record, UndoRecord):
            if record.type == "undo" and self.can_undo:
                self._cursor -= 1
            elif record.type == "redo" and self.can_redo:
                self._cursor += 1
            else:
                raise SessionError(f"{where}: {record.type} with nothing to {record.type}")
            return
        try:
            action = self.parse(record.action)
            verdict = self.ruleset.validate(self.state, action)
        except (SessionError, LookupError) as exc:
            raise SessionError(f"{where}: {exc}") from None
        if not verdict.legal and not record.forced:
            raise SessionError(
                f"{where}: the action is illegal ({verdict.message}) but not marked forced"
            )
        used = RecordingDice(ReplayDice(record.rolls))
        try:
            resolution = self.ruleset.resolve(self.state, action, used)
        except (ValueError, LookupError) as exc:
            raise SessionError(f"{where}: cannot replay: {exc}") from None
        if len(used.rolls) != len(record.rolls):  # dice the action never rolled
            raise SessionError(
                f"{where}: {len(record.rolls)} rolls recorded, the action rolls {len(used.rolls)}"
            )
        self._push(record, resolution.state, resolution.events)

    def _append(self, record: Record) -> None:
        """Write ``record`` to the file, to be forced onto the disk by ``DISK_SYNC``; a
        failed write, or a failed ``fsync`` of the lines before it, changes nothing."""
        if self.path is None:
            return
        failed = DISK_SYNC.take_error(self.path)
        if failed is not None:
            raise SessionError(
                f"cannot write {self.path.name}: the disk refused the last action ({failed}); "
                "this action was not applied"
            )
        data, link = _dump(record), self.chain
        if link is not None:
            data, link = logchain.seal(link, data)
        data += b"\n"
        try:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise SessionError(f"cannot write {self.path.name}: {exc.strerror}") from None
        try:
            size = os.fstat(fd).st_size
            try:
                written = os.write(fd, data)
                if written != len(data):
                    raise OSError(28, "No space left on device")
            except OSError as exc:
                os.ftruncate(fd, size)  # leave no half record behind
                raise SessionError(
                    f"cannot write {self.path.name}: {exc.strerror}; the action was not applied"
                ) from None
        finally:
            os.close(fd)
        DISK_SYNC.request(self.path)
        self.records_written += 1
        self.chain = link


@dataclass(frozen=True)
class Step:
    """One action in effect: its record, the states around it and what happened."""

    record: ActionRecord
    before: Any
    after: Any
    events: tuple[Event, ...]


@dataclass(frozen=True)
class LogLines:
    """A log file split into its header line and its record lines (with line numbers)."""

    path: Path
    header: bytes
    records: list[tuple[int, bytes]]
    notice: str = ""


def read_log(path: Path, max_bytes: int = MAX_FILE_BYTES, *, mend: bool = True) -> LogLines:
    """Read a log file safely: a regular file under ``max_bytes``; a last line cut off by a
    crash is left out with a notice, and (``mend``) cut from the file too, so the next
    append stays readable.  Checking a file (``validate``) reads it without mending."""
    try:
        info = os.stat(path)
    except OSError as exc:
        raise SessionError(f"{path}: cannot read ({exc.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        raise SessionError(f"{path}: not a regular file")
    if info.st_size > max_bytes:
        raise SessionError(
            f"{path}: {info.st_size:,} bytes is larger than a game log can be"
            f" ({max_bytes // (1024 * 1024)} MB)"
        )
    try:
        with open(path, "rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise SessionError(f"{path}: cannot read ({exc.strerror})") from None
    lines = data.split(b"\n")
    if not lines[0].strip():
        raise SessionError(f"{path}: line 1: empty file, no header")
    tail = lines.pop()  # after the last newline: b"" when the file ends whole
    notice = ""
    if tail.strip():
        if len(lines) == 0:
            lines.append(tail)  # a one-line file without a newline: the header alone
        elif _is_record(tail):
            lines.append(tail)
            if mend:
                _mend(path, len(data), b"\n")
        else:
            lineno = len(lines) + 1
            if mend:
                _mend(path, len(data) - len(tail), None)
            notice = (
                f"{path.name}: line {lineno} was cut off when the program stopped;"
                " that last action is dropped."
            )
    records = [(i, line) for i, line in enumerate(lines[1:], start=2) if line.strip()]
    return LogLines(path=path, header=lines[0], records=records, notice=notice)


def _is_record(line: bytes) -> bool:
    sealed = logchain.unseal(line)
    try:
        _RECORD.validate_json(line if sealed is None else sealed[1], strict=True)
    except ValidationError:
        return False
    return True


def _mend(path: Path, size: int, append: bytes | None) -> None:
    """Cut the file to ``size`` bytes, or add ``append`` at its end."""
    try:
        if append is None:
            os.truncate(path, size)
        else:
            with open(path, "ab") as fh:
                fh.write(append)
    except OSError:
        pass  # read-only: the reading in memory is still right


HeaderT = TypeVar("HeaderT", bound=BaseModel)


def _parse_header(log: LogLines, model: type[HeaderT], what: str) -> HeaderT:
    try:
        return model.model_validate_json(log.header, strict=True)
    except ValidationError as exc:
        raise SessionError(f"{log.path}: line 1: not {what}: {_first_error(exc)}") from None


def _ruleset(path: Path, ruleset_id: str) -> Ruleset[Any, Any]:
    try:
        return get_ruleset(ruleset_id)
    except LookupError as exc:
        raise SessionError(f"{path}: line 1: {exc}") from None


def _dump(model: BaseModel) -> bytes:
    """A record or header as one line of UTF-8 JSON; ``SessionError`` for text no file can
    hold (a lone surrogate)."""
    try:
        return model.model_dump_json().encode("utf-8")
    except (PydanticSerializationError, UnicodeEncodeError) as exc:
        raise SessionError(f"cannot write the log: {exc}") from None


def chain_file(path: Path, header: bytes, records: list[bytes]) -> str:
    """Rewrite a version 1 log as a chained one (``header`` already says the new version),
    atomically and keeping the old file as ``FILE.bak``; the last link."""
    link = logchain.start(header)
    lines = [header]
    for record in records:
        line, link = logchain.seal(link, record)
        lines.append(line)
    write_atomic(path, b"\n".join(lines) + b"\n", backup=True)
    return link


def _first_error(exc: ValidationError) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    return f"{loc}: {err['msg']}" if loc else err["msg"]
