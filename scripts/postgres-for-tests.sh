#!/usr/bin/env bash
# A throwaway PostgreSQL server for the table service's tests (Debian's postgresql package).
#   bash scripts/postgres-for-tests.sh start DIR   -> prints the URL (postgresql://...) on stdout
#   bash scripts/postgres-for-tests.sh stop DIR
# As root the server runs as the unprivileged `postgres` user (PostgreSQL refuses root).
set -euo pipefail
cmd=${1:?start or stop}; dir=${2:?a data folder}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 3; }
as_owner() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_owner "$bin/initdb" -D "$dir/db" -U postgres -A trust --no-sync -E UTF8 > "$dir/initdb.log"
    as_owner "$bin/pg_ctl" -D "$dir/db" -l "$dir/server.log" -w -t 300 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start > /dev/null
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    [ -d "$dir/db" ] && as_owner "$bin/pg_ctl" -D "$dir/db" -m immediate -w stop > /dev/null || true
    ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
