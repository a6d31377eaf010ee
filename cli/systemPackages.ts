// Debian packages the sandbox needs (lib/sandbox): bubblewrap, and numpy/scipy for Debian's
// /usr/bin/python3, which candidate programs run with. `npm start` and `npm test` install the
// missing ones with apt-get, as `npm test` does chromium. The check is a few file lookups, so a
// machine that has them pays nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Each package with a file it installs (present = installed). */
export const SANDBOX_PACKAGES: { name: string; file: string }[] = [
  { name: 'bubblewrap', file: '/usr/bin/bwrap' },
  { name: 'python3-numpy', file: '/usr/lib/python3/dist-packages/numpy/__init__.py' },
  { name: 'python3-scipy', file: '/usr/lib/python3/dist-packages/scipy/__init__.py' },
];

/**
 * Installs what is missing of `packages`. Returns the names still missing (apt-get failed, or
 * not root): the caller says what will not work; nothing else depends on them.
 */
export function ensureDebianPackages(
  packages: { name: string; file: string }[],
  log: (l: string) => void,
  aptGet: (args: string[]) => number | null = runAptGet,
): string[] {
  const missing = packages.filter((p) => !fs.existsSync(p.file)).map((p) => p.name);
  if (missing.length === 0) return [];
  if (process.getuid?.() !== 0) {
    log(`missing Debian packages: ${missing.join(' ')} (not root: run apt-get install -y ${missing.join(' ')})`);
    return missing;
  }
  log(`installing Debian packages: ${missing.join(' ')} (apt-get)...`);
  aptGet(['update', '-qq']);
  const status = aptGet(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
  if (status !== 0) log(`apt-get install ${missing.join(' ')} failed (exit ${status})`);
  return packages.filter((p) => !fs.existsSync(p.file)).map((p) => p.name);
}

function runAptGet(args: string[]) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return spawnSync('apt-get', args, { stdio: ['ignore', 2, 2], env }).status;
}

/** The sandbox's packages, with a warning naming what will not work without them. */
export function ensureSandboxPackages(log: (l: string) => void) {
  const still = ensureDebianPackages(SANDBOX_PACKAGES, log);
  if (still.length) log(`warning: without ${still.join(', ')}, programs cannot be re-run in the sandbox`);
}
