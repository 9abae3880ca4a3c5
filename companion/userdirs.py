"""Where the user's own files go: the platform's folders (platformdirs), no Qt.

Settings and recent files live in ``QSettings``; everything else the app writes for the
user (autosaves, crash recovery, the default save folder) is placed by these functions.
Setting ``BRICK_COMPANION_HOME`` to a folder puts all of it (settings included, see
``companion.gui.app``) under that folder instead: tests and smoke runs stay hermetic.
Nothing here creates a folder; call :func:`ensure` before writing.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

#: A folder that replaces every platform folder below when set (tests, portable use).
HOME_ENV = "BRICK_COMPANION_HOME"
#: The folder name under the platform's data and config folders.
APP_DIRNAME = "brick-companion"
#: The folder under the user's documents that save dialogs start in.
DOCUMENTS_DIRNAME = "Brick Companion"


def home_override() -> Path | None:
    """The folder named by ``BRICK_COMPANION_HOME``, or None when it is unset or empty."""
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser().absolute() if value else None


def data_dir() -> Path:
    """The app's own data (e.g. ``~/.local/share/brick-companion``)."""
    home = home_override()
    if home is not None:
        return home / "data"
    return platformdirs.user_data_path(APP_DIRNAME, appauthor=False)


def config_dir() -> Path:
    """Where settings go when they are files (e.g. ``~/.config/brick-companion``)."""
    home = home_override()
    if home is not None:
        return home / "config"
    return platformdirs.user_config_path(APP_DIRNAME, appauthor=False)


def autosave_dir() -> Path:
    """Periodic copies of the open map and game, kept until they are saved."""
    return data_dir() / "autosave"


def recovery_dir() -> Path:
    """What a crashed session left behind, offered again at the next launch."""
    return data_dir() / "recovery"


def default_documents_dir() -> Path:
    """Where save and open dialogs start (e.g. ``~/Documents/Brick Companion``)."""
    home = home_override()
    if home is not None:
        return home / "documents"
    return platformdirs.user_documents_path() / DOCUMENTS_DIRNAME


def ensure(folder: Path) -> Path:
    """Create ``folder`` (and its parents) if missing, then return it."""
    folder.mkdir(parents=True, exist_ok=True)
    return folder
