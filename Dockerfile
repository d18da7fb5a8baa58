# The production image (docs/deploying.md, decision 020): the compiled product, no TypeScript,
# no dev dependencies, run as the unprivileged `node` user. One image for every role: the command
# picks it (compose.prod.yaml):
#   node dist/api/start.js          migrate, then API + worker + indexer (the default: one host)
#   node dist/db/migrate-cli.js     migrations and reference data, then exit
#   node dist/api/main.js           the API (HTTP on $PORT, default 3000)
#   node dist/api/worker/main.js    the story worker
#   node dist/indexer/main.js       the indexer (one per deployment is enough)
#   node dist/api/cli/admin.js --email ... --password ...   the first admin

# Build: every dependency, then `npm run build` (dist/ and dist/web).
FROM node:20-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The run-time dependencies alone. Installed on the full image, which has the compilers a native
# module falls back to when no prebuilt binary fits (better-sqlite3), and copied into the slim one.
FROM node:20-bookworm AS runtime-dependencies
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    PORT=3000
WORKDIR /app
# Owned by root and read-only to the app: the process can't change its own code. Uploads go to
# the temporary directory, which `node` may write.
COPY package.json package-lock.json ./
COPY --from=runtime-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
USER node
EXPOSE 3000
CMD ["node", "dist/api/start.js"]
