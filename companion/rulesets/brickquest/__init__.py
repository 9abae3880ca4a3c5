"""BrickQuest, the main ruleset."""
