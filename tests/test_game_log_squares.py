"""The log's squares of an action: lists of squares only (a QUBQST ``"path": "N"`` is a
cube's side, not squares), never a crash."""

from __future__ import annotations

from companion.rules.game import _squares


def test_only_squares_are_squares() -> None:
    assert _squares({"path": [[1, 2], [2, 2]], "target": [3, 4]}, ()) == ((1, 2), (2, 2), (3, 4))
    assert _squares({"squares": [(5, 6)]}, ()) == ((5, 6),)
    assert _squares({"path": "N", "target": "golden"}, ()) == ()
    assert _squares({"path": ["N", "E"], "target": [True, 1]}, ()) == ()
    assert _squares({"path": [[1.0, 2.0]]}, ()) == ((1, 2),)
