"""What every ruleset's character sheets share: the bundled fonts (:mod:`.fonts`).

A ruleset's own sheets live with its GUI part, e.g. BrickQuest's brick sheets in
``companion.gui.rulesets.brickquest.sheets``; the window reaches them through
``companion.gui.rulesets.ruleset_gui``.
"""
