"""Finding and loading the Qt Designer forms and the style sheet in ``ui/``."""

from __future__ import annotations

from PySide6.QtCore import QFile, QIODevice
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QWidget

from companion.paths import resource_dir, ui_dir

UI_DIR = ui_dir()
RESOURCES = resource_dir()
ICONS = RESOURCES / "icons"


def load_form(name: str, parent: QWidget | None = None) -> QWidget:
    """Build the widget of ``ui/<name>.ui``."""
    path = UI_DIR / f"{name}.ui"
    f = QFile(str(path))
    if not f.open(QIODevice.OpenModeFlag.ReadOnly):
        raise FileNotFoundError(f"cannot open the form {path}")
    try:
        widget = QUiLoader().load(f, parent)
    finally:
        f.close()
    if widget is None:
        raise RuntimeError(f"cannot load the form {path}")
    return widget


def style_sheet() -> str:
    path = UI_DIR / "style.qss"
    return path.read_text(encoding="utf-8") if path.exists() else ""
