// Scratch folders (an archive unpacked for import, a run written out for export) live in
// <data dir>/tmp, never in the system temp folder: a crash used to leave 237 MB extraction folders
// in /tmp for good. Each folder's name carries the id of the process that made it, so a process
// starting up can remove what dead processes left (removeOrphanWorkDirs) without touching the
// folders of live ones (several worker processes and the web app share the data dir).
import fsp from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../contracts/env';

export const workRoot = () => path.join(dataDir(), 'tmp');

export type WorkKind = 'import' | 'export';

/** A new empty folder `evoscope-<kind>-<pid>-XXXXXX` in workRoot(); the caller removes it. */
export async function makeWorkDir(kind: WorkKind, root = workRoot()): Promise<string> {
  await fsp.mkdir(root, { recursive: true });
  return fsp.mkdtemp(path.join(root, `evoscope-${kind}-${process.pid}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/**
 * Removes what dead processes left in workRoot() (anything not named by a live process's id), or
 * everything with `all` (`npm start`, before any other process runs). Returns the names removed.
 */
export async function removeOrphanWorkDirs(opts: { all?: boolean; root?: string } = {}): Promise<string[]> {
  const root = opts.root ?? workRoot();
  const entries = await fsp.readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of entries) {
    const pid = /^evoscope-[a-z]+-(\d+)-/.exec(name)?.[1];
    if (!opts.all && pid && Number(pid) !== process.pid && alive(Number(pid))) continue;
    if (!opts.all && pid && Number(pid) === process.pid) continue;
    await fsp.rm(path.join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
