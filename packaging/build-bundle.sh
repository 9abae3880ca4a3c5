#!/usr/bin/env bash
# Build the one-folder app with PyInstaller:
#   packaging/build-bundle.sh [OUTDIR]      (default: dist/ in the repository)
# gives OUTDIR/brick-companion/: the executable brick-companion, its _internal/ folder,
# share/ (desktop entry, icon, file types) and install-desktop.sh to add it to the menu.
# Sets up the venv first (scripts/setup.sh test, which installs the "bundle" extra);
# with PYTHON set to an interpreter that has PyInstaller, it uses that one instead.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$(mkdir -p "${1:-$root/dist}" && cd "${1:-$root/dist}" && pwd)"
if [ -z "${PYTHON:-}" ]; then
  bash "$root/scripts/setup.sh" test
  PYTHON="$root/.venv/bin/python"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
app="$out/brick-companion"
rm -rf "$app"
"$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
  --distpath "$out" --workpath "$work" "$root/packaging/brick-companion.spec"

share="$app/share"
mkdir -p "$share/applications" "$share/mime/packages" "$share/icons/hicolor/scalable/apps"
cp "$root/packaging/brick-companion.desktop" "$share/applications/"
cp "$root/packaging/brick-companion-mime.xml" "$share/mime/packages/brick-companion.xml"
cp "$root/resources/icons/app.svg" "$share/icons/hicolor/scalable/apps/brick-companion.svg"
cp "$root/packaging/install-desktop.sh" "$app/"
echo "built $app ($(du -sh "$app" | cut -f1)); run $app/brick-companion"
