"""Rules scenarios (shared/scenarios/FORMAT.md): a set-up and a list of checks.

The core reads ``ruleset``, ``title``, ``rule``, ``seed`` and ``checks``; the rest of the
document (a grid ``map`` or a ``board``, figures, options...) is the ruleset's to validate
(``Ruleset.scenario_setup``), as are a check's ``then`` and its typed ``dice``.

``run_scenario`` plays the checks in order against one state: an action check is
validated, and applied when legal; a query measures.  Each check gives one result
line (a dict), as ``brick-companion rules check`` prints them.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError

from companion.rules.dice import DiceError, SeededDice, TypedDice
from companion.rules.reasons import SharedReason
from companion.rules.ruleset import (
    GAME_KEY,
    Ruleset,
    ScenarioSetup,
    UnknownRuleset,
    get_ruleset,
)
from companion.safefile import MAX_PROBLEMS, FileProblem, Problem, parse_json, read_bounded

#: Scenario files larger than this are refused before reading.
MAX_SCENARIO_BYTES = 4 * 1024 * 1024
#: Checks times map squares a scenario may ask for (each check may measure the whole map).
MAX_CHECK_SQUARES = 20_000_000
#: Most die faces one check may type in.
MAX_TYPED_FACES = 1000
#: The refusal of an action naming a figure the game does not have.
UNKNOWN_FIGURE = SharedReason.UNKNOWN_FIGURE.value
#: Distances compare with this tolerance (FORMAT.md).
TOLERANCE = 0.01


#: Keys of an action check whose value may be a square ``[x, y]`` (on a grid).
_SQUARE_KEYS = ("target", "to", "at", "square", "origin", "toward")
#: The document keys the core reads; every other key (``map`` or ``board``, ``figures``,
#: ``options``, ``initiative``...) is the ruleset's to validate (``Ruleset.scenario_setup``).
CORE_KEYS = frozenset({"ruleset", "title", "rule", "seed", "checks"})
#: FORMAT.md's reason codes, all shared (``companion.rules.reasons.SharedReason``); a
#: ruleset declares the ones it gives, and its own (``Ruleset.reasons``).
FORMAT_REASON_CODES = (
    "insufficient_movement",
    "too_steep",
    "impassable_terrain",
    "occupied",
    "cannot_end_here",
    "corner_cutting",
    "not_adjacent",
    "not_in_arc",
    "height_difference",
    "out_of_range",
    "too_close",
    "no_line_of_sight",
    "no_actions_left",
    "spell_restriction",
    "mixed_attack_types",
    "insufficient_spell_points",
    "not_a_caster",
    "unknown_spell",
    "not_your_turn",
    "target_dead",
    "untrained",
    "invalid_target",
)


class ScenarioError(FileProblem):
    """A scenario that cannot be run; names the file, the place and the problem."""


class Scenario(BaseModel):
    """The document's core: the ruleset, what it tests, the seed and the checks.

    Every other key is the ruleset's: ``scenario_setup`` validates them and gives the
    set-up a game starts from.
    """

    model_config = ConfigDict(extra="allow")

    ruleset: str
    title: str | None = None
    #: The sentence of the rules text the scenario tests.
    rule: str | None = None
    seed: int = 0
    checks: list[dict[str, Any]] = Field(default_factory=list, max_length=2000)

    _plugin: Any = PrivateAttr(default=None)
    _game: ScenarioSetup | None = PrivateAttr(default=None)

    def rest(self) -> dict[str, Any]:
        """The keys the ruleset reads (everything but ``CORE_KEYS``)."""
        return dict(self.model_extra or {})

    def plugin(self, name: str = "") -> Ruleset[Any, Any]:
        """The scenario's ruleset; ``ScenarioError`` (place ``ruleset``) when unknown."""
        if self._plugin is None:
            try:
                self._plugin = get_ruleset(self.ruleset)
            except UnknownRuleset as exc:
                raise ScenarioError(_plain(exc), file=name, place="ruleset") from None
        plugin: Ruleset[Any, Any] = self._plugin
        return plugin

    def game(self, name: str = "") -> ScenarioSetup:
        """The ruleset's reading of its keys; ``ScenarioError`` lists what is wrong."""
        if self._game is None:
            ruleset = self.plugin(name)
            try:
                self._game = ruleset.scenario_setup(self.rest())
            except FileProblem as exc:
                raise ScenarioError(file=name, problems=exc.problems) from None
        return self._game

    def setup(self) -> dict[str, Any]:
        """The part a game starts from (what a session stores in its header)."""
        return dict(self.game().setup)


def load_scenario(path: Path) -> Scenario:
    """Read and validate a scenario file; ``ScenarioError`` names the file and field.

    The file must be a regular file under ``MAX_SCENARIO_BYTES`` (a pipe or a device is
    refused at once), strict JSON (no duplicate keys), with values of the right types:
    the core's keys checked here, the others by the ruleset (``Ruleset.scenario_setup``).
    Every problem found is listed.
    """
    name = str(path)
    data = read_bounded(path, MAX_SCENARIO_BYTES, what="scenario file", error=ScenarioError)
    raw = parse_json(data, file=name, error=ScenarioError)
    if not isinstance(raw, dict):
        raise ScenarioError(
            f"the file holds a JSON {type(raw).__name__}; expected a scenario object", file=name
        )
    problems: list[Problem] = []
    scenario: Scenario | None = None
    try:
        scenario = Scenario.model_validate_json(data, strict=True)
    except ValidationError as exc:
        problems += validation_problems(exc)
    ruleset_id = raw.get("ruleset")
    if isinstance(ruleset_id, str):
        probe = scenario or Scenario.model_construct(ruleset=ruleset_id)
        rest = {k: v for k, v in raw.items() if k not in CORE_KEYS}
        probe.__pydantic_extra__ = rest
        try:
            probe.game(name)
        except ScenarioError as exc:
            problems += exc.problems
    if problems:
        raise ScenarioError(file=name, problems=problems[:MAX_PROBLEMS])
    assert scenario is not None
    return scenario


def row_problems(place: str, rows: list[str], width: int | None = None) -> list[Problem]:
    """The rows of a text grid (``map.terrain``, ``map.heights``, ``board.spaces``) not as
    wide as ``width`` (default: the first row's): a ragged row is a typing slip, never a
    shape, so it is refused rather than padded."""
    if not rows:
        return []
    wide = len(rows[0]) if width is None else width
    return [
        Problem(f"{place}.{y}", f"{len(row)} characters; the rows must all be {wide} wide")
        for y, row in enumerate(rows)
        if len(row) != wide
    ][:MAX_PROBLEMS]


def validation_problems(exc: ValidationError) -> list[Problem]:
    """A pydantic error as problems with their places (``map.terrain.0``)."""
    out = []
    for err in exc.errors(include_url=False, include_input=False)[:MAX_PROBLEMS]:
        place = ".".join(str(p) for p in err["loc"])
        msg = str(err["msg"])
        if err["type"] == "extra_forbidden" and err["loc"]:
            msg = f"unknown field {err['loc'][-1]!r}"
        out.append(Problem(place, " ".join(msg.split())))
    return out


_problems = validation_problems


def describe(exc: ValidationError) -> str:
    """The first validation error as 'field.path: message', on one line."""
    return str(_problems(exc)[0])


def run_scenario(scenario: Scenario, name: str) -> list[dict[str, Any]]:
    """Play every check; returns the result lines.  ``ScenarioError`` for bad input."""
    ruleset = scenario.plugin(name)
    game = scenario.game(name)
    try:
        state = ruleset.initial_state(game.setup)
    except ScenarioError as exc:
        raise exc.in_file(name) from None
    except ValueError as exc:
        raise ScenarioError(str(exc), file=name) from None
    dice = SeededDice(scenario.seed)
    grid = game.grid
    most = max(1, MAX_CHECK_SQUARES // (grid[0] * grid[1] if grid else 1))
    if len(scenario.checks) > most:
        board = f" on a {grid[0]}x{grid[1]} map" if grid else ""
        raise ScenarioError(
            f"{len(scenario.checks)} checks{board} is more than this "
            f"command runs; give at most {most} (split the file)",
            file=name,
            place="checks",
        )
    results = []
    for index, check in enumerate(scenario.checks):
        where = f"checks.{index}"
        line: dict[str, Any] = {"file": name, "index": index}
        try:
            if grid is not None:
                _squares_on_map(check, *grid)
            if "query" in check:
                answer = ruleset.query(state, check)
                _check_compares(check)
                line.update(answer)
                line["ok"] = _same(answer["value"], check["expect"])
            else:
                state, verdict_line = _act(ruleset, state, check, dice)
                _check_compares(check)
                line.update(verdict_line)
        except ScenarioError as exc:
            raise ScenarioError(str(exc), file=name, place=where) from None
        except (ValueError, LookupError) as exc:
            raise ScenarioError(_plain(exc), file=name, place=where) from None
        except (TypeError, AttributeError, ArithmeticError, RecursionError) as exc:
            raise ScenarioError(
                f"this check could not be read ({type(exc).__name__}: {exc}); "
                "see FORMAT.md for the fields of each check",
                file=name,
                place=where,
            ) from None
        results.append(line)
    return results


def _squares_on_map(check: dict[str, Any], width: int, height: int) -> None:
    """Squares off the map are bad input (FORMAT.md), not an illegal action."""
    spots: list[tuple[str, Any]] = [(k, check[k]) for k in _SQUARE_KEYS if k in check]
    path = check.get("path")
    if isinstance(path, list):
        spots += [(f"path.{i}", sq) for i, sq in enumerate(path)]
    for key, sq in spots:
        if (
            isinstance(sq, list)
            and len(sq) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in sq)
            and not (0 <= sq[0] < width and 0 <= sq[1] < height)
        ):
            raise ScenarioError(f"{key}: square {sq} is off the {width}x{height} map")


def _act(
    ruleset: Ruleset[Any, Any], state: Any, check: dict[str, Any], dice: SeededDice
) -> tuple[Any, dict[str, Any]]:
    spec = {
        k: v for k, v in check.items() if k not in ("expect", "reason", "reasons", "dice", "then")
    }
    try:
        action = ruleset.actions.validate_python(spec)
    except ValidationError as exc:
        raise ScenarioError(describe(exc)) from None
    verdict = ruleset.validate(state, action)
    if UNKNOWN_FIGURE in verdict.codes and not _expects(check, UNKNOWN_FIGURE):
        # A figure the scenario does not have, named by a check that does not test that
        # refusal: a slip in the file (as BrickQuest's lookup says), not a rules result.
        raise ScenarioError(verdict.message)
    line: dict[str, Any] = {"legal": verdict.legal}
    if not verdict.legal:
        line["reasons"] = verdict.codes
        line["message"] = verdict.message
        # Each reason with its sentence and the square it is about (null when none).
        line["details"] = [r.model_dump(mode="json") for r in verdict.reasons]
    typed: TypedDice | None = None
    if verdict.legal:
        typed = (
            TypedDice(
                _typed_faces(ruleset, check["dice"]),
                specs=getattr(ruleset, "dice_specs", tuple)(),
                parse=lambda label: ruleset.parse_faces([label])[0],
            )
            if "dice" in check
            else None
        )
        try:
            resolution = ruleset.resolve(state, action, typed or dice)
        except DiceError as exc:
            raise ScenarioError(f"dice: {exc}") from None
        state = resolution.state
        if resolution.events:
            line["events"] = [e.text for e in resolution.events]
    ok = True
    if "expect" in check:
        ok = check["expect"] == ("legal" if verdict.legal else "illegal")
        if ok and not verdict.legal and "reason" in check:
            ok = check["reason"] in verdict.codes
        if ok and not verdict.legal and "reasons" in check:
            # Every reason, in the verdict's order, and no other.
            ok = list(check["reasons"]) == verdict.codes
    if "then" in check:
        _check_then(check["then"])
        problems = ruleset.compare(state, check["then"])
        if problems:
            ok = False
            line["then"] = problems
    # Spare dice mean the check does not test what it says: it fails, whatever else.
    spare = list(typed.remaining) if typed is not None else list(check.get("dice") or [])
    if spare:
        ok = False
        why = "" if verdict.legal else " (the action is illegal, so nothing is rolled)"
        line["dice"] = f"{len(spare)} typed die/dice not used: {spare}{why}"
    line["ok"] = ok
    return state, line


def _expects(check: dict[str, Any], code: str) -> bool:
    """Whether an action check expects the refusal ``code`` (its ``reason`` or ``reasons``)."""
    reasons = check.get("reasons")
    return check.get("reason") == code or (isinstance(reasons, list) and code in reasons)


def _check_compares(check: dict[str, Any]) -> None:
    """A check must have something to compare: a query its ``expect``, an action its
    ``expect`` or ``then``; one without can only pass, so it is bad input."""
    if "query" in check:
        if "expect" not in check:
            raise ScenarioError("a query needs 'expect': the value it should measure")
        if isinstance(check["expect"], dict) and not check["expect"]:
            raise ScenarioError("expect: {} compares nothing; give the fields to measure")
    elif "expect" not in check and "then" not in check:
        raise ScenarioError(
            "nothing to compare: give 'expect' (\"legal\" or \"illegal\") or 'then'"
        )
    elif ("reason" in check or "reasons" in check) and check.get("expect") != "illegal":
        # A legal action has no reasons: they would be ignored and the check pass anyway.
        key = "reason" if "reason" in check else "reasons"
        raise ScenarioError(f'{key}: only a check that expects "illegal" names reasons')


def _check_then(then: Any) -> None:
    """``then`` is ``{figure id: {field: value}}``; lists of items or effects hold names.

    The reserved key ``"_game"`` holds game-level fields, ``{field: value}`` too; the
    ruleset names and compares them (``Ruleset.compare``).
    """
    if not isinstance(then, dict) or not all(isinstance(v, dict) for v in then.values()):
        raise ScenarioError('then: give {figure id: {field: value}}, e.g. {"harry": {"hp": 8}}')
    if not then:
        raise ScenarioError("then: nothing to compare; name a figure and its fields")
    for fid, fields in then.items():
        if not fields:
            raise ScenarioError(f"then.{fid}: nothing to compare; give a field and its value")
        if fid == GAME_KEY:
            continue
        for key in ("items", "effects"):
            want = fields.get(key)
            if want is not None and not (
                isinstance(want, list) and all(isinstance(v, str) for v in want)
            ):
                raise ScenarioError(f"then.{fid}.{key}: give a list of names")


def _typed_faces(ruleset: Ruleset[Any, Any], raw: Any) -> list[int | str]:
    """The ``dice`` of a check: the faces in the order rolled, as the ruleset reads them
    (whole numbers, or the labels of its dice: ``Ruleset.parse_faces`` checks them; a
    label is kept as typed and read on the die it is rolled for)."""
    if not isinstance(raw, list):
        raise ScenarioError("dice: give a list of die faces, e.g. [6, 2, 3]")
    try:
        faces = ruleset.parse_faces(raw)
    except ValueError as exc:
        raise ScenarioError(f"dice: {exc}") from None
    if len(faces) > MAX_TYPED_FACES:
        raise ScenarioError(f"dice: {len(faces)} faces; give at most {MAX_TYPED_FACES}")
    return [v if isinstance(v, str) else f for v, f in zip(raw, faces, strict=True)]


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
