"""The window opens inside the screen: maximised on a 1280×720 laptop at first launch, a
saved size from a bigger screen brought inside the small one."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings
from screens import LAPTOP, laptop_platform, on_screen, run_test

from companion.gui.main_window import MainWindow
from companion.gui.testing import make_settings
from companion.gui.window_place import clamped, first_geometry, is_small


def test_the_first_size_and_a_saved_one_fit_the_available_area() -> None:
    laptop = QRect(0, 0, 1280, 680)  # a 1280×720 screen less its task bar
    assert is_small(laptop) and not is_small(QRect(0, 0, 1920, 1040))
    assert laptop.contains(first_geometry(laptop))
    big = first_geometry(QRect(0, 0, 1920, 1040))
    assert big.size().toTuple() == (1380, 860) and QRect(0, 0, 1920, 1040).contains(big)
    saved = QRect(300, 200, 1800, 1000)  # from a 1920×1080 screen
    inside = clamped(saved, laptop)
    assert laptop.contains(inside) and inside.size().toTuple() == (1280, 680)
    assert clamped(QRect(10, 10, 400, 300), laptop) == QRect(10, 10, 400, 300)


def _window(qtbot: object, settings: QSettings) -> MainWindow:
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)  # type: ignore[attr-defined]
    w.show()
    qtbot.waitExposed(w)  # type: ignore[attr-defined]
    qtbot.wait(20)  # type: ignore[attr-defined]
    return w


def test_the_window_opens_inside_a_small_screen(qtbot: object, tmp_path: Path) -> None:
    if not on_screen(*LAPTOP):
        pytest.skip("needs a 1280x720 screen: test_on_a_laptop_screen runs it on one")
    settings = make_settings(tmp_path)
    w = _window(qtbot, settings)
    free = w.screen().availableGeometry()
    assert w.isMaximized()  # first launch on a small screen
    assert free.contains(w.frameGeometry()), (w.frameGeometry(), free)
    # A size saved on a bigger screen, restored on this one, is brought inside it.
    w.showNormal()
    w.setGeometry(100, 100, 1800, 1000)
    w.save_layout()
    w.close()
    again = _window(qtbot, settings)
    assert not again.isMaximized()
    assert free.contains(again.geometry()), (again.geometry(), free)
    assert again.width() <= 1280 and again.height() <= 720


def test_on_a_laptop_screen(tmp_path: Path) -> None:
    run_test(
        "tests/test_gui_window_place.py::test_the_window_opens_inside_a_small_screen",
        laptop_platform(tmp_path),
    )
