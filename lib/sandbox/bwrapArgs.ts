// The bubblewrap command line of one run. Every namespace is unshared (an empty network namespace:
// no loopback service of the host is reachable), the system is read-only (/usr and the two /etc
// entries the dynamic linker and Debian's BLAS alternatives need; nothing else of /etc, so no
// /etc/shadow or /etc/passwd), /work, /tmp and /dev/shm are fresh size-capped tmpfs, and the
// request's files are copied in from pipes (`--file FD`), so nothing is written on the host.
import fs from 'node:fs';
import path from 'node:path';
import type { SandboxFile, SandboxLimits, SandboxRequest } from '../contracts/sandboxTypes';

export const WORK = '/work';
const MIB = 1024 * 1024;
const SHM_MB = 64;

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why a request cannot run, or null. Names the offending file/variable, never a host path. */
export function requestProblem(req: SandboxRequest): string | null {
  if (!Array.isArray(req.command) || req.command.length === 0 || !req.command[0]) return 'no command to run';
  if (req.command[0].startsWith('-')) return `command ${JSON.stringify(req.command[0])} starts with '-'`;
  const seen = new Set<string>();
  for (const f of req.files) {
    const p = f.path;
    if (!p || p.startsWith('/') || p.includes('\0') || p.split('/').some((s) => s === '' || s === '.' || s === '..')) {
      return `file path ${JSON.stringify(p)} is not a plain relative path`;
    }
    if (seen.has(p)) return `file ${JSON.stringify(p)} is given twice`;
    seen.add(p);
  }
  for (const name of Object.keys(req.env ?? {})) if (!ENV_NAME.test(name)) return `environment variable name ${JSON.stringify(name)} is not valid`;
  for (const b of req.readOnlyBinds ?? []) {
    if (!path.isAbsolute(b.inside) || b.inside.split('/').includes('..')) return `bind target ${JSON.stringify(b.inside)} is not an absolute path`;
    // Named by its place inside: the host path is ours, not the user's business.
    if (!fs.existsSync(b.host)) return `the file or folder to bind at ${b.inside} is missing`;
  }
  return null;
}

/** Folders to create (parents first) so that every file's directory exists. */
function fileDirs(files: SandboxFile[]): string[] {
  const dirs = new Set<string>();
  for (const f of files) {
    const parts = f.path.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
  }
  return [...dirs].sort((a, b) => a.split('/').length - b.split('/').length);
}

/**
 * bwrap's arguments. `firstFileFd`: the fd the first file's pipe gets in the child (files follow
 * in order). `init`: the supervisor binary, bound in as pid 1 (see supervisorSource.ts).
 */
export function bwrapArgs(req: SandboxRequest, limits: SandboxLimits, firstFileFd: number, init: string): string[] {
  const env: Record<string, string> = {
    PATH: '/usr/bin:/bin',
    HOME: WORK,
    OPENBLAS_NUM_THREADS: '1',
    PYTHONDONTWRITEBYTECODE: '1',
    LANG: 'C.UTF-8',
    ...req.env,
  };
  const a: string[] = ['--unshare-all', '--die-with-parent', '--new-session', '--clearenv'];
  for (const [k, v] of Object.entries(env)) a.push('--setenv', k, v);
  a.push(
    '--ro-bind', '/usr', '/usr',
    '--symlink', 'usr/bin', '/bin',
    '--symlink', 'usr/sbin', '/sbin',
    '--symlink', 'usr/lib', '/lib',
    '--symlink', 'usr/lib64', '/lib64',
    '--ro-bind', '/etc/alternatives', '/etc/alternatives',
    '--ro-bind', '/etc/ld.so.cache', '/etc/ld.so.cache',
    '--proc', '/proc',
    '--dev', '/dev',
    '--size', String(SHM_MB * MIB), '--tmpfs', '/dev/shm',
    '--remount-ro', '/dev',
    '--size', String(limits.workDirMb * MIB), '--tmpfs', '/tmp',
    '--size', String(limits.workDirMb * MIB), '--tmpfs', WORK,
  );
  for (const d of fileDirs(req.files)) a.push('--dir', `${WORK}/${d}`);
  req.files.forEach((f, i) => a.push('--perms', f.executable ? '0755' : '0644', '--file', String(firstFileFd + i), `${WORK}/${f.path}`));
  // The slot uid (not root) opens these: every folder on the way must be readable by others.
  for (const b of req.readOnlyBinds ?? []) a.push('--ro-bind', b.host, b.inside);
  a.push('--ro-bind', init, '/.init', '--remount-ro', '/', '--chdir', WORK, '--as-pid-1', '/.init', '--init', ...req.command);
  return a;
}
