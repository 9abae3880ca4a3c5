"""The command-line tools of ``brick-companion``, one module each with ``main(argv) -> int``."""
