#!/usr/bin/env bash
# The production path (docs/deploying.md), as CI can walk it without Docker: a fresh clone,
# `npm run build`, then the production launcher (`npm start`) against a Postgres and Meilisearch
# started here, with an environment holding only what the deployment is given. `npm start` must
# refuse without its secrets, naming each; with them the launcher must come up healthy with no demo
# data and no demo accounts, let an admin made by `npm run admin` sign in, and stop on SIGTERM with
# exit code 0, leaving nothing running.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
# Run as root, Postgres runs as another user, which must reach its binaries in the clone.
chmod 755 "$work"
app="$work/app"
log="$work/start.log"
pid=""
services_pid=""

stop_services() {
  [ -n "$services_pid" ] || return 0
  kill -TERM "$services_pid" 2>/dev/null || true
  wait "$services_pid" 2>/dev/null || true
  services_pid=""
}
fail() {
  echo "smoke test FAILED: $*" >&2
  echo "---- start log ----" >&2
  cat "$log" >&2 || true
  [ -n "$pid" ] && kill -KILL -- "-$pid" 2>/dev/null || true
  stop_services
  exit 1
}
trap 'stop_services; rm -rf "$work"' EXIT

started=$(date +%s)
git clone -q "$repo" "$app"
# The checkout's installed packages, as hard links (as in smoke-dev.sh).
cp -al "$repo/node_modules" "$app/node_modules"
# No Docker engine here: the compose files are parsed, and the production one checked for what
# makes it production (scalable API without a fixed host port, migrate once first, health checks).
(cd "$app" && node -e '
  const { parseDocument } = require("yaml");
  const fs = require("node:fs");
  const read = (file) => {
    const doc = parseDocument(fs.readFileSync(file, "utf8"), { merge: true });
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map(String).join("; ")}`);
    return doc.toJS();
  };
  read("compose.yaml");
  const { services } = read("compose.prod.yaml");
  const problems = [];
  if (services.api.ports) problems.push("api publishes a host port: it could not scale");
  for (const name of ["api", "worker", "indexer"]) {
    if (services[name].depends_on?.migrate?.condition !== "service_completed_successfully") problems.push(`${name} does not wait for migrate`);
    if (services[name].environment?.NODE_ENV !== "production") problems.push(`${name} is not in production`);
  }
  for (const name of ["api", "postgres", "meilisearch"]) if (!services[name].healthcheck) problems.push(`${name} has no health check`);
  if (services.postgres.image !== "postgres:18" || services.meilisearch.image !== "getmeili/meilisearch:v1.21") problems.push("unexpected Postgres or Meilisearch image");
  if (problems.length) { console.error(problems.join("\n")); process.exit(1); }
') || fail "compose.prod.yaml (above)"
grep -q '^USER node$' "$app/Dockerfile" && grep -q -- '--omit=dev' "$app/Dockerfile" || fail "the Dockerfile must run as node and install without dev dependencies"
(cd "$app" && npm run build >"$work/build.log" 2>&1) || { cat "$work/build.log" >&2; fail "npm run build failed"; }
for file in dist/api/start.js dist/api/main.js dist/api/worker/main.js dist/indexer/main.js dist/api/cli/admin.js dist/db/migrate-cli.js dist/db/migrations/meta/_journal.json dist/web/index.html; do
  [ -f "$app/$file" ] || fail "npm run build made no $file"
done
built=$(date +%s)

# A throwaway Postgres and Meilisearch; the helper prints their variables on one line once both answer.
(cd "$app" && exec node --import tsx indexer/test-services.ts >"$work/services.out" 2>"$work/services.err") &
services_pid=$!
for _ in $(seq 1 240); do
  grep -q '^DATABASE_URL=' "$work/services.out" 2>/dev/null && break
  kill -0 "$services_pid" 2>/dev/null || { cat "$work/services.err" >&2; fail "the test Postgres and Meilisearch did not start"; }
  sleep 0.5
done
read -r database_var meili_url_var meili_key_var < <(grep '^DATABASE_URL=' "$work/services.out") || fail "the test services printed no URLs"
export "${database_var?}" "${meili_url_var?}" "${meili_key_var?}"

port=$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); });')
base="http://localhost:$port"
app_secret=$(node -e 'console.log(require("node:crypto").randomBytes(32).toString("base64url"))')
# The environment of a deployment: nothing from this shell but PATH and HOME, then what is given.
clean=(env -i "PATH=$PATH" "HOME=$HOME")
deployed=("DATABASE_URL=$DATABASE_URL" "MEILI_URL=$MEILI_URL" "MEILI_MASTER_KEY=$MEILI_MASTER_KEY" "APP_SECRET=$app_secret"
  "APP_URL=$base" "PORT=$port" "PAYMENTS=local")

# Without its secrets npm start refuses, naming each, and starts nothing (timeout: a start that
# does not refuse fails here rather than hang).
set +e
(cd "$app" && timeout 120 "${clean[@]}" npm start) >"$work/refused.log" 2>&1
code=$?
set -e
[ "$code" != 0 ] || fail "npm start without any secret exited 0: $(cat "$work/refused.log")"
for name in DATABASE_URL MEILI_URL MEILI_MASTER_KEY APP_URL APP_SECRET STRIPE_SECRET_KEY; do
  grep -q "$name" "$work/refused.log" || fail "npm start without secrets did not name $name: $(cat "$work/refused.log")"
done
grep -q 'listening\|\[start\] migrating' "$work/refused.log" && fail "npm start without secrets started something: $(cat "$work/refused.log")"
# One missing alone is refused too, named alone.
set +e
(cd "$app" && timeout 120 "${clean[@]}" "${deployed[@]}" APP_SECRET= npm start) >"$work/refused.log" 2>&1
code=$?
set -e
[ "$code" != 0 ] && grep -q 'APP_SECRET' "$work/refused.log" || fail "npm start without APP_SECRET did not refuse naming it: $(cat "$work/refused.log")"

# What `npm start` runs, started as a supervisor starts it (the image's CMD, a systemd unit): npm
# itself answers SIGTERM by exiting 143 at once, without passing the signal on or waiting.
# setsid: its own process group, so that anything left behind can be found and killed on failure.
(cd "$app" && exec setsid "${clean[@]}" "${deployed[@]}" node dist/api/start.js) >"$log" 2>&1 &
pid=$!
for _ in $(seq 1 600); do
  kill -0 "$pid" 2>/dev/null || fail "node dist/api/start.js exited before it was healthy"
  curl -fsS "$base/api/health" >/dev/null 2>&1 && break
  sleep 0.5
done
curl -fsS "$base/api/health" >/dev/null || fail "/api/health never answered 200"
healthy=$(date +%s)
curl -fsS "$base/" | grep -q '<div id="root">' || fail "/ did not serve the web app"

admin_email="ops@example.org"
admin_password="Prod-Smoke-Passphrase-1"
(cd "$app" && "${clean[@]}" "DATABASE_URL=$DATABASE_URL" npm run --silent admin -- --email "$admin_email" --password "$admin_password" --name 'Ops Admin') \
  >"$work/admin.log" 2>&1 || fail "npm run admin failed: $(cat "$work/admin.log")"
grep -q "^Created admin $admin_email" "$work/admin.log" || fail "npm run admin did not create the admin: $(cat "$work/admin.log")"

login() { # email password → HTTP status; the answer in $work/login.json, the cookies in $work/cookies
  curl -sS -o "$work/login.json" -c "$work/cookies" -w '%{http_code}' -X POST "$base/api/auth/login" \
    -H "Origin: $base" -H 'Content-Type: application/json' \
    --data "{\"username\":\"$1\",\"password\":\"$2\"}"
}
status=$(login "$admin_email" "$admin_password")
[ "$status" = 200 ] || fail "the admin's sign-in answered $status: $(cat "$work/login.json")"
grep -q '"role":"admin"' "$work/login.json" || fail "the admin signed in without the admin role: $(cat "$work/login.json")"
# Signed in, the admin lists the accounts: the one just made, and no other (no demo users).
status=$(curl -sS -o "$work/users.json" -b "$work/cookies" -w '%{http_code}' "$base/api/admin/users")
[ "$status" = 200 ] || fail "the admin's user list answered $status: $(cat "$work/users.json")"
node -e '
  const users = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
  if (users.length !== 1 || users[0].email !== process.argv[2]) { console.error(JSON.stringify(users)); process.exit(1); }' \
  "$work/users.json" "$admin_email" || fail "the production database holds accounts besides the admin (above)"

demo_password=$(cd "$app" && node --import tsx -e 'import("./api/dev/demo-users.ts").then((m) => console.log(m.demoPassword))')
for email in $(cd "$app" && node --import tsx -e 'import("./api/dev/demo-users.ts").then((m) => console.log(m.demoUsers.map((u) => u.email).join(" ")))'); do
  status=$(login "$email" "$demo_password")
  [ "$status" = 401 ] || fail "the demo login $email answered $status: $(cat "$work/login.json")"
done

kill -TERM "$pid"
set +e
wait "$pid"
code=$?
set -e
[ "$code" = 0 ] || fail "node dist/api/start.js exited $code after SIGTERM"
grep -q '\[start\] stopped' "$log" || fail "node dist/api/start.js did not report all three processes stopped"
if grep -nE '^\s+at |Error:|ERR_' "$log" >&2; then fail "the log has an error or a stack trace (lines above)"; fi
# The group outlives its leader while any member runs: fail() kills what is left of it.
if pgrep -g "$pid" -a >&2; then fail "processes left running (above)"; fi
pid=""
stop_services
echo "smoke test passed: npm run build ($((built - started)) s), npm start refused without its secrets, started (node dist/api/start.js) healthy ($((healthy - built)) s after the build) with no demo accounts, signed in the admin made by npm run admin, stopped cleanly on SIGTERM (total $(($(date +%s) - started)) s)"
