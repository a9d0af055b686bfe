#!/usr/bin/env bash
# Make sure the local PostgreSQL and Redis used by the storage and job tests are running.
# Tests that need them fail loudly when they are down; this script only starts what it can.
set -uo pipefail
up() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
# The SAML tests' identity provider (pysaml2, tests/saml_idp.py) signs with the xmlsec1 program.
if ! command -v xmlsec1 >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
  { apt-get install -y -qq xmlsec1 || { apt-get update -qq && apt-get install -y -qq xmlsec1; }; } >/dev/null 2>&1 \
    || echo "warning: could not install xmlsec1; the SAML tests need it" >&2
fi
if ! up 5432 && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
fi
if ! up 6379 && command -v redis-server >/dev/null 2>&1; then
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /tmp --logfile /tmp/stockade-redis.log || true
fi
if ! up 5672 && command -v rabbitmq-server >/dev/null 2>&1; then
  rabbitmq-server -detached || true
fi
for port in 5432 6379 5672; do
  for _ in $(seq 1 60); do up "$port" && break; sleep 1; done
  up "$port" || echo "warning: nothing listens on 127.0.0.1:$port" >&2
done
exit 0
