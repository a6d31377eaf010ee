// `npm start`: database (embedded unless DATABASE_URL is set), migrations, demo data on first
// start, a production build of the web app when the sources changed, then the web server and
// the worker (refused on a public HOST while no account exists: lib/http/auth/startGuard.ts). Each of them is supervised: a crash (kill -9) restarts it with backoff, logged
// (lib/supervise). Ctrl-C stops all of it, the embedded PostgreSQL included.
import { ensureDatabase } from '../lib/runtime/ensureDatabase';
import { disconnect } from '../lib/db/client';
import { loadDemoData } from '../lib/services/demo/loadDemoData';
import { publicStartRefusal } from '../lib/http/auth/startGuard';
import { maxUploadBytes } from '../lib/contracts/env';
import { removeOrphanWorkDirs } from '../lib/storage/workDir';
import { buildIfStale, serve } from './serve';
import { ensureSandboxPackages } from './systemPackages';

const log = (l: string) => process.stderr.write(`[evoscope] ${l}\n`);

// Settings are checked before anything starts: a misspelt limit must not be found by an upload.
try {
  maxUploadBytes();
} catch (e) {
  log((e as Error).message);
  process.exit(1);
}
ensureSandboxPackages(log);
// Nothing else runs yet: whatever is in .evoscope/tmp was left by a crash.
const leftovers = await removeOrphanWorkDirs({ all: true });
if (leftovers.length) log(`removed ${leftovers.length} work folder(s) left by an earlier run`);
const db = await ensureDatabase({ log });
let release = () => db.release();
try {
  // Checked again by serve(), but here before the demo data and a build are spent on nothing.
  const refusal = await publicStartRefusal();
  if (refusal) {
    log(refusal);
    await disconnect();
    release();
    process.exit(1);
  }
  const demo = await loadDemoData({ log });
  if (demo.loaded.length) log(`demo data loaded: ${demo.loaded.map((r) => r.name).join(', ')}`);
  await disconnect();
  buildIfStale(log);
} catch (e) {
  log(`start-up failed: ${(e as Error).stack ?? e}`);
  release();
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3000);
// The embedded PostgreSQL is stopped by the supervisor from now on (release() would stop it twice).
const services = await serve({ port, log, postgres: db.owned });
if (db.owned) release = () => {};
process.stdout.write(`\nEvoscope is running at http://localhost:${port}\n(Ctrl-C stops it)\n\n`);

let stopping = false;
const stop = async (code = 0) => {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  await services.stop();
  release();
  release = () => {};
  log('stopped.');
  process.exit(code);
};
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));
