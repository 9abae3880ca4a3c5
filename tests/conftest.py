"""Test set-up: Qt runs offscreen, before anything imports PySide6."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_SCALE_FACTOR", "1")
