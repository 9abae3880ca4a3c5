"""The party view: every sheet side by side, following the model."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from screens import cut_labels

from companion.gui.rulesets.brickquest.sheets import PartyModel, PartyView
from companion.printing.rulesets.brickquest.brick_layout import Stat
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.character import Character, Party

CATALOG = default_catalog()
SIX = [
    ("human_warrior", "Brannoc", "Ann"),
    ("elven_assassin", "Sylwen", "Ben"),
    ("dwarven_warmage", "Thrain", "Cleo"),
    ("human_cleric", "Aldous", "Dev"),
    ("elven_ranger", "Faelar", "Eve"),
    ("dwarven_sapper", "Borin", "Finn"),
]


@pytest.fixture
def model(qapp) -> PartyModel:  # type: ignore[no-untyped-def]
    chars = tuple(Character.create(CATALOG.get_class(c), n, p) for c, n, p in SIX)
    return PartyModel(CATALOG, Party(characters=chars))


@pytest.fixture
def view(qtbot, model):  # type: ignore[no-untyped-def]
    v = PartyView(model)
    qtbot.addWidget(v)
    v.resize(1280, 800)
    v.show()
    qtbot.waitExposed(v)
    return v


def test_one_card_per_character_in_seating_order(view, model) -> None:  # type: ignore[no-untyped-def]
    cards = view.cards()
    assert [c.name_label.text() for c in cards] == [n for _, n, _ in SIX]
    assert cards[2].info_label.text() == "Dwarven WarMage · Cleo"
    assert "HP 12/12" in cards[2].points_label.text()
    assert "SP 14/14" in cards[2].points_label.text()
    assert "SP" not in cards[0].points_label.text()


def test_cards_fill_the_view_without_scrolling(view) -> None:  # type: ignore[no-untyped-def]
    cards = view.cards()
    rows = {c.geometry().top() for c in cards}
    assert len(rows) == 2  # six cards on a laptop screen: 3 + 3
    assert not view.verticalScrollBar().isVisible()
    assert min(c.sheet.height() for c in cards) > 150


def test_cards_follow_damage_healing_and_spell_points(qtbot, view, model) -> None:  # type: ignore[no-untyped-def]
    thrain = model.characters()[2]
    card = view.cards()[2]
    before = card.sheet.grab().toImage()
    model.damage(thrain.id, 4)
    model.spend_spell_points(thrain.id, 6)
    assert "HP 8/12" in card.points_label.text() and "SP 8/14" in card.points_label.text()
    assert len(card.sheet.sheet_layout().slot_rounds) == 10
    assert card.sheet.grab().toImage() != before
    model.heal(thrain.id, 4)
    model.restore_spell_points(thrain.id, 6)
    assert "HP 12/12" in card.points_label.text()
    assert card.sheet.grab().toImage() == before


def test_clicking_a_round_on_a_card_deals_damage(qtbot, view, model) -> None:  # type: ignore[no-untyped-def]
    card = view.cards()[0]
    lay = card.sheet.sheet_layout()
    plate = next(p for p in lay.rounds if p.stat == Stat.HP and p.present)
    qtbot.mouseClick(
        card.sheet, Qt.MouseButton.LeftButton, pos=card.sheet.stud_to_widget(plate.x, plate.y)
    )
    assert model.characters()[0].hit_points == 11
    assert "HP 11/12" in card.points_label.text()


def test_adding_and_removing_characters_rebuilds_the_cards(view, model) -> None:  # type: ignore[no-untyped-def]
    model.add_character(Character.create(CATALOG.get_class("elven_shaman"), "Ilya", "Gus"))
    assert len(view.cards()) == 7 and view.cards()[-1].name_label.text() == "Ilya"
    model.undo_stack.undo()
    assert len(view.cards()) == 6
    for c in list(model.characters()):
        model.remove_character(c.id)
    assert view.cards() == []


def test_double_click_asks_to_show_a_character(qtbot, view, model) -> None:  # type: ignore[no-untyped-def]
    card = view.cards()[1]
    with qtbot.waitSignal(view.characterActivated) as signal:
        qtbot.mouseDClick(card.name_label, Qt.MouseButton.LeftButton)
    assert signal.args == [model.characters()[1].id]


def card_labels_fit(view: PartyView) -> list[str]:
    """The card labels whose text does not show whole (empty when all do)."""
    return cut_labels(
        label
        for card in view.cards()
        for label in (card.name_label, card.info_label, card.points_label)
    )


@pytest.mark.parametrize("size", [(1280, 690), (1024, 690), (900, 690), (700, 690), (600, 400)])
def test_big_numbers_show_whole_in_narrow_cards(qtbot, view, size) -> None:  # type: ignore[no-untyped-def]
    view.resize(*size)
    qtbot.wait(10)
    assert card_labels_fit(view) == []
    thrain = view.cards()[2].points_label
    assert "SP 14/14" in thrain.text()
    assert thrain.font().pointSizeF() >= 18  # still big enough to read across the table


def test_a_long_name_shrinks_then_wraps_but_is_never_cut(qtbot, view, model) -> None:  # type: ignore[no-untyped-def]
    thrain = model.characters()[2]
    model.rename(thrain.id, "Thrain Oakenshield the Unbroken, Warden of the Lower Halls")
    view.resize(900, 690)
    qtbot.wait(10)
    label = view.cards()[2].name_label
    assert label.wordWrap()  # too long for one line even at the smallest size
    assert label.font().pointSizeF() == 12
    assert label.heightForWidth(label.width()) <= label.height()
