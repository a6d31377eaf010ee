// Merging the copies of one program by id (openevolve.ts's header: every checkpoint and db/
// hold a copy of the programs of their moment). A later copy overwrites a field only with a
// non-empty value; iteration_found keeps the earliest value. Shared with skydiscover.ts.
import path from 'node:path';
import { ImportError } from '../trace/schema';
import { isObject, type Json } from './openevolveProgram';

export const DROPPED = new Set(['embedding']);
/** Also dropped when the run is only analysed (ReadOptions.forAnalysis): what the analyses never
 *  read and what makes program files large (EvoTrace-converted runs repeat the source as
 *  `solution`). Dropped at merge time, so these strings die young and never reach the old heap. */
export const DROPPED_FOR_ANALYSIS = new Set([...DROPPED, 'solution', 'prompts', 'artifacts_json']);
/** Dropped from the light records of a streamed import: what makes program files large. */
export const DROPPED_WHEN_STREAMED = new Set([...DROPPED_FOR_ANALYSIS, 'code']);

/** Empty values never overwrite: null, '', [] and {}. */
const isEmpty = (v: unknown) =>
  v == null || v === '' || (Array.isArray(v) && !v.length) || (isObject(v) && !Object.keys(v).length);

function mergeFields(target: Json, src: Json, skip?: ReadonlySet<string>) {
  for (const [k, v] of Object.entries(src)) {
    if (skip?.has(k)) continue;
    if (isEmpty(v)) {
      if (!(k in target)) target[k] = v;
    } else if (k === 'metadata' && isObject(v) && isObject(target[k])) {
      mergeFields(target[k] as Json, v); // island / migrant flags may sit in either copy
    } else {
      target[k] = v;
    }
  }
}

export const intOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The id of one program copy (OpenEvolve names files <id>.json), set on the object. */
export function copyId(file: string, obj: Json, rel: string): string {
  const id = obj.id ?? path.basename(file).slice(0, -'.json'.length);
  if (typeof id !== 'string' || !id) throw new ImportError('program "id" is not a non-empty string', rel);
  obj.id = id;
  return id;
}

/**
 * Merges one copy into the program of its id; true when the copy's iteration_found is lower than
 * an earlier copy's. Copies arrive in time order (checkpoints ascending, then db/): the first
 * iteration a program was found at is the earliest one, even when a resumed run re-saved it later.
 */
export function mergeCopy(programs: Map<string, Json>, id: string, obj: Json, dropped: ReadonlySet<string>): boolean {
  const known = programs.get(id);
  if (!known) {
    const fresh: Json = {};
    mergeFields(fresh, obj, dropped);
    programs.set(id, fresh);
    return false;
  }
  const before = intOf(known.iteration_found);
  const now = intOf(obj.iteration_found);
  mergeFields(known, obj, dropped);
  if (before == null || now == null) return false;
  known.iteration_found = Math.min(before, now);
  return now < before;
}
