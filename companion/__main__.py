"""``python -m companion``: the same as the ``brick-companion`` command."""

import sys

from companion.cli import main

sys.exit(main())
