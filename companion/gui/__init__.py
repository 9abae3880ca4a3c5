"""The Qt front end: shows the rules model and turns clicks into actions.

PySide6 is pinned below 6.12: 6.12.0 drops a reference to ``None`` / ``True`` on every
void call or signal emission under Python 3.11 and the interpreter aborts.
"""
