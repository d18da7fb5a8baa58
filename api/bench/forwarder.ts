import { createServer } from 'node:http';
import { Pool } from 'undici';

/**
 * The search bench's floor, leg (f): the least any Node process in front of Meilisearch can do.
 * It takes a POSTed multi-search body, sends it on to Meilisearch with the search key over kept-alive
 * connections (undici's Pool, as the API does) and writes Meilisearch's answer back byte for byte:
 * no routing, validation, session, query building, parsing or re-serialisation. What it adds over
 * Meilisearch direct is the extra HTTP hop itself (a socket read and write each way, and the
 * wake-ups between processes), which no search API can avoid; the API's own work is what (a0)
 * adds on top of it.
 *
 * Started by bench/run.ts as its own process: MEILI_URL, MEILI_SEARCH_KEY, PORT.
 */
const meiliUrl = new URL(process.env.MEILI_URL!);
const authorization = `Bearer ${process.env.MEILI_SEARCH_KEY!}`;
const pool = new Pool(meiliUrl.origin, { keepAliveTimeout: 2000, keepAliveMaxTimeout: 2000 });
const path = `${meiliUrl.pathname.replace(/\/+$/, '')}/multi-search`;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    pool
      .request({ path, method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: Buffer.concat(chunks) })
      .then(async ({ statusCode, body }) => {
        const answer = Buffer.from(await body.arrayBuffer());
        response.writeHead(statusCode, { 'content-type': 'application/json', 'content-length': answer.length });
        response.end(answer);
      })
      .catch((error: unknown) => {
        console.error(`forwarder: ${String(error)}`);
        response.writeHead(502).end();
      });
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log(`forwarder listening on ${process.env.PORT}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    void pool.close().finally(() => process.exit(0));
  });
}
