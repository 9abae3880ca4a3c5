"""Brick Duel, a ruleset from outside Brick Companion (its entry point: ``duel``)."""

from companion.rules.ruleset import RulesetInfo

#: Listed without loading the plugin; a graph board: played without a map.
INFO = RulesetInfo(id="duel", title="Brick Duel", board="graph")
