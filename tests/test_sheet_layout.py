"""Where the bricks of a brick sheet go (pure geometry, no painting)."""

from __future__ import annotations

import pytest

from companion.printing.rulesets.brickquest.brick_layout import (
    COLUMN_ROWS,
    MIN_BASEPLATE,
    Hit,
    SheetStats,
    Stat,
    layout_sheet,
)
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.character import Character

CATALOG = default_catalog()


def sheet(class_id: str, character: Character | None = None):  # type: ignore[no-untyped-def]
    cdef = CATALOG.get_class(class_id)
    c = character or Character.create(cdef, "Test", "Player")
    return layout_sheet(SheetStats.from_character(c, cdef))


def count(layout, stat: Stat, present: bool | None = None) -> int:  # type: ignore[no-untyped-def]
    return sum(
        1 for p in layout.rounds if p.stat == stat and (present is None or p.present == present)
    )


@pytest.mark.parametrize("class_id", list(CATALOG.classes))
def test_every_class_fits_a_16_by_16_baseplate_with_one_round_per_point(class_id: str) -> None:
    cdef = CATALOG.get_class(class_id)
    lay = sheet(class_id)
    assert (lay.width, lay.height) == (MIN_BASEPLATE, MIN_BASEPLATE)
    assert count(lay, Stat.HP, True) == cdef.hit_points
    assert count(lay, Stat.SP, True) == (cdef.spell_points or 0)
    assert count(lay, Stat.INIT) == abs(cdef.initiative_bonus)
    assert count(lay, Stat.DD) == cdef.defense_dice
    assert count(lay, Stat.AD_MELEE) == (cdef.attack.melee_dice or 0)
    assert count(lay, Stat.AD_RANGED) == (cdef.attack.ranged_dice or 0)
    assert count(lay, Stat.MOVE) == cdef.move
    assert lay.slot_rounds == ()
    labels = {label.stat: label for label in lay.labels}
    assert labels[Stat.SP].empty == (cdef.spell_points is None)
    assert labels[Stat.AD_RANGED].empty == (cdef.attack.ranged_dice is None)
    assert labels[Stat.DD].bonus == cdef.defense_bonus
    # every plate sits on a stud of the baseplate, inside it, above the label bricks
    for p in lay.rounds:
        assert (p.x - 0.5).is_integer() and (p.y - 0.5).is_integer()
        assert 0 < p.x < lay.width and 0 < p.y < COLUMN_ROWS


def test_negative_initiative_is_shown_with_minus_rounds() -> None:
    lay = sheet("dwarven_paladin")  # initiative -1, ranged 2 dice +2
    init = [p for p in lay.rounds if p.stat == Stat.INIT]
    assert len(init) == 1 and init[0].negative
    ranged = next(label for label in lay.labels if label.stat == Stat.AD_RANGED)
    assert ranged.bonus == 2 and not ranged.empty


def test_damage_and_spent_points_move_rounds_into_the_slot() -> None:
    cdef = CATALOG.get_class("human_cleric")
    c = Character.create(cdef, "A", "B").damage(3).spend_spell_points(5)
    lay = sheet("human_cleric", c)
    assert count(lay, Stat.HP, True) == 9 and count(lay, Stat.HP, False) == 3
    assert count(lay, Stat.SP, True) == 9 and count(lay, Stat.SP, False) == 5
    kinds = [r.stat for r in lay.slot_rounds]
    assert kinds.count(Stat.HP) == 3 and kinds.count(Stat.SP) == 5
    for r in lay.slot_rounds:
        assert lay.slot.contains(r.x, r.y)
    # the rounds come off the top of a column
    hp = sorted((p for p in lay.rounds if p.stat == Stat.HP), key=lambda p: p.index)
    assert all(p.present for p in hp[:9]) and not any(p.present for p in hp[9:])
    assert hp[0].y > hp[-1].y  # index 0 is next to the label brick, at the bottom


def test_spell_points_above_the_start_wrap_into_a_second_column() -> None:
    cdef = CATALOG.get_class("human_mage")
    c = Character.create(cdef, "A", "B").restore_spell_points(9, may_exceed=True)  # 23
    lay = sheet("human_mage", c)
    sp = [p for p in lay.rounds if p.stat == Stat.SP]
    assert len(sp) == 23 and all(p.present for p in sp)
    assert len({p.x for p in sp}) == 2
    assert lay.width >= MIN_BASEPLATE and lay.width % 2 == 0
    assert lay.container.x + lay.container.w == lay.width


def test_hit_testing_finds_rounds_bare_studs_and_slot_rounds() -> None:
    cdef = CATALOG.get_class("human_warrior")
    lay = sheet("human_warrior", Character.create(cdef, "A", "B").damage(2))
    present = next(p for p in lay.rounds if p.stat == Stat.HP and p.present)
    ghost = next(p for p in lay.rounds if p.stat == Stat.HP and not p.present)
    assert lay.hit(present.x + 0.2, present.y - 0.2) == Hit("round", Stat.HP)
    assert lay.hit(ghost.x, ghost.y) == Hit("ghost", Stat.HP)
    r = lay.slot_rounds[0]
    assert lay.hit(r.x, r.y) == Hit("slot", Stat.HP)
    assert lay.hit(lay.lid.cx, lay.lid.cy) is None


def test_legend_reads_the_numbers() -> None:
    cdef = CATALOG.get_class("elven_ranger")
    lay = sheet("elven_ranger", Character.create(cdef, "A", "B").damage(1))
    values = {e.label: e.value for e in lay.legend}
    assert values == {
        "HP": "9/10",
        "SP": "–",
        "INIT": "+2",
        "DD": "3+2",
        "AD": "2+2",
        "RNG": "3+2",
        "MOVE": "4",
        "SWAG": "empty",
    }
