"""Game → New game… for every ruleset, through the real menu: each option drawn by its
kind (a spin box for a whole number, with its range), its default shown, the dialog
inside the screen with the dice in sight, and the defaults accepted with its button give
the same game as ``game new`` with no option."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from cut_text import button_cut, label_cut
from journey import SIZES, Hands, on_its_screen
from PySide6.QtCore import QEvent, QPoint, QPointF, QRect, Qt, QTimer
from PySide6.QtGui import QWheelEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QCheckBox,
    QDialogButtonBox,
    QFileDialog,
    QLabel,
    QScrollArea,
    QSpinBox,
    QWidget,
)
from screens import LAPTOP, cut_fields, cut_labels, laptop_platform, on_screen, run_test

from companion.commands.game import main as game_main
from companion.datafiles import resource_dir
from companion.gui.main_window import DEMOS, MainWindow
from companion.gui.play.new_game import FoldedText, NewGameDialog
from companion.gui.testing import make_settings, make_window
from companion.rules.game import Game


@pytest.fixture
def window(qtbot: object, tmp_path: Path) -> Iterator[MainWindow]:
    errors: list[str] = []
    w = make_window(qtbot, make_settings(tmp_path), errors)
    w.errors = errors  # type: ignore[attr-defined]
    yield w
    w.session.undo_stack.setClean()


def _demo_action(w: MainWindow, index: int) -> Any:
    return w.actions_.demo_menu.actions()[index]


def _new_game_through_the_menu(
    w: MainWindow, qtbot: Any, path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> dict[str, Any]:
    """Trigger Game → New game…, look at the dialog, type the seed and press its Start
    button; what the dialog showed."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(path), ""))
    )

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        seen["dialog"] = type(dialog).__name__
        if not isinstance(dialog, NewGameDialog):
            if dialog is not None:
                dialog.close()
            return
        free = dialog.screen().availableGeometry()
        seen["fits"] = free.contains(dialog.frameGeometry()) or (
            dialog.frameGeometry().height() <= free.height()
            and dialog.frameGeometry().width() <= free.width()
        )
        ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
        inside = dialog.rect()
        seen["dice_in_sight"] = inside.contains(
            dialog.typed_dice.mapTo(dialog, QPoint(0, 0))
        ) and inside.contains(ok.mapTo(dialog, QPoint(ok.width() - 1, ok.height() - 1)))
        seen["kinds"] = {
            key: type(widget).__name__ for key, widget in dialog.option_widgets.items()
        }
        seen["defaults"] = {
            spec.key: dialog.findChild(QLabel, f"default_{spec.key}").text()
            for spec in dialog.specs
        }
        seen["cut"] = cut_labels(dialog.findChildren(QLabel), wrapping_ok=True)
        folded = dialog.findChildren(FoldedText)
        seen["folded"] = all(not f.label.wordWrap() for f in folded) and bool(folded)
        dialog.seed.selectAll()
        QTest.keyClicks(dialog.seed, str(seed))
        QTest.mouseClick(ok, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, answer)
    w.new_game_action.trigger()
    return seen


@pytest.mark.parametrize(
    "index", range(len(DEMOS)), ids=["brickquest", "iawwbr", "heroica", "bmotu"]
)
def test_new_game_defaults_through_the_menu_are_the_cli_game(
    window: MainWindow, qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, index: int
) -> None:
    w = window
    _demo_action(w, index).trigger()
    gui_path = tmp_path / "gui.game.jsonl"
    seen = _new_game_through_the_menu(w, qtbot, gui_path, monkeypatch, seed=7)
    assert seen.get("dialog") == "NewGameDialog", seen
    assert w.errors == []  # type: ignore[attr-defined]
    assert seen["fits"] and seen["dice_in_sight"] and seen["folded"], seen
    assert seen["cut"] == []
    rules = w.session.ruleset
    for spec in rules.option_specs():
        expected = {"switch": "QCheckBox", "number": "QSpinBox", "decimal": "QDoubleSpinBox"}
        assert seen["kinds"][spec.key] == expected.get(spec.kind, "QComboBox"), spec.key
        assert seen["defaults"][spec.key].startswith(f"default {spec.default_text}")
    assert w.play.game is not None and gui_path.is_file()

    _title, map_name, chars_name = DEMOS[index]
    cli_path = tmp_path / "cli.game.jsonl"
    argv = ["new", "--map", str(resource_dir() / map_name), "--seed", "7", str(cli_path)]
    argv[3:3] = ["--party", str(resource_dir() / chars_name)]
    assert game_main(argv) == 0
    gui, cli = Game.open(gui_path), Game.open(cli_path)
    assert gui.header.options == cli.header.options == {}
    assert gui.snapshot() == cli.snapshot()


def test_a_heroica_number_is_a_spin_box_with_its_range(window: MainWindow, qtbot: object) -> None:
    """Hero health was a check box (a tick gave every hero 1 health)."""
    w = window
    _demo_action(w, 2).trigger()
    rules = w.session.ruleset
    doc = w.session.doc
    dialog = NewGameDialog(list(rules.option_specs()), list(rules.setup_choices(doc)), "", w)
    qtbot.addWidget(dialog)  # type: ignore[attr-defined]
    health = dialog.findChild(QSpinBox, "option_hero_health")
    skill = dialog.findChild(QSpinBox, "option_starting_skill_points")
    fire = dialog.findChild(QSpinBox, "option_fire_track_length")
    assert health is not None and skill is not None and fire is not None
    assert dialog.findChild(QCheckBox, "option_hero_health") is None
    assert (health.value(), health.minimum()) == (4, 1)
    assert (skill.value(), skill.minimum(), skill.maximum()) == (4, 0, 4)
    assert fire.value() == 12
    assert dialog.spec().options == {}  # the defaults
    health.selectAll()
    QTest.keyClicks(health, "6")
    assert dialog.spec().options == {"hero_health": 6}
    # The wheel over a spin box not clicked into scrolls the options, not its value.
    fire.clearFocus()
    wheel = QWheelEvent(
        QPointF(5, 5), QPointF(fire.mapToGlobal(QPoint(5, 5))), QPoint(0, 0), QPoint(0, -120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase,
        False,
    )  # fmt: skip
    QApplication.sendEvent(fire, wheel)
    assert fire.value() == 12
    # Defaults puts every option back.
    QTest.mouseClick(
        dialog.buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults),
        Qt.MouseButton.LeftButton,
    )
    assert health.value() == 4 and dialog.spec().options == {}
    # The explanation opens with its arrow.
    help_ = dialog.findChild(FoldedText, "help_hero_health")
    assert help_ is not None and not help_.opened
    help_.toggle.click()
    assert help_.opened and "full health" in help_.label.text()


def test_the_new_game_dialog_fits_a_1280x720_screen_for_every_ruleset(
    window: MainWindow, qtbot: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not on_screen(*LAPTOP):
        pytest.skip("needs a 1280x720 screen: test_on_a_1280x720_screen runs it on one")
    window.resize(*LAPTOP)
    for index in range(len(DEMOS)):
        _demo_action(window, index).trigger()
        path = tmp_path / f"{index}.game.jsonl"
        seen = _new_game_through_the_menu(window, qtbot, path, monkeypatch, seed=3)
        assert seen.get("dialog") == "NewGameDialog", seen
        assert seen["fits"] and seen["dice_in_sight"] and seen["cut"] == [], seen
        assert path.is_file()
        window.close_game()


def test_on_a_1280x720_screen(tmp_path: Path) -> None:
    run_test(
        "tests/test_gui_new_game_options.py::"
        "test_the_new_game_dialog_fits_a_1280x720_screen_for_every_ruleset",
        laptop_platform(tmp_path),
    )


#: Each ruleset's way to its New game dialog, as a player goes: its demo, then Game →
#: New game…; QUBQST (no map, no demo) through Game → New game without a map.
DIALOG_PATHS = [
    (("File", "Open Demo", "The Sunken Forge"), ("Game", "New game…")),
    (("File", "Open Demo", "Bridge at Bricksford"), ("Game", "New game…")),
    (("File", "Open Demo", "Draida Bay"), ("Game", "New game…")),
    (("File", "Open Demo", "Goblin Ford Skirmish"), ("Game", "New game…")),
    ((), ("Game", "New game without a map", "QUBQST")),
]


def _sticking_out(dialog: QWidget) -> list[str]:
    """The shown widgets of ``dialog`` not whole in sight: outside the dialog, or, in its
    scroll area (which scrolls up and down only), beyond the left or right of its view."""
    scroll = dialog.findChild(QScrollArea)
    assert scroll is not None
    view = scroll.viewport()
    out = []
    for widget in dialog.findChildren(QWidget):
        if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
            continue
        name = f"{type(widget).__name__} {widget.objectName()}".strip()
        if view.isAncestorOf(widget):
            left = widget.mapTo(view, QPoint(0, 0)).x()
            if left < 0 or left + widget.width() > view.width():
                out.append(f"{name}: x {left}..{left + widget.width()} in a {view.width()} view")
        elif not dialog.rect().contains(QRect(widget.mapTo(dialog, QPoint(0, 0)), widget.size())):
            out.append(f"{name}: outside the {dialog.width()}x{dialog.height()} dialog")
    return out


def _cut_in_dialog(dialog: QWidget) -> list[str]:
    """Every label, button and field of ``dialog`` whose text is cut; a folded explanation
    elided on purpose counts only when its arrow (to open it) is not there."""
    cut: list[str] = []
    for label in dialog.findChildren(QLabel):
        if not label.isVisible() or label.width() <= 0:
            continue
        why = label_cut(label)
        folded = label.parentWidget()
        if (
            why
            and why.endswith(": elided")
            and isinstance(folded, FoldedText)
            and folded.toggle.isVisible()
            and not folded.opened
        ):
            continue  # one line that opens with its arrow
        if why:
            cut.append(why)
    for button in dialog.findChildren(QAbstractButton):
        if button.isVisible() and button.width() > 0 and (why := button_cut(button)):
            cut.append(why)
    return cut + cut_fields(dialog.findChildren(QWidget))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_new_game_dialog_shows_every_widget_whole_for_every_ruleset(
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
    size: tuple[int, int],
) -> None:
    """Heroica's dialog was 766 px of content in a 722 px view with no sideways scroll:
    its set-up choices (a long label beside a list as wide as its longest entry) and
    BMotU's options (a list and its default side by side) cut at the right edge.  Every
    explanation opened, one after another, shows all its lines (a second one opened lost
    its last line)."""
    if not on_its_screen(request, size, tmp_path):
        return  # it ran on a screen of its size
    h = Hands(qtbot, tmp_path, monkeypatch, request, size)
    # The window deleted once closed, while its screen is there: left to the exit, one
    # of its menus crashed Qt (QScreen::virtualSiblings on a screen gone).
    request.addfinalizer(lambda: QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete))
    seen: dict[str, list[str]] = {}

    def look(name: str) -> Callable[[QWidget], None]:
        def handle(dialog: QWidget) -> None:
            assert isinstance(dialog, NewGameDialog), type(dialog)
            free = dialog.screen().availableGeometry()
            problems: list[str] = []
            for state in ("as it opens", "every explanation opened"):
                if state != "as it opens":  # each opened with its arrow
                    for folded in dialog.findChildren(FoldedText):
                        if folded.toggle.isVisible():
                            QTest.mouseClick(folded.toggle, Qt.MouseButton.LeftButton)
                for _ in range(10):  # what still shows once the layouts have settled
                    QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
                    qtbot.wait(50)
                    now = _sticking_out(dialog) + _cut_in_dialog(dialog)
                    if not now:
                        break
                problems += [f"{state}: {why}" for why in now]
            if not free.contains(dialog.frameGeometry()):
                problems.append(f"{dialog.frameGeometry()} is off the {free} screen")
            seen[name] = list(dict.fromkeys(problems))
            dialog.reject()

        return handle

    for demo, new_game in DIALOG_PATHS:
        if demo:
            h.trigger(*demo)
        name = demo[-1] if demo else new_game[-1]
        with h.dialogs(look(name)):
            h.trigger(*new_game)
    assert set(seen) == {demo[-1] if demo else new[-1] for demo, new in DIALOG_PATHS}
    cut = [f"{name}: {why}" for name, problems in seen.items() for why in problems]
    assert not cut, "\n".join(cut)
