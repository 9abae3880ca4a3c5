"""Rules scenarios (shared/scenarios/FORMAT.md): a set-up and a list of checks.

``run_scenario`` plays the checks in order against one state: an action check is
validated, and applied when legal; a query measures.  Each check gives one result
line (a dict), as ``brick-companion rules check`` prints them.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from companion.rules.dice import DiceError, SeededDice, TypedDice
from companion.rules.ruleset import Ruleset, UnknownRuleset, get_ruleset

#: Scenario files larger than this are refused before reading.
MAX_SCENARIO_BYTES = 4 * 1024 * 1024
#: Distances compare with this tolerance (FORMAT.md).
TOLERANCE = 0.01


class ScenarioError(ValueError):
    """A scenario that cannot be run; the message names the file and the place."""


class MapSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    terrain: list[str] = Field(min_length=1, max_length=512)
    heights: list[str] | None = None
    stairs: dict[str, str] | None = None
    #: Furniture: ``[{"at": [x, y], "kind": "chest", "facing": "S", "locked": true, ...}]``
    #: (read by the ruleset).
    objects: list[dict[str, Any]] | None = Field(default=None, max_length=4096)
    #: Items lying on the floor: ``{"x,y": ["key", ...]}``.
    items: dict[str, list[str]] | None = None


class Scenario(BaseModel):
    """The document; figures, options and checks are read by the ruleset."""

    model_config = ConfigDict(extra="forbid")

    ruleset: str
    title: str | None = None
    #: The sentence of the rules text the scenario tests.
    rule: str | None = None
    options: dict[str, Any] = Field(default_factory=dict)
    map: MapSpec
    figures: list[dict[str, Any]] = Field(default_factory=list, max_length=500)
    initiative: list[str] | None = None
    #: The number each figure goes on (an extension: where a newcomer joins the order).
    initiative_numbers: dict[str, int] | None = None
    seed: int = 0
    checks: list[dict[str, Any]] = Field(default_factory=list, max_length=2000)

    def setup(self) -> dict[str, Any]:
        """The part a game starts from (what a session stores in its header)."""
        return self.model_dump(exclude={"checks", "title", "rule", "seed"}, exclude_none=True)


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file; ``ScenarioError`` names the file and field."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ScenarioError(f"{path}: cannot read ({exc.strerror})") from None
    if size > MAX_SCENARIO_BYTES:
        raise ScenarioError(f"{path}: {size} bytes is too large for a scenario")
    try:
        return Scenario.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        raise ScenarioError(f"{path}: {describe(exc)}") from None


def describe(exc: ValidationError) -> str:
    """The first validation error as 'field.path: message', on one line."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"])
    msg = err["msg"]
    if err["type"] == "extra_forbidden" and err["loc"]:
        msg = f"unknown field {err['loc'][-1]!r}"
    text = f"{loc}: {msg}" if loc else msg
    return " ".join(text.split())


def run_scenario(scenario: Scenario, name: str) -> list[dict[str, Any]]:
    """Play every check; returns the result lines.  ``ScenarioError`` for bad input."""
    try:
        ruleset: Ruleset[Any, Any] = get_ruleset(scenario.ruleset)
    except UnknownRuleset as exc:
        raise ScenarioError(f"{name}: ruleset: {exc}") from None
    try:
        state = ruleset.initial_state(scenario.setup())
    except ValueError as exc:
        raise ScenarioError(f"{name}: {exc}") from None
    dice = SeededDice(scenario.seed)
    results = []
    for index, check in enumerate(scenario.checks):
        where = f"{name}: checks.{index}"
        line: dict[str, Any] = {"file": name, "index": index}
        try:
            if "query" in check:
                answer = ruleset.query(state, check)
                line.update(answer)
                if "expect" in check:
                    line["ok"] = _same(answer["value"], check["expect"])
            else:
                state, verdict_line = _act(ruleset, state, check, dice)
                line.update(verdict_line)
        except ScenarioError as exc:
            raise ScenarioError(f"{where}: {exc}") from None
        except (ValueError, LookupError) as exc:
            raise ScenarioError(f"{where}: {_plain(exc)}") from None
        results.append(line)
    return results


def _act(
    ruleset: Ruleset[Any, Any], state: Any, check: dict[str, Any], dice: SeededDice
) -> tuple[Any, dict[str, Any]]:
    spec = {k: v for k, v in check.items() if k not in ("expect", "reason", "dice", "then")}
    try:
        action = ruleset.actions.validate_python(spec)
    except ValidationError as exc:
        raise ScenarioError(describe(exc)) from None
    verdict = ruleset.validate(state, action)
    line: dict[str, Any] = {"legal": verdict.legal}
    if not verdict.legal:
        line["reasons"] = verdict.codes
        line["message"] = verdict.message
    typed: TypedDice | None = None
    if verdict.legal:
        typed = TypedDice(_typed_faces(check["dice"])) if "dice" in check else None
        try:
            resolution = ruleset.resolve(state, action, typed or dice)
        except DiceError as exc:
            raise ScenarioError(f"dice: {exc}") from None
        state = resolution.state
        if resolution.events:
            line["events"] = [e.text for e in resolution.events]
    ok = True
    if typed is not None and typed.remaining:
        ok = False
        line["dice"] = f"{len(typed.remaining)} typed die/dice not used: {list(typed.remaining)}"
    if "expect" in check:
        ok = check["expect"] == ("legal" if verdict.legal else "illegal")
        if ok and not verdict.legal and "reason" in check:
            ok = check["reason"] in verdict.codes
    if "then" in check:
        if not isinstance(check["then"], dict):
            raise ScenarioError("then: give {figure id: {field: value}}")
        problems = ruleset.compare(state, check["then"])
        if problems:
            ok = False
            line["then"] = problems
    if any(k in check for k in ("expect", "then")) or not ok:
        line["ok"] = ok
    return state, line


def _typed_faces(raw: Any) -> list[int]:
    """The ``dice`` of a check: a list of whole numbers (the faces, in the order rolled)."""
    if not isinstance(raw, list) or not all(
        isinstance(f, int) and not isinstance(f, bool) for f in raw
    ):
        raise ScenarioError("dice: give a list of die faces, e.g. [6, 2, 3]")
    return list(raw)


def _same(value: Any, expected: Any) -> bool:
    if isinstance(value, bool) or isinstance(expected, bool):
        return value == expected
    if isinstance(value, int | float) and isinstance(expected, int | float):
        return math.isclose(value, expected, abs_tol=TOLERANCE)
    if isinstance(value, list | tuple) and isinstance(expected, list | tuple):
        return len(value) == len(expected) and all(
            _same(a, b) for a, b in zip(value, expected, strict=True)
        )
    if isinstance(value, dict) and isinstance(expected, dict):
        return all(k in value and _same(value[k], v) for k, v in expected.items())
    return value == expected


def _plain(exc: BaseException) -> str:
    text = str(exc)
    return text[1:-1] if isinstance(exc, KeyError) and text.startswith("'") else text
