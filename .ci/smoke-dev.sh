#!/usr/bin/env bash
# The newcomer's path, as CI can walk it: a fresh clone, `make dev` with NODE_ENV unset on free
# ports, the first page, a demo sign-in through the API (from localhost and from 127.0.0.1), then
# Ctrl-C (SIGINT to the process group). It must exit 0, print no stack trace and leave nothing
# running.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
app="$work/app"
log="$work/make-dev.log"
pid=""

fail() {
  echo "smoke test FAILED: $*" >&2
  echo "---- make dev log ----" >&2
  cat "$log" >&2 || true
  [ -n "$pid" ] && kill -KILL -- "-$pid" 2>/dev/null || true
  pkill -KILL -f "$app/" 2>/dev/null || true
  exit 1
}
trap 'rm -rf "$work"' EXIT

git clone -q "$repo" "$app"
# The checkout's installed packages, as hard links: `npm install` on a fresh clone is what
# `make test` has just done in the checkout, and the stamp tells make it is done.
cp -al "$repo/node_modules" "$app/node_modules"
touch "$app/node_modules/.package-lock.json"

read -r port pg_port meili_port < <(node -e '
  const net = require("node:net");
  const free = () => new Promise((resolve) => { const s = net.createServer().listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => resolve(p)); }); });
  Promise.all([free(), free(), free()]).then((ports) => console.log(ports.join(" ")));')

# setsid: make dev gets its own process group, which the SIGINT below goes to, as a terminal's
# Ctrl-C would. As an asynchronous command make ignores SIGINT (POSIX), so its exit status is the
# launcher's: make prints "Error N" for anything but a clean exit. (In a terminal make also
# reports the Ctrl-C itself, "make: *** [Makefile:14: dev] Interrupt", and exits 130.)
setsid env -u NODE_ENV -u APP_URL -u DATABASE_URL -u MEILI_URL \
  PORT="$port" PG_PORT="$pg_port" MEILI_PORT="$meili_port" make -C "$app" dev >"$log" 2>&1 &
pid=$!

base="http://localhost:$port"
for _ in $(seq 1 600); do
  kill -0 "$pid" 2>/dev/null || fail "make dev exited before it was healthy"
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "$base/api/health" >/dev/null || fail "/api/health never answered 200"
curl -fsS "$base/" | grep -q '<div id="root">' || fail "/ did not serve the web app"

password=$(cd "$app" && node --import tsx -e 'import("./api/dev/demo-users.ts").then((m) => console.log(m.demoPassword))')
for host in localhost 127.0.0.1; do
  status=$(curl -sS -o "$work/login.json" -w '%{http_code}' -X POST "http://$host:$port/api/auth/login" \
    -H "Origin: http://$host:$port" -H 'Content-Type: application/json' \
    --data "{\"username\":\"subscriber@example.com\",\"password\":\"$password\"}")
  [ "$status" = 200 ] || fail "demo sign-in from http://$host:$port answered $status: $(cat "$work/login.json")"
done

kill -INT -- "-$pid"
set +e
wait "$pid"
code=$?
set -e
[ "$code" = 0 ] || fail "make dev exited $code after Ctrl-C"
# "!! " is the supervisor's line for a service that died: stopping must not look like a crash.
if grep -nE '^\s+at |Error:|ERR_|make: \*\*\*|!! ' "$log" >&2; then fail "the log has an error, a stack trace or a restart (lines above)"; fi
sleep 1
if pgrep -fa "$app/" >&2; then fail "processes left running (above)"; fi
echo "smoke test passed: make dev on a fresh clone came up, served /, signed in the demo subscriber, stopped cleanly"
