"""The rules scenarios of every registered ruleset (``tests/scenarios/<id>/``, found from
``available_rulesets()``, never a hand-kept list): each passes, quotes the sentence of its
ruleset's text (``seeds/<id with dashes>*.txt``), and together they use every action.

Every reason code a verdict gives is one its ruleset declares; that its scenarios expect
every declared code is checked by ``test_rules_scenarios``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from scenario_folders import own_rule_text, scenario_folder
from shared_texts import SHARED

from companion.rules.ruleset import available_rulesets, get_ruleset
from companion.rules.scenario import load_scenario, run_scenario

SCENARIOS = Path(__file__).parent / "scenarios"
#: The counts the rulesets' issues asked for; a ruleset not named needs one scenario.
MINIMUM = {"brickquest": 70, "in_a_world_where_bricks_rule": 40, "heroica": 60}


@dataclass(frozen=True)
class Folder:
    """A registered ruleset's scenario folder and the count its issue asks for."""

    ruleset: str

    @property
    def files(self) -> list[Path]:
        return sorted(scenario_folder(self.ruleset).glob("*.json"))

    @property
    def minimum(self) -> int:
        return MINIMUM.get(self.ruleset, 1)

    @property
    def texts(self) -> list[Path]:
        """Its rule text (``heroica`` reads ``heroica-expanded.txt``); BrickQuest's
        readings are quoted from DESIGN.md too.  A ruleset from outside: its README."""
        own = own_rule_text(self.ruleset)
        if own is not None:
            return [own]
        stem = self.ruleset.replace("_", "-")
        return [*sorted((SHARED / "seeds").glob(f"{stem}*.txt")), SHARED / "DESIGN.md"]

    def action_types(self) -> set[str]:
        """The tags of the ruleset's union of actions."""
        schema = get_ruleset(self.ruleset).actions.json_schema()
        return set(schema["discriminator"]["mapping"])


FOLDERS = tuple(Folder(rid) for rid in available_rulesets())
FILES = [(f, p) for f in FOLDERS for p in f.files]


def _norm(text: str) -> str:
    """Whitespace squeezed and the texts' ``**`` bold markers dropped (a quote is of the
    words, not of the markup)."""
    return re.sub(r"\s+", " ", text.replace("**", "")).strip()


def _doc(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


@pytest.mark.parametrize(("folder", "path"), FILES, ids=lambda v: getattr(v, "name", ""))
def test_scenario_passes(folder: Folder, path: Path) -> None:
    lines = run_scenario(load_scenario(path), path.name)
    failing = [json.dumps(line) for line in lines if line.get("ok") is not True]
    assert not failing, "checks not met:\n" + "\n".join(failing)
    # Every code a verdict gives is one its ruleset declares (``Ruleset.reasons``).
    declared = get_ruleset(folder.ruleset).reasons()
    given = {code for line in lines for code in line.get("reasons", ())}
    undeclared = sorted(given - set(declared))
    assert not undeclared, f"{folder.ruleset} gives undeclared reason codes: {undeclared}"


@pytest.mark.parametrize(("folder", "path"), FILES, ids=lambda v: getattr(v, "name", ""))
def test_scenario_quotes_the_text(folder: Folder, path: Path) -> None:
    texts = [t for t in folder.texts if t.exists()]
    if len(texts) < min(2, len(folder.texts)):
        pytest.skip("shared rule texts not mounted")
    doc = _doc(path)
    assert doc.get("title"), "a scenario needs a title"
    rule = _norm(doc.get("rule") or "")
    assert rule, "a scenario needs a 'rule' quote"
    # A quote may join parts of the text with " ... ": each part is in the text.
    bodies = [_norm(t.read_text(encoding="utf-8")) for t in texts]
    for part in (p.strip() for p in rule.split(" ... ")):
        assert any(part in body for body in bodies), f"not in the text: {part!r}"


def test_every_registered_ruleset_has_a_scenario_folder() -> None:
    """A new ruleset's scenarios are found and run here without editing this file."""
    assert {f.ruleset for f in FOLDERS} >= {"brickquest", "heroica"}
    empty = [f.ruleset for f in FOLDERS if not f.files]
    assert not empty, f"no scenarios in tests/scenarios/<id>/ for: {empty}"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.ruleset)
def test_enough_scenarios(folder: Folder) -> None:
    assert len(folder.files) >= folder.minimum


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.ruleset)
def test_every_action_type_is_used(folder: Folder) -> None:
    used = {c.get("action") for p in folder.files for c in _doc(p)["checks"]}
    types = folder.action_types()
    assert types, f"{folder.ruleset}: no action types found"
    assert types - used == set(), f"action types never used: {sorted(types - used)}"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.ruleset)
def test_every_check_says_what_it_expects(folder: Folder) -> None:
    loose = []
    for path in folder.files:
        for index, check in enumerate(_doc(path)["checks"]):
            if "query" in check and "expect" in check:
                continue
            if "expect" not in check:
                loose.append(f"{path.name}: checks.{index}: no expect")
            elif check.get("expect") == "illegal" and not ("reason" in check or "reasons" in check):
                loose.append(f"{path.name}: checks.{index}: illegal without a reason")
    assert not loose, "\n".join(loose)
