#!/usr/bin/env bash
# Install everything the tests need on a fresh Debian machine with Python 3.11, then run
# every test: the engine, the widgets, the lesson notebooks (nbval) and the real-browser test.
# Usage: bash scripts/install-and-test.sh        (the README's test command; CI runs it too)
set -euo pipefail
cd "$(dirname "$0")/.."

# Chromium from Debian for the browser test (Playwright drives it; never `playwright install`).
if [ ! -x /usr/bin/chromium ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium > /dev/null
fi

# PostgreSQL from Debian for the table service's tests: a throwaway server on a free loopback
# port, run as the unprivileged `postgres` user, stopped when this script exits.
if ! ls /usr/lib/postgresql/*/bin/initdb > /dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql > /dev/null
fi
PG_DIR=$(mktemp -d /tmp/megacorps-pg.XXXXXX)
trap 'bash scripts/postgres-for-tests.sh stop "$PG_DIR"; rm -rf "$PG_DIR"' EXIT
MEGACORPS_TEST_DATABASE_URL=$(bash scripts/postgres-for-tests.sh start "$PG_DIR")
export MEGACORPS_TEST_DATABASE_URL

# The project and its test tools, in a virtual environment of its own.
PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$PYTHON" -m venv .venv
fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[test]"
export MEGACORPS_CHROMIUM=/usr/bin/chromium
# Every part (pytest suite, lesson notebooks), each reported, even after a failure.
bash scripts/run-tests.sh
