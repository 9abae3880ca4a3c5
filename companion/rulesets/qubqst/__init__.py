"""QUBQST: a catacomb of rolled cubes, played as a graph of places without a map."""

from companion.rules.ruleset import RulesetInfo

#: Listed without loading the plugin; a graph board: played without a map.
INFO = RulesetInfo(id="qubqst", title="QUBQST", board="graph")
