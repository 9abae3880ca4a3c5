#!/usr/bin/env bash
# Set up on a fresh machine if needed, then lint, type-check and run the whole test suite.
# Extra arguments go to pytest (e.g. scripts/run-tests.sh -k geometry).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
export QT_QPA_PLATFORM=offscreen
.venv/bin/ruff check .
.venv/bin/ruff format --check .
.venv/bin/mypy  # the rules model; files and options in pyproject.toml's [tool.mypy]
.venv/bin/python -m pytest "$@"
