"""Exact attack and spell odds (``companion.rulesets.brickquest.odds``), checked against
brute-force enumeration of every face through the rules' own resolver."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from companion.rules.dice import TypedDice
from companion.rules.table import Odds
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.combat import (
    attack_modifiers,
    defense_modifiers,
    resolve_attack,
)
from companion.rulesets.brickquest.context import Ctx
from companion.rulesets.brickquest.odds import roll_distribution, sum_distribution
from companion.rulesets.brickquest.plugin import BrickQuestRules
from companion.rulesets.brickquest.setup import build_state
from companion.rulesets.brickquest.state import Affliction, GameState

RULES = BrickQuestRules()
CATALOG = default_catalog()


def duel(attacker: str, target: str, options: dict[str, Any] | None = None) -> GameState:
    """Monster ``attacker`` at [1, 1] facing target ``target`` at [2, 1]."""
    setup = {
        "map": {"terrain": ["#####", "#...#", "#####"]},
        "figures": [
            {"id": "a", "side": "party", "monster": attacker, "at": [1, 1], "facing": "E"},
            {"id": "t", "side": "dungeon", "monster": target, "at": [2, 1], "facing": "W"},
        ],
        "options": options or {},
    }
    return build_state(setup, CATALOG)


def change(state: GameState, fid: str, **update: Any) -> GameState:
    return state.with_figure(state.figures[fid].model_copy(update=update))


def attack_odds(state: GameState) -> Odds:
    odds = RULES.odds(state, {"actor": "a", "action": "attack", "target": "t", "mode": "melee"})
    assert odds is not None
    return odds


def brute_force(state: GameState) -> dict[int, Fraction]:
    """The damage of every equally likely set of faces, through ``resolve_attack``."""
    ctx = Ctx(state, CATALOG)
    a, t = state.figures["a"], state.figures["t"]
    n = attack_modifiers(ctx, a, t, "melee").dice + defense_modifiers(ctx, t).dice
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, 7), repeat=n):
        _, events = resolve_attack(ctx, a, t, "melee", TypedDice(faces))
        hits = [e for e in events if e.kind == "attack"]
        assert len(hits) == 1
        counts[hits[0].amount or 0] += 1
    total = 6**n
    return {d: Fraction(c, total) for d, c in sorted(counts.items())}


def assert_same(odds: Odds, exact: dict[int, Fraction]) -> None:
    got = {d: p for d, p in odds.damage.items() if p > 0}
    assert set(got) == set(exact)
    for d, p in exact.items():
        assert got[d] == pytest.approx(float(p), abs=1e-12), d


# -- the distributions ---------------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 2, 3, 5])
@pytest.mark.parametrize("counting", [None, frozenset({5, 6}), frozenset({6})])
def test_roll_distributions_sum_to_one(count: int, counting: frozenset[int] | None) -> None:
    dist = roll_distribution(count, counting)
    assert sum(dist.values()) == pytest.approx(1.0, abs=1e-12)
    assert all(p > 0 for p in dist.values())
    assert max(t for t, _, _ in dist) == (6 * count if counting is None or 6 in counting else 0)


@pytest.mark.parametrize("count", [1, 2, 3])
def test_roll_distribution_matches_enumeration(count: int) -> None:
    counting = frozenset({5, 6})
    expected: Counter[tuple[int, int, bool]] = Counter()
    for faces in itertools.product(range(1, 7), repeat=count):
        key = (
            sum(f for f in faces if f in counting),
            faces.count(6),
            all(f == 1 for f in faces),
        )
        expected[key] += 1
    dist = roll_distribution(count, counting)
    assert set(dist) == set(expected)
    for key, n in expected.items():
        assert dist[key] == pytest.approx(n / 6**count, abs=1e-12)


def test_two_dice_sum_to_seven_most_often() -> None:
    dist = sum_distribution(2)
    assert dist[7] == pytest.approx(6 / 36)
    assert dist[2] == pytest.approx(1 / 36) == pytest.approx(dist[12])
    assert max(dist, key=dist.__getitem__) == 7
    assert sum_distribution(0) == {0: 1.0}


# -- attacks ----------------------------------------------------------------------------


def test_one_attack_die_against_no_defense_dice_is_one_sixth_each() -> None:
    # a disarmed goblin strikes open-handed (1 die); a goblin's 2 defense dice lost to rage
    state = change(duel("goblin", "goblin"), "a", disarmed=True)
    state = change(state, "t", rage_penalty=2)
    ctx = Ctx(state, CATALOG)
    assert attack_modifiers(ctx, state.figures["a"], state.figures["t"], "melee").dice == 1
    assert defense_modifiers(ctx, state.figures["t"]).dice == 0
    odds = attack_odds(state)
    assert {d: p for d, p in odds.damage.items() if p} == pytest.approx(
        {d: 1 / 6 for d in range(1, 7)}
    )
    assert odds.hit == pytest.approx(1.0)
    assert odds.kill == pytest.approx(1 / 6)  # a goblin has 6 hit points
    assert sum(odds.damage.values()) == pytest.approx(1.0)


def test_an_incorporeal_target_counts_only_fives_and_sixes() -> None:
    state = change(duel("goblin", "ghost"), "a", disarmed=True)
    state = change(state, "t", rage_penalty=3)
    odds = attack_odds(state)
    assert {d: p for d, p in odds.damage.items() if p} == pytest.approx(
        {0: 4 / 6, 5: 1 / 6, 6: 1 / 6}
    )
    assert odds.hit == pytest.approx(2 / 6)
    # Enchanted weapons are the characters': a monster's dice still count only 5 and 6 ...
    monster = change(duel("goblin", "ghost", {"enchanted_weapons": True}), "a", disarmed=True)
    monster = change(monster, "t", rage_penalty=3)
    assert attack_odds(monster).hit == pytest.approx(2 / 6)
    # ... and a character's every die counts.
    enchanted = change(monster, "a", class_id="human_warrior", monster_id=None)
    assert {d: p for d, p in attack_odds(enchanted).damage.items() if p} == pytest.approx(
        {d: 1 / 6 for d in range(1, 7)}
    )


@pytest.mark.parametrize("hp", [1, 2, 4, 6])
def test_the_kill_chance_is_the_chance_of_at_least_the_hit_points(hp: int) -> None:
    state = change(duel("orc", "goblin"), "t", hp=hp)
    odds = attack_odds(state)
    assert odds.kill == pytest.approx(sum(p for d, p in odds.damage.items() if d >= hp))
    assert odds.hit == pytest.approx(sum(p for d, p in odds.damage.items() if d > 0))
    assert sum(odds.damage.values()) == pytest.approx(1.0)
    assert 0 < odds.kill <= odds.hit < 1
    assert f"{odds.kill:.0%} to kill" in odds.text


def test_no_odds_against_the_dead_or_for_a_move() -> None:
    state = duel("goblin", "goblin")
    dead = change(state, "t", dead=True, hp=0)
    attack = {"actor": "a", "action": "attack", "target": "t", "mode": "melee"}
    assert RULES.odds(dead, attack) is None
    assert RULES.odds(state, {"actor": "a", "action": "move", "path": [[1, 1]]}) is None
    assert RULES.odds(state, {"actor": "a", "action": "attack"}) is None  # no target


@pytest.mark.parametrize(
    ("attacker", "target", "options"),
    [
        ("goblin", "goblin", {}),  # 2 against 2
        ("goblin", "goblin", {"critical_hits": True}),  # double sixes, double ones
        ("orc", "gremlin", {"critical_hits": True}),  # 3 against 1
        ("goblin", "ghost", {}),  # incorporeal: 2 against 3
        ("bat", "goblin", {}),  # 1 against 2 dice, a vermin's defense bonus on its side
        ("goblin", "bat", {}),  # ... and against it
    ],
)
def test_attack_odds_equal_brute_force_through_the_resolver(
    attacker: str, target: str, options: dict[str, Any]
) -> None:
    state = duel(attacker, target, options)
    odds = attack_odds(state)
    exact = brute_force(state)
    assert_same(odds, exact)
    hp = state.figures["t"].hp
    assert odds.kill == pytest.approx(float(sum(p for d, p in exact.items() if d >= hp)))


def test_critical_hits_change_the_odds() -> None:
    plain = attack_odds(duel("goblin", "goblin"))
    crits = attack_odds(duel("goblin", "goblin", {"critical_hits": True}))
    # double ones never hurt, double sixes always do at least 2
    assert crits.damage != plain.damage
    assert crits.damage.get(1, 0) < plain.damage[1]


def test_the_odds_follow_a_war_horn_and_a_wound() -> None:
    state = duel("goblin", "goblin")
    horn = change(state, "a", afflictions=(Affliction(id="war_horn", value=2),))
    assert attack_odds(horn).hit > attack_odds(state).hit
    assert_same(attack_odds(horn), brute_force(horn))


# -- spells ------------------------------------------------------------------------------


def caster_state(target_effects: tuple[str, ...] = ()) -> GameState:
    setup = {
        "map": {"terrain": ["#######", "#.....#", "#######"]},
        "figures": [
            {"id": "mage", "side": "party", "class": "human_mage", "at": [1, 1], "facing": "E"},
            {
                "id": "t",
                "side": "dungeon",
                "monster": "goblin",
                "at": [4, 1],
                "facing": "W",
                "effects": [{"id": e} for e in target_effects],
            },
        ],
    }
    return build_state(setup, CATALOG)


def test_a_damage_spell_rolls_its_dice_with_no_defense() -> None:
    state = caster_state()
    odds = RULES.odds(
        state, {"actor": "mage", "action": "cast", "spell": "major_fireball", "target": "t"}
    )
    assert odds is not None
    assert odds.damage == pytest.approx(sum_distribution(2))
    assert odds.hit == pytest.approx(1.0)
    assert odds.kill == pytest.approx(sum(p for d, p in sum_distribution(2).items() if d >= 6))
    on_square = RULES.odds(
        state, {"actor": "mage", "action": "cast", "spell": "major_fireball", "target": [4, 1]}
    )
    assert on_square is not None and "to kill" not in on_square.text


def test_physical_spell_damage_misses_an_ethereal_target() -> None:
    """Fire does not hurt an ethereal figure (spells.py), so the odds say so."""
    state = caster_state(("ethereal",))
    assert state.figures["t"].has("ethereal")
    fire = RULES.odds(
        state, {"actor": "mage", "action": "cast", "spell": "major_fireball", "target": "t"}
    )
    assert fire is not None
    assert fire.hit == 0 and fire.kill == 0
    assert fire.damage == {0: 1.0}
    magic = RULES.odds(
        state, {"actor": "mage", "action": "cast", "spell": "levin_bolt", "target": "t"}
    )
    assert magic is not None and magic.hit == pytest.approx(1.0)  # not physical: it hurts


def test_a_spell_without_damage_has_no_odds() -> None:
    state = caster_state()
    heal = next(
        sp.id for sp in CATALOG.spells.values() if not sp.effect.damage_dice and sp.effect.heal_dice
    )
    action = {"actor": "mage", "action": "cast", "spell": heal, "target": "mage"}
    assert RULES.odds(state, action) is None
