"""Heroica (expanded rules): its rules data, validated (no engine yet)."""

from companion.model.geometry.rules import GridRules
from companion.rules.ruleset import RulesetInfo

#: Listed without loading the plugin (``companion.rules.ruleset.ruleset_info``).
#: Spaces on a square lattice: one step a space, no diagonals (``moves`` gives the steps).
INFO = RulesetInfo(
    id="heroica",
    title="Heroica (expanded rules)",
    grid=GridRules(diagonal_cost=2),
    board="spaces",
)
