// Finds (or builds once) the sandbox supervisor: lib/sandbox/supervisorSource.ts compiled with gcc.
// It lives in a machine-wide folder, not in the data folder, for two reasons: the slot locks must
// be shared by every Evoscope process on the machine (two data folders, e.g. two test runs, would
// otherwise hand out the same uid), and the binary is also bound into each sandbox as its pid 1,
// so the unprivileged slot uid must be able to reach it (a data folder under /root is not).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUPERVISOR_SOURCE } from './supervisorSource';

export const BWRAP = '/usr/bin/bwrap';

/** Folder of the supervisor binary and of the slot lock files (EVOSCOPE_SANDBOX_DIR overrides). */
export function sandboxDir(): string {
  if (process.env.EVOSCOPE_SANDBOX_DIR) return path.resolve(process.env.EVOSCOPE_SANDBOX_DIR);
  const run = '/run';
  try {
    fs.accessSync(run, fs.constants.W_OK);
    return path.join(run, 'evoscope-sandbox');
  } catch {
    return path.join(os.tmpdir(), 'evoscope-sandbox');
  }
}

let cached: { dir: string; bin: string } | null = null;

/** Path of the compiled supervisor; compiles it when this source version was never built here. */
export function ensureSupervisor(): string {
  const dir = sandboxDir();
  if (cached?.dir === dir) return cached.bin;
  const sha = crypto.createHash('sha256').update(SUPERVISOR_SOURCE).digest('hex').slice(0, 16);
  const bin = path.join(dir, `supervisor-${sha}`);
  if (!fs.existsSync(bin)) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755); // the slot uid must reach the binary (bound in as /.init)
    const tmp = `${bin}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(`${tmp}.c`, SUPERVISOR_SOURCE);
    const r = spawnSync('gcc', ['-O2', '-o', tmp, `${tmp}.c`], { encoding: 'utf8' });
    fs.rmSync(`${tmp}.c`, { force: true });
    if (r.status !== 0) {
      fs.rmSync(tmp, { force: true });
      throw new Error(`building the sandbox supervisor with gcc failed: ${(r.stderr || r.error?.message || '').slice(0, 500)}`);
    }
    fs.chmodSync(tmp, 0o755);
    fs.renameSync(tmp, bin); // atomic: concurrent builders both end with a complete binary
  }
  cached = { dir, bin };
  return bin;
}

/**
 * Whether sandboxes can run here, and if not, why (a sentence for users). Needs bubblewrap, gcc
 * (the supervisor is compiled once) and root (to switch to the unprivileged slot uids).
 */
export function sandboxAvailable(): { ok: true } | { ok: false; message: string } {
  if (!fs.existsSync(BWRAP)) {
    return { ok: false, message: 'bubblewrap is not installed (/usr/bin/bwrap): run `apt-get install -y bubblewrap`, or start Evoscope with `npm start`, which installs it' };
  }
  if (process.getuid?.() !== 0) {
    return { ok: false, message: 'sandboxes need root here: each run switches to its own unprivileged uid so that the process limit binds' };
  }
  try {
    ensureSupervisor();
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
  return { ok: true };
}
