"""Where the project's shared material is: the rule texts and the example scenarios.

``shared/`` sits beside the repository (``BRICK_SHARED`` overrides).  The example
scenarios are also kept in ``tests/scenarios/shared/`` so the suite runs without it.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("BRICK_SHARED", REPO.parent / "shared"))
#: Copies of shared/scenarios/*.json kept with the tests.
SHARED_SCENARIO_COPIES = REPO / "tests" / "scenarios" / "shared"
EXAMPLE = SHARED_SCENARIO_COPIES / "brickquest-basics.json"
