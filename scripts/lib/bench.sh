# Shared by the scripts/bench-* benchmarks (sourced, not run): one release server at a time
# on $PORT, started on a fresh data dir against SQLite or a given database URL, and the
# Postgres scratch database each benchmark (re)creates. Expects $server_bin and $PORT.
server_pid=""
stop_server() {
  if [ -n "$server_pid" ]; then
    kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
  fi
}

start_server() { # $1 = data dir, $2 = database url (empty: SQLite in the data dir)
  local log="$1/server.log"
  (
    export DATA_DIR="$1" BIND="127.0.0.1:$PORT" WEBAPP_DIR="$1/no-webapp" RUST_LOG=warn
    # The benchmarks register and log in thousands of accounts from one address.
    export RATE_LIMITS=off
    unset JWT_SECRET TMDB_API_KEY TMDB_READ_TOKEN
    if [ -n "$2" ]; then export DATABASE_URL="$2"; else unset DATABASE_URL; fi
    exec "$server_bin"
  ) >"$log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then return 0; fi
    sleep 0.2
  done
  echo "the server did not start:" >&2
  cat "$log" >&2
  exit 1
}

# Runs `run_backend postgres <url> <url>` on a scratch database named $1, or says it skipped.
run_on_postgres() { # $1 = scratch database name
  local admin_url="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
  local base="${admin_url%/*}"
  if command -v psql >/dev/null && psql "$admin_url" -qAtc 'SELECT 1' >/dev/null 2>&1; then
    psql "$admin_url" -qc "DROP DATABASE IF EXISTS $1 WITH (FORCE)" >/dev/null
    psql "$admin_url" -qc "CREATE DATABASE $1" >/dev/null
    run_backend postgres "$base/$1" "$base/$1"
    psql "$admin_url" -qc "DROP DATABASE IF EXISTS $1 WITH (FORCE)" >/dev/null
  else
    echo
    echo "SKIPPED: Postgres not reachable at $admin_url"
  fi
}
