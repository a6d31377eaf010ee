// The programs of one imported run written a batch at a time inside the import's transaction
// (importRun.ts), the next batch's full records read while this one is written.
import type pg from 'pg';
import type { Ordered } from '../trace/order';
import type { ImportedRun } from '../trace/schema';
import { addTime, timed } from './importTimings';
import { BlobSet, CONTEXT_REF_COLUMNS, EDGE_COLUMNS, insertRows, RowSets } from './rows';
import { validProgram } from './validateImport';

const PROGRAM_BATCH = 1000;

/**
 * Programs (with their blobs, evaluations and contexts) a batch at a time in canonical order,
 * each batch's edges once their parents are written (those to a later parent after the last). The next batch's records are read
 * while the current one is written, so the files and the database work at once. Returns the
 * number of programs with prompts.
 */
export async function writeProgramBatches(
  client: pg.PoolClient,
  runId: string,
  ordered: Ordered<ReturnType<typeof validProgram>>[],
  load: ImportedRun['loadPrograms'],
  parentId: (externalId: string) => string | null,
  onPrograms: (n: number) => void,
): Promise<number> {
  const fullOf = async (start: number) => {
    const slice = ordered.slice(start, start + PROGRAM_BATCH);
    if (!load) return slice.map((o) => o.item);
    const got = await timed('read full records (files, parse, toProgramRecord)', () => load(slice.map((o) => o.item.externalId)));
    const t = performance.now();
    const out = got.map((p, k) => {
      const r = validProgram(p, start + k);
      if (r.externalId !== slice[k].item.externalId) throw new Error(`loadPrograms returned ${r.externalId} for ${slice[k].item.externalId}`);
      // The run's counts and best were computed from the light record: they must agree.
      if (r.rejected !== slice[k].item.rejected) throw new Error(`loadPrograms: ${r.externalId} is rejected in one record and not in the other`);
      return r;
    });
    addTime('validate full records', t);
    return out;
  };
  // An edge goes in with its child's batch when its parent is already written (the parent comes
  // first in canonical order, nearly always), so edges are written while the next batch is read;
  // the others wait for the last batch.
  const position = new Map(ordered.map((o, k) => [o.item.externalId, k]));
  const deferred: unknown[][] = [];
  // Context refs name any program of the run (often a later one): written after the last batch.
  const contextRefs: unknown[][] = [];
  let withPrompts = 0;
  let next = fullOf(0);
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < ordered.length; start += PROGRAM_BATCH) {
    let t = performance.now();
    const full = await next;
    addTime('wait for records', t);
    if (start + PROGRAM_BATCH < ordered.length) {
      next = fullOf(start + PROGRAM_BATCH);
      next.catch(() => {}); // awaited on the next turn; a failure of this batch's write must not leave it unhandled
    }
    t = performance.now();
    const rows = new RowSets();
    const blobs = new BlobSet();
    for (const [k, p] of full.entries()) {
      const o = ordered[start + k];
      rows.add(p, { id: parentId(p.externalId)!, runId, seq: start + k, iteration: o.effectiveIteration }, parentId, blobs);
      if (p.contexts.length) withPrompts++;
    }
    for (const r of rows.contextRefs) contextRefs.push(r);
    const end = start + full.length;
    const ready: unknown[][] = [];
    for (const e of rows.edges) {
      const at = e[1] === null ? -1 : position.get(e[2] as string); // no parent id: a parent not in the run
      (at !== undefined && at < end ? ready : deferred).push(e);
    }
    addTime('build rows (hash, jsonb)', t);
    // The database writes one batch while the next one's rows are built here: wait for the
    // batch before (at most one behind), then hand this one over without waiting for it.
    t = performance.now();
    await writing;
    addTime('wait for the database', t);
    const stored = start + full.length;
    writing = rows
      .write(client, blobs, { edges: false })
      .then(() => insertRows(client, 'edges', EDGE_COLUMNS, ready))
      .then(() => onPrograms(stored));
    writing.catch(() => {}); // awaited on the next turn or after the loop
  }
  await writing;
  await timed('edges (after the last batch)', () => insertRows(client, 'edges', EDGE_COLUMNS, deferred));
  await timed('context refs', () => insertRows(client, 'context_refs', CONTEXT_REF_COLUMNS, contextRefs));
  return withPrompts;
}
