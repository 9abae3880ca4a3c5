"""Play mode: a game at the table driven through the ruleset interface.

``PlayController`` holds the model-level ``Game`` and turns clicks into actions; the docks
(tracker, actions, log, roster) and the canvas tool only show what it answers.
"""
