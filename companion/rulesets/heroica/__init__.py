"""Heroica (expanded rules): its rules data, validated (no engine yet)."""
