"""Finding and loading the Qt Designer forms and the style sheet in ``ui/``, and the
widgets of a form (or any widget) by their object names."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QFile, QIODevice, QObject
from PySide6.QtUiTools import QUiLoader
from PySide6.QtWidgets import QDialog, QWidget

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


def load_dialog(name: str, parent: QWidget | None = None) -> QDialog:
    """Build the dialog of ``ui/<name>.ui``; ``TypeError`` when its top is not a dialog."""
    widget = load_form(name, parent)
    if not isinstance(widget, QDialog):
        raise TypeError(f"the form {name!r} is a {type(widget).__name__}, not a dialog")
    return widget


ObjectT = TypeVar("ObjectT", bound=QObject)


def child(parent: QObject, kind: type[ObjectT], name: str) -> ObjectT:
    """The ``kind`` named ``name`` under ``parent`` (a form's widget); ``LookupError`` when
    there is none (a form out of step with its code)."""
    found = parent.findChild(kind, name)
    if found is None:
        raise LookupError(f"no {kind.__name__} named {name!r} in {parent.objectName()!r}")
    return found


def named(obj: ObjectT, name: str) -> ObjectT:
    """``obj`` with the object name tests and the style sheet find it by."""
    obj.setObjectName(name)
    return obj


def style_sheet() -> str:
    path = UI_DIR / "style.qss"
    return path.read_text(encoding="utf-8") if path.exists() else ""
