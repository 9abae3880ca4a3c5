#!/usr/bin/env bash
# Set up what Brick Companion needs on a fresh Debian machine, then stop.
#   scripts/setup.sh test   Qt's libraries for offscreen use + PDF tools + Chromium and its driver
#                           (the phone page's browser test), the venv with test and bundle tools
#   scripts/setup.sh app    the same plus the X11 libraries a real window needs (and Xvfb)
# Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
mode="${1:-test}"

apt_packages=(libglib2.0-0 libegl1 libgl1 libdbus-1-3 libfontconfig1 libxkbcommon0 poppler-utils)
if [ "$mode" = "test" ]; then
  apt_packages+=(chromium chromium-driver)  # tests/test_share_browser.py drives a real browser
fi
if [ "$mode" = "app" ]; then
  apt_packages+=(xvfb xauth libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1
                 libxcb-randr0 libxcb-render-util0 libxcb-shape0 libxcb-xfixes0 libxcb-xkb1
                 libxkbcommon-x11-0 libx11-xcb1)
fi

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${apt_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Debian packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "setup: please install these Debian packages (as root): ${missing[*]}" >&2
  fi
fi

python="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  "$python" -m venv .venv
fi
stamp=.venv/.brick-companion-installed
want="$(cat pyproject.toml requirements/constraints.txt | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  echo "setup: installing Python packages (pinned by requirements/constraints.txt)"
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -c requirements/constraints.txt -e ".[test,bench,bundle]"
  echo "$want" > "$stamp"
fi

# The third-party ruleset the tests play (tests/thirdparty/brick_duel): a package of its own,
# found through its "companion.rulesets" entry point as any ruleset from outside would be.
# Editable, without its (absent) dependencies or a build environment: nothing is downloaded.
if ! .venv/bin/python -c "import importlib.metadata as m; m.distribution('brick-duel')" 2>/dev/null; then
  echo "setup: installing the third-party test ruleset tests/thirdparty/brick_duel"
  .venv/bin/python -m pip install -q --no-deps --no-build-isolation -e tests/thirdparty/brick_duel
fi
