"""Test set-up: Qt runs offscreen, before anything imports PySide6; the user's folders
(autosaves, the user's own rules tables) are a throw-away folder, so a user's homebrew
monsters never change what the tests see (tests that need their own set it again)."""

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_SCALE_FACTOR", "1")
if not os.environ.get("BRICK_COMPANION_HOME", "").strip():
    _HOME = tempfile.mkdtemp(prefix="brick-companion-tests-home-")
    os.environ["BRICK_COMPANION_HOME"] = _HOME
    atexit.register(shutil.rmtree, _HOME, ignore_errors=True)
