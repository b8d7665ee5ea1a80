#!/usr/bin/env bash
# The e2e suite drives Debian's Chromium (browser downloads do not work on these machines).
# Installs it, and the font that renders Chinese, when missing and we are root; otherwise says how.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'wenquanyi zen hei' || need+=(fonts-wqy-zenhei)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "[e2e] installing ${need[*]} from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  exit 0
fi
echo "[e2e] missing: ${need[*]}. Install them with: sudo apt-get update && sudo apt-get install -y ${need[*]}" >&2
exit 1
