// The reading thread's entry (story-file.ts starts it). A worker thread does not inherit the
// loader tsx registers in the process (Node 20), so this plain module registers it for the thread
// and runs the TypeScript reader.
import { tsImport } from 'tsx/esm/api';

await tsImport('./read-worker.ts', import.meta.url);
