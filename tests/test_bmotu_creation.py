"""Brickmasters of the Unknown: making a minifig, and the tools between encounters.

Each test quotes the sentence of ``brickmasters-of-the-unknown.txt`` it checks; the
numbers are the text's, worked by hand.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.rosters import RosterError
from companion.rulesets.brickmasters_of_the_unknown import between
from companion.rulesets.brickmasters_of_the_unknown.between import BetweenError
from companion.rulesets.brickmasters_of_the_unknown.catalog import BmotuCatalog, default_catalog
from companion.rulesets.brickmasters_of_the_unknown.character import (
    Character,
    Money,
    armour_value,
    base_move,
    can_cast,
    combat_move,
    once_a_day_left,
    read_roster,
)
from companion.rulesets.brickmasters_of_the_unknown.creation import (
    Choices,
    CreationError,
    create,
    gimmick_picks,
    max_adventure_bumps,
)
from companion.rulesets.brickmasters_of_the_unknown.dtypes import bumps_between


@pytest.fixture(scope="module")
def cat() -> BmotuCatalog:
    return default_catalog()


def make(cat: BmotuCatalog, class_id: str, **kw: object) -> Character:
    return create(Choices(id="x", side="red", class_id=class_id, **kw), cat)  # type: ignore[arg-type]


def reasons(cat: BmotuCatalog, class_id: str, **kw: object) -> dict[str, str]:
    with pytest.raises(CreationError) as info:
        make(cat, class_id, **kw)
    return dict(info.value.reasons)


# ------------------------------------------------------------------ creation


def test_a_class_gives_its_dice_and_move(cat: BmotuCatalog) -> None:
    # "Mage d4 d4 d10 d6 10"
    mage = make(cat, "mage")
    assert mage.dice() == {"fight": 4, "shoot": 4, "cast": 10, "adventure": 6}
    assert base_move(mage, cat) == 10 and mage.gimmicks == ()


def test_one_gimmick_per_bump_down_of_adventure(cat: BmotuCatalog) -> None:
    # "characters may choose one gimmick for each negative bump they take on the
    # Adventure stat." (L33)  Rogue adventure d8 -> two bumps down -> d4, two gimmicks.
    rogue = make(cat, "rogue", adventure_bumps_down=2, gimmicks=("burglar", "fast"))
    assert rogue.adventure == 4
    assert rogue.gimmicks == ("burglar", "fast")
    # Fast: +2 move (L68)
    assert base_move(rogue, cat) == 14
    why = reasons(cat, "rogue", adventure_bumps_down=1, gimmicks=("burglar", "fast"))
    assert "2 gimmicks chosen, 1 allowed" in why["gimmicks"]


def test_free_gimmicks_and_the_adventurers_any_one(cat: BmotuCatalog) -> None:
    # "Dwarves get tough for free ... Adventurers get any one for free." (L33)
    assert make(cat, "dwarf").gimmicks == ("tough",)
    assert gimmick_picks("adventurer", 0, cat) == 1
    assert make(cat, "adventurer", gimmicks=("magus",)).gimmicks == ("magus",)
    assert "1 allowed" in reasons(cat, "adventurer", gimmicks=("magus", "fast"))["gimmicks"]
    assert "gimmicks" in reasons(cat, "dwarf", gimmicks=("strong",))


def test_gimmicks_may_be_chosen_several_times(cat: BmotuCatalog) -> None:
    # "Gimmicks may be chosen multiple times." (L33)
    hobbit = make(cat, "hobbit", adventure_bumps_down=2, gimmicks=("fast", "fast"))
    assert hobbit.gimmicks.count("fast") == 2 and base_move(hobbit, cat) == 6 + 4


def test_bumps_stop_at_d2(cat: BmotuCatalog) -> None:
    # "D2 is the lowest dtype possible." Fighter adventure d4 -> d3 -> d2: two bumps.
    assert max_adventure_bumps("fighter", cat) == 2
    fighter = make(
        cat, "fighter", adventure_bumps_down=2, gimmicks=("strong", "tough"), printed_torso=True
    )
    assert fighter.adventure == 2
    why = reasons(cat, "fighter", adventure_bumps_down=3, printed_torso=True)
    assert "at most 2 bumps down" in why["adventure_bumps_down"]


def test_generalist_exchanges_a_d10_and_a_d6_for_two_d8(cat: BmotuCatalog) -> None:
    # "Generalist May exchange a d10 and a d6 stats for two d8 stats." (L50)
    fighter = make(
        cat,
        "fighter",
        adventure_bumps_down=1,
        gimmicks=("generalist",),
        exchange_d10="fight",
        exchange_d6="shoot",
        printed_torso=True,
    )
    assert (fighter.fight, fighter.shoot) == (8, 8)
    # Not a Generalist: refused.
    why = reasons(cat, "fighter", exchange_d10="fight", exchange_d6="shoot", printed_torso=True)
    assert "only a Generalist" in why["exchange"]
    # The stats must be a d10 and a d6.
    why = reasons(
        cat, "rogue", adventure_bumps_down=1, gimmicks=("generalist",),
        exchange_d10="shoot", exchange_d6="fight",
    )  # fmt: skip
    assert "shoot is d8 and fight is d4" in why["exchange"]


def test_armour_maximums_and_one_piece_per_place(cat: BmotuCatalog) -> None:
    # "Cunning ... Max armor =2"; "Armor max limits removable pieces of armor only."
    why = reasons(cat, "goblin", armour=("helmet", "breastplate", "shield"))
    assert "Cunning allow at most 2" in why["armour"]
    goblin = make(cat, "goblin", armour=("helmet", "shield"), printed_torso=True)
    # The printed torso does not count against the maximum and adds +1 (L96).
    assert armour_value(goblin, cat) == 3
    # "Helmet or Burnoose"
    assert "one piece on the head" in reasons(cat, "mage", armour=("helmet", "burnoose"))["armour"]
    assert "worn on a helmet" in reasons(cat, "mage", armour=("visor",))["armour"]


def test_a_fighter_needs_a_printed_torso(cat: BmotuCatalog) -> None:
    # "A fighter minifig needs a torso with some kind of armor printed on it." (L70)
    assert "printed_torso" in reasons(cat, "fighter")


def test_spells_known_at_the_start(cat: BmotuCatalog) -> None:
    # "Spellcasters start out with ½ the max value of their cast stat" (L115): Mage d10: 5
    five = ("zap_blast", "web_wall", "sleep_stun", "curse_bless", "heal")
    mage = make(cat, "mage", spells=five, items=("star_wand",))
    assert mage.spells_known == five and can_cast(mage, cat)
    why = reasons(cat, "mage", spells=(*five, "charm"))
    assert "6 spells chosen, 5 known" in why["spells"]
    # Magus: "+2 initial spells" (L62) -> Elf d12: 6 + 2
    elf = make(
        cat, "elf", adventure_bumps_down=1, gimmicks=("magus",),
        spells=("zap_blast", "web_wall", "sleep_stun", "curse_bless", "heal", "haste_slow",
                "turn", "raise"),
    )  # fmt: skip
    assert len(elf.spells_known) == 8


def test_no_spells_with_cast_d4_but_a_healer_knows_heal(cat: BmotuCatalog) -> None:
    # "a figure must have a Cast dtype > d4" (L113)
    assert "not above d4" in reasons(cat, "rogue", spells=("zap_blast",))["spells"]
    # "Healer: add heal spell for free" (L48)
    rogue = make(cat, "rogue", adventure_bumps_down=1, gimmicks=("healer",))
    assert rogue.spells_known == ("heal",)


def test_every_reason_is_given_at_once(cat: BmotuCatalog) -> None:
    why = reasons(cat, "fighter", adventure_bumps_down=5, armour=("visor",), spells=("zap_blast",))
    assert set(why) == {"adventure_bumps_down", "printed_torso", "armour", "spells"}
    with pytest.raises(RosterError, match="unknown class 'wizard'"):
        make(cat, "wizard")


def test_armour_slows_the_move_in_combat(cat: BmotuCatalog) -> None:
    # "For Rogues, move is reduced by two for each piece worn after the first." (L17)
    rogue = make(cat, "rogue", armour=("helmet", "breastplate", "shield"))
    assert combat_move(rogue, cat) == 12 - 4


# ------------------------------------------------------------ between encounters


def test_armour_back_after_combat_and_reassembly(cat: BmotuCatalog) -> None:
    c = make(cat, "mage").model_copy(
        update={"armour": ("helmet",), "armour_discarded": ("shield",), "broken": True}
    )
    back = between.after_combat(c)
    assert set(back.armour) == {"helmet", "shield"} and back.armour_discarded == ()
    assert not between.reassemble(back).broken
    with pytest.raises(BetweenError, match="not broken"):
        between.reassemble(make(cat, "mage"))


def test_looting_a_broken_body(cat: BmotuCatalog) -> None:
    # "Armor may be looted and worn" (L132)
    body = make(cat, "mage", armour=("helmet", "shield")).model_copy(update={"broken": True})
    taker = make(cat, "goblin", armour=("breastplate",))
    taker2, body2 = between.loot(taker, body, "helmet", cat)
    assert taker2.armour == ("breastplate", "helmet") and body2.armour == ("shield",)
    with pytest.raises(BetweenError, match="at most 2"):
        between.loot(taker2, body2, "shield", cat)


def test_spells_for_the_day_are_the_best_of_three_cast_rolls(cat: BmotuCatalog) -> None:
    # "roll Cast three times. The highest result is how many spells" (L136)
    mage = make(cat, "mage", spells=("zap_blast", "heal", "turn"))
    day = between.prepare_spells(mage, [2, 3, 1], ["zap_blast", "heal"], cat)
    assert day.spells_per_day == 3 and day.spells_prepared == ("zap_blast", "heal")
    with pytest.raises(BetweenError, match="3 spells prepared, the best roll 2"):
        between.prepare_spells(mage, [2, 2, 1], ["zap_blast", "heal", "turn"], cat)
    with pytest.raises(BetweenError, match="not a roll of Cast d10"):
        between.prepare_spells(mage, [11, 2, 1], [], cat)
    with pytest.raises(BetweenError, match="roll Cast 3 times"):
        between.prepare_spells(mage, [5], [], cat)
    with pytest.raises(BetweenError, match="charm is not in"):
        between.prepare_spells(mage, [5, 1, 1], ["charm"], cat)


def test_demibump_prices(cat: BmotuCatalog) -> None:
    # "all of which cost 10 DB Cost for bumping a d4 or lower dtype, or adding a gimmick
    # multiple times is doubled, the cost to bump a d12 (to d20) is quadrupled." (L150)
    assert [between.bump_cost(d, cat) for d in (2, 3, 4, 6, 8, 10, 12)] == [
        20, 20, 20, 10, 10, 10, 40,
    ]  # fmt: skip
    with pytest.raises(BetweenError, match="d20 is the highest"):
        between.bump_cost(20, cat)
    dwarf = make(cat, "dwarf")
    assert between.gimmick_cost(dwarf, "tough", cat) == 20
    assert between.gimmick_cost(dwarf, "strong", cat) == 10


def test_spending_demibumps(cat: BmotuCatalog) -> None:
    dwarf = between.award(make(cat, "dwarf"), 45)
    up = between.spend_on_bump(dwarf, "fight", cat)  # d12 -> d20 for 40
    assert (up.fight, up.demibumps) == (20, 5)
    with pytest.raises(BetweenError, match=r"costs 20 DB; .* has 5"):
        between.spend_on_bump(up, "shoot", cat)
    mage = between.award(make(cat, "mage"), 10)
    assert between.spend_on_spell(mage, "charm", cat).spells_known == ("charm",)
    armoured = between.award(make(cat, "mage", armour=("helmet", "breastplate", "shield")), 30)
    with pytest.raises(BetweenError, match="Fast allows at most 2"):
        between.spend_on_gimmick(armoured, "fast", cat)


def test_money_in_pips(cat: BmotuCatalog) -> None:
    # "100 brown pips = 10 grey pips = 1 yellow pip. An armor piece, standard weapon ...
    # costs 10yp, ... light weapons, 5, and heavy weapons ... 20." (L154)
    rich = make(cat, "mage", money=Money(yellow=25))
    bought = between.buy(rich, "sword", cat)
    assert bought.weapons == ("sword",) and bought.money == Money(yellow=15)
    change = between.pay(bought, 1005, cat)  # 10 yp and 5 bp
    assert change.money == Money(yellow=4, grey=9, brown=5)
    with pytest.raises(BetweenError, match="1500 brown pips' worth, 2000 needed"):
        between.buy(bought, "musket", cat)
    assert between.price_in_brown("purple", cat) == 80 * 100


def test_once_a_day_uses_left(cat: BmotuCatalog) -> None:
    c = make(cat, "adventurer", gimmicks=("whirlwind",)).model_copy(
        update={"used_today": ("whirlwind",)}
    )
    assert once_a_day_left(c, cat) == {"whirlwind": 0}


def test_a_roster_names_bad_ids_and_places(cat: BmotuCatalog) -> None:
    mage = make(cat, "mage").model_dump(mode="json", by_alias=True)
    raw = {"sides": ["red", "blue"], "characters": [{**mage, "gimmicks": ["zen"]}]}
    with pytest.raises(RosterError, match=r"characters\.0\.gimmicks\.0: unknown gimmick 'zen'"):
        read_roster(raw, cat)
    raw = {"sides": ["red", "blue"], "characters": [{**mage, "fight": "d5"}]}
    with pytest.raises(RosterError, match=r"characters\.0\.fight"):
        read_roster(raw, cat)
    ok = read_roster({"sides": ["red", "blue"], "characters": [mage]}, cat)
    assert ok.characters[0].cast == 10


# -------------------------------------------------------------------- the sheets


def _roster_with(cat: BmotuCatalog, *characters: Character) -> dict[str, object]:
    from companion.rulesets.brickmasters_of_the_unknown.sheets import blank_roster

    roster = blank_roster()
    roster["characters"] = [c.model_dump(mode="json", by_alias=True) for c in characters]
    return roster


def test_the_plugin_keeps_its_minifigs_in_a_roster(cat: BmotuCatalog) -> None:
    from companion.rules.ruleset import CharacterSheets
    from companion.rulesets.brickmasters_of_the_unknown.plugin import BmotuRules

    rules = BmotuRules()
    assert isinstance(rules, CharacterSheets)
    ann = create(
        Choices(id="ann", side="red", class_id="fighter", name="Ann", printed_torso=True), cat
    )
    roster = _roster_with(cat, ann)
    rules.check_roster(roster)
    (fig,) = rules.roster_figures(roster)
    assert (fig.id, fig.name, fig.side, fig.class_id) == ("ann", "Ann", "red", "fighter")
    (sheet,) = rules.sheets(roster)
    dice = next(s for s in sheet.sections if s.title == "Dice")
    assert [(f.key, f.die) for f in dice.fields] == [
        ("fight", 10), ("shoot", 6), ("cast", 4), ("adventure", 4),
    ]  # fmt: skip
    # Edits are checked: a side that is not one, a negative purse, a derived field.
    with pytest.raises(RosterError, match="side: unknown side 'green'"):
        rules.edit_character(roster, "ann", "side", "green")
    with pytest.raises(RosterError, match="no negative pips"):
        rules.edit_character(roster, "ann", "grey", -3)
    with pytest.raises(RosterError, match="fight: not a field that can be changed"):
        rules.edit_character(roster, "ann", "fight", "d20")
    edited = rules.edit_character(roster, "ann", "demibumps", 12)
    assert edited["characters"][0]["demibumps"] == 12
    assert rules.remove_character(edited, "ann")["characters"] == []


def test_an_encounter_s_numbers_come_first_on_the_sheet(cat: BmotuCatalog) -> None:
    from companion.rules.scenario import load_scenario
    from companion.rulesets.brickmasters_of_the_unknown.plugin import BmotuRules

    path = (
        Path(__file__).parent
        / "scenarios"
        / "brickmasters_of_the_unknown"
        / "armour_gone_then_broken.json"
    )
    rules = BmotuRules()
    state = rules.initial_state(load_scenario(path).game(path.name).setup)
    fig = state.figs["ann"]
    hurt = state.with_(
        figs={
            **state.figs,
            "ann": fig.with_(armour=("helmet",), armour_start=("helmet", "shield"), broken=True),
        }
    )
    ann = create(
        Choices(id="ann", side="red", class_id="fighter", printed_torso=True,
                armour=("helmet", "shield")), cat,
    )  # fmt: skip
    (sheet,) = rules.sheets(_roster_with(cat, ann), hurt)
    first = sheet.sections[0]
    assert first.title == "This encounter"
    fields = {f.key: f for f in first.fields}
    assert fields["game_broken"].value == "yes"
    assert fields["game_armour"].value == "1 of 2" and fields["game_armour"].track == (1, 2)
    # Without the game, the roster's own sheet.
    (plain,) = rules.sheets(_roster_with(cat, ann))
    assert plain.sections[0].title == "Minifig"


def test_the_creator_s_values_make_a_generalist(cat: BmotuCatalog) -> None:
    from companion.rulesets.brickmasters_of_the_unknown.sheets import BmotuSheets

    rules = BmotuSheets()
    roster = rules.blank_roster()
    view = rules.creation_fields(roster)
    values: dict[str, object] = {f.key: f.value for s in view.sections for f in s.fields}
    exchange = next(f for s in view.sections for f in s.fields if f.key == "exchange")
    assert ("fight+shoot", "Fight d10, Shoot d6 \u2192 d8s") in exchange.choices
    values.update(
        {
            "name": "Gus", "class": "fighter", "adventure_bumps_down": 1,
            "gimmicks": "generalist", "exchange": "fight+shoot", "printed_torso": True,
            "armour": "Helmet, breastplate",
        }
    )  # fmt: skip
    added = rules.add_character(roster, values)
    gus = added["characters"][0]
    assert (gus["class"], gus["fight"], gus["shoot"], gus["adventure"]) == (
        "fighter", "d8", "d8", "d3",
    )  # fmt: skip
    with pytest.raises(RosterError, match="exchange: 'fight'"):
        rules.add_character(roster, {**values, "exchange": "fight"})
    with pytest.raises(RosterError, match="armour: unknown armour piece 'chainmail'"):
        rules.add_character(roster, {**values, "armour": "chainmail"})


DEMO_ROSTER = (
    Path(__file__).resolve().parents[1] / "resources" / "parties" / "bmotu-demo.roster.json"
)


def test_the_demo_warbands_cover_every_class_made_by_the_rules(cat: BmotuCatalog) -> None:
    import json

    raw = json.loads(DEMO_ROSTER.read_text(encoding="utf-8"))
    roster = read_roster(raw, cat)
    assert roster.sides == ("red", "blue")
    assert sorted(c.class_id for c in roster.characters) == sorted(cat.classes)
    for c in roster.characters:  # each one as creation makes it from its choices
        bumps = cat.get_class(c.class_id).adventure
        free = cat.get_class(c.class_id).free_gimmicks
        healer_free = ("heal",) if "healer" in c.gimmicks else ()
        again = create(
            Choices(
                id=c.id, side=c.side, class_id=c.class_id, name=c.name,
                adventure_bumps_down=bumps_between(c.adventure, bumps),
                gimmicks=c.gimmicks[len(free):], armour=c.armour,
                printed_torso=c.printed_torso, weapons=c.weapons, items=c.items,
                spells=tuple(s for s in c.spells_known if s not in healer_free),
                money=c.money,
            ),
            cat,
        )  # fmt: skip
        assert again == c, c.id


def test_the_sheets_command_prints_the_demo_warbands(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    out = tmp_path / "warbands.pdf"
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "QT_QPA_PLATFORM")}
    result = subprocess.run(
        [sys.executable, "-m", "companion", "sheets", str(DEMO_ROSTER), "-o", str(out)],
        capture_output=True, text=True, timeout=120, check=False, env=env,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"{out}: 4 pages for 8 characters"
    assert out.stat().st_size > 10_000


def test_the_between_encounter_tools_on_the_sheet(cat: BmotuCatalog) -> None:
    from companion.rulesets.brickmasters_of_the_unknown.sheets import BmotuSheets

    rules = BmotuSheets()
    mage = create(
        Choices(id="m", side="red", class_id="mage", spells=("zap_blast", "heal"),
                items=("star_wand",), armour=("helmet",)),
        cat,
    ).model_copy(update={"armour": (), "armour_discarded": ("helmet",), "broken": True,
                         "demibumps": 25})  # fmt: skip
    roster = _roster_with(cat, mage)
    (sheet,) = rules.sheets(roster)
    tools = next(s for s in sheet.sections if s.title == "Between encounters")
    spend = next(f for f in tools.fields if f.key == "spend")
    # L150: Fight d4 costs double (20), Cast d10 costs 10; a spell 10.
    titles = dict(spend.choices)
    assert titles["bump:fight"] == "Bump fight d4 \u2192 up: 20 DB"
    assert titles["bump:cast"] == "Bump cast d10 \u2192 up: 10 DB"
    assert titles["spell:charm"] == "Learn Charm: 10 DB"
    # Armour back, reassembled, a bump bought, the day's spells prepared.
    roster = rules.edit_character(roster, "m", "between", "armour_back")
    roster = rules.edit_character(roster, "m", "between", "reassemble")
    roster = rules.edit_character(roster, "m", "spend", "bump:fight")
    roster = rules.edit_character(roster, "m", "prepare", "4 7 2: Zap/blast")
    after = read_roster(roster, cat).characters[0]
    assert after.armour == ("helmet",) and not after.broken
    assert (after.fight, after.demibumps) == (6, 5)
    assert (after.spells_per_day, after.spells_prepared) == (7, ("zap_blast",))
    # Refusals in words: not broken any more, too few DB, a roll off the die.
    with pytest.raises(RosterError, match="is not broken"):
        rules.edit_character(roster, "m", "between", "reassemble")
    with pytest.raises(RosterError, match="costs 10 DB; m has 5"):
        rules.edit_character(roster, "m", "spend", "bump:cast")
    with pytest.raises(RosterError, match="11 is not a roll of Cast d10"):
        rules.edit_character(roster, "m", "prepare", "11 2 2: Heal")
