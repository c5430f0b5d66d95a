#!/bin/sh
# The image's entrypoint (deploy/Dockerfile). With STORE_MIGRATE=1 the database is prepared before
# the command runs: `node prepare-db.js` (npm run db:prepare bundled: migrate, then the shop's
# essentials, or the demo catalog into an empty database when demo data is on), as the same
# unprivileged user as the server, so the files it makes belong to that user. Then the command
# (node server.js) replaces this shell: node is PID 1 and gets the container's SIGTERM.
set -e
if [ "${STORE_MIGRATE:-0}" = "1" ]; then
  node /app/prepare-db.js
fi
exec "$@"
