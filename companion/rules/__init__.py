"""The ruleset-independent rules engine: dice, verdicts, the plugin interface, the session log.

No Qt here.  Each ruleset (``companion.rulesets.*``) plugs in behind ``Ruleset``.
"""
