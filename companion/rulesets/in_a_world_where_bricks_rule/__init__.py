"""In a World Where Bricks Rule (v0.5): its rules data, validated (no engine yet)."""
