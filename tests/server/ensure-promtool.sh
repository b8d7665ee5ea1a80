#!/usr/bin/env bash
# The metrics test lints /metrics with Prometheus's own checker, promtool (Debian's `prometheus`).
# Installs it when missing and we are root; otherwise says how.
set -euo pipefail
command -v promtool >/dev/null && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
  echo "[metrics] installing prometheus (for promtool) from Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # The package starts its own server where an init system runs; the tests need only promtool.
  apt-get install -y -qq --no-install-recommends prometheus >/dev/null
  exit 0
fi
echo "[metrics] missing: promtool. Install it with: sudo apt-get update && sudo apt-get install -y prometheus" >&2
exit 1
