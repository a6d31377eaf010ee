// Writes a generated run in OpenEvolve's raw output layout (as found in real archives, see
// shared/real-runs/SOURCES.md section 1):
//   openevolve_output/checkpoints/checkpoint_N/{programs/<id>.json, metadata.json,
//                                              best_program<ext>, best_program_info.json}
//   openevolve_output/best/{best_program<ext>, best_program_info.json}
//   openevolve_output/db/programs/<id>.json   (only when config.writeDb; prompts are null
//                                              there, as in the real archive)
// A checkpoint holds only the population alive at that iteration, so only the union of
// all checkpoints (plus db/, when present) holds every program.
import fs from 'node:fs';
import path from 'node:path';
import { OPENEVOLVE_INT_KEYS, toPyJson } from './pyJson';
import type { CheckpointState, DemoProgram, GeneratedRun } from './scenario';

const line = (v: unknown) => toPyJson(v, { intKeys: OPENEVOLVE_INT_KEYS });
const pretty = (v: unknown) => toPyJson(v, { intKeys: OPENEVOLVE_INT_KEYS, indent: 2 });

/** A program as OpenEvolve's Program.to_dict() serialises it (same key order). */
export function programJson(p: DemoProgram, opts: { withPrompts: boolean }): string {
  return line({
    id: p.id,
    code: p.code,
    language: p.language,
    parent_id: p.parentId,
    generation: p.generation,
    timestamp: p.timestamp,
    iteration_found: p.iterationFound,
    metrics: p.metrics,
    complexity: 0.0,
    diversity: 0.0,
    metadata: p.metadata,
    prompts: opts.withPrompts ? p.prompts : null,
    artifacts_json: p.artifactsJson,
    artifact_dir: null,
    embedding: null,
  });
}

function metadataJson(c: CheckpointState): string {
  return line({
    island_feature_maps: c.islandFeatureMaps,
    islands: c.islands,
    archive: c.archive,
    best_program_id: c.bestProgramId,
    island_best_programs: c.islandBestPrograms,
    last_iteration: c.iteration,
    current_island: c.currentIsland,
    island_generations: c.islandGenerations,
    last_migration_generation: c.lastMigrationGeneration,
    feature_stats: c.featureStats,
  });
}

/** Every file of the run, by path relative to openevolve_output/, in writing order. */
export function openEvolveFiles(run: GeneratedRun): Map<string, string> {
  const files = new Map<string, string>();
  const byId = new Map(run.programs.map((p) => [p.id, p]));
  const ext = run.config.template.ext;
  const json = new Map<string, string>(); // a program is saved in several checkpoints
  const saved = (id: string) => {
    if (!json.has(id)) json.set(id, programJson(byId.get(id)!, { withPrompts: true }));
    return json.get(id)!;
  };

  for (const c of run.checkpoints) {
    const cp = `checkpoints/checkpoint_${c.iteration}`;
    for (const id of c.islands.flat()) files.set(`${cp}/programs/${id}.json`, saved(id));
    files.set(`${cp}/metadata.json`, metadataJson(c));
    const best = byId.get(c.bestProgramId)!;
    files.set(`${cp}/best_program${ext}`, best.code);
    files.set(
      `${cp}/best_program_info.json`,
      pretty({
        id: best.id,
        generation: best.generation,
        iteration: best.iterationFound,
        current_iteration: c.iteration,
        metrics: best.metrics,
        language: best.language,
        timestamp: best.timestamp,
        saved_at: c.savedAt,
      }),
    );
  }

  const best = byId.get(run.bestProgramId)!;
  files.set(`best/best_program${ext}`, best.code);
  files.set(
    'best/best_program_info.json',
    pretty({
      id: best.id,
      generation: best.generation,
      iteration: best.iterationFound,
      timestamp: best.timestamp,
      parent_id: best.parentId,
      metrics: best.metrics,
      language: best.language,
      saved_at: run.finishedAt + 1.5,
    }),
  );

  if (run.config.writeDb) {
    for (const p of run.programs) files.set(`db/programs/${p.id}.json`, programJson(p, { withPrompts: false }));
  }
  return files;
}

export interface WrittenRun {
  /** The openevolve_output directory. */
  outputDir: string;
  files: number;
  bytes: number;
}

/** Writes `run` under `dir`/openevolve_output (created; existing files are overwritten). */
export function writeOpenEvolveRun(run: GeneratedRun, dir: string): WrittenRun {
  const out = path.join(dir, 'openevolve_output');
  let bytes = 0;
  const files = openEvolveFiles(run);
  const made = new Set<string>();
  for (const [rel, text] of files) {
    const file = path.join(out, rel);
    const parent = path.dirname(file);
    if (!made.has(parent)) {
      fs.mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    fs.writeFileSync(file, text);
    bytes += Buffer.byteLength(text);
  }
  return { outputDir: out, files: files.size, bytes };
}
