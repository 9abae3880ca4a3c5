"""The rules scenarios of the rulesets played from their text (``tests/scenarios/<id>/``):
each passes, quotes the sentence of the text it tests, and together they use every action.

The reason codes are checked for every ruleset by ``test_rules_scenarios``.
"""

from __future__ import annotations

import json
import re
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from shared_texts import SHARED

from companion.rules.scenario import load_scenario, run_scenario
from companion.rulesets.heroica.actions import Action as HeroicaAction
from companion.rulesets.in_a_world_where_bricks_rule.actions import Action as IawwbrAction

SCENARIOS = Path(__file__).parent / "scenarios"


@dataclass(frozen=True)
class Folder:
    """A ruleset's scenario folder, the text it quotes, the count its issue asks for."""

    ruleset: str
    text: str
    minimum: int
    action: Any

    @property
    def files(self) -> list[Path]:
        return sorted((SCENARIOS / self.ruleset).glob("*.json"))


FOLDERS = (
    Folder("in_a_world_where_bricks_rule", "in-a-world-where-bricks-rule.txt", 40, IawwbrAction),
    Folder("heroica", "heroica-expanded.txt", 60, HeroicaAction),
)
FILES = [(f, p) for f in FOLDERS for p in f.files]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _doc(path: Path) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return result


@pytest.mark.parametrize(("folder", "path"), FILES, ids=lambda v: getattr(v, "name", ""))
def test_scenario_passes(folder: Folder, path: Path) -> None:
    lines = run_scenario(load_scenario(path), path.name)
    failing = [json.dumps(line) for line in lines if line.get("ok") is not True]
    assert not failing, "checks not met:\n" + "\n".join(failing)


@pytest.mark.parametrize(("folder", "path"), FILES, ids=lambda v: getattr(v, "name", ""))
def test_scenario_quotes_the_text(folder: Folder, path: Path) -> None:
    text = SHARED / "seeds" / folder.text
    if not text.exists():
        pytest.skip("shared rule texts not mounted")
    doc = _doc(path)
    assert doc.get("title"), "a scenario needs a title"
    rule = _norm(doc.get("rule") or "")
    assert rule, "a scenario needs a 'rule' quote"
    assert rule in _norm(text.read_text(encoding="utf-8")), f"not in the text: {rule!r}"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.ruleset)
def test_enough_scenarios(folder: Folder) -> None:
    assert len(folder.files) >= folder.minimum


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.ruleset)
def test_every_action_type_is_used(folder: Folder) -> None:
    used = {c.get("action") for p in folder.files for c in _doc(p)["checks"]}
    union = typing.get_args(typing.get_args(folder.action)[0])
    types = {cls.model_fields["action"].default for cls in union}
    assert types - used == set(), f"action types never used: {sorted(types - used)}"


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda f: f.ruleset)
def test_every_check_says_what_it_expects(folder: Folder) -> None:
    loose = []
    for path in folder.files:
        for index, check in enumerate(_doc(path)["checks"]):
            if "expect" not in check:
                loose.append(f"{path.name}: checks.{index}: no expect")
            elif check.get("expect") == "illegal" and not ("reason" in check or "reasons" in check):
                loose.append(f"{path.name}: checks.{index}: illegal without a reason")
    assert not loose, "\n".join(loose)
