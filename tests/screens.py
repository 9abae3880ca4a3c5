"""Running one test in a fresh process on another screen: a 1280×720 laptop (offscreen),
or a real X11 server (Xvfb) with the platform's own key bindings.

The Qt application of a test session is made once, on one platform and one screen, so
a test that needs another runs itself again in a child pytest; in the main session it
is skipped (``pytest.skip``) unless it finds its screen.
"""

from __future__ import annotations

import ctypes.util
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtGui import QFontMetricsF, QGuiApplication, Qt, QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QCheckBox,
    QComboBox,
    QDockWidget,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QStyleOptionComboBox,
    QStyleOptionDockWidget,
    QTabBar,
    QToolButton,
    QWidget,
)

ROOT = Path(__file__).resolve().parents[1]
LAPTOP = (1280, 720)


def cut_labels(labels: Iterable[QLabel], *, wrapping_ok: bool = False) -> list[str]:
    """Of the shown ``labels``, those whose text is wider than the label, as
    "name 'text': needed > had" (empty when every text shows whole).  A label that wraps
    counts as cut unless ``wrapping_ok`` (then it is not checked)."""
    cut = []
    for label in labels:
        if not label.isVisible() or not label.text():
            continue
        if label.wordWrap():
            if not wrapping_ok:
                cut.append(f"{label.objectName()} wraps")
            continue
        text = label.text()
        if label.textFormat() == Qt.TextFormat.RichText or (
            label.textFormat() == Qt.TextFormat.AutoText and Qt.mightBeRichText(text)
        ):
            doc = QTextDocument()
            doc.setHtml(text)
            text = doc.toPlainText()  # what is drawn, without the markup
        if label.buddy() is not None:
            text = text.replace("&", "")  # a mnemonic is underlined, not drawn
        metrics = QFontMetricsF(label.font())
        lines = text.split("\n")  # each line of a text of several is measured alone
        need = max(metrics.horizontalAdvance(line) for line in lines)
        have = label.contentsRect().width()
        if need > have:
            cut.append(f"{label.objectName()} {text!r}: {need:.0f} > {have}")
    return cut


def _shown(widget: QWidget) -> bool:
    """Shown on the screen: visible, and not behind another tab (a dock tabbed behind
    another is moved off the window) nor squeezed to nothing."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def _plain(text: str) -> str:
    """A button's text as drawn: the mnemonic ``&`` is underlined, not drawn."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def cut_wrapped(labels: Iterable[QLabel]) -> list[str]:
    """Of the shown word-wrapped ``labels``, those whose wrapped lines are taller than
    the label (the last lines are cut off at the bottom)."""
    cut = []
    for label in labels:
        if not _shown(label) or not label.text() or not label.wordWrap():
            continue
        width = label.contentsRect().width()
        need = label.heightForWidth(label.width())
        have = label.height()
        if need > have:
            cut.append(
                f"{label.objectName()} {label.text()[:60]!r}: {need} > {have} high at {width}"
            )
    return cut


def cut_buttons(buttons: Iterable[QAbstractButton]) -> list[str]:
    """Of the shown ``buttons`` with text (push, tool, check and radio buttons), those too
    narrow for their text."""
    cut = []
    for button in buttons:
        text = _plain(button.text())
        if not _shown(button) or not text:
            continue
        if isinstance(button, QToolButton):
            if button.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonIconOnly:
                continue
            need = button.sizeHint().width()  # text, arrow and margins; no minimum
            have = button.width()
        else:
            metrics = QFontMetricsF(button.font())
            need = metrics.horizontalAdvance(text)
            opt = QStyleOptionButton()
            opt.initFrom(button)
            opt.text = button.text()
            element = (
                QStyle.SubElement.SE_CheckBoxContents
                if isinstance(button, QCheckBox)
                else QStyle.SubElement.SE_RadioButtonContents
                if isinstance(button, QRadioButton)
                else QStyle.SubElement.SE_PushButtonContents
            )
            have = button.style().subElementRect(element, opt, button).width()
            if isinstance(button, QPushButton) and not button.icon().isNull():
                need += button.iconSize().width() + 4
        if need > have:
            cut.append(
                f"{type(button).__name__} {button.objectName()} {text!r}: {need:.0f} > {have}"
            )
    return cut


def cut_tabs(bars: Iterable[QTabBar]) -> list[str]:
    """Tabs (of docks tabbed together) whose title is elided."""
    cut = []
    for bar in bars:
        if not _shown(bar):
            continue
        for i in range(bar.count()):
            need, have = bar.tabSizeHint(i).width(), bar.tabRect(i).width()
            if need > have:
                cut.append(f"tab {bar.tabText(i)!r}: {need} > {have}")
    return cut


def cut_dock_titles(docks: Iterable[QDockWidget]) -> list[str]:
    """Docks whose title is elided in their title bar (a dock tabbed with others shows
    its title on its tab instead: ``cut_tabs``)."""
    cut = []
    for dock in docks:
        if not _shown(dock) or dock.titleBarWidget() is not None or not dock.windowTitle():
            continue
        opt = QStyleOptionDockWidget()
        opt.initFrom(dock)
        opt.title = dock.windowTitle()
        opt.closable = bool(dock.features() & QDockWidget.DockWidgetFeature.DockWidgetClosable)
        opt.floatable = bool(dock.features() & QDockWidget.DockWidgetFeature.DockWidgetFloatable)
        opt.movable = True
        height = dock.style().pixelMetric(QStyle.PixelMetric.PM_TitleBarHeight, None, dock)
        opt.rect = QRect(0, 0, dock.width(), height)
        title = dock.style().subElementRect(QStyle.SubElement.SE_DockWidgetTitleBarText, opt, dock)
        need = QFontMetricsF(dock.font()).horizontalAdvance(dock.windowTitle())
        if need > title.width():
            cut.append(f"dock title {dock.windowTitle()!r}: {need:.0f} > {title.width()}")
    return cut


def cut_fields(widgets: Iterable[QWidget]) -> list[str]:
    """Of the shown fields (line edits, spin boxes' and combo boxes' text), those whose
    value is wider than the field shows."""
    cut = []
    for w in widgets:
        if not _shown(w):
            continue
        metrics = QFontMetricsF(w.font())
        if isinstance(w, QLineEdit):
            if not w.text() or w.echoMode() != QLineEdit.EchoMode.Normal:
                continue
            margins = w.textMargins()
            need = metrics.horizontalAdvance(w.text())
            have = w.contentsRect().width() - margins.left() - margins.right() - 4
            text = w.text()
        elif isinstance(w, QComboBox) and not w.isEditable():
            text = w.currentText()
            if not text:
                continue
            opt = QStyleOptionComboBox()
            opt.initFrom(w)
            opt.currentText = text
            opt.frame = w.hasFrame()
            field = w.style().subControlRect(
                QStyle.ComplexControl.CC_ComboBox, opt, QStyle.SubControl.SC_ComboBoxEditField, w
            )
            need = metrics.horizontalAdvance(text)
            have = field.width()
        else:
            continue
        if need > have:
            cut.append(f"{type(w).__name__} {w.objectName()} {text!r}: {need:.0f} > {have}")
    return cut


def _in_scroll_area(widget: QWidget) -> bool:
    """Inside a scroll area's viewport (what it hides, a scroll brings into view)."""
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def cut_clipped(widgets: Iterable[QWidget]) -> list[str]:
    """Of the shown labels and buttons with text, those partly outside their parents (a
    row of buttons wrapped below the bottom of its panel): only part of them is drawn.
    Those in a scroll area are left out (a scroll shows the rest)."""
    cut = []
    for w in widgets:
        text = w.text() if isinstance(w, (QLabel, QAbstractButton)) else ""
        if not text or not _shown(w) or _in_scroll_area(w):
            continue
        seen = w.visibleRegion().boundingRect()
        if seen.width() < w.width() - 2 or seen.height() < w.height() - 2:
            cut.append(
                f"{type(w).__name__} {w.objectName()} {_plain(text)[:60]!r}: "
                f"{seen.width()}×{seen.height()} of {w.width()}×{w.height()} shown"
            )
    return cut


def cut_text(root: QWidget) -> list[str]:
    """Every shown label, button, dock tab and field under ``root`` whose text is cut:
    wider than its widget (labels on one line, buttons, fields), elided (tabs), or with
    wrapped lines taller than the label."""
    labels = [lb for lb in root.findChildren(QLabel) if _shown(lb)]
    return [
        *cut_labels([lb for lb in labels if not lb.wordWrap()]),
        *cut_wrapped(labels),
        *cut_buttons(root.findChildren(QAbstractButton)),
        *cut_tabs(root.findChildren(QTabBar)),
        *cut_dock_titles(root.findChildren(QDockWidget)),
        *cut_fields(root.findChildren(QWidget)),
        *cut_clipped(root.findChildren(QWidget)),
    ]


def on_screen(width: int, height: int) -> bool:
    """Whether this session's screen is ``width``×``height``."""
    screen = QGuiApplication.primaryScreen()
    return screen is not None and screen.geometry().size().toTuple() == (width, height)


def screen_platform(folder: Path, size: tuple[int, int] = LAPTOP) -> str:
    """``QT_QPA_PLATFORM`` for an offscreen screen of ``size`` at 96 dpi."""
    w, h = size
    config = folder / f"screen-{w}x{h}.json"
    screen = {
        "name": f"screen{w}x{h}",
        "x": 0,
        "y": 0,
        "width": w,
        "height": h,
        "logicalDpi": 96,
        "logicalBaseDpi": 96,
        "dpr": 1,
    }
    config.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return f"offscreen:configfile={config}"


def laptop_platform(folder: Path) -> str:
    """``QT_QPA_PLATFORM`` for an offscreen screen of 1280×720 at 96 dpi."""
    return screen_platform(folder, LAPTOP)


def x11_missing() -> str | None:
    """Why a test cannot run on Xvfb here, or None."""
    if not shutil.which("xvfb-run"):
        return "Xvfb is not installed (scripts/setup.sh app installs it)"
    if ctypes.util.find_library("xcb-cursor") is None:
        return "libxcb-cursor0 is not installed (Qt's xcb platform needs it)"
    return None


def run_test(
    node: str,
    platform: str,
    *,
    xvfb: bool = False,
    env: dict[str, str] | None = None,
    timeout: float = 240,
) -> str:
    """Run the test ``node`` ("tests/file.py::name") in a child pytest on ``platform``
    (with ``env`` added); its output, after checking that it passed (not skipped)."""
    env = dict(os.environ, **(env or {}), QT_QPA_PLATFORM=platform)
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", node]
    if xvfb:
        command = ["xvfb-run", "-a", "-s", f"-screen 0 {LAPTOP[0]}x{LAPTOP[1]}x24", *command]
    done = subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "1 passed" in out and "skipped" not in out, out
    return out
