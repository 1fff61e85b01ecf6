#!/usr/bin/env bash
# Installs the Debian packages the tests need, when they are missing: Chromium and CJK fonts for the browser tests,
# poppler for PDF checks, PostgreSQL when no server listens on 127.0.0.1:5432 and its programs are absent
# (npm test then starts a throw-away cluster with them), and PostgreSQL's client programs (pg_dump, pg_restore:
# npm run backup / restore) when absent.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || need+=(fonts-noto-cjk)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  need+=(postgresql)
elif ! command -v pg_dump >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/pg_dump >/dev/null 2>&1; then
  need+=(postgresql-client)
fi
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "Installing ${need[*]} from Debian…"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
