"""Where a registered ruleset's rules scenarios and rule text are, for the scenario tests.

A built-in ruleset's scenarios are in ``tests/scenarios/<id>/`` and its text in the shared
seeds; a ruleset from outside ``companion/`` (an installed package, like
``tests/thirdparty/brick_duel``) keeps both beside its package: ``<its root>/scenarios/``
and ``<its root>/README.md``.  Found from the plugin, never from a hand-kept list.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.rules.ruleset import get_ruleset

SCENARIOS = Path(__file__).parent / "scenarios"


def package_root(ruleset_id: str) -> Path | None:
    """The folder holding a ruleset's package when it comes from outside ``companion/``
    (None for a built-in one)."""
    module = type(get_ruleset(ruleset_id)).__module__
    if module.startswith("companion."):
        return None
    return Path(sys.modules[module].__file__ or "").resolve().parents[1]


def scenario_folder(ruleset_id: str) -> Path:
    root = package_root(ruleset_id)
    return SCENARIOS / ruleset_id if root is None else root / "scenarios"


def own_rule_text(ruleset_id: str) -> Path | None:
    """A ruleset from outside: the text its scenarios quote (its README)."""
    root = package_root(ruleset_id)
    return None if root is None else root / "README.md"
