#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest. Exits non-zero on the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n=== %s ===\n' "$*"; }
step "route tree + typecheck"; npm run --silent typecheck
step "lint"; npm run --silent lint
step "message catalogues"; bash tests/i18n-check.sh
step "unit tests"; npx vitest run --project unit
step "server tests"; bash tests/server/ensure-promtool.sh; npx vitest run --project server
step "server tests on PostgreSQL"; bash tests/server/pg/run.sh
# Alone, after the suites that load both cores: its bounds are about one server's event loop.
step "responsiveness (hostile requests while /healthz is polled)"; npx vitest run --project responsiveness
step "browser (Debian Chromium)"; bash tests/e2e/ensure-chromium.sh
step "build"; npm run --silent build
step "end-to-end tests"; npx vitest run --project e2e
