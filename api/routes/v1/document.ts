import { productName } from '../../../vocabulary/product.ts';
import type { Config } from '../../config.ts';
import { maxPageSize } from '../../shared/search.ts';

/**
 * The OpenAPI document's own text: how to authenticate, the limits, paging, errors, and the two
 * examples docs/public-api.md points to (a curl call, a script that syncs daily).
 */
export function openApiDocument(config: Pick<Config, 'APP_URL' | 'API_REQUESTS_PER_MINUTE' | 'API_REQUESTS_PER_DAY'>) {
  const base = `${config.APP_URL}/api/v1`;
  return {
    openapi: '3.1.0',
    info: {
      title: `${productName} API`,
      version: '1.0.0',
      description: description(base, config),
    },
    servers: [{ url: base }],
  };
}

function description(base: string, config: Pick<Config, 'API_REQUESTS_PER_MINUTE' | 'API_REQUESTS_PER_DAY'>): string {
  return `Read the policies you follow from your own tools: the same policies, search and collections as the web app, as your account may read them at the moment of each call.

## Authentication
Create a key under **Account Settings → API Keys** and send it with every call as \`Authorization: Bearer <key>\`. The key is shown once, when it is created; keep it secret, and revoke it there if it leaks. A key reads what its user may read now: with an active or trialing subscription the full text and analysis, otherwise the preview (title, description, key points). Cookies are not accepted here.

## Limits
Each key may make **${config.API_REQUESTS_PER_MINUTE} requests a minute** and **${config.API_REQUESTS_PER_DAY.toLocaleString('en')} a day**. Every answer carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds) for the window nearest its limit, and \`RateLimit-Policy\` for both; past a limit the answer is \`429\` with \`Retry-After\` (seconds).

## Paging and shapes
Lists are paged with \`page\` (from 1) and \`pageSize\` (at most ${maxPageSize}); each page says \`total\` and \`totalPages\`. Field names are camelCase, dates ISO 8601 (\`YYYY-MM-DD\` for a day), ids numbers. Errors are \`{ "error": { "code", "message" } }\`.

## Example
\`\`\`sh
curl -H "Authorization: Bearer $POLICY_TRACKER_KEY" \\
  "${base}/search?q=data%20security&departments=MIIT,PBOC&pageSize=10"
\`\`\`

## Sync: pull what changed, daily
\`/changes\` gives every policy added, changed or deleted since a cursor, oldest change first: a live policy whole (as \`/policies/{id}\` answers it), a deleted one (moved to the Trash, or purged) as a tombstone \`{ "id", "deleted": true, "changedAt", "addedAt" }\`. It goes by when a policy arrived or changed, not by its publication date, so a document published years ago and added today comes today. A change shows once it is a minute old. Keep the last \`nextCursor\` and start from it next time; the first run starts from nothing (or \`updatedSince\`), or from the \`Sync-Cursor\` header of the bulk download (\`/bulk/policies.jsonl.gz\`: every policy as gzipped JSON Lines, resumable with \`after\`).

Run once a day (cron: \`0 7 * * * node sync-policies.mjs\`, Node 18+); it keeps a folder of policies, one JSON file each, in step:
\`\`\`js
// sync-policies.mjs
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
const key = process.env.POLICY_TRACKER_KEY;
mkdirSync('policies', { recursive: true });
let cursor = existsSync('cursor.txt') ? readFileSync('cursor.txt', 'utf8') : null;
for (let hasMore = true; hasMore; ) {
  const url = \`${base}/changes?pageSize=100\${cursor ? \`&cursor=\${cursor}\` : ''}\`;
  const response = await fetch(url, { headers: { Authorization: \`Bearer \${key}\` } });
  if (response.status === 429) {
    await new Promise((resume) => setTimeout(resume, Number(response.headers.get('Retry-After')) * 1000));
    continue;
  }
  if (!response.ok) throw new Error(\`\${response.status}: \${(await response.json()).error.message}\`);
  const page = await response.json();
  for (const change of page.changes) {
    if (change.deleted) rmSync(\`policies/\${change.id}.json\`, { force: true });
    else writeFileSync(\`policies/\${change.id}.json\`, JSON.stringify(change.policy));
  }
  cursor = page.nextCursor;
  writeFileSync('cursor.txt', cursor);
  hasMore = page.hasMore;
}
\`\`\``;
}
