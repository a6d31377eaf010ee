// Reading OpenEvolve's evolution trace file (openevolve/evolution_trace.py, written through
// openevolve/utils/trace_export_utils.py) into plain records, whatever its format:
//   jsonl      one EvolutionTrace.to_dict() per line, appended as the run goes (None fields left out)
//   jsonl.gz   the same, gzip-compressed (evolution_trace.compress: true); told apart by content
//   json       {"metadata": {created_at, include_code, include_prompts, total_traces, exported_at},
//               "traces": [record, ...]}, written once when the run closes
//   hdf5       /traces/trace_NNNNNN groups (scalars and strings as attributes, dicts as JSON-string
//              attributes, lists as datasets) + /metadata attributes, written once at close
// HDF5 is read with jsfive (pure JavaScript) when that package is installed; it is loaded on
// demand, so an installation without it still reads the other three and says what to do.
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { formatBytes } from '../files/errors';
import { ImportError } from '../trace/schema';
import { isObject, readJson, readLines, type Json } from './inputFiles';

/** OpenEvolve's names: evolution_trace.{jsonl,jsonl.gz,json,hdf5}; output_path may add a suffix. */
export const TRACE_FILE = /^evolution_trace[^/]*\.(jsonl|jsonl\.gz|json|hdf5|h5)$/i;
/** Largest HDF5 trace read into memory (jsfive parses a whole ArrayBuffer). */
export const MAX_HDF5_BYTES = 1024 ** 3;

export type TraceFormat = 'jsonl' | 'json' | 'hdf5';

export interface TraceFile {
  format: TraceFormat;
  /** The records in file order; line (jsonl) or index (json, hdf5) kept for messages. */
  records: { at: number; value: Json }[];
  /** The file's own metadata (json and hdf5 only). */
  metadata: Json | null;
}

export function traceFormatOf(name: string): TraceFormat {
  const ext = TRACE_FILE.exec(name)?.[1].toLowerCase() ?? '';
  return ext === 'json' ? 'json' : ext === 'hdf5' || ext === 'h5' ? 'hdf5' : 'jsonl';
}

/** The trace files in `dir`, preferred first (jsonl, jsonl.gz, json, hdf5). */
export async function traceFilesIn(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const rank = (n: string) => ['jsonl', 'gz', 'json', 'hdf5', 'h5'].indexOf(n.split('.').pop()!.toLowerCase());
  return names
    .filter((e) => e.isFile() && TRACE_FILE.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1))
    .map((n) => path.join(dir, n));
}

export async function readTraceFile(abs: string, rel: string): Promise<TraceFile> {
  const format = traceFormatOf(path.basename(abs));
  if (format === 'hdf5') return readHdf5(abs, rel);
  if (format === 'json') {
    const doc = await readJson(abs, rel);
    const list = Array.isArray(doc) ? doc : isObject(doc) && Array.isArray(doc.traces) ? doc.traces : null;
    if (!list) throw new ImportError('not an OpenEvolve evolution trace: expected {"metadata": {...}, "traces": [...]}', rel);
    return { format, records: list.map((value, i) => ({ at: i, value: recordAt(value, rel, `traces[${i}]`) })), metadata: isObject(doc) && isObject(doc.metadata) ? doc.metadata : null };
  }
  const records: TraceFile['records'] = [];
  for await (const { line, value } of readLines(abs, rel)) records.push({ at: line, value: recordAt(value, rel, null, line) });
  return { format, records, metadata: null };
}

function recordAt(value: unknown, rel: string, where: string | null, line?: number): Json {
  if (!isObject(value)) throw new ImportError(`${where ? `${where}: ` : ''}a trace record must be a JSON object`, rel, line);
  return value;
}

interface H5Group {
  keys: string[];
  attrs: Record<string, unknown>;
  get(name: string): H5Group & { value?: unknown };
}
type Jsfive = { File: new (buffer: ArrayBuffer, name: string) => H5Group };

/** jsfive, or null when it is not installed here. */
function loadJsfive(): Jsfive | null {
  try {
    return createRequire(import.meta.url)('jsfive') as Jsfive;
  } catch {
    return null;
  }
}

/** A JSON-string attribute (how trace_export_utils stores dicts and odd lists) parsed; else as is. */
function attrValue(v: unknown): unknown {
  if (typeof v === 'string' && /^[[{]/.test(v)) {
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }
  return typeof v === 'bigint' ? Number(v) : v;
}

async function readHdf5(abs: string, rel: string): Promise<TraceFile> {
  const hdf5 = loadJsfive();
  if (!hdf5) {
    throw new ImportError(
      'HDF5 evolution traces are not read by this installation (its HDF5 reader, the npm package jsfive, is not installed); ' +
        "write the trace as JSON Lines instead: evolution_trace: {enabled: true, format: jsonl} in OpenEvolve's config (or format: json)",
      rel,
    );
  }
  const { size } = await fs.stat(abs);
  if (size > MAX_HDF5_BYTES) throw new ImportError(`HDF5 trace is ${formatBytes(size)}, above the ${formatBytes(MAX_HDF5_BYTES)} limit for reading it into memory`, rel);
  const bytes = await fs.readFile(abs);
  let file: H5Group;
  try {
    file = new hdf5.File(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) as ArrayBuffer, path.basename(abs));
  } catch (e) {
    throw new ImportError(`not a readable HDF5 file: ${(e as Error).message}`, rel);
  }
  if (!file.keys.includes('traces')) throw new ImportError('not an OpenEvolve evolution trace: the HDF5 file has no /traces group', rel);
  const group = file.get('traces');
  const records = [...group.keys].sort().map((name, i) => {
    const g = group.get(name);
    const value: Json = {};
    for (const [k, v] of Object.entries(g.attrs ?? {})) value[k] = attrValue(v);
    if (!Object.keys(g.attrs ?? {}).length && !(g.keys ?? []).length) {
      // jsfive 0.4 reads attributes kept in the object header (h5py's default, libver earliest),
      // not those in dense storage (libver latest with many attributes).
      throw new ImportError(`traces/${name} has no attributes this reader can see (dense attribute storage?); write the trace with format: jsonl instead`, rel);
    }
    for (const k of g.keys ?? []) {
      const d = g.get(k);
      value[k] = Array.isArray(d.value) || ArrayBuffer.isView(d.value) ? Array.from(d.value as ArrayLike<unknown>, attrValue) : attrValue(d.value);
    }
    return { at: i, value };
  });
  const metadata: Json = {};
  if (file.keys.includes('metadata')) for (const [k, v] of Object.entries(file.get('metadata').attrs ?? {})) metadata[k] = attrValue(v);
  return { format: 'hdf5', records, metadata };
}
