"""Where the package's data lie: ``resources/`` and ``ui/`` (light: the window's first paint
needs the icons, fonts and style sheet before anything else is imported)."""

from __future__ import annotations

import importlib.resources
from pathlib import Path

#: The package's own folder; in a checkout, ``resources/`` and ``ui/`` lie beside it.
_PACKAGE_DIR = Path(__file__).resolve().parent


def _data_dir(packaged: str, checkout: str) -> Path:
    """``companion/<packaged>`` of an installed wheel or bundle, else the checkout's folder."""
    installed = importlib.resources.files("companion") / packaged
    if isinstance(installed, Path) and installed.is_dir():
        return installed.resolve()
    return _PACKAGE_DIR.parent / checkout


def resource_dir() -> Path:
    """The rules data, icons, fonts and samples: ``resources/`` (``companion/_resources``)."""
    return _data_dir("_resources", "resources")


def ui_dir() -> Path:
    """The Qt Designer forms and the style sheet: ``ui/`` (``companion/_ui``)."""
    return _data_dir("_ui", "ui")
