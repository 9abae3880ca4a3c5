#!/usr/bin/env bash
# Set up on a fresh machine if needed, then lint and run the whole test suite.
# Extra arguments go to pytest (e.g. scripts/run-tests.sh -k geometry).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
export QT_QPA_PLATFORM=offscreen
.venv/bin/ruff check .
.venv/bin/python -m pytest "$@"
