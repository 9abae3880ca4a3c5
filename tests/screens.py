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

from PySide6.QtGui import QFontMetricsF, QGuiApplication, Qt, QTextDocument
from PySide6.QtWidgets import QLabel

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
        need = QFontMetricsF(label.font()).horizontalAdvance(text)
        have = label.contentsRect().width()
        if need > have:
            cut.append(f"{label.objectName()} {text!r}: {need:.0f} > {have}")
    return cut


def on_screen(width: int, height: int) -> bool:
    """Whether this session's screen is ``width``×``height``."""
    screen = QGuiApplication.primaryScreen()
    return screen is not None and screen.geometry().size().toTuple() == (width, height)


def laptop_platform(folder: Path) -> str:
    """``QT_QPA_PLATFORM`` for an offscreen screen of 1280×720 at 96 dpi."""
    config = folder / "laptop-screen.json"
    w, h = LAPTOP
    screen = {
        "name": "laptop",
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
