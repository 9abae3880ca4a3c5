"""The scenario format is ruleset-neutral (tests/scenarios/README.md).

The core reads ``ruleset``, ``title``, ``rule``, ``seed`` and ``checks``; the ruleset
validates the rest (BrickQuest: a grid ``map``), compares the reserved ``then`` key
``"_game"``, declares its reason codes and reads typed dice, which may be labels.  A fake
ruleset whose die has labelled faces and whose board is no grid shows the core needs none.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

import pytest
from pydantic import BaseModel, ConfigDict, TypeAdapter
from shared_texts import SHARED

from companion.rules import scenario as scenario_module
from companion.rules.check import check_files
from companion.rules.dice import Dice
from companion.rules.reasons import SHARED_REASONS, SharedReason
from companion.rules.ruleset import GAME_KEY, Resolution, Ruleset, ScenarioSetup, get_ruleset
from companion.rules.scenario import (
    FORMAT_REASON_CODES,
    ScenarioError,
    load_scenario,
    run_scenario,
)
from companion.rules.verdict import LEGAL, Verdict, illegal
from companion.safefile import FileProblem, Problem

#: The scenario format, as the README links it (a copy of shared/scenarios/FORMAT.md).
FORMAT_MD = Path(__file__).resolve().parent / "scenarios" / "FORMAT.md"
ROOM = {"terrain": ["#####", "#...#", "#####"]}
HARRY = {"id": "harry", "side": "party", "class": "human_warrior", "at": [1, 1], "facing": "E"}
GROK = {"id": "grok", "side": "dungeon", "monster": "orc", "at": [3, 1], "facing": "W"}


def write(tmp_path: Path, doc: dict[str, Any] | str, name: str = "s.json") -> Path:
    path = tmp_path / name
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return path


def brickquest(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"ruleset": "brickquest", "map": ROOM, "figures": [HARRY], "checks": []}
    doc.update(changes)
    return doc


def refusal(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as err:
        run_scenario(load_scenario(path), str(path))
    return err.value


# -- the core's keys and BrickQuest's ------------------------------------------------------


def test_brickquest_requires_its_grid_map_with_the_same_place(tmp_path: Path) -> None:
    doc = brickquest()
    del doc["map"]
    err = refusal(write(tmp_path, doc))
    assert (err.place, err.message) == ("map", "Field required")


@pytest.mark.parametrize(
    ("changes", "place", "message"),
    [
        ({"figuers": []}, "figuers", "unknown field 'figuers'"),
        (
            {"map": {"terrain": []}},
            "map.terrain",
            "List should have at least 1 item after validation, not 0",
        ),
        ({"map": []}, "map", "Input should be an object"),
        ({"initiative": [3]}, "initiative.0", "Input should be a valid string"),
        ({"roll_initiative": "yes"}, "roll_initiative", "Input should be a valid boolean"),
        ({"seed": "3"}, "seed", "Input should be a valid integer"),
        ({"title": 5}, "title", "Input should be a valid string"),
    ],
)
def test_each_part_is_refused_at_its_place(
    tmp_path: Path, changes: dict[str, Any], place: str, message: str
) -> None:
    err = refusal(write(tmp_path, brickquest(**changes)))
    assert (err.place, err.message) == (place, message)


def test_every_problem_is_listed_the_core_s_and_the_ruleset_s(tmp_path: Path) -> None:
    doc = brickquest(seed="3", figuers=[])
    del doc["map"]
    err = refusal(write(tmp_path, doc))
    assert {(p.place, p.message) for p in err.problems} == {
        ("seed", "Input should be a valid integer"),
        ("map", "Field required"),
        ("figuers", "unknown field 'figuers'"),
    }


def test_the_setup_is_what_it_was(tmp_path: Path) -> None:
    doc = brickquest(initiative=["harry"])
    scenario = load_scenario(write(tmp_path, doc))
    assert scenario.setup() == {
        "ruleset": "brickquest",
        "options": {},
        "map": ROOM,
        "figures": [HARRY],
        "initiative": ["harry"],
    }
    assert scenario.game().grid == (5, 3)


def test_an_unknown_ruleset_is_named_at_its_place(tmp_path: Path) -> None:
    err = refusal(write(tmp_path, brickquest(ruleset="brickquset")))
    assert err.place == "ruleset" and "unknown ruleset 'brickquset'" in err.message


# -- "_game" in then ------------------------------------------------------------------------


def _game_doc(then: dict[str, Any]) -> dict[str, Any]:
    return brickquest(
        figures=[HARRY, GROK],
        initiative=["harry", "grok"],
        checks=[{"actor": "harry", "action": "end_turn", "expect": "legal", "then": then}],
    )


def test_game_level_expectations_are_compared_by_the_ruleset(tmp_path: Path) -> None:
    then = {GAME_KEY: {"round": 1, "acting": "grok", "needs_initiative": False}}
    [line] = run_scenario(load_scenario(write(tmp_path, _game_doc(then))), "s")
    assert line["ok"] is True, line


def test_a_wrong_game_level_expectation_fails_with_a_worded_difference(tmp_path: Path) -> None:
    then = {GAME_KEY: {"acting": "harry", "round": 2}, "harry": {"hp": 99}}
    [line] = run_scenario(load_scenario(write(tmp_path, _game_doc(then))), "s")
    assert line["ok"] is False
    assert "_game.acting: expected 'harry', got 'grok'" in line["then"]
    assert "_game.round: expected 2, got 1" in line["then"]
    assert any(p.startswith("harry.hp: expected 99") for p in line["then"])


def test_an_unknown_game_field_is_named(tmp_path: Path) -> None:
    [line] = run_scenario(load_scenario(write(tmp_path, _game_doc({GAME_KEY: {"turn": 3}}))), "s")
    assert line["ok"] is False
    assert line["then"][0].startswith("_game.turn: not a game field that can be checked")


def test_game_level_fields_are_a_table_too(tmp_path: Path) -> None:
    err = refusal(write(tmp_path, _game_doc({GAME_KEY: 3})))
    assert err.place == "checks.0" and err.message.startswith("then: give {figure id:")


# -- reason codes -------------------------------------------------------------------------


def test_format_reason_codes_are_shared_and_brickquest_declares_them() -> None:
    assert set(FORMAT_REASON_CODES) <= set(SHARED_REASONS)
    brickquest = get_ruleset("brickquest").reasons()
    assert {code: brickquest[code] for code in FORMAT_REASON_CODES} == {
        code: SHARED_REASONS[code] for code in FORMAT_REASON_CODES
    }


def test_format_reason_codes_are_format_md_s_list() -> None:
    text = FORMAT_MD.read_text(encoding="utf-8")
    listed = text.split("Reason codes", 1)[1].split("Bad input", 1)[0]
    assert tuple(re.findall(r"`([a-z_]+)`", listed)) == FORMAT_REASON_CODES


@pytest.mark.skipif(not (SHARED / "scenarios").is_dir(), reason="shared/ not beside the repo")
def test_the_repository_s_format_md_is_the_shared_one() -> None:
    """The README links the copy in the repository; it must say what the shared one says."""
    shared = (SHARED / "scenarios" / "FORMAT.md").read_text(encoding="utf-8")
    assert FORMAT_MD.read_text(encoding="utf-8") == shared


# -- typed dice ---------------------------------------------------------------------------


def test_brickquest_dice_stay_whole_numbers(tmp_path: Path) -> None:
    check = {"actor": "harry", "action": "end_turn", "dice": ["six"]}
    err = refusal(write(tmp_path, brickquest(checks=[check])))
    assert (err.place, err.message) == (
        "checks.0",
        "dice: give a list of die faces, e.g. [6, 2, 3]",
    )
    assert get_ruleset("brickquest").parse_faces([6, 1]) == [6, 1]


#: The fake ruleset's combat die: faces 1, 2, 3 show these labels.
FACES = ("Shield", "Sword", "Skull")


class Strike(BaseModel):
    model_config = ConfigDict(extra="forbid")

    action: Literal["strike"]
    actor: str
    target: str


class Board(BaseModel):
    model_config = ConfigDict(extra="forbid")

    spaces: int


class LabelDiceScenario(BaseModel):
    model_config = ConfigDict(extra="forbid")

    board: Board
    figures: dict[str, int]


class LabelDiceRules:
    """A ruleset with no grid (a track of spaces) and a die with labelled faces."""

    id = "label_dice"
    title = "Label dice"
    actions = TypeAdapter(Strike)

    def scenario_setup(self, doc: Mapping[str, Any]) -> ScenarioSetup:
        try:
            spec = LabelDiceScenario.model_validate(dict(doc))
        except Exception as exc:
            raise FileProblem(problems=[Problem("board", str(exc).splitlines()[0])]) from None
        return ScenarioSetup(setup=spec.model_dump())

    def reasons(self) -> Mapping[str, str]:
        return dict([SharedReason.TARGET_DEAD.declared])

    def parse_faces(self, values: Sequence[Any]) -> list[int]:
        faces = []
        for value in values:
            if value not in FACES:
                raise ValueError(f"{value!r} is not a face of the combat die ({', '.join(FACES)})")
            faces.append(FACES.index(value) + 1)
        return faces

    def initial_state(self, setup: Mapping[str, Any]) -> dict[str, Any]:
        return {"hp": dict(setup["figures"]), "round": 1}

    def validate(self, state: dict[str, Any], action: Strike) -> Verdict:
        if state["hp"][action.target] <= 0:
            return illegal(SharedReason.TARGET_DEAD, f"{action.target} is down")
        return LEGAL

    def resolve(
        self, state: dict[str, Any], action: Strike, dice: Dice
    ) -> Resolution[dict[str, Any]]:
        roll = dice.roll(1, "strike", sides=len(FACES))
        hp = dict(state["hp"])
        if FACES[roll.faces[0] - 1] == "Skull":
            hp[action.target] -= 1
        return Resolution[dict[str, Any]](state={**state, "hp": hp})

    def query(self, state: dict[str, Any], query: Mapping[str, Any]) -> dict[str, Any]:
        return {"value": len(state["hp"])}

    def compare(self, state: dict[str, Any], expected: Mapping[str, Any]) -> list[str]:
        problems = []
        for key, fields in expected.items():
            actual = {"round": state["round"]} if key == GAME_KEY else {"hp": state["hp"][key]}
            problems += [
                f"{key}.{k}: expected {v!r}, got {actual.get(k)!r}"
                for k, v in fields.items()
                if actual.get(k) != v
            ]
        return problems


@pytest.fixture
def label_dice(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = LabelDiceRules()
    real = scenario_module.get_ruleset

    def fake(ruleset_id: str) -> Ruleset[Any, Any]:
        return plugin if ruleset_id == plugin.id else real(ruleset_id)  # type: ignore[return-value]

    monkeypatch.setattr(scenario_module, "get_ruleset", fake)


def _label_doc(*checks: dict[str, Any]) -> dict[str, Any]:
    return {
        "ruleset": "label_dice",
        "board": {"spaces": 12},
        "figures": {"hero": 2, "orc": 1},
        "checks": list(checks),
    }


STRIKE = {"actor": "hero", "action": "strike", "target": "orc"}


@pytest.mark.usefixtures("label_dice")
def test_dice_may_be_typed_as_labels(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        _label_doc(
            {**STRIKE, "dice": ["Shield"], "expect": "legal", "then": {"orc": {"hp": 1}}},
            {**STRIKE, "dice": ["Skull"], "then": {"orc": {"hp": 0}, GAME_KEY: {"round": 1}}},
            {**STRIKE, "expect": "illegal", "reason": "target_dead"},
            {"query": "figures", "expect": 2},
        ),
    )
    lines = run_scenario(load_scenario(path), "s")
    assert [line["ok"] for line in lines] == [True, True, True, True], lines


@pytest.mark.usefixtures("label_dice")
def test_a_label_not_on_the_die_is_bad_input(tmp_path: Path) -> None:
    err = refusal(write(tmp_path, _label_doc({**STRIKE, "dice": ["Skul"]})))
    assert (err.place, err.message) == (
        "checks.0",
        "dice: 'Skul' is not a face of the combat die (Shield, Sword, Skull)",
    )


@pytest.mark.usefixtures("label_dice")
def test_a_ruleset_without_a_grid_needs_no_map_and_checks_no_squares(tmp_path: Path) -> None:
    check = {**STRIKE, "dice": ["Sword"], "expect": "legal", "target": "orc"}
    path = write(tmp_path, _label_doc(check, {"query": "figures", "at": [99, 99], "expect": 2}))
    out, err = io.StringIO(), io.StringIO()
    assert check_files([path], out, err) == 0, err.getvalue()
    assert [json.loads(line)["ok"] for line in out.getvalue().splitlines()] == [True, True]


@pytest.mark.usefixtures("label_dice")
def test_the_ruleset_reports_its_own_section(tmp_path: Path) -> None:
    doc = _label_doc()
    doc["map"] = ROOM
    err = refusal(write(tmp_path, doc))
    assert err.place == "board"
