#!/usr/bin/env bash
# Starts the whole product on http://localhost:8000: NATS with JetStream, the workers and the API
# serving the built site, with the embedded libSQL database in data/app.db. Ctrl-C stops all.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

setup_common
migrate_database
load_local_secrets

export DATABASE_URL="${DATABASE_URL:-file:data/app.db}"
# The scheduler's encrypted database backups (docs/operations.md "Backups"); BACKUP_DIR= turns
# them off. Locally they sit beside the database: a deployment puts them on another disk.
export BACKUP_DIR="${BACKUP_DIR-data/backups}"
[ -n "$BACKUP_DIR" ] || unset BACKUP_DIR
export PORT="${PORT:-8000}"
export HOST="${HOST:-127.0.0.1}"
export PUBLIC_URL="${PUBLIC_URL:-http://localhost:$PORT}"
# One API process per core (at most 4) on the same port: each serves requests on one thread.
cores="$(nproc 2>/dev/null || echo 1)"
export API_PROCESSES="${API_PROCESSES:-$((cores < 4 ? cores : 4))}"

pids=()
stop_all() {
  trap - INT TERM EXIT
  [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null || true
  wait 2>/dev/null || true
}
trap stop_all INT TERM EXIT

# Without NATS_URL, a local NATS: every process connects as its own user (deploy/nats/users.conf),
# with the passwords of data/secrets.env, which nats-server reads from its environment. A NATS_URL
# given (with its user and password) is used by the workers and the API alike.
if [ -z "${NATS_URL:-}" ]; then
  say "starting NATS (JetStream) on 127.0.0.1:4222"
  mkdir -p data/nats
  nats-server -c nats.conf -a 127.0.0.1 >data/nats.log 2>&1 &
  pids+=($!)
  api_nats_url="nats://api:$NATS_API_PASSWORD@127.0.0.1:4222"
  workers_nats_url="nats://workers:$NATS_WORKERS_PASSWORD@127.0.0.1:4222"
else
  api_nats_url="$NATS_URL"
  workers_nats_url="$NATS_URL"
fi

# Without EVISITOR_URL the product talks to the local eVisitor simulator (demo credentials in
# dev/evisitor-sim/README.md), so it can be tried without real eVisitor credentials.
if [ -z "${EVISITOR_URL:-}" ]; then
  export EVISITOR_SIM_PORT="${EVISITOR_SIM_PORT:-8100}"
  export EVISITOR_URL="http://127.0.0.1:$EVISITOR_SIM_PORT"
  say "starting the eVisitor simulator on $EVISITOR_URL"
  "$DENO" run -A dev/evisitor-sim/main.ts >data/evisitor-sim.log 2>&1 &
  pids+=($!)
fi

say "starting workers"
NATS_URL="$workers_nats_url" "$DENO" run -A workers/main.ts &
pids+=($!)

say "starting the API and site on http://localhost:$PORT"
NATS_URL="$api_nats_url" "$DENO" run -A api/main.ts &
pids+=($!)

# Whichever process ends first ends the product: a half-running stack is worse than none.
wait -n
