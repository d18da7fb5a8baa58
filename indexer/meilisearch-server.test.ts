import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { freePort } from '../db/free-port.ts';
import { startMeilisearch } from './meilisearch-server.ts';

it('starts Meilisearch with a master key that begins with "-" (a base64url secret may), and keeps it off the command line', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meili-key-'));
  const masterKey = '-uQ9xv3Lw0c7Rk2s5Tn8Zp4Ha6Jb1Md';
  const meili = await startMeilisearch({ dataDir, port: await freePort(), masterKey });
  try {
    expect(meili.process.spawnargs.join(' ')).not.toContain(masterKey);
    const withKey = await fetch(`${meili.url}/keys`, { headers: { Authorization: `Bearer ${masterKey}` } });
    expect(withKey.status).toBe(200);
    const withoutKey = await fetch(`${meili.url}/keys`);
    expect(withoutKey.status).toBe(401);
  } finally {
    await meili.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
