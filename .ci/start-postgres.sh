#!/usr/bin/env bash
# Start a throwaway PostgreSQL server for the tests and print the line that points them at it:
#
#     eval "$(bash .ci/start-postgres.sh)"     # sets TEST_DATABASE_URL (and TDBOT_PG_DIR)
#
# On a fresh Debian/Ubuntu machine run as root it installs PostgreSQL with apt-get when no server
# binary is found. The cluster lives in a new temporary directory owned by an unprivileged user
# (PostgreSQL refuses to run as root), listens on 127.0.0.1 only, on a free port, with a random
# password, and is tuned for speed over durability (fsync off): it is for tests only.
# Stop it with:  pg_ctl -D "$TDBOT_PG_DIR/data" stop   (as the user that owns the directory).
#
# Everything except the final export lines goes to stderr.
set -euo pipefail

say() { echo "start-postgres: $*" >&2; }

find_bindir() {
  local candidate
  if command -v pg_ctl >/dev/null 2>&1 && command -v initdb >/dev/null 2>&1 \
      && command -v postgres >/dev/null 2>&1; then
    dirname "$(readlink -f "$(command -v postgres)")"
    return 0
  fi
  # Debian keeps the server binaries out of PATH: take the newest installed version.
  for candidate in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
    if [ -x "$candidate/postgres" ] && [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

BINDIR="$(find_bindir || true)"
if [ -z "$BINDIR" ]; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "no PostgreSQL server found; install it (apt-get install postgresql) or run as root"
    exit 1
  fi
  say "installing PostgreSQL with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  # We run our own cluster: tell postgresql-common not to create (and start) the default one
  # before the server package is installed.
  apt-get install -y -qq --no-install-recommends postgresql-common >&2
  if [ -f /etc/postgresql-common/createcluster.conf ]; then
    sed -ri 's/^#?\s*(create_main_cluster)\s*=.*$/\1 = false/' \
      /etc/postgresql-common/createcluster.conf
  fi
  apt-get install -y -qq --no-install-recommends postgresql >&2
  BINDIR="$(find_bindir || true)"
  if [ -z "$BINDIR" ]; then
    say "PostgreSQL was installed but no server binary was found"
    exit 1
  fi
fi
say "server: $("$BINDIR/postgres" --version)"

# The unprivileged user that owns and runs the cluster.
as_owner() { "$@"; }
OWNER="$(id -un)"
if [ "$(id -u)" -eq 0 ]; then
  if id postgres >/dev/null 2>&1; then
    OWNER=postgres
  else
    OWNER=tdbot-pg
    if ! id "$OWNER" >/dev/null 2>&1; then
      useradd --system --no-create-home --shell /usr/sbin/nologin "$OWNER" 2>/dev/null \
        || useradd -r -M -s /bin/false "$OWNER"
    fi
  fi
  if command -v runuser >/dev/null 2>&1; then
    as_owner() { runuser -u "$OWNER" -- "$@"; }
  else
    as_owner() { su -s /bin/sh "$OWNER" -c "$(printf '%q ' "$@")"; }
  fi
fi

DIR="$(mktemp -d "${TMPDIR:-/tmp}/tdbot-pg.XXXXXX")"
chmod 700 "$DIR"
[ "$(id -u)" -eq 0 ] && chown "$OWNER" "$DIR"

free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
    return
  fi
  local port
  for _ in $(seq 1 50); do
    port=$(( 20000 + RANDOM % 40000 ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return
    fi
  done
  echo 55432
}

PASSWORD="$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
printf '%s\n' "$PASSWORD" > "$DIR/pwfile"
chmod 600 "$DIR/pwfile"
[ "$(id -u)" -eq 0 ] && chown "$OWNER" "$DIR/pwfile"

as_owner "$BINDIR/initdb" -D "$DIR/data" -U postgres --pwfile="$DIR/pwfile" -E UTF8 \
  --locale=C --auth-local=trust --auth-host=scram-sha-256 >"$DIR/initdb.log" 2>&1 \
  || { cat "$DIR/initdb.log" >&2; exit 1; }
rm -f "$DIR/pwfile"

DB=tdbot_test
for attempt in 1 2 3; do
  PORT="$(free_port)"
  if as_owner "$BINDIR/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 start -o \
      "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c max_connections=200 -c fsync=off \
       -c synchronous_commit=off -c full_page_writes=off" >&2; then
    break
  fi
  say "start on port $PORT failed (attempt $attempt)"
  tail -n 20 "$DIR/server.log" >&2 || true
  [ "$attempt" -eq 3 ] && exit 1
done

CREATEDB="$BINDIR/createdb"
[ -x "$CREATEDB" ] || CREATEDB="$(command -v createdb)"
as_owner "$CREATEDB" -h "$DIR" -p "$PORT" -U postgres "$DB" >&2
say "running on 127.0.0.1:$PORT, data in $DIR/data"

echo "export TEST_DATABASE_URL='postgresql+asyncpg://postgres:${PASSWORD}@127.0.0.1:${PORT}/${DB}'"
echo "export TDBOT_PG_DIR='$DIR'"
# how the fault soak restarts this (private) server for real (tests/hardening/soak.py)
echo "export TDBOT_PG_RESTART='$( [ "$(id -u)" -eq 0 ] && echo "runuser -u $OWNER -- ")$BINDIR/pg_ctl -D $DIR/data -l $DIR/server.log restart -m fast -w -t 60'"
echo "# stop it: $( [ "$(id -u)" -eq 0 ] && echo "runuser -u $OWNER -- ")$BINDIR/pg_ctl -D $DIR/data stop"
