import { baseUrl } from './browser.ts';

/** How many demo policies global-setup loads. */
const demoPolicyCount = 300;

/**
 * The stack answers as soon as the API is healthy, while the indexer may still be filling the
 * search index; journeys that search wait until every demo policy can be found.
 */
export async function waitForSearchIndex(timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let total = 0;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl()}/api/search?pageSize=10`).catch(() => null);
    if (response?.ok) {
      total = ((await response.json()) as { total: number }).total;
      if (total >= demoPolicyCount) return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The search index holds ${total} policies after ${timeoutMs} ms, expected ${demoPolicyCount}`);
}
