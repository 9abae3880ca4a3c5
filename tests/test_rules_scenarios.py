"""The rules scenarios: every file passes; each ruleset's scenarios (``tests/scenarios/<id>/``)
together expect every reason code that ruleset declares; BrickQuest's cover every action
type and interact kind, and each one quotes the rule it tests.

BrickQuest's scenarios live in ``tests/scenarios/brickquest/`` (one topic each) plus the
shared examples in ``shared/scenarios`` (FORMAT.md).  The rule texts are read from
``shared`` (``seeds/brickquest.txt``, ``DESIGN.md``); set ``BRICK_SHARED`` to point elsewhere.
"""

from __future__ import annotations

import json
import re
import typing
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from scenario_folders import scenario_folder
from shared_texts import SHARED, SHARED_SCENARIO_COPIES

from companion.rules.reasons import SHARED_REASONS, reason_problems
from companion.rules.ruleset import available_rulesets, get_ruleset
from companion.rules.scenario import load_scenario, run_scenario
from companion.rulesets.brickquest.actions import Action, InteractKind

SCENARIOS = Path(__file__).parent / "scenarios"
HERE = SCENARIOS / "brickquest"
RULE_TEXTS = (SHARED / "seeds" / "brickquest.txt", SHARED / "DESIGN.md")
#: The scenario files written for this project; at least this many.
MIN_SCENARIOS = 70

OWN = sorted(HERE.glob("*.json"))
SHARED_FILES = sorted(SHARED_SCENARIO_COPIES.glob("*.json"))


def _id(path: Path) -> str:
    return path.name if path.parent == HERE else f"shared/{path.name}"


@cache
def _documents() -> dict[Path, dict[str, Any]]:
    return {p: json.loads(p.read_text(encoding="utf-8")) for p in OWN}


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@cache
def _rule_texts() -> tuple[str, ...]:
    return tuple(_norm(p.read_text(encoding="utf-8")) for p in RULE_TEXTS)


@pytest.mark.parametrize("path", SHARED_FILES, ids=_id)
def test_scenario_passes(path: Path) -> None:
    """The shared examples; every ruleset's own folder is run by
    ``test_ruleset_scenario_files``."""
    lines = run_scenario(load_scenario(path), _id(path))
    checks = json.loads(path.read_text(encoding="utf-8"))["checks"]
    failing = [
        json.dumps(line)
        for line, check in zip(lines, checks, strict=True)
        if ("expect" in check or "then" in check) and line.get("ok") is not True
    ]
    failing += [json.dumps(line) for line in lines if line.get("ok") is False]
    assert not failing, "checks not met:\n" + "\n".join(dict.fromkeys(failing))
    declared = get_ruleset("brickquest").reasons()
    given = {code for line in lines for code in line.get("reasons", ())}
    assert given <= set(declared), f"undeclared reason codes: {sorted(given - set(declared))}"


def test_enough_scenarios() -> None:
    assert len(OWN) >= MIN_SCENARIOS


def _checks() -> list[dict[str, Any]]:
    return [check for doc in _documents().values() for check in doc["checks"]]


def _expected_codes(docs: list[dict[str, Any]]) -> set[str]:
    """Every reason code the checks of ``docs`` expect (``reason`` or ``reasons``)."""
    illegal = [c for doc in docs for c in doc["checks"] if c.get("expect") == "illegal"]
    expected = {c["reason"] for c in illegal if "reason" in c}
    return expected | {code for c in illegal for code in c.get("reasons", ())}


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_every_reason_code_of_a_ruleset_is_expected_in_its_scenarios(ruleset_id: str) -> None:
    """Each ruleset's own folder, ``tests/scenarios/<id>/`` (or, for a ruleset from
    outside, the one beside its package), expects every code it declares,
    and declares every code it expects; each declared code has its sentence, a shared one
    the core's."""
    folder = scenario_folder(ruleset_id)
    files = sorted(folder.glob("*.json"))
    assert files, f"no scenarios in {folder}"
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in files]
    assert {doc["ruleset"] for doc in docs} == {ruleset_id}, f"{folder}: another ruleset's file"
    declared = get_ruleset(ruleset_id).reasons()
    assert declared, f"{ruleset_id} declares no reason codes"
    assert reason_problems(declared) == []
    assert all(sentence.strip() for sentence in declared.values())
    expected = _expected_codes(docs)
    missing = sorted(code for code in declared if code not in expected)
    assert not missing, f"no {ruleset_id} scenario expects: {', '.join(missing)}"
    undeclared = sorted(expected - set(declared))
    assert not undeclared, f"{ruleset_id}'s scenarios expect undeclared: {', '.join(undeclared)}"


def test_every_shared_code_is_given_by_a_ruleset() -> None:
    """Each shared code is given by some ruleset; BrickQuest gives FORMAT.md's codes, with
    the core's sentences."""
    declared = {code for rid in available_rulesets() for code in get_ruleset(rid).reasons()}
    assert set(SHARED_REASONS) <= declared
    from companion.rules.scenario import FORMAT_REASON_CODES

    brickquest = get_ruleset("brickquest").reasons()
    assert {c: brickquest.get(c) for c in FORMAT_REASON_CODES} == {
        c: SHARED_REASONS[c] for c in FORMAT_REASON_CODES
    }


def test_every_action_type_and_interact_kind_appears() -> None:
    checks = _checks()
    used = {c["action"] for c in checks if "action" in c}
    union = typing.get_args(typing.get_args(Action)[0])
    types = {cls.model_fields["action"].default for cls in union}
    assert types - used == set(), f"action types never used: {sorted(types - used)}"
    kinds = {c["kind"] for c in checks if c.get("action") == "interact"}
    missing_kinds = set(typing.get_args(InteractKind)) - kinds
    assert not missing_kinds, f"interact kinds never used: {sorted(missing_kinds)}"


@pytest.mark.parametrize("path", OWN, ids=_id)
def test_scenario_quotes_its_rule(path: Path) -> None:
    if not all(p.exists() for p in RULE_TEXTS):
        pytest.skip("shared rule texts not mounted")
    doc = _documents()[path]
    assert doc.get("title"), "a scenario needs a title"
    rule = _norm(doc.get("rule") or "")
    assert rule, "a scenario needs a 'rule' quote"
    assert any(rule in text for text in _rule_texts()), (
        f"the quote is not in brickquest.txt or DESIGN.md: {rule!r}"
    )


def test_every_check_has_an_expectation() -> None:
    """Each action check says what it expects; illegal ones say why."""
    loose = []
    for path, doc in _documents().items():
        for index, check in enumerate(doc["checks"]):
            if "query" in check:
                if "expect" not in check:
                    loose.append(f"{path.name}: checks.{index}: query without expect")
                continue
            if "expect" not in check:
                loose.append(f"{path.name}: checks.{index}: no expect")
            elif check["expect"] == "illegal" and not ("reason" in check or "reasons" in check):
                loose.append(f"{path.name}: checks.{index}: illegal without a reason")
    assert not loose, "\n".join(loose)


@pytest.mark.skipif(not (SHARED / "scenarios").is_dir(), reason="shared/ not beside the repo")
def test_the_kept_copies_of_the_shared_examples_are_current() -> None:
    originals = sorted((SHARED / "scenarios").glob("*.json"))
    assert [p.name for p in originals] == [p.name for p in SHARED_FILES]
    for original in originals:
        copy = SHARED_SCENARIO_COPIES / original.name
        assert json.loads(copy.read_text()) == json.loads(original.read_text()), original.name
