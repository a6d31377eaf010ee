// Loads the demo runs on first start: generates both scenarios (fixed seeds; every program
// scored by the task's real evaluator in the sandbox, results cached under the data folder)
// into a temp dir in OpenEvolve's raw layout, imports them through the real importer and
// writer (so the demo exercises the same path as a user's archive), attaches each run's
// evaluator (origin 'demo', the C++ one with its private test set), queues their analyses,
// reads back what was stored and prints links. A `demo.loaded` setting makes it a no-op afterwards; an advisory
// lock makes a second process wait and then find that setting instead of loading twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { pool, prisma } from '../db/client';
import { storeImportedRuns } from '../db/importRun';
import { readRunsFromPath } from '../importers';
import { enqueueRunAnalyses, releaseJobClient } from '../jobs/enqueue';
import { attachEvaluator } from '../db/evaluators';
import { generateDemoRuns } from './demoRuns';
import { demoEvaluatorBundle } from './evaluators/bundles';
import { demoScorer } from './score';
import type { GeneratedRun } from './scenario';
import { writeTaskFiles } from './taskFolder';
import { writeOpenEvolveRun } from './writeOpenEvolveRun';

const SETTING_KEY = 'demo.loaded';
const LOCK_KEY = 727_002; // lib/db/migrate.ts holds 727_001
/** Bump when the generated runs change in a way worth reloading (with force). */
const DEMO_VERSION = 2;

export interface LoadDemoOptions {
  log: (line: string) => void;
  /** Load even when loaded before, replacing the earlier demo runs. */
  force?: boolean;
}

/** The OpenEvolve config a user would keep next to openevolve_output/ (the importer reads it). */
function configYaml(run: GeneratedRun): string {
  const c = run.config;
  return YAML.stringify({
    max_iterations: c.iterations,
    checkpoint_interval: c.checkpointInterval,
    random_seed: c.seed,
    language: c.template.language,
    diff_based_evolution: c.mode === 'diff',
    max_code_length: 10000,
    llm: {
      models: [
        { name: 'gemini-2.0-flash', weight: 0.8 },
        { name: 'gemini-2.5-pro', weight: 0.2 },
      ],
      temperature: 0.7,
      max_tokens: 8192,
    },
    prompt: { system_message: c.template.systemMessage, num_top_programs: 2 },
    database: {
      population_size: c.populationPerIsland * c.islands,
      archive_size: 20,
      num_islands: c.islands,
      migration_interval: c.migrationInterval,
      migration_rate: 0.1,
      feature_dimensions: ['complexity', 'diversity'],
      feature_bins: 10,
    },
    evaluator: { timeout: c.template.language === 'cpp' ? 300 : 60, cascade_evaluation: false, parallel_evaluations: 1 },
  });
}

export async function loadDemoData(opts: LoadDemoOptions): Promise<{ loaded: { runId: string; name: string }[] }> {
  const { log } = opts;
  const db = prisma();
  const lock = await pool().connect();
  let enqueued = false;
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    const done = await db.setting.findUnique({ where: { key: SETTING_KEY } });
    if (done && !opts.force) return { loaded: [] };

    // Runs left by a forced reload or by a load that died before writing the setting.
    const stale = await db.run.findMany({ where: { sourceKind: 'demo' }, select: { id: true } });
    if (stale.length) {
      await db.run.deleteMany({ where: { id: { in: stale.map((r) => r.id) } } });
      log(`demo data: removed ${stale.length} earlier demo run(s)`);
    }

    const t0 = performance.now();
    log('demo data: generating 2 runs, every program scored by its evaluator in the sandbox (cached; minutes the first time)...');
    const stats = { evaluated: 0, cached: 0 };
    const runs = await generateDemoRuns({ score: demoScorer({ stats }) });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-demo-'));
    try {
      const imported = [];
      for (const run of runs) {
        const base = path.join(dir, run.config.template.task);
        writeOpenEvolveRun(run, base);
        writeTaskFiles(run, base);
        fs.writeFileSync(path.join(base, 'config.yaml'), configYaml(run));
        const [one, ...more] = await readRunsFromPath(base, { format: 'openevolve', name: run.config.name });
        if (!one || more.length) throw new Error(`demo data: expected one run in ${base}, the importer found ${more.length + (one ? 1 : 0)}`);
        one.run.sourceKind = 'demo';
        imported.push(one);
      }
      log(
        `demo data: generated ${runs.length} runs in ${Math.round(performance.now() - t0)} ms ` +
          `(${stats.evaluated} programs evaluated, ${stats.cached} from the cache), storing...`,
      );
      // One transaction for both runs: a failed load leaves nothing half-stored.
      const stored = await storeImportedRuns(imported, { format: 'openevolve', sourceName: 'demo data' });

      const port = process.env.PORT ?? 3000;
      const loaded: { runId: string; name: string }[] = [];
      for (const [k, s] of stored.entries()) {
        const seed = runs[k].config.seed;
        await db.run.update({
          where: { id: s.runId },
          data: { sourceKind: 'demo', sourcePath: `generated by lib/demo (seed 0x${seed.toString(16)})` },
        });
        // The evaluator that scored every program, so a program's "Re-run" reproduces its score
        // and the C++ run can be re-scored on its private test set.
        const bundle = demoEvaluatorBundle(runs[k].config.template.evaluator);
        const ev = await attachEvaluator(pool(), s.runId, {
          contract: bundle.contract,
          entry: bundle.entry,
          programFile: bundle.programFile,
          files: bundle.files,
          privateFiles: bundle.privateFiles ?? null,
          timeoutSeconds: bundle.timeoutSeconds,
          memoryMb: bundle.memoryMb,
          origin: 'demo',
          notes: `the demo's ${runs[k].config.template.evaluator} evaluator (lib/demo/evaluators)`,
        });
        await enqueueRunAnalyses(s.runId);
        enqueued = true;
        const [programs, invalid, edges, contexts, evaluations, migrants] = await Promise.all([
          db.program.count({ where: { runId: s.runId } }),
          db.program.count({ where: { runId: s.runId, valid: false } }),
          db.edge.count({ where: { runId: s.runId } }),
          db.context.count({ where: { runId: s.runId } }),
          db.evaluation.count({ where: { runId: s.runId } }),
          db.program.count({ where: { runId: s.runId, isMigrant: true } }),
        ]);
        log(
          `demo run "${s.name}": ${programs} programs (${invalid} failed, ${migrants} migrants), ${edges} edges, ` +
            `${contexts} prompts, ${evaluations} evaluations, evaluator v${ev.version}${bundle.privateFiles ? ' with a private test set' : ''} ` +
            `-> http://localhost:${port}/runs/${s.runId}`,
        );
        loaded.push({ runId: s.runId, name: s.name });
      }

      await db.setting.upsert({
        where: { key: SETTING_KEY },
        create: { key: SETTING_KEY, value: { version: DEMO_VERSION, runs: loaded } },
        update: { value: { version: DEMO_VERSION, runs: loaded } },
      });
      return { loaded };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    lock.release();
    // The job queue's pool would otherwise keep this (start-up) process's connections open.
    if (enqueued) await releaseJobClient();
  }
}
