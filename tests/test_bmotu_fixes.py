"""Brickmasters of the Unknown: the engine's fixes after it landed (bq-fix), each
through the plugin as the window and the commands use it."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.dice import SeededDice
from companion.rules.ruleset import get_ruleset
from companion.rulesets.brickmasters_of_the_unknown.plugin import BmotuRules


@pytest.fixture(scope="module")
def rules() -> BmotuRules:
    got = get_ruleset("brickmasters_of_the_unknown")
    assert isinstance(got, BmotuRules)
    return got


def caster_and_orcs() -> dict[str, Any]:
    return {
        "map": {"terrain": ["." * 30] * 10},
        "figures": [
            {"id": "mel", "name": "Mildred", "side": "red", "class": "mage", "at": [2, 5],
             "facing": "E", "items": ["star_wand"], "spells": ["sleep_stun", "teleport"],
             "initiative": 15},
            {"id": "bigtom", "name": "Big Tom", "side": "blue", "mook": "orc", "at": [12, 5],
             "facing": "W", "weapons": ["sword"], "initiative": 10},
        ],
    }  # fmt: skip


def test_the_log_names_the_spell_and_its_targets(rules: BmotuRules) -> None:
    """P2: "Mel begins casting Sleep/stun at Orc", never the ids."""
    state = rules.initial_state(caster_and_orcs())
    action = {"actor": "mel", "action": "cast", "spell": "sleep_stun", "mode": "stun",
              "targets": ["bigtom"]}  # fmt: skip
    res = rules.resolve(state, rules.actions.validate_python(action), SeededDice(1))
    text = " ".join(e.text for e in res.events if e.kind == "cast")
    spell = rules.catalog.get_spell("sleep_stun").name
    target = rules.figures(state)["bigtom"].name
    assert f"begins casting {spell} at {target}" in text
    assert "sleep_stun" not in text and "bigtom" not in text


def test_teleport_is_aimed_at_any_figure_it_may_take(rules: BmotuRules) -> None:
    """Gap 1: "Move target d6 + d6 per 2 effect to a legal space" — the target is chosen
    through the choices (one per figure, each then aimed at a square), not the caster only."""
    state = rules.initial_state(caster_and_orcs())
    ports = [c for c in rules.choices(state, "mel") if c.template.get("spell") == "teleport"]
    aimed = {c.template["targets"][0]: c for c in ports}
    assert set(aimed) == {"mel", "bigtom"}
    orc = aimed["bigtom"]
    assert orc.enabled and orc.needs == "square" and orc.field == "to"
    assert "Big Tom" in orc.label and "(self)" in aimed["mel"].label
    action = {**orc.template, orc.field: [20, 8]}
    assert rules.validate(state, rules.actions.validate_python(action)).legal


def test_the_action_bar_offers_each_piece_by_a_broken_body_beside_the_figure(
    rules: BmotuRules,
) -> None:
    """Gap 3: "Armor may be looted and worn, each piece requiring an adjacent figure to
    spend an entire turn taking no action": offered beside the body only."""
    setup = caster_and_orcs()
    setup["figures"][1].update(at=[4, 5], broken=True, armour=["helmet", "shield"])
    setup["figures"].append(
        {"id": "o2", "side": "blue", "mook": "orc", "at": [25, 5], "facing": "W",
         "weapons": ["sword"], "initiative": 5}
    )  # fmt: skip
    state = rules.initial_state(setup)
    loots = {c.label: c for c in rules.choices(state, "mel") if c.group == "Loot"}
    assert set(loots) == {"Loot Helmet from Big Tom", "Loot Shield from Big Tom"}
    assert all(c.enabled for c in loots.values())
    setup["figures"][0]["at"] = [12, 5]
    far = rules.initial_state(setup)
    assert not [c for c in rules.choices(far, "mel") if c.group == "Loot"]


def test_a_fight_choice_carries_its_exact_odds(rules: BmotuRules) -> None:
    """P3: "the combat phase lists each fight with its odds (the exact distribution of
    the two bumped dice)": shown while offered, its line beside the entry."""
    setup = caster_and_orcs()
    setup["phase"] = "combat"
    setup["figures"][1]["at"] = [5, 5]
    state = rules.initial_state(setup)
    fights = [c for c in rules.choices(state, "mel") if c.kind == "fight_bigtom"]
    assert len(fights) == 1 and fights[0].show_odds
    exact = rules.odds(state, fights[0].template)
    assert exact is not None and fights[0].detail == exact.text
    assert "wins" in fights[0].detail


def test_combat_resolution_lets_the_table_pick_who_of_the_group_fights(
    rules: BmotuRules,
) -> None:
    """P4: "the highest initiative still to fight first; its whole combat group may act"
    (VOCABULARY): the group's figures are choosable and the turn not yet started."""
    setup = caster_and_orcs()
    setup["phase"] = "combat"
    setup["figures"][1]["at"] = [5, 5]
    state = rules.initial_state(setup)
    turn = rules.turn(state)
    assert turn.acting == "mel" and set(turn.choosable) == {"mel", "bigtom"}
    assert not turn.turn_started
    assert "fight_mel" in {c.kind for c in rules.choices(state, "bigtom")}
