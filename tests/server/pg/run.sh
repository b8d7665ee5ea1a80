#!/usr/bin/env bash
# The server tests (or any command given) against a real PostgreSQL: `bash tests/server/pg/run.sh
# [command…]`, default `npx vitest run --project server`.
# - DATABASE_URL already set: use that server as it is (it must allow CREATE DATABASE).
# - Otherwise: Debian's `postgresql` package (installed with apt-get when missing and running as
#   root), a throwaway cluster in a temp folder owned by the `postgres` user, started on 127.0.0.1
#   at a free port with trust authentication, stopped and removed on exit.
set -euo pipefail
cd "$(dirname "$0")/../../.."
if [ "$#" -eq 0 ]; then set -- npx vitest run --project server; fi

if [ -n "${DATABASE_URL:-}" ]; then
  echo "PostgreSQL: using DATABASE_URL from the environment" >&2
  exec "$@"
fi

# Debian keeps the server programs out of PATH, one folder per major version; the newest wins.
PG_LIB="${LECTERN_PG_LIB:-/usr/lib/postgresql}"
find_bin() { { ls -d "$PG_LIB"/*/bin 2>/dev/null || true; } | sort -V | tail -n 1; }
PGBIN="$(find_bin)"
if [ -z "$PGBIN" ] || [ ! -x "$PGBIN/initdb" ] || ! id postgres >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "PostgreSQL is not installed. Install it as root, then run this again:" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends postgresql" >&2
    exit 1
  fi
  echo "PostgreSQL is missing: running 'apt-get update' and 'apt-get install -y --no-install-recommends postgresql'"
  apt-get update
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends postgresql
  PGBIN="$(find_bin)"
  if [ -z "$PGBIN" ]; then echo "Installed postgresql, but found no server programs under $PG_LIB/*/bin" >&2; exit 1; fi
fi
echo "PostgreSQL: $("$PGBIN/postgres" --version)" >&2

# PostgreSQL refuses to run as root: as root the cluster belongs to `postgres`; otherwise to us.
if [ "$(id -u)" -eq 0 ]; then
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

PGTMP="$(mktemp -d /tmp/lectern-pg.XXXXXX)"
chmod 755 "$PGTMP"
[ "$(id -u)" -eq 0 ] && chown postgres: "$PGTMP"
PGDATA="$PGTMP/data"
cleanup() {
  as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PGTMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

PORT="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
as_pg "$PGBIN/initdb" -D "$PGDATA" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >"$PGTMP/initdb.log" 2>&1 ||
  { cat "$PGTMP/initdb.log" >&2; exit 1; }
# Sockets in the temp folder, TCP on loopback only; fsync off: a throwaway cluster need not survive a crash.
as_pg "$PGBIN/pg_ctl" -D "$PGDATA" -l "$PGTMP/server.log" -w -t 60 start \
  -o "-h 127.0.0.1 -p $PORT -k $PGTMP -c fsync=off -c full_page_writes=off -c max_connections=300" \
  >/dev/null || { cat "$PGTMP/server.log" >&2; exit 1; }
export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "PostgreSQL: throwaway cluster on 127.0.0.1:$PORT ($PGTMP)" >&2
"$@"
