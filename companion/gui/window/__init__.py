"""The main window's parts, one module for each thing it does (``MainWindow`` assembles them)."""
