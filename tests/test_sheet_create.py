"""Character creation: race + archetype give the class's numbers; names are required."""

from __future__ import annotations

import pytest
from app_theme import app_theme
from PySide6.QtWidgets import QLabel
from screens import cut_labels

from companion.gui.rulesets.brickquest.sheets import CharacterCreateDialog
from companion.gui.uifiles import UI_DIR
from companion.rulesets.brickquest.catalog import default_catalog

CATALOG = default_catalog()


@pytest.fixture
def dialog(qtbot) -> CharacterCreateDialog:  # type: ignore[no-untyped-def]
    d = CharacterCreateDialog(CATALOG)
    qtbot.addWidget(d)
    return d


def value(d: CharacterCreateDialog, name: str) -> str:
    label = d.form.findChild(QLabel, name)
    assert label is not None, name
    return label.text()


def test_the_form_comes_from_the_designer_file(dialog) -> None:  # type: ignore[no-untyped-def]
    assert (UI_DIR / "character_create.ui").is_file()
    assert dialog.form.objectName() == "CharacterCreateForm"
    races = [dialog.race_combo.itemData(i) for i in range(dialog.race_combo.count())]
    kinds = [dialog.archetype_combo.itemData(i) for i in range(dialog.archetype_combo.count())]
    assert races == ["human", "elf", "dwarf"]
    assert kinds == ["fighter", "rogue", "wizard", "priest"]


def test_elf_rogue_is_the_elven_assassin_with_its_numbers(dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.select("elf", "rogue")
    assert dialog.class_def() is not None and dialog.class_def().id == "elven_assassin"
    assert value(dialog, "classNameLabel") == "Elven Assassin"
    assert value(dialog, "moveValue") == "5"
    assert value(dialog, "initValue") == "+3"
    assert value(dialog, "hpValue") == "10"
    assert value(dialog, "spValue") == "–"
    assert value(dialog, "adValue") == "2"
    assert value(dialog, "ddValue") == "2"
    assert value(dialog, "ddBonusValue") == "+1"
    assert "Prowess" in value(dialog, "abilitiesValue")
    assert "Tumble +2" in value(dialog, "skillsValue")


@pytest.mark.parametrize("class_id", list(CATALOG.classes))
def test_every_race_and_archetype_pair_finds_its_class(dialog, class_id: str) -> None:  # type: ignore[no-untyped-def]
    cdef = CATALOG.get_class(class_id)
    dialog.select(cdef.race, cdef.archetype)
    assert dialog.class_def() == cdef
    assert value(dialog, "hpValue") == str(cdef.hit_points)


def test_name_and_player_are_required(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.select("dwarf", "priest")
    ok = dialog.ok_button()
    assert not ok.isEnabled()
    qtbot.keyClicks(dialog.name_edit, "Thrain")
    assert not ok.isEnabled()
    assert "player name" in dialog.error_label.text()
    qtbot.keyClicks(dialog.player_edit, "   ")
    assert not ok.isEnabled()
    qtbot.keyClicks(dialog.player_edit, "Cleo")
    assert ok.isEnabled() and dialog.error_label.text() == ""
    with qtbot.waitSignal(dialog.accepted):
        ok.click()
    c = dialog.character()
    assert (c.name, c.player, c.class_id) == ("Thrain", "Cleo", "dwarven_paladin")
    assert (c.hit_points, c.spell_points) == (14, 14)


def test_accept_without_names_stays_open(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.show()
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert dialog.isVisible()


def test_a_name_already_in_the_party_is_only_a_note(qtbot) -> None:  # type: ignore[no-untyped-def]
    d = CharacterCreateDialog(CATALOG, existing_names={"Harry"})
    qtbot.addWidget(d)
    qtbot.keyClicks(d.name_edit, "harry")
    qtbot.keyClicks(d.player_edit, "Pat")
    assert d.ok_button().isEnabled()
    assert "already" in d.error_label.text()


def test_every_class_shows_its_numbers_whole_under_the_app_theme(qtbot, qapp) -> None:  # type: ignore[no-untyped-def]
    """The attack line ("2 melee / 3 ranged (2–8)") was cut at the theme's font size."""
    with app_theme(qapp):
        d = CharacterCreateDialog(CATALOG)
        qtbot.addWidget(d)
        d.show()
        qtbot.waitExposed(d)
        size = d.size()
        for cdef in CATALOG.classes.values():
            d.select(cdef.race, cdef.archetype)  # browsing, as a user does
            qapp.processEvents()
            labels = d.form.findChildren(QLabel)
            assert cut_labels(labels, wrapping_ok=True) == [], cdef.id
            assert d.size() == size  # room was made for every class at the start
