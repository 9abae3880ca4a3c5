"""Brickmasters of the Unknown's encounter engine through its plugin: options with their
sentences, reasons, exact odds, the table's views, move hints that stop at an enemy's
reach, the choices each phase offers, set-up errors and a game from a map."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from shared_texts import SHARED

from companion.model.mapfile import FigurePlacement, MapOptions, new_document
from companion.rules.dice import SeededDice
from companion.rules.ruleset import get_ruleset
from companion.rulesets.brickmasters_of_the_unknown.options import Options
from companion.rulesets.brickmasters_of_the_unknown.plugin import BmotuRules
from companion.rulesets.brickmasters_of_the_unknown.setup import SetupError

TEXT = SHARED / "seeds" / "brickmasters-of-the-unknown.txt"


@pytest.fixture(scope="module")
def rules() -> BmotuRules:
    got = get_ruleset("brickmasters_of_the_unknown")
    assert isinstance(got, BmotuRules)
    return got


def duel(**extra: Any) -> dict[str, Any]:
    return {
        "map": {"terrain": ["." * 30] * 8},
        "figures": [
            {"id": "ann", "side": "red", "class": "fighter", "at": [2, 2], "facing": "E",
             "weapons": ["sword", "bow"], "armour": ["helmet", "breastplate", "shield"],
             "torso": True, "initiative": 12},
            {"id": "gob", "side": "blue", "mook": "orc", "at": [12, 2], "facing": "W",
             "weapons": ["sword"], "initiative": 10},
            {"id": "o2", "side": "blue", "mook": "orc", "at": [12, 6], "facing": "W",
             "weapons": ["sword"], "initiative": 8},
        ],
        **extra,
    }  # fmt: skip


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_every_option_reads_a_sentence_and_has_its_default(rules: BmotuRules) -> None:
    specs = {s.key: s for s in rules.option_specs()}
    assert set(specs) == set(Options.model_fields)
    defaults = Options()
    text = _norm(TEXT.read_text(encoding="utf-8")) if TEXT.exists() else None
    for key, spec in specs.items():
        assert spec.default == getattr(defaults, key)
        assert spec.help and spec.quote, key
        if text is not None:
            assert _norm(spec.quote) in text, key


def test_reasons_and_dice(rules: BmotuRules) -> None:
    reasons = rules.reasons()
    for code in ("must_stop", "not_this_phase", "reload", "no_opening", "not_your_turn"):
        assert reasons[code]
    assert [d.sides for d in rules.dice_specs()] == [2, 3, 4, 6, 8, 10, 12, 20]
    spec = rules.facing_spec()
    assert spec.kind == "eight" and [a.degrees for a in spec.arcs] == [180, 360]


def test_odds_are_the_exact_distribution_of_the_two_bumped_dice(rules: BmotuRules) -> None:
    state = rules.initial_state(duel(phase="combat"))
    state = state.with_(
        figs={
            **state.figs,
            "gob": state.figs["gob"].with_(x=5.5),
            "o2": state.figs["o2"].with_(x=4.5, y=4.5),
        }
    )
    odds = rules.odds(state, {"actor": "gob", "action": "fight", "target": "ann", "with": ["o2"]})
    assert odds is not None
    # The orc's d8 bumped to d10 by the extra orc, against Ann's d10.
    wins = sum(1 for x in range(1, 11) for y in range(1, 11) if x > y) / 100
    assert odds.hit == pytest.approx(wins)
    assert sum(odds.damage.values()) == pytest.approx(1.0)
    # Strong: a win by d scores d + 1 hits.
    assert odds.damage[10] == pytest.approx(1 / 100)  # 10 against 1
    assert min(k for k in odds.damage if k) == 2


def test_move_hints_stop_where_the_enemys_reach_begins(rules: BmotuRules) -> None:
    state = rules.initial_state(duel())
    state = rules.resolve(
        state, rules.actions.validate_python({"actor": "ann", "action": "pass"}), SeededDice(1)
    ).state
    hints = rules.moves(state, "gob")
    # Ann's sword reaches cells whose centre is within 2 studs of her base: x = 6 first.
    assert (6, 2) in hints and (5, 2) not in hints and (4, 2) not in hints
    # Beside her reach, the hint goes the orc's full move.
    assert (5, 5) in hints


def test_views_of_figures_and_the_round(rules: BmotuRules) -> None:
    state = rules.initial_state(duel())
    view = rules.figures(state)["ann"]
    assert view.tracks[0].id == "armour" and view.tracks[0].text.endswith("■■■")
    assert view.heading == 90.0 and view.base_squares == 2.0
    turn = rules.turn(state)
    assert turn.phase == "Action" and turn.phases == (
        "Action", "Final shots", "Combat resolution", "Spell resolution",
    )  # fmt: skip
    assert turn.acting == "ann" and turn.order[:3] == ("ann", "gob", "o2")


def test_choices_in_each_phase(rules: BmotuRules) -> None:
    state = rules.initial_state(duel())
    kinds = {c.kind for c in rules.choices(state, "ann")}
    assert {"move", "shoot", "end_turn"} <= kinds
    shoot = next(c for c in rules.choices(state, "ann") if c.kind == "shoot")
    assert set(shoot.targets) == {"gob", "o2"}
    assert rules.choices(state, "gob") == []  # not its turn
    # Two orcs on Ann in combat resolution: a fight each, and a gang-up.
    near = duel(phase="combat")
    near["figures"][1]["at"] = [5, 2]
    near["figures"][2]["at"] = [4, 4]
    state = rules.initial_state(near)
    gob = {c.kind: c for c in rules.choices(state, "gob")}
    assert "fight_ann" in gob and gob["gang_ann"].needs == "figures"
    assert gob["gang_ann"].targets == ("o2",)
    table = rules.choices(state, None)
    assert [c.kind for c in table] == ["end_encounter_red", "end_encounter_blue"]


def test_a_bad_setup_names_the_place(rules: BmotuRules) -> None:
    bad = duel()
    bad["figures"][0]["class"] = "paladin"
    with pytest.raises(SetupError, match=r"figures\.0.*paladin"):
        rules.initial_state(bad)
    both = duel()
    both["figures"][1]["class"] = "fighter"
    with pytest.raises(SetupError, match=r"figures\.1: give a class or a mook"):
        rules.initial_state(both)
    with pytest.raises(SetupError, match=r"options\.tie_damage"):
        rules.initial_state(duel(options={"tie_damage": "maybe"}))


def test_a_game_from_a_map_with_its_setup_choices(rules: BmotuRules, tmp_path: Path) -> None:
    doc = new_document(20, 8, border=False, name="t")
    doc.figures = [
        FigurePlacement(id="ann", side="red", class_id="fighter", at=(3, 3)),
        FigurePlacement(id="sk", side="blue", monster="joe_skeleton", at=(12, 3)),
    ]
    doc.options = MapOptions(ruleset="brickmasters_of_the_unknown")
    choices = {c.figure + "." + c.key: c for c in rules.setup_choices(doc)}
    assert choices["ann.weapons"].default == ("sword",) and choices["ann.armour"].multiple
    setup = rules.game_setup(doc, None, {}, {"ann": {"weapons": ["spear"]}})
    state = rules.initial_state(setup)
    assert [w.id for w in state.figs["ann"].weapons] == ["spear"]
    # A mook's kit: the skeleton's sword.
    assert [w.id for w in state.figs["sk"].weapons] == ["sword"]
    assert state.phase == "initiative"


def test_the_demo_roster_plays_on_a_map(rules: BmotuRules) -> None:
    """The demo warbands (bq-data's roster) placed on a table: each figure is its
    character, and a caster whose day has not begun has its known spells ready."""
    import json

    from companion.datafiles import resource_dir

    roster = json.loads((resource_dir() / "parties" / "bmotu-demo.roster.json").read_text())
    doc = new_document(40, 30, border=False, name="demo")
    first = roster["sides"][0]
    doc.figures = [
        FigurePlacement(
            id=c["id"], side=c["side"], class_id=c["class"],
            at=(3 + i * 4, 3 if c["side"] == first else 25),
        )
        for i, c in enumerate(roster["characters"])
    ]  # fmt: skip
    doc.options = MapOptions(ruleset="brickmasters_of_the_unknown")
    state = rules.initial_state(rules.game_setup(doc, roster, {}, {}))
    assert set(state.figs) == {c["id"] for c in roster["characters"]}
    casters = [f for f in state.figs.values() if f.spells_known]
    assert casters and all(f.prepared == f.spells_known and f.spells_left for f in casters)
