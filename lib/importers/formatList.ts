// Names and one-line descriptions of the import formats, in detection order, without loading
// the importers themselves: `evoscope --help` prints them and must start at once (loading every
// importer with its parsers costs ~0.2 s). Each importer takes its description from here;
// formatList.test.ts checks that this list and lib/importers/detect.ts agree.
export const FORMAT_DESCRIPTIONS = {
  skydiscover: 'SkyDiscover output directory (AdaEvolve, EvoX, GEPA-native, OpenEvolve-native, ...: checkpoints/checkpoint_N/programs with `solution`, search sidecars, summary.json, search/iteration_N)',
  openevolve: 'OpenEvolve output directory (checkpoints/checkpoint_N/programs, db/programs; evolution_trace.* beside them enriches the programs)',
  'openevolve-trace': "OpenEvolve's evolution trace alone (evolution_trace.jsonl, .jsonl.gz, .json; .hdf5 when jsfive is installed), a file or the folder holding it",
  shinkaevolve: 'ShinkaEvolve results directory (gen_N/{main.*, original.*, results/metrics.json}, evolution_db.sqlite or programs.sqlite, meta/meta_N.txt)',
  funsearch: 'FunSearch JSON export (index.json + <problem>_<timestamp>.json with config and islands), or one run file',
  llamea: 'LLaMEA / BLADE experiment folder (experimentlog.jsonl, run-*/log.jsonl + conversationlog.jsonl), or one run folder',
  eoh: 'EoH results folder (pops/population_generation_N.json, pops_best/)',
  evotrace: 'EvoTrace refined layout, as EvoReplay reads it (meta.json, programs.jsonl, blobs/<sha[:2]>/<sha>.{txt,json})',
  gepa: 'GEPA output: run_dir (run_log.json + candidates.json, iterations/<id>/ agent state) or optimize_anything folder (candidates.jsonl, evals/, progress_log.jsonl, summary.json); never gepa_state.bin',
  jsonl: 'Evoscope JSONL: one program record per line, optional {"evoscope_run": {...}} first line (docs/jsonl-format.md)',
} as const;

export type FormatName = keyof typeof FORMAT_DESCRIPTIONS;

/** The formats in detection order (the order of importFormats). */
export const FORMAT_LIST: readonly { format: FormatName; description: string }[] = (
  Object.keys(FORMAT_DESCRIPTIONS) as FormatName[]
).map((format) => ({ format, description: FORMAT_DESCRIPTIONS[format] }));
