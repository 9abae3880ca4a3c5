#!/usr/bin/env bash
# Set up on a fresh machine if needed, then open Brick Companion on the demo dungeon.
# Any arguments replace the demo map (e.g. scripts/run-app.sh my-dungeon.json).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh app
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(resources/dungeons/demo.json --party resources/parties/demo.party.json)
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  echo "run-app: no screen found; running on a virtual X screen (Xvfb)" >&2
  exec xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/python -m companion "${args[@]}"
fi
exec .venv/bin/python -m companion "${args[@]}"
