"""BrickQuest's printing part: brick sheets at true scale (one stud = 8 mm) and table aids.

The window's Party menu and the ``sheets`` command both print with it; the ruleset names
it (``BrickQuestRules.printing_part``) and ``companion.printing.rulesets`` loads it.
"""
