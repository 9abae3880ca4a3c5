"""Text a person cannot read whole: labels and buttons whose text is cut or elided.

``cut_texts(window)`` walks every shown QLabel and QAbstractButton under a widget and
names those whose text does not fit: a label that does not wrap, wider than its contents
rectangle; a wrapping label taller than it is given; a button narrower than the size its
style needs for its text (Qt clips a button's text, never wraps it); and text ending
in "…" that the program elided itself; and a label or button that its parents cut off
(part of it outside a dock or under a neighbour), unless it sits in a scroll area, where
the rest is a scroll away; and a tab that shows in part or not at all (scrolled out of
its bar, under its scroll arrows).  Used by the layout tests and the journey tests.
"""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetricsF, Qt, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QDockWidget,
    QLabel,
    QTabBar,
    QToolButton,
    QWidget,
)

ELLIPSIS = "…"


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and widget.width() > 0 and widget.height() > 0


def _plain(label: QLabel) -> str:
    text = label.text()
    if label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and Qt.mightBeRichText(text)
    ):
        doc = QTextDocument()
        doc.setHtml(text)
        text = doc.toPlainText()
    if label.buddy() is not None:
        text = text.replace("&", "")  # a mnemonic is underlined, not drawn
    return text


def _name(widget: QWidget) -> str:
    return widget.objectName() or type(widget).__name__


def label_cut(label: QLabel) -> str | None:
    """Why ``label``'s text does not show whole, or None."""
    text = _plain(label)
    if not text.strip():
        return None
    if text.rstrip().endswith(ELLIPSIS) and label.toolTip():
        return f"{_name(label)} {text!r}: elided"
    rect = label.contentsRect()
    if label.wordWrap():
        need_h = label.heightForWidth(label.width())
        if need_h > label.height() + 1:
            return f"{_name(label)} {text!r}: {need_h} px tall > {label.height()}"
        return None
    widest = max(QFontMetricsF(label.font()).horizontalAdvance(line) for line in text.split("\n"))
    if widest > rect.width() + 0.5:
        return f"{_name(label)} {text!r}: {widest:.0f} > {rect.width()}"
    return None


def button_cut(button: QAbstractButton) -> str | None:
    """Why ``button``'s text does not show whole, or None."""
    text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
    if not text.strip():
        return None
    need = button.sizeHint().width()
    have = button.width()
    if need > have:
        return f"{_name(button)} {text!r}: needs {need} > {have}"
    return None


def _tab_room(bar: QTabBar) -> QRect:
    """The part of ``bar`` its tabs show in: not under its scroll arrows."""
    room = bar.rect()
    for arrow in bar.findChildren(QToolButton):
        if not arrow.isVisible():
            continue
        g = arrow.geometry()
        if g.center().x() > room.center().x():
            room.setRight(min(room.right(), g.left() - 1))
        else:
            room.setLeft(max(room.left(), g.right() + 1))
    return room


def tab_cut(bar: QTabBar) -> list[str]:
    """The tabs of ``bar`` whose title is elided (dock tabs, tab widgets), or that show
    in part or not at all: scrolled out of the bar or under its scroll arrows."""
    out = []
    metrics = QFontMetricsF(bar.font())
    shown = _tab_room(bar)
    for i in range(bar.count()):
        if not bar.isTabVisible(i):
            continue
        text = bar.tabText(i).replace("&", "")
        rect = bar.tabRect(i)
        room = rect.width() - 12  # the style's padding either side
        if text and metrics.horizontalAdvance(text) > room:
            out.append(f"tab {text!r}: {metrics.horizontalAdvance(text):.0f} > {room}")
        elif text and not shown.contains(rect):
            seen = shown.intersected(rect)
            out.append(
                f"tab {text!r}: only {max(seen.width(), 0)} of {rect.width()} px shows"
                " (scrolled out of the tab bar)"
            )
    return out


def _scrolls(widget: QWidget) -> bool:
    """In a scroll area, or in a dock tabbed behind another (a click away)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return True
        if isinstance(parent, QDockWidget) and parent.visibleRegion().isEmpty():
            return True
        parent = parent.parentWidget()
    return False


def clipped(widget: QWidget) -> str | None:
    """Why ``widget`` shows only in part: its parents or a neighbour cut it off (a second
    row of buttons under the dock's edge), or None.  In a scroll area: None."""
    text = _plain(widget) if isinstance(widget, QLabel) else getattr(widget, "text", str)()
    if not text.strip() or _scrolls(widget):
        return None
    seen = widget.visibleRegion().boundingRect()
    if seen.height() < widget.height() - 1 or seen.width() < widget.width() - 1:
        return (
            f"{_name(widget)} {text!r}: only {seen.width()}x{seen.height()} of"
            f" {widget.width()}x{widget.height()} shows"
        )
    return None


def cut_texts(root: QWidget, *, tabs: bool = True) -> list[str]:
    """Every shown label, button (and tab) under ``root`` whose text is cut, as
    "name 'text': why"; empty when every text shows whole."""
    cut: list[str] = []
    for label in root.findChildren(QLabel):
        if _shown(label) and (why := label_cut(label) or clipped(label)):
            cut.append(why)
    for button in root.findChildren(QAbstractButton):
        if _shown(button) and (why := button_cut(button) or clipped(button)):
            cut.append(why)
    if tabs:
        for bar in root.findChildren(QTabBar):
            if _shown(bar):
                cut.extend(tab_cut(bar))
    return cut
