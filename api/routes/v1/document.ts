import { productName } from '../../../vocabulary/product.ts';
import type { Config } from '../../config.ts';
import { maxPageSize } from '../../shared/search.ts';

/**
 * The OpenAPI document's own text: how to authenticate, the limits, paging, errors, and the two
 * examples docs/public-api.md points to (a curl call, a script that pulls new policies daily).
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

## Pull new policies daily
Run once a day (cron: \`0 7 * * * node pull-policies.mjs\`, Node 18+); it prints yesterday's policies, newest first:
\`\`\`js
// pull-policies.mjs
const key = process.env.POLICY_TRACKER_KEY;
const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
for (let page = 1, totalPages = 1; page <= totalPages; page++) {
  const url = \`${base}/policies?startDate=\${day}&endDate=\${day}&pageSize=100&page=\${page}\`;
  const response = await fetch(url, { headers: { Authorization: \`Bearer \${key}\` } });
  if (response.status === 429) {
    await new Promise((resume) => setTimeout(resume, Number(response.headers.get('Retry-After')) * 1000));
    page--;
    continue;
  }
  if (!response.ok) throw new Error(\`\${response.status}: \${(await response.json()).error.message}\`);
  const answer = await response.json();
  totalPages = answer.totalPages;
  for (const policy of answer.policies) console.log(policy.publishedOn, policy.department?.code ?? '-', policy.title);
}
\`\`\``;
}
