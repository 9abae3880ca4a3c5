"""Reason codes belong to their ruleset (issue 20): the core keeps the shared ones with their
sentences; each ruleset declares the codes its verdicts give, checked when it is loaded.

A ruleset that gives a shared code another sentence, declares a code twice, or a code of
the wrong shape is refused by its id with a clear message; a ruleset's own code needs no
edit to the core.  That each real ruleset's scenarios expect every code it declares, and
that its verdicts give no other, is checked by ``test_rules_scenarios`` and
``test_ruleset_scenario_files``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest
from pydantic import ValidationError

from companion.rules import ruleset as registry
from companion.rules.reasons import (
    SHARED_REASONS,
    DeclaredReason,
    SharedReason,
    reason_problems,
    reasons_of,
)
from companion.rules.ruleset import (
    ENTRY_POINT_GROUP,
    BrokenRuleset,
    available_rulesets,
    get_ruleset,
)
from companion.rules.scenario import FORMAT_REASON_CODES
from companion.rules.verdict import Reason, illegal
from companion.rulesets.brickquest.plugin import BrickQuestRules

ROOT = Path(__file__).resolve().parents[1]
BRICKQUEST = "companion.rulesets.brickquest.plugin:BrickQuestRules"

#: A plugin module: BrickQuest with ``reasons()`` giving ``REASONS`` (filled in per test).
PLUGIN = """
from companion.rules.reasons import DeclaredReason, SharedReason, reasons_of
from companion.rulesets.brickquest.plugin import BrickQuestRules

{declaration}


class Rules(BrickQuestRules):
    id = "{ruleset_id}"
    title = "Fake"

    def reasons(self):
        return REASONS
"""

CLASHING = """
class FakeReason(DeclaredReason):
    OCCUPIED = "occupied", "the square is full of custard"
    SLIPPED = "slipped", "the figure slipped on custard"


REASONS = reasons_of(FakeReason)
"""


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path for fake plugin modules; forgotten after the test."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    before = set(sys.modules)
    yield folder
    for name in set(sys.modules) - before:
        if name.startswith("fake_"):
            del sys.modules[name]


def register(
    monkeypatch: pytest.MonkeyPatch, site: Path, ruleset_id: str, declaration: str
) -> None:
    """A plugin ``fake_<id>:Rules`` declaring ``declaration``, registered beside BrickQuest."""
    module = f"fake_{ruleset_id}"
    source = PLUGIN.format(declaration=declaration, ruleset_id=ruleset_id)
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    points = [
        metadata.EntryPoint("brickquest", BRICKQUEST, ENTRY_POINT_GROUP),
        metadata.EntryPoint(ruleset_id, f"{module}:Rules", ENTRY_POINT_GROUP),
    ]
    monkeypatch.setattr(registry.metadata, "entry_points", lambda **_: points)


# -- the core's shared codes ---------------------------------------------------------------


def test_the_format_s_codes_are_shared_each_with_a_sentence() -> None:
    assert set(FORMAT_REASON_CODES) <= set(SHARED_REASONS)
    assert all(sentence.strip() for sentence in SHARED_REASONS.values())
    assert reason_problems(SHARED_REASONS) == []


def _built_in() -> list[str]:
    """The rulesets this distribution registers (others may reuse a code for their own)."""
    return sorted(
        e.name
        for e in metadata.entry_points(group=ENTRY_POINT_GROUP)
        if e.dist is not None and e.dist.name == "brick-companion"
    )


def test_a_code_two_built_in_rulesets_give_is_a_shared_one() -> None:
    """A code more than one built-in ruleset gives means the same in each: the core keeps
    it.  (A ruleset from elsewhere may give its own code a name another one uses.)"""
    built_in = _built_in()
    assert {"brickquest", "heroica", "in_a_world_where_bricks_rule"} <= set(built_in)
    count = Counter(code for rid in built_in for code in get_ruleset(rid).reasons())
    several = {code for code, n in count.items() if n > 1}
    assert several, "the rulesets share no code at all"
    assert several <= set(SHARED_REASONS), sorted(several - set(SHARED_REASONS))


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_each_ruleset_declares_its_codes_with_sentences(ruleset_id: str) -> None:
    reasons = get_ruleset(ruleset_id).reasons()
    assert reasons and reason_problems(reasons) == []
    assert all(isinstance(s, str) and s.strip() for s in reasons.values())
    for code, sentence in reasons.items():
        if code in SHARED_REASONS:
            assert sentence == SHARED_REASONS[code], code


# -- a verdict's code ----------------------------------------------------------------------


def test_a_reason_s_code_is_a_plain_lower_snake_string() -> None:
    reason = illegal(SharedReason.OCCUPIED, "harry is there").reasons[0]
    assert type(reason.code) is str and reason.code == "occupied"
    assert reason.model_dump(mode="json")["code"] == "occupied"
    # A ruleset's own code needs no edit to the core.
    assert Reason(code="slipped_on_custard", message="oops").code == "slipped_on_custard"
    for bad in ("Occupied", "not-adjacent", "_x", "x__y", "", "9lives"):
        with pytest.raises(ValidationError):
            Reason(code=bad, message="no")


def test_a_declaration_gives_its_codes_and_sentences_and_takes_shared_ones_whole() -> None:
    class Duel(DeclaredReason):
        OCCUPIED = SharedReason.OCCUPIED.declared
        PARRIED = "parried", "the blow was parried"

    assert reasons_of(Duel) == {
        "occupied": SHARED_REASONS["occupied"],
        "parried": Duel.PARRIED.sentence,
    }
    assert Duel.of("parried") is Duel.PARRIED and Duel.PARRIED == "parried"
    with pytest.raises(ValueError, match="'riposte' is not a code of Duel"):
        Duel.of("riposte")


def test_a_code_declared_twice_is_named() -> None:
    class Twice(DeclaredReason):
        PARRIED = "parried", "the blow was parried"
        BLOCKED = "parried", "the blow was blocked"

    with pytest.raises(ValueError, match=r"Twice declares a code twice: BLOCKED repeats PARRIED"):
        reasons_of(Twice)


def test_problems_of_a_declaration_are_each_named() -> None:
    assert reason_problems(["occupied"]) == ["reasons() must give code -> sentence, not a list"]
    assert reason_problems({}) == ["reasons() declares no reason code"]
    problems = reason_problems(
        {"Bad-Code": "x", "mute": " ", "occupied": "another meaning", "fine": "a sentence"}
    )
    assert len(problems) == 3
    assert problems[0].startswith("reason code 'Bad-Code' is not lower_snake")
    assert problems[1] == "reason code 'mute' has no sentence"
    assert problems[2].startswith("reason code 'occupied' is shared: its sentence is the core's")


# -- checked at load -----------------------------------------------------------------------


def test_a_ruleset_giving_a_shared_code_another_sentence_is_refused_at_load(
    monkeypatch: pytest.MonkeyPatch, site: Path
) -> None:
    register(monkeypatch, site, "fake_clash", CLASHING)
    with pytest.raises(BrokenRuleset) as caught:
        get_ruleset("fake_clash")
    message = str(caught.value)
    assert message.startswith("ruleset 'fake_clash' (fake_fake_clash:Rules)")
    assert "declares its reason codes wrongly" in message
    assert "'occupied' is shared" in message and "'the square is full of custard'" in message
    assert "slipped" not in message  # its own code is fine
    assert isinstance(get_ruleset("brickquest"), BrickQuestRules)  # the others still load


def test_a_ruleset_with_its_own_codes_and_the_shared_ones_loads(
    monkeypatch: pytest.MonkeyPatch, site: Path
) -> None:
    own = CLASHING.replace(
        '"occupied", "the square is full of custard"', "SharedReason.OCCUPIED.declared"
    )
    register(monkeypatch, site, "fake_sound", own)
    reasons = get_ruleset("fake_sound").reasons()
    assert reasons == {
        "occupied": SHARED_REASONS["occupied"],
        "slipped": "the figure slipped on custard",
    }


@pytest.mark.parametrize(
    ("declaration", "problem"),
    [
        (
            'class R(DeclaredReason):\n    A = "parried", "x"\n    B = "parried", "y"\n'
            "REASONS = reasons_of(R)\n",
            r"could not be imported: ValueError: R declares a code twice: B repeats A",
        ),
        ('REASONS = {"Parried!": "the blow was parried"}\n', r"'Parried!' is not lower_snake"),
        ('REASONS = ["parried"]\n', r"must give code -> sentence, not a list"),
        ('REASONS = {"parried": ""}\n', r"'parried' has no sentence"),
        (
            "class Lost(dict):\n    def items(self):\n        raise KeyError('lost')\n"
            "REASONS = Lost(parried='x')\n",
            r"reasons\(\) failed: KeyError: 'lost'",
        ),
    ],
    ids=["twice", "shape", "not_a_mapping", "no_sentence", "raises"],
)
def test_a_wrong_declaration_is_refused_at_load_by_name(
    monkeypatch: pytest.MonkeyPatch, site: Path, declaration: str, problem: str
) -> None:
    register(monkeypatch, site, "fake_wrong", declaration)
    with pytest.raises(BrokenRuleset, match=rf"^ruleset 'fake_wrong' \(.*\) .*{problem}"):
        get_ruleset("fake_wrong")


def test_rules_check_reports_a_clashing_ruleset_on_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    info = site / "fake_clash_pkg-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: fake_clash_pkg\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[{ENTRY_POINT_GROUP}]\nfake_clash = fake_clash_plugin:Rules\n", encoding="utf-8"
    )
    source = PLUGIN.format(declaration=CLASHING, ruleset_id="fake_clash")
    (site / "fake_clash_plugin.py").write_text(source, encoding="utf-8")
    scenario = tmp_path / "clash.json"
    doc = {"ruleset": "fake_clash", "map": {"terrain": ["###", "#.#", "###"]}, "checks": []}
    scenario.write_text(json.dumps(doc), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "rules", "check", str(scenario)],
        env={**env, "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "ruleset 'fake_clash'" in result.stderr
    assert "'occupied' is shared" in result.stderr


def test_the_scenarios_readme_names_the_shared_codes_beyond_the_format_s() -> None:
    """tests/scenarios/README.md's *Reason codes* lists the shared codes FORMAT.md does not."""
    readme = (ROOT / "tests" / "scenarios" / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Reason codes", 1)[1].split("\n## ", 1)[0]
    shared = section.split("**Shared**", 1)[1].split("**A ruleset's own**", 1)[0]
    listed = set(re.findall(r"`([a-z][a-z0-9_]*)`", shared))
    assert listed == set(SHARED_REASONS) - set(FORMAT_REASON_CODES)
