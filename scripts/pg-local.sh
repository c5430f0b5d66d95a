#!/usr/bin/env bash
# Starts a throwaway local PostgreSQL server for the tests (trust auth on 127.0.0.1 only).
# Usage: scripts/pg-local.sh start|stop   (PGLOCAL_DIR, PGLOCAL_PORT override the defaults)
# Prints the connection URL on success. Needs Debian's postgresql package (bin in /usr/lib/postgresql/*/bin).
set -euo pipefail
dir=${PGLOCAL_DIR:-/tmp/furnish-pg}
port=${PGLOCAL_PORT:-54329}
bindir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bindir" ]; then echo "PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; fi
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "${1:-start}" in
  start)
    if [ ! -f "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
      as_pg "$bindir/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
    fi
    if ! as_pg "$bindir/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
      as_pg "$bindir/pg_ctl" -D "$dir" -l "$dir/server.log" -w -t 60 \
        -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" start >/dev/null
    fi
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bindir/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
