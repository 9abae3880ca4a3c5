"""BrickQuest's GUI part: its brick character sheets, party dock, Party menu and sheet PDF.

Registered in the ``companion.gui_rulesets`` entry-point group as ``brickquest``
(``plugin.BrickQuestGui``); the GUI core reaches it only through
``companion.gui.rulesets.ruleset_gui``.
"""
