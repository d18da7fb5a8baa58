// The worker's entry under tsx (dev and tests). A worker thread of Node 20 does not take tsx's
// loader from `--import tsx` in its execArgv (Node 22 does), so the TypeScript worker is loaded
// through tsx's own API. Compiled to JavaScript, the pool starts tasks.worker.js directly.
import { tsImport } from 'tsx/esm/api';

const { default: runTask } = await tsImport('./tasks.worker.ts', import.meta.url);

export default runTask;
