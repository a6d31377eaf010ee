// Where a SkyDiscover run keeps what, and how it is told apart from a plain OpenEvolve output
// directory (both write checkpoints/checkpoint_N/programs/<id>.json). Read from SkyDiscover's
// runner.py (checkpoints, best/), search/base_database.py + search/utils/checkpoint_manager.py
// (the Program dataclass, json.dump'ed in field order: id, solution, language, ...), each search's
// database.py (its sidecar <search>_metadata.json beside metadata.json) and
// search/evox/controller.py (search/iteration_N/ next to checkpoints/). Detection follows
// EvoReplay's refine_outputs.py detect_backend (sidecar names, search/), plus the program file's
// first key after "id": "solution" (SkyDiscover) or "code" (OpenEvolve), so a search without a
// sidecar (top-k, beam search, best-of-n) is still recognised. Cheap: stat calls and one 512-byte
// read; nothing is parsed.
import fs from 'node:fs';
import path from 'node:path';
import { formatBytes } from '../files/errors';
import { maxJsonBytes } from '../files/readJson';
import { decodeUtf8Strict } from '../files/utf8';
import { ImportError } from '../trace/schema';
import { checkpointsOf } from './openevolveLayout';
import { asImportError, isDir, isFile } from './inputFiles';

/** Sidecar file -> the search that writes it (search/<name>/database.py save()). */
export const SIDECARS = {
  'adaevolve_metadata.json': 'adaevolve',
  'gepa_metadata.json': 'gepa_native',
  'openevolve_native_metadata.json': 'openevolve_native',
} as const;
export type SidecarSearch = (typeof SIDECARS)[keyof typeof SIDECARS];

export interface SkyLayout {
  /** The path the user gave; messages name files relative to it. */
  base: string;
  /** The run's output directory (holds checkpoints/, best/, summary.json, search/). */
  root: string;
  checkpoints: { n: number; dir: string }[];
  /** The search, from its sidecar ('evox' when search/iteration_N exists); null when unknown. */
  search: SidecarSearch | 'evox' | null;
}

const ITERATION = /^iteration_(\d+)$/;

/** search/iteration_N folders of an EvoX run, in N order. */
export function strategyDirs(root: string): { n: number; dir: string }[] {
  const dir = path.join(root, 'search');
  if (!isDir(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => {
      const m = d.isDirectory() ? ITERATION.exec(d.name) : null;
      return m ? [{ n: Number(m[1]), dir: path.join(dir, d.name) }] : [];
    })
    .sort((a, b) => a.n - b.n);
}

/** The sidecar files of one checkpoint, known names only. */
export function sidecarsOf(checkpointDir: string): { file: string; search: SidecarSearch }[] {
  return Object.entries(SIDECARS)
    .filter(([name]) => isFile(path.join(checkpointDir, name)))
    .map(([name, search]) => ({ file: path.join(checkpointDir, name), search }));
}

/** True when the first program file of a checkpoint starts {"id": ..., "solution": (SkyDiscover's field order). */
function programsLookSky(checkpointDir: string): boolean {
  const dir = path.join(checkpointDir, 'programs');
  if (!isDir(dir)) return false;
  let first: string | undefined;
  const handle = fs.opendirSync(dir);
  try {
    for (let e = handle.readSync(); e; e = handle.readSync()) {
      if (e.isFile() && e.name.endsWith('.json')) {
        first = e.name;
        break;
      }
    }
  } finally {
    handle.closeSync();
  }
  if (!first) return false;
  const buf = Buffer.alloc(512);
  const fd = fs.openSync(path.join(dir, first), 'r');
  let n = 0;
  try {
    n = fs.readSync(fd, buf, 0, buf.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return /^\s*\{\s*"id"\s*:\s*"(?:[^"\\]|\\.)*"\s*,\s*"solution"\s*:/.test(buf.subarray(0, n).toString('utf8'));
}

/** The SkyDiscover run at `p` (its output directory, or one checkpoint given alone); null when it is none. */
export function locateSkyDiscover(p: string): SkyLayout | null {
  const base = path.resolve(p);
  let checkpoints = checkpointsOf(base);
  if (!checkpoints.length && isDir(path.join(base, 'programs')) && isFile(path.join(base, 'metadata.json'))) {
    checkpoints = [{ n: Number(/^checkpoint_(\d+)$/.exec(path.basename(base))?.[1] ?? 0), dir: base }];
  }
  if (!checkpoints.length) return null;
  // Every checkpoint save writes the sidecar: the first and the last checkpoint are enough to look at.
  const sidecar = [checkpoints[0], checkpoints[checkpoints.length - 1]].map((c) => sidecarsOf(c.dir)[0]).find(Boolean);
  const evox = strategyDirs(base).length > 0;
  // One program file is enough: every copy of a run is written by the same Program.to_dict().
  const sample = checkpoints.find((c) => isDir(path.join(c.dir, 'programs')));
  if (!sidecar && !evox && !(sample && programsLookSky(sample.dir))) return null;
  return { base, root: base, checkpoints, search: sidecar?.search ?? (evox ? 'evox' : null) };
}

/** A text file of the run (code.py, human_feedback.md, labels.yaml): size-capped, strict UTF-8,
 *  errors naming the file; null when it is not there. */
export async function readTextFile(abs: string, rel: string): Promise<string | null> {
  if (!isFile(abs)) return null;
  const { size } = await fs.promises.stat(abs);
  if (size > maxJsonBytes()) throw new ImportError(`file is ${formatBytes(size)}, above the ${formatBytes(maxJsonBytes())} limit`, rel);
  try {
    return decodeUtf8Strict(await fs.promises.readFile(abs), rel);
  } catch (e) {
    throw asImportError(e);
  }
}
