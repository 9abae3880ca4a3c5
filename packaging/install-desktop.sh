#!/usr/bin/env bash
# Add the bundle this script sits in to the desktop menu, with its icon and file types.
#   ./install-desktop.sh             for this user (~/.local)
#   ./install-desktop.sh PREFIX      elsewhere, e.g. /usr/local (as root)
# Needs nothing but the bundle; update-mime-database and update-desktop-database are run
# when present (Debian: shared-mime-info, desktop-file-utils).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -gt 0 ]; then share="$1/share"; else share="${XDG_DATA_HOME:-$HOME/.local/share}"; fi
mkdir -p "$share/applications" "$share/mime/packages" "$share/icons/hicolor/scalable/apps"
sed "s|^Exec=brick-companion|Exec=\"$here/brick-companion\"|" \
  "$here/share/applications/brick-companion.desktop" > "$share/applications/brick-companion.desktop"
cp "$here/share/mime/packages/brick-companion.xml" "$share/mime/packages/"
cp "$here/share/icons/hicolor/scalable/apps/brick-companion.svg" "$share/icons/hicolor/scalable/apps/"
command -v update-mime-database >/dev/null && update-mime-database "$share/mime" || true
command -v update-desktop-database >/dev/null && update-desktop-database "$share/applications" || true
echo "installed the menu entry, icon and file types under $share"
