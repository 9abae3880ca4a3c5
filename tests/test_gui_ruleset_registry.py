"""Rulesets' GUI parts are found through the ``companion.gui_rulesets`` entry-point group.

BrickQuest's registers there; a ruleset without one leaves the window without a party
dock or Party menu; a broken one is reported by its id, and the window still opens.
"""

from __future__ import annotations

import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from companion.gui import main_window as main_window_module
from companion.gui import rulesets as registry
from companion.gui.play.new_game import GameSpec
from companion.gui.rulesets import (
    ENTRY_POINT_GROUP,
    BrokenRulesetGui,
    available_ruleset_guis,
    ruleset_gui,
)
from companion.gui.rulesets.brickquest.party_dock import PartyActions
from companion.gui.rulesets.brickquest.plugin import BrickQuestGui
from companion.gui.testing import DEMO, make_settings, make_window
from companion.rules.game import Game

ROOT = Path(__file__).resolve().parents[1]
BRICKQUEST = "companion.gui.rulesets.brickquest.plugin:BrickQuestGui"


def only(monkeypatch: pytest.MonkeyPatch, *entries: tuple[str, str]) -> None:
    """Make ``(id, "module:attr")`` pairs the only registered GUI parts (other groups, such
    as the rulesets', stay as installed: ``metadata`` is one module for everyone)."""
    points = [metadata.EntryPoint(name, value, ENTRY_POINT_GROUP) for name, value in entries]
    installed = metadata.entry_points

    def fake(**params: str) -> list[metadata.EntryPoint] | metadata.EntryPoints:
        if params != {"group": ENTRY_POINT_GROUP}:
            return installed(**params)
        return points

    monkeypatch.setattr(registry.metadata, "entry_points", fake)


def test_brickquest_registers_its_gui_in_the_group() -> None:
    (entry,) = [e for e in metadata.entry_points(group=ENTRY_POINT_GROUP) if e.name == "brickquest"]
    assert entry.value == BRICKQUEST
    assert entry.dist is not None and entry.dist.name == "brick-companion"
    assert "brickquest" in available_ruleset_guis()
    gui = ruleset_gui("brickquest")
    assert isinstance(gui, BrickQuestGui) and gui.id == "brickquest"


def test_installed_entry_points_match_pyproject() -> None:
    """A stale editable install would miss a GUI part added to pyproject.toml."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][ENTRY_POINT_GROUP]
    installed = {
        e.name: e.value
        for e in metadata.entry_points(group=ENTRY_POINT_GROUP)
        if e.dist is not None and e.dist.name == "brick-companion"
    }
    assert declared == installed, "run scripts/setup.sh test to refresh the install"


def test_a_ruleset_without_a_gui_part_has_none(monkeypatch: pytest.MonkeyPatch) -> None:
    assert ruleset_gui("no_such_ruleset") is None
    only(monkeypatch)
    assert available_ruleset_guis() == []
    assert ruleset_gui("brickquest") is None


BROKEN = {
    "missing_module": ("fake_no_such_module:Gui", r"could not be imported: ModuleNotFoundError"),
    "missing_attribute": (
        "companion.gui.rulesets.brickquest.plugin:NoSuchGui",
        r"could not be imported: AttributeError",
    ),
    "not_a_class": ("companion.gui.rulesets:ENTRY_POINT_GROUP", r"is not a class but a str"),
    "wrong_class": ("collections:OrderedDict", r"is not a ruleset GUI: it lacks id$"),
    "constructor_fails": (
        "companion.gui.shortcuts:ShortcutsOverTextFields",
        r"could not be created: TypeError",
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_gui_part_is_reported_by_name(monkeypatch: pytest.MonkeyPatch, case: str) -> None:
    target, problem = BROKEN[case]
    only(monkeypatch, ("brickquest", BRICKQUEST), ("broken", target))
    with pytest.raises(BrokenRulesetGui, match=rf"^the GUI of ruleset 'broken' \({target}\) "):
        ruleset_gui("broken")
    with pytest.raises(BrokenRulesetGui, match=problem):
        ruleset_gui("broken")
    assert isinstance(ruleset_gui("brickquest"), BrickQuestGui)  # the others still load


def test_an_id_that_differs_from_the_parts_own_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, ("brickquest2", BRICKQUEST))
    with pytest.raises(BrokenRulesetGui, match=r"says its id is 'brickquest'"):
        ruleset_gui("brickquest2")


def test_an_id_registered_twice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    only(monkeypatch, ("brickquest", BRICKQUEST), ("brickquest", "fake_other:Gui"))
    with pytest.raises(BrokenRulesetGui, match=r"'brickquest' is registered more than once"):
        ruleset_gui("brickquest")


# -- the window ------------------------------------------------------------------------


def test_the_window_gets_brickquests_party(qtbot: object, tmp_path: Path) -> None:
    w = make_window(qtbot, make_settings(tmp_path))
    assert isinstance(w.party_actions, PartyActions)
    assert w.party_dock is w.party_actions.dock and w.party_dock in w.docks
    assert "&Party" in [a.text() for a in w.menuBar().actions()]


def test_a_ruleset_without_a_gui_part_leaves_out_the_party(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(main_window_module, "ruleset_gui", lambda ruleset_id: None)
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    assert w.party_actions is None and w.party_dock is None
    assert "&Party" not in [a.text() for a in w.menuBar().actions()]
    assert "Party" not in [a.text() for a in w.actions_.panels_menu.actions()]
    # Maps and games work as before, without sheets.
    assert w.open_path(DEMO)
    path = tmp_path / "g.game.jsonl"
    assert w.start_game(path, GameSpec(seed=4)), errors
    assert Game.open(path).header.party is None
    w.set_mode("edit")
    w.set_mode("play")
    w.close_game()
    assert errors == []
    w.session.undo_stack.setClean()
    assert w.close()


def test_a_broken_gui_part_leaves_out_the_party_and_says_why(
    qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    only(monkeypatch, ("brickquest", "fake_no_such_module:Gui"))
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    assert w.party_actions is None and w.party_dock is None
    qtbot.waitUntil(lambda: bool(errors))  # type: ignore[attr-defined]
    assert errors == [
        "No party sheets: the GUI of ruleset 'brickquest' (fake_no_such_module:Gui) could not "
        "be imported: ModuleNotFoundError: No module named 'fake_no_such_module'"
    ]
