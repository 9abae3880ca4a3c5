"""Format versions of the project's files, and the steps that bring old files up to date.

No Qt.  Every file the project writes carries ``"version": N``.  A loader calls
:func:`migrate` on the parsed JSON object before validating it: the object is passed
through one registered step per version (``0 -> 1``, ``1 -> 2``...) until it is at the
version this code writes, so only the current shape is ever validated.  A version newer
than the code knows, or one that is not a whole number, is refused with a ``FileProblem``
naming the file and the version.

Adding a version: raise ``CURRENT[kind]``, register ``@step(kind, old)`` turning an
old-version object into the next version's, and add a test with a file of the old
version (``tests/test_migrations.py``).

The versions so far:

``map``
    0. The pre-release format: no ``"version"`` key, and the floor heights under
       ``"heights"`` (base-36 rows, as ``"floor"`` now).
    1. The current format (``companion/model/mapfile.py``).

``party``
    1. The current format (``companion/rulesets/brickquest/character.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.safefile import FileProblem

Migration = Callable[[dict[str, Any]], dict[str, Any]]

#: The version each kind of file is written at today.
CURRENT: dict[str, int] = {"map": 1, "party": 1}
#: Kinds whose files once had no ``"version"`` key: such a file is at version 0.
UNVERSIONED_IS_ZERO: frozenset[str] = frozenset({"map"})
#: ``(kind, version)`` -> the step from that version to the next.
STEPS: dict[tuple[str, int], Migration] = {}


class StepError(Exception):
    """Raised by a step for an old file it cannot bring up to date: where and why."""

    def __init__(self, place: str, message: str) -> None:
        super().__init__(message)
        self.place = place
        self.message = message


def step(kind: str, old: int) -> Callable[[Migration], Migration]:
    """Register the function turning a ``kind`` file at version ``old`` into ``old + 1``."""

    def register(fn: Migration) -> Migration:
        STEPS[(kind, old)] = fn
        return fn

    return register


def file_version(
    kind: str, data: dict[str, Any], *, file: str = "", error: type[FileProblem] = FileProblem
) -> int:
    """The version ``data`` says it is at, refusing one this code cannot read."""
    current = CURRENT[kind]
    if "version" not in data and kind in UNVERSIONED_IS_ZERO:
        return 0
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        shown = repr(version)[:40]
        raise error(
            f"the {kind} file version is {shown}; expected a whole number up to {current}",
            file=file,
            place="version",
        )
    if version > current:
        raise error(
            f"unsupported {kind} file version {version}: made by a newer Brick Companion "
            f"(this one reads up to version {current})",
            file=file,
            place="version",
        )
    oldest = min((v for k, v in STEPS if k == kind), default=current)
    if version < oldest:
        known = f"version {current}" if oldest == current else f"versions {oldest} to {current}"
        raise error(
            f"unsupported {kind} file version {version}; this program reads {known}",
            file=file,
            place="version",
        )
    return version


def migrate(
    kind: str, data: dict[str, Any], *, file: str = "", error: type[FileProblem] = FileProblem
) -> dict[str, Any]:
    """``data`` brought up to the current version of ``kind``, step by step.

    Returns ``data`` itself when it is already current (nothing is copied); otherwise a
    new object.  ``error`` (a ``FileProblem`` subclass) is raised naming ``file``.
    """
    if kind not in CURRENT:
        raise ValueError(f"unknown kind of file {kind!r}")
    version = file_version(kind, data, file=file, error=error)
    current = CURRENT[kind]
    while version < current:
        try:
            data = STEPS[(kind, version)](dict(data))
        except StepError as exc:
            raise error(
                f"{exc.message} (reading a version {version} {kind} file)",
                file=file,
                place=exc.place,
            ) from None
        version += 1
        data["version"] = version
    return data


def needs_migration(kind: str, data: dict[str, Any]) -> bool:
    """Whether ``data`` is at an older version than the current one (without checking it)."""
    version = data.get("version", 0 if kind in UNVERSIONED_IS_ZERO else None)
    return isinstance(version, int) and not isinstance(version, bool) and version < CURRENT[kind]


# -- the steps ---------------------------------------------------------------------------


@step("map", 0)
def _map_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    """Pre-release maps named the floor heights ``heights``; version 1 calls them ``floor``."""
    if "floor" in data:
        raise StepError(
            "floor",
            "a map without a version is a pre-release map, which names its floor "
            "'heights'; if this is a current map, add \"version\": 1",
        )
    if "heights" in data:
        data["floor"] = data.pop("heights")
    return data
