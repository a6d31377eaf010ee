// The registry of import formats. Each format knows how to recognise its layout and how to
// read it into ImportedRuns; adding a format (shinka, funsearch, ...) is one entry here.
// Detection tries the formats in order, so list more specific layouts before generic ones.
import { openevolveFormat } from './openevolve';
import { skydiscoverFormat } from './skydiscover';
import { openevolveTraceFormat } from './openevolveTrace';
import { shinkaFormat } from './shinka';
import { funsearchFormat } from './funsearch';
import { llameaFormat } from './llamea';
import { eohFormat } from './eoh';
import { jsonlFormat } from './jsonl';
import { evotraceFormat } from './evotrace';
import { gepaFormat } from './gepa';
import type { ImportedRun } from '../trace/schema';

export interface ReadOptions {
  /** Run name overriding the importer's default (usually the folder name). */
  name?: string;
  /** Called after each file read, for progress bars of long imports. */
  onFileRead?: (filesRead: number) => void;
  /**
   * The caller only analyses the run (`evoscope analyze`): it needs each program's code,
   * lineage, iteration, timestamp, language and metrics, never prompts, artifacts or a second
   * copy of the source. Importers may then drop those fields as they read, which keeps a
   * 100k-program run with large prompts or `solution` copies from sitting in memory whole.
   */
  forAnalysis?: boolean;
  /**
   * The caller stores the run batch by batch (lib/db/importRun.ts): an importer that can may
   * return light programs (no code, prompts, artifacts or heavy extras) plus
   * ImportedRun.loadPrograms to read the full records a batch at a time, so a 100k-program run
   * never sits in memory whole. Importers that cannot ignore it.
   */
  streamPrograms?: boolean;
}

export interface ImporterFormat {
  format: string;
  /** One line for `evoscope help` and error messages. */
  description: string;
  /** Cheap check of the layout at `path` (a few stat calls, no parsing). */
  detect(path: string): Promise<boolean>;
  read(path: string, opts: ReadOptions): Promise<ImportedRun[]>;
}

// skydiscover comes before openevolve: both write checkpoints/checkpoint_N/programs, and only
// skydiscover's detection looks for what tells them apart (sidecars, search/, `solution`).
// jsonl must stay last: an EvoTrace folder holds a programs.jsonl and a LLaMEA log.jsonl row
// has id and code, so the generic format would otherwise claim both (and an optimize_anything
// folder whose progress_log.jsonl is missing holds a single candidates.jsonl).
export const importFormats: readonly ImporterFormat[] = [
  skydiscoverFormat,
  openevolveFormat,
  // After openevolve: a trace beside checkpoints/ belongs to that import, not to a second run.
  openevolveTraceFormat,
  shinkaFormat,
  funsearchFormat,
  llameaFormat,
  eohFormat,
  evotraceFormat,
  gepaFormat,
  jsonlFormat,
];

export function importerFor(format: string): ImporterFormat | undefined {
  return importFormats.find((f) => f.format === format);
}

/** The first format whose layout matches `path`, or null. */
export async function detectFormat(path: string): Promise<ImporterFormat | null> {
  for (const f of importFormats) if (await f.detect(path)) return f;
  return null;
}
