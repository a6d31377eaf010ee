// The registry of import formats. Each format knows how to recognise its layout and how to
// read it into ImportedRuns; adding a format (shinka, funsearch, ...) is one entry here.
// Detection tries the formats in order, so list more specific layouts before generic ones.
import type { ReadOptions, ImporterFormat } from './format';
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
