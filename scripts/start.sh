#!/bin/sh
# npm start: prepare the store (scripts/start.ts: migrate, demo data on the embedded default,
# build when the sources changed), then become Next's standalone server. `exec` replaces this
# shell, so nothing of ours stays in memory beside the server.
# npm run serve (--no-prepare): the server alone, on the build and database as they are.
set -e
cd "$(dirname "$0")/.."
[ "${1:-}" = "--no-prepare" ] || node_modules/.bin/tsx scripts/start.ts
# The server changes into .next/standalone: relative paths in the settings stay the project's.
export STORE_ROOT="${STORE_ROOT:-$(pwd)}"
export HOSTNAME="${HOST:-0.0.0.0}"
export NODE_ENV=production NEXT_TELEMETRY_DISABLED=1
# The server's V8 heap is capped (docs/operations.md "Memory"), unless NODE_OPTIONS already sets a cap.
case "${NODE_OPTIONS:-}" in
  *max-old-space-size*) ;;
  *) export NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-old-space-size=256" ;;
esac
exec node .next/standalone/server.js
