"""On the dark theme an unchecked check box or radio button is clearly visible: its
indicator's rim stands far from the window's slate."""

from __future__ import annotations

import pytest
from app_theme import app_theme
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QVBoxLayout,
    QWidget,
)


def _rim_contrast(button: QCheckBox | QRadioButton, element: QStyle.SubElement) -> int:
    """The largest lightness difference between the indicator's pixels and the window."""
    opt = QStyleOptionButton()
    button.initStyleOption(opt)
    rect = button.style().subElementRect(element, opt, button)
    image = button.grab().toImage()
    window = button.palette().window().color().lightness()
    return max(
        abs(image.pixelColor(x, y).lightness() - window)
        for x in range(rect.left(), rect.right() + 1)
        for y in range(rect.top(), rect.bottom() + 1)
    )


@pytest.mark.parametrize("kind", ["check box", "radio button"])
def test_unchecked_indicators_stand_out(qtbot: object, kind: str) -> None:
    app = QApplication.instance()
    with app_theme(app):  # type: ignore[arg-type]
        holder = QWidget()
        qtbot.addWidget(holder)  # type: ignore[attr-defined]
        layout = QVBoxLayout(holder)
        if kind == "check box":
            button: QCheckBox | QRadioButton = QCheckBox("Optional rule")
            element = QStyle.SubElement.SE_CheckBoxIndicator
        else:
            button = QRadioButton("Typed in from the table's dice")
            element = QStyle.SubElement.SE_RadioButtonIndicator
        layout.addWidget(button)
        holder.show()
        qtbot.waitExposed(holder)  # type: ignore[attr-defined]
        assert not button.isChecked()
        assert _rim_contrast(button, element) >= 110
