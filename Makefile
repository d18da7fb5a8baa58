# The two commands a newcomer needs: `make dev` and `make test`. Production: `make build`, then
# `make start` (docs/deploying.md).
.PHONY: dev build start test typecheck unit e2e bench reindex reset check-chromium

NPM_STAMP := node_modules/.package-lock.json

# `npm install` rather than `npm ci`: the lock omits optional binaries of other platforms that
# this registry does not serve (@tailwindcss/oxide-darwin-*, ...), which `npm ci` treats as
# out of sync. With an unchanged lock, `npm install` installs exactly what it records.
$(NPM_STAMP): package.json package-lock.json
	npm install --no-audit --no-fund
	@touch $(NPM_STAMP)

dev: $(NPM_STAMP)
	@node --import tsx api/dev/main.ts

build: $(NPM_STAMP)
	npm run build

# `npm start` without npm in between (npm exits on SIGTERM without waiting for its script).
# Refuses to start without the production secrets (api/config.ts); no demo data, no demo accounts.
start:
	node dist/api/start.js

test: $(NPM_STAMP) typecheck unit e2e

typecheck: $(NPM_STAMP)
	npx tsc --noEmit -p tsconfig.json
	npx drizzle-kit check --config db/drizzle.config.ts
	npx depcruise --config .dependency-cruiser.cjs --output-type err vocabulary db indexer api web bench
	node .ci/check-outbound.mjs

unit: $(NPM_STAMP)
	npx vitest run

e2e: $(NPM_STAMP) check-chromium
	npx vitest run --config web/e2e/vitest.config.ts

check-chromium:
	@test -x "$${CHROMIUM_PATH:-/usr/bin/chromium}" || { echo "Browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM_PATH)"; exit 1; }

bench: $(NPM_STAMP)
	node --import tsx bench/run.ts $(ARGS)

reindex: $(NPM_STAMP)
	node --import tsx indexer/main.ts --rebuild

reset:
	rm -rf .data
