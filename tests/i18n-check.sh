#!/usr/bin/env bash
# The committed catalogues must hold every message of the source: extract into a copy and compare.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r src/locales "$tmp/before"
npx lingui extract --clean >/dev/null
if ! diff -r -q "$tmp/before" src/locales >/dev/null; then
  diff -r -u "$tmp/before" src/locales | head -40 || true
  echo "The message catalogues were out of date; they have been updated in src/locales. Commit them." >&2
  exit 1
fi
