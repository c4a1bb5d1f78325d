#!/usr/bin/env bash
# Restarts every EzRecharge process of this machine one at a time (issue #31), so the shop keeps answering:
# each web process stops gracefully (its listener closes at once: nginx sends new requests to the others, requests in
# flight finish), comes back, answers /api/v1/health, and nginx has had time to take it back (its fail_timeout, 2 s)
# before the next one stops. Workers hand back unfinished jobs when they stop. The cluster test does the same.
#   sudo deploy/rolling-restart.sh
set -euo pipefail
WEB_PORTS=${WEB_PORTS:-"3001 3002"}
WORKERS=${WORKERS:-"1 2"}

for port in $WEB_PORTS; do
  echo "restarting ezrecharge-web@$port"
  systemctl restart "ezrecharge-web@$port"
  for _ in $(seq 1 60); do
    curl -fsS -o /dev/null "http://127.0.0.1:$port/api/v1/health" && break
    sleep 1
  done
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/v1/health" || { echo "ezrecharge-web@$port is not healthy: stopping here" >&2; exit 1; }
  sleep 3
done
for n in $WORKERS; do
  echo "restarting ezrecharge-worker@$n"
  systemctl restart "ezrecharge-worker@$n"
  sleep 2
  systemctl is-active --quiet "ezrecharge-worker@$n" || { echo "ezrecharge-worker@$n did not stay up: stopping here" >&2; exit 1; }
done
echo "rolling restart done"
