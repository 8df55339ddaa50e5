#!/usr/bin/env bash
# compose.yaml without Docker: Redis, PostgreSQL (the workspace's database, in a temporary folder:
# gone when the script stops), the standalone simulator, three Chartroom instances and nginx with
# the very same compose/nginx.conf (its upstream names rewritten to loopback ports), from Debian's
# packages (`apt-get install -y nginx-light redis-server postgresql`), on http://localhost:8080.
#
#   npm run build && bash scripts/cluster.sh      # Ctrl-C stops everything
#
# MARKET_API_KEY (and MARKET_API_BASE_URL) point the instances at the real service instead of the
# simulator; PORT moves the balancer; logs go to a temporary folder it prints.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in nginx redis-server; do
  command -v "$tool" >/dev/null || { echo "scripts/cluster.sh: $tool is missing (apt-get install -y nginx-light redis-server postgresql)" >&2; exit 1; }
done
[ -f dist/index.html ] || { echo "scripts/cluster.sh: build first (npm run build)" >&2; exit 1; }

PORT="${PORT:-8080}"
REDIS_PORT=16379
SIM_PORT=18787
run="$(mktemp -d -t chartroom-cluster-XXXXXX)"
mkdir -p "$run/logs"
pids=()
stop() {
  nginx -p "$run" -c "$run/nginx.conf" -s stop 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop EXIT INT TERM

redis-server --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no >"$run/logs/redis.log" 2>&1 &
pids+=($!)
# DATABASE_URL: a PostgreSQL of your own; else one started here (every instance shares it).
if [ -z "${DATABASE_URL:-}" ]; then
  node --import tsx scripts/cluster-postgres.ts >"$run/logs/postgres.log" 2>&1 &
  pids+=($!)
  until grep -q "postgres ready" "$run/logs/postgres.log" 2>/dev/null; do
    kill -0 "${pids[-1]}" 2>/dev/null || { cat "$run/logs/postgres.log" >&2; exit 1; }
    sleep 0.2
  done
  DATABASE_URL="$(sed -n 's/^postgres ready //p' "$run/logs/postgres.log")"
fi
if [ -z "${MARKET_API_KEY:-}" ]; then
  HOST=127.0.0.1 PORT="$SIM_PORT" node --import tsx server/sim-main.ts >"$run/logs/sim.log" 2>&1 &
  pids+=($!)
fi
for i in 1 2 3; do
  HOST=127.0.0.1 PORT="1808$i" REDIS_URL="redis://127.0.0.1:$REDIS_PORT" DATABASE_URL="$DATABASE_URL" TRUST_PROXY=1 \
    ALLOWED_HOSTS="${ALLOWED_HOSTS:-localhost,127.0.0.1}" \
    MARKET_API_KEY="${MARKET_API_KEY:-demo-enterprise}" \
    MARKET_API_BASE_URL="${MARKET_API_BASE_URL:-http://127.0.0.1:$SIM_PORT}" \
    node --import tsx server/main.ts >"$run/logs/chartroom-$i.log" 2>&1 &
  pids+=($!)
done
for i in 1 2 3; do
  until grep -q "listening on" "$run/logs/chartroom-$i.log" 2>/dev/null; do sleep 0.2; done
done

sed -e "s/chartroom-\([123]\):8080/127.0.0.1:1808\1/" -e "s/listen 80;/listen $PORT;/" compose/nginx.conf >"$run/balancer.conf"
cat >"$run/nginx.conf" <<EOF
worker_processes 1;
pid $run/nginx.pid;
error_log $run/logs/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log $run/logs/nginx-access.log;
  client_body_temp_path $run/body;
  proxy_temp_path $run/proxy;
  include $run/balancer.conf;
}
EOF
nginx -p "$run" -c "$run/nginx.conf"
echo "chartroom cluster: http://localhost:$PORT (three instances on Redis and PostgreSQL behind nginx; logs in $run/logs)"
wait
