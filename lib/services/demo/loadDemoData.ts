// Loads the demo runs on first start: generates both OpenEvolve scenarios (fixed seeds; every
// program scored by the task's real evaluator in the sandbox, results cached under the data
// folder) into a temp dir in OpenEvolve's raw layout, imports them through the real importer
// (so the demo exercises the same path as a user's archive), adds the FunSearch-style search
// (lib/services/demo/funsearch, an ImportedRun with its programs-database state), stores all three with
// the real writer, attaches each run's
// evaluator (origin 'demo', the C++ one with its private test set), queues their analyses,
// reads back what was stored and prints links. A `demo.loaded` setting makes it a no-op afterwards; an advisory
// lock makes a second process wait and then find that setting instead of loading twice.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pool, prisma } from '../../db/client';
import { storeImportedRuns } from '../../db/importRun';
import { readRunsFromPath } from '../../importers';
import { enqueueRunAnalyses, releaseJobClient } from '../../db/jobQueue';
import { attachEvaluator } from '../../db/evaluators';
import { generateDemoRuns } from './demoRuns';
import { demoEvaluatorBundle } from './evaluators/bundles';
import { generateFunSearchDemo } from './funsearch/config';
import { funSearchScorer } from './funsearch/score';
import type { DemoEvaluatorName } from './evaluators/files';
import { demoScorer } from './score';
import { writeTaskFiles } from './taskFolder';
import { writeOpenEvolveRun } from './writeOpenEvolveRun';
import { addEvalAgent } from './evalAgent/addEvalAgent';
import { demoAuxRunner } from './evalAgent/runAux';
import { writeEvalAgentFolder } from './evalAgent/writeEvalAgent';

const SETTING_KEY = 'demo.loaded';
const LOCK_KEY = 727_002; // lib/runtime/migrate.ts holds 727_001
/** Bump when the generated runs change in a way worth reloading: older demo runs are replaced. */
export const DEMO_VERSION = 4; // 4: the C++ run has the eval agent's artifacts (issue 13)

export interface LoadDemoOptions {
  log: (line: string) => void;
  /** Load even when loaded before, replacing the earlier demo runs. */
  force?: boolean;
}

export async function loadDemoData(opts: LoadDemoOptions): Promise<{ loaded: { runId: string; name: string }[] }> {
  const { log } = opts;
  const db = prisma();
  const lock = await pool().connect();
  let enqueued = false;
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    const done = await db.setting.findUnique({ where: { key: SETTING_KEY } });
    // Demo runs of an older generator (e.g. version 1: model scores, no evaluator) are replaced.
    const version = (done?.value as { version?: unknown } | undefined)?.version;
    if (done && !opts.force && typeof version === 'number' && version >= DEMO_VERSION) return { loaded: [] };

    // Runs left by a forced reload or by a load that died before writing the setting.
    const stale = await db.run.findMany({ where: { sourceKind: 'demo' }, select: { id: true } });
    if (stale.length) {
      await db.run.deleteMany({ where: { id: { in: stale.map((r) => r.id) } } });
      log(`demo data: removed ${stale.length} earlier demo run(s)`);
    }

    const t0 = performance.now();
    log('demo data: generating 3 runs, every program scored by its evaluator in the sandbox (cached; minutes the first time)...');
    const stats = { evaluated: 0, cached: 0 };
    const [runs, funSearch] = await Promise.all([generateDemoRuns({ score: demoScorer({ stats }) }), generateFunSearchDemo({ score: funSearchScorer({ stats }) })]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-demo-'));
    try {
      const imported = [];
      const origins: { seed: number; evaluator: DemoEvaluatorName }[] = [];
      for (const run of runs) {
        const base = path.join(dir, run.config.template.task);
        // The C++ run had an eval agent (seed 001): reports, aux scripts run in the sandbox, a candidate.
        if (run.config.template.evaluator === 'ahc_routing') {
          writeEvalAgentFolder(await addEvalAgent(run, { score: demoScorer({ stats }), aux: demoAuxRunner({ stats }) }), base);
        }
        writeOpenEvolveRun(run, base);
        writeTaskFiles(run, base);
        const [one, ...more] = await readRunsFromPath(base, { format: 'openevolve', name: run.config.name });
        if (!one || more.length) throw new Error(`demo data: expected one run in ${base}, the importer found ${more.length + (one ? 1 : 0)}`);
        one.run.sourceKind = 'demo';
        imported.push(one);
        origins.push({ seed: run.config.seed, evaluator: run.config.template.evaluator });
      }
      imported.push(funSearch);
      origins.push({ seed: (funSearch.run.config as { seed: number }).seed, evaluator: 'funsearch_binpacking' });
      log(
        `demo data: generated ${imported.length} runs in ${Math.round(performance.now() - t0)} ms ` +
          `(${stats.evaluated} programs evaluated, ${stats.cached} from the cache), storing...`,
      );
      // One transaction for all runs: a failed load leaves nothing half-stored.
      const stored = await storeImportedRuns(imported, { format: 'openevolve', sourceName: 'demo data' });

      const port = process.env.PORT ?? 3000;
      const loaded: { runId: string; name: string }[] = [];
      for (const [k, s] of stored.entries()) {
        const { seed, evaluator } = origins[k];
        await db.run.update({
          where: { id: s.runId },
          data: { sourceKind: 'demo', sourcePath: `generated by lib/demo (seed 0x${seed.toString(16)})` },
        });
        // The evaluator that scored every program, so a program's "Re-run" reproduces its score
        // and the C++ run can be re-scored on its private test set.
        const bundle = demoEvaluatorBundle(evaluator);
        const ev = await attachEvaluator(pool(), s.runId, {
          contract: bundle.contract,
          entry: bundle.entry,
          programFile: bundle.programFile,
          files: bundle.files,
          privateFiles: bundle.privateFiles ?? null,
          timeoutSeconds: bundle.timeoutSeconds,
          memoryMb: bundle.memoryMb,
          origin: 'demo',
          notes: `the demo's ${evaluator} evaluator (lib/services/demo/evaluators)`,
        });
        await enqueueRunAnalyses(s.runId);
        enqueued = true;
        const [programs, invalid, edges, contexts, evaluations, migrants, diagnoses] = await Promise.all([
          db.program.count({ where: { runId: s.runId } }),
          db.program.count({ where: { runId: s.runId, valid: false } }),
          db.edge.count({ where: { runId: s.runId } }),
          db.context.count({ where: { runId: s.runId } }),
          db.evaluation.count({ where: { runId: s.runId } }),
          db.program.count({ where: { runId: s.runId, isMigrant: true } }),
          db.diagnosis.count({ where: { runId: s.runId } }),
        ]);
        log(
          `demo run "${s.name}": ${programs} programs (${invalid} failed, ${migrants} migrants), ${edges} edges, ` +
            `${contexts} prompts, ${evaluations} evaluations, ${diagnoses ? `${diagnoses} eval agent diagnoses, ` : ''}evaluator v${ev.version}${bundle.privateFiles ? ' with a private test set' : ''} ` +
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
