"""The character sheet panel: clicks on rounds, typed values, undo, painting."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

from companion.gui.rulesets.brickquest.sheets import CharacterSheetPanel, PartyModel
from companion.printing.rulesets.brickquest.brick_layout import Stat
from companion.rulesets.brickquest.catalog import default_catalog
from companion.rulesets.brickquest.character import Character, Party

CATALOG = default_catalog()


@pytest.fixture
def model(qapp) -> PartyModel:  # type: ignore[no-untyped-def]
    chars = (
        Character.create(CATALOG.get_class("human_cleric"), "Aldous", "Dev"),
        Character.create(CATALOG.get_class("human_thief"), "Harry", "Pat"),
    )
    return PartyModel(CATALOG, Party(characters=chars))


@pytest.fixture
def panel(qtbot, model: PartyModel) -> Iterator[CharacterSheetPanel]:  # type: ignore[no-untyped-def]
    widget = CharacterSheetPanel(model)
    qtbot.addWidget(widget)
    widget.resize(1100, 720)
    widget.show()
    qtbot.waitExposed(widget)
    yield widget


def cleric(model: PartyModel) -> Character:
    return model.characters()[0]


def click_plate(qtbot, panel: CharacterSheetPanel, x: float, y: float) -> None:  # type: ignore[no-untyped-def]
    pos = panel.sheet.stud_to_widget(x, y)
    qtbot.mouseClick(panel.sheet, Qt.MouseButton.LeftButton, pos=pos)


def sheet_image(panel: CharacterSheetPanel) -> QImage:
    return panel.sheet.grab().toImage()


def test_panel_shows_the_first_character_and_its_paper_fields(panel, model) -> None:  # type: ignore[no-untyped-def]
    assert panel.character_id == cleric(model).id
    assert panel.name_edit.text() == "Aldous" and panel.player_edit.text() == "Dev"
    assert panel.class_label.text() == "Human Cleric"
    assert panel.move_label.text() == "5" and panel.init_label.text() == "+0"
    assert panel.hp_spin.value() == 12 and panel.hp_spin.maximum() == 12
    assert panel.sp_spin.value() == 14 and panel.sp_spin.isEnabled()
    assert panel.dd_label.text() == "3" and panel.ad_label.text() == "2"
    assert "Turn Undead" in panel.details.toPlainText()


def test_clicking_a_round_moves_it_to_the_slot_and_undo_restores(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    before = sheet_image(panel)
    lay = panel.sheet.sheet_layout()
    top = max((p for p in lay.rounds if p.stat == Stat.HP and p.present), key=lambda p: p.index)
    with qtbot.waitSignal(model.characterChanged):
        click_plate(qtbot, panel, top.x, top.y)
    assert cleric(model).hit_points == 11
    lay = panel.sheet.sheet_layout()
    assert [r.stat for r in lay.slot_rounds] == [Stat.HP]
    assert panel.hp_spin.value() == 11
    after = sheet_image(panel)
    assert after != before  # the painted sheet follows the damage

    model.undo_stack.undo()
    assert cleric(model).hit_points == 12
    assert panel.sheet.sheet_layout().slot_rounds == ()
    assert sheet_image(panel) == before
    model.undo_stack.redo()
    assert cleric(model).hit_points == 11


def test_clicking_a_round_in_the_slot_puts_it_back(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    model.damage(cleric(model).id, 3)
    model.spend_spell_points(cleric(model).id, 2)
    lay = panel.sheet.sheet_layout()
    assert len(lay.slot_rounds) == 5
    green = next(r for r in lay.slot_rounds if r.stat == Stat.HP)
    click_plate(qtbot, panel, green.x, green.y)
    assert cleric(model).hit_points == 10
    blue = next(r for r in panel.sheet.sheet_layout().slot_rounds if r.stat == Stat.SP)
    click_plate(qtbot, panel, blue.x, blue.y)
    assert cleric(model).spell_points == 13
    assert len(panel.sheet.sheet_layout().slot_rounds) == 3


def test_clicking_a_spell_point_spends_it(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    sp = next(p for p in panel.sheet.sheet_layout().rounds if p.stat == Stat.SP and p.present)
    click_plate(qtbot, panel, sp.x, sp.y)
    assert cleric(model).spell_points == 13
    assert panel.sp_spin.value() == 13


def test_clicking_dice_changes_nothing(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    dd = next(p for p in panel.sheet.sheet_layout().rounds if p.stat == Stat.DD)
    click_plate(qtbot, panel, dd.x, dd.y)
    assert model.undo_stack.count() == 0


def test_typing_a_value_sets_it_as_one_undo_step(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    spin = panel.hp_spin
    spin.setFocus()
    spin.selectAll()
    qtbot.keyClicks(spin, "5")
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert cleric(model).hit_points == 5
    assert len([r for r in panel.sheet.sheet_layout().slot_rounds if r.stat == Stat.HP]) == 7
    spin.stepDown()
    spin.stepDown()  # consecutive edits of one field merge
    assert cleric(model).hit_points == 3
    assert model.undo_stack.count() == 1
    model.undo_stack.undo()
    assert cleric(model).hit_points == 12 and spin.value() == 12


def test_spell_points_typed_above_the_start_are_kept(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    panel.sp_spin.setValue(17)  # a mana potion
    assert cleric(model).spell_points == 17
    lay = panel.sheet.sheet_layout()
    assert sum(1 for p in lay.rounds if p.stat == Stat.SP and p.present) == 17


def test_refused_edits_show_why_and_change_nothing(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    model.set_spell_points(cleric(model).id, 0)
    count = model.undo_stack.count()
    with qtbot.waitSignal(panel.message) as signal:
        qtbot.mouseClick(panel.spend_button, Qt.MouseButton.LeftButton)
    assert "0 spell points" in signal.args[0]
    assert "needs 1" in panel.status.text()
    assert model.undo_stack.count() == count


def test_buttons_damage_and_heal(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    qtbot.mouseClick(panel.damage_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.damage_button, Qt.MouseButton.LeftButton)
    assert cleric(model).hit_points == 10
    qtbot.mouseClick(panel.heal_button, Qt.MouseButton.LeftButton)
    assert cleric(model).hit_points == 11
    for _ in range(3):  # healing stops at the start, and pushes nothing then
        qtbot.mouseClick(panel.heal_button, Qt.MouseButton.LeftButton)
    assert cleric(model).hit_points == 12 and model.undo_stack.count() == 4


def test_non_casters_have_no_spell_point_controls(panel, model) -> None:  # type: ignore[no-untyped-def]
    panel.set_character(model.characters()[1].id)
    assert panel.class_label.text() == "Human Thief"
    assert not panel.sp_spin.isEnabled() and not panel.spend_button.isEnabled()
    assert panel.hp_spin.value() == 10


def test_renaming_and_swag_are_undoable(qtbot, panel, model) -> None:  # type: ignore[no-untyped-def]
    panel.name_edit.setText("Aldous the Bold")
    panel.name_edit.editingFinished.emit()
    assert cleric(model).name == "Aldous the Bold"
    panel.item_combo.setCurrentIndex(panel.item_combo.findData("ruby"))
    qtbot.mouseClick(
        panel.findChild(type(panel.damage_button), "addSwagButton"), Qt.MouseButton.LeftButton
    )
    assert cleric(model).swag == ("ruby",) and panel.swag_list.count() == 1
    model.undo_stack.undo()
    model.undo_stack.undo()
    assert cleric(model).name == "Aldous" and cleric(model).swag == ()
    assert panel.name_edit.text() == "Aldous" and panel.swag_list.count() == 0


def test_blank_name_is_refused_by_the_model(panel, model) -> None:  # type: ignore[no-untyped-def]
    panel.name_edit.setText("  ")
    panel.name_edit.editingFinished.emit()
    assert cleric(model).name == "Aldous" and panel.name_edit.text() == "Aldous"
    assert panel.status.text()


def test_removing_the_shown_character_shows_another(panel, model) -> None:  # type: ignore[no-untyped-def]
    model.remove_character(cleric(model).id)
    assert panel.class_label.text() == "Human Thief"
    model.undo_stack.undo()
    model.remove_character(model.characters()[1].id)
    model.remove_character(model.characters()[0].id)
    assert panel.character_id is None and not panel.hp_spin.isEnabled()
