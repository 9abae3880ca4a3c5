"""Dialogs; their forms are Qt Designer files in ``ui/``."""
