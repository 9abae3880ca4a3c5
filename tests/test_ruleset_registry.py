"""Rulesets are found through the ``companion.rulesets`` entry-point group.

The built-in BrickQuest registers there like any other; a ruleset in a distribution of its
own is found and loaded; a broken one is reported by its id, never with a traceback.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from companion.rules import ruleset as registry
from companion.rules.ruleset import (
    ENTRY_POINT_GROUP,
    PLANNED,
    BrokenRuleset,
    UnknownRuleset,
    available_rulesets,
    get_ruleset,
)
from companion.rulesets.brickquest.plugin import BrickQuestRules

ROOT = Path(__file__).resolve().parents[1]
BRICKQUEST = "companion.rulesets.brickquest.plugin:BrickQuestRules"

FAKE_PLUGIN = """
from companion.rulesets.brickquest.plugin import BrickQuestRules


class FakeRules(BrickQuestRules):
    id = "fake_rules"
    title = "Fake Rules"
"""


def write_distribution(
    site: Path, dist: str, entry_points: dict[str, str], modules: dict[str, str]
) -> None:
    """An installed distribution as importlib.metadata sees one: a dist-info and modules."""
    info = site / f"{dist}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8"
    )
    lines = [f"[{ENTRY_POINT_GROUP}]", *(f"{k} = {v}" for k, v in entry_points.items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for name, source in modules.items():
        (site / f"{name}.py").write_text(source, encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path for fake distributions; their modules are forgotten after."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    before = set(sys.modules)
    yield folder
    for name in set(sys.modules) - before:
        if name.startswith("fake_"):
            del sys.modules[name]


def only(monkeypatch: pytest.MonkeyPatch, *entries: tuple[str, str]) -> None:
    """Make ``(id, "module:attr")`` pairs the only registered entry points."""
    points = [metadata.EntryPoint(name, value, ENTRY_POINT_GROUP) for name, value in entries]

    def fake(**params: str) -> list[metadata.EntryPoint]:
        assert params == {"group": ENTRY_POINT_GROUP}
        return points

    monkeypatch.setattr(registry.metadata, "entry_points", fake)


# -- the built-in ------------------------------------------------------------------------


def test_brickquest_is_registered_in_the_group_by_this_distribution() -> None:
    (entry,) = [e for e in metadata.entry_points(group=ENTRY_POINT_GROUP) if e.name == "brickquest"]
    assert entry.value == BRICKQUEST
    assert entry.dist is not None and entry.dist.name == "brick-companion"
    assert "brickquest" in available_rulesets()
    rules = get_ruleset("brickquest")
    assert isinstance(rules, BrickQuestRules) and rules.id == "brickquest"


def test_installed_entry_points_match_pyproject() -> None:
    """A stale editable install would miss a ruleset added to pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][ENTRY_POINT_GROUP]
    installed = {
        e.name: e.value
        for e in metadata.entry_points(group=ENTRY_POINT_GROUP)
        if e.dist is not None and e.dist.name == "brick-companion"
    }
    assert declared == installed, "run scripts/setup.sh test to refresh the install"
    assert declared["brickquest"] == BRICKQUEST


def test_the_registry_reads_the_group_not_a_list_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    only(monkeypatch)
    assert available_rulesets() == []
    with pytest.raises(UnknownRuleset, match="unknown ruleset 'brickquest'; nothing is registered"):
        get_ruleset("brickquest")


def test_a_checkout_never_installed_is_told_so(monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(name: str) -> metadata.Distribution:
        raise metadata.PackageNotFoundError(name)

    only(monkeypatch)
    monkeypatch.setattr(registry.metadata, "distribution", missing)
    with pytest.raises(UnknownRuleset, match=r"brick-companion is not installed.*pip install"):
        get_ruleset("brickquest")


def test_unknown_and_planned_ids_keep_their_messages() -> None:
    # A planned rule text with no plugin yet (none once every one is written).
    for planned in [p for p in PLANNED if p not in available_rulesets()]:
        with pytest.raises(UnknownRuleset, match=rf"'{planned}' is not implemented yet"):
            get_ruleset(planned)
    with pytest.raises(UnknownRuleset, match=r"unknown ruleset 'nope' \(known: .*brickquest"):
        get_ruleset("nope")


# -- a ruleset of its own ----------------------------------------------------------------


def test_a_ruleset_in_its_own_distribution_is_found_and_loaded(site: Path) -> None:
    write_distribution(
        site,
        "fake_rules_pkg",
        {"fake_rules": "fake_rules_plugin:FakeRules"},
        {"fake_rules_plugin": FAKE_PLUGIN},
    )
    assert {"brickquest", "fake_rules"} <= set(available_rulesets())
    rules = get_ruleset("fake_rules")
    assert type(rules).__name__ == "FakeRules" and rules.title == "Fake Rules"
    assert isinstance(get_ruleset("brickquest"), BrickQuestRules)  # the built-in still there


def test_a_monkeypatched_entry_point_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, ("brickquest", BRICKQUEST))
    assert available_rulesets() == ["brickquest"]
    assert isinstance(get_ruleset("brickquest"), BrickQuestRules)


# -- broken plugins ----------------------------------------------------------------------

BROKEN = {
    "missing_module": ("fake_no_such_module:Rules", r"could not be imported: ModuleNotFoundError"),
    "missing_attribute": (
        "companion.rulesets.brickquest.plugin:NoSuchRules",
        r"could not be imported: AttributeError",
    ),
    "not_a_class": ("companion.rules.ruleset:DEFAULT_RULESET", r"is not a class but a str"),
    "wrong_class": ("collections:OrderedDict", r"is not a ruleset plugin: it lacks acting_order"),
    "constructor_fails": (
        "companion.rules.ruleset:Event",
        r"could not be created: ValidationError",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_plugin_is_reported_by_name(monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    target, problem = BROKEN[case]
    only(monkeypatch, ("brickquest", BRICKQUEST), ("broken", target))
    assert available_rulesets() == ["brickquest", "broken"]
    with pytest.raises(BrokenRuleset, match=rf"^ruleset 'broken' \({target}\) {problem}"):
        get_ruleset("broken")
    assert isinstance(get_ruleset("brickquest"), BrickQuestRules)  # the others still load


def test_a_plugin_that_fails_on_import_names_the_error(site: Path) -> None:
    write_distribution(
        site,
        "fake_broken_pkg",
        {"fake_broken": "fake_broken_plugin:Rules"},
        {"fake_broken_plugin": 'raise RuntimeError("the catalog is missing")\n'},
    )
    with pytest.raises(BrokenRuleset) as caught:
        get_ruleset("fake_broken")
    message = str(caught.value)
    assert "'fake_broken'" in message and "in fake_broken_pkg" in message
    assert "RuntimeError: the catalog is missing" in message


def test_an_id_that_differs_from_the_plugins_own_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    only(monkeypatch, ("brickquest2", BRICKQUEST))
    with pytest.raises(BrokenRuleset, match=r"says its id is 'brickquest'"):
        get_ruleset("brickquest2")


def test_an_id_registered_twice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, ("brickquest", BRICKQUEST), ("brickquest", "fake_other:Rules"))
    with pytest.raises(BrokenRuleset, match=r"'brickquest' is registered more than once"):
        get_ruleset("brickquest")


def test_rules_check_reports_a_broken_plugin_on_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write_distribution(
        site,
        "fake_broken_pkg",
        {"fake_broken": "fake_broken_plugin:Rules"},
        {"fake_broken_plugin": "import fake_dependency_not_there\n"},
    )
    scenario = tmp_path / "broken.json"
    doc = {"ruleset": "fake_broken", "map": {"terrain": ["###", "#.#", "###"]}, "checks": []}
    scenario.write_text(json.dumps(doc), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "rules", "check", str(scenario)],
        env={**env, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "ruleset 'fake_broken'" in result.stderr
    assert "No module named 'fake_dependency_not_there'" in result.stderr
