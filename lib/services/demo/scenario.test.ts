import { beforeAll, describe, expect, it } from 'vitest';
import { applyDiffBlocks, deletedRuns, addedLines } from './diffBlocks';
import { perturbLiteral } from './edits';
import { skeleton } from './programs/text';
import { knobValue } from './programs/types';
import { assessValidity } from '../../trace/validity';
import { toPyJson } from './pyJson';
import { Rng } from '../../analysis/rng';
import { DEMO_RUNS, generateDemoRuns } from './demoRuns';
import { generateRun, type DemoProgram, type GeneratedRun } from './scenario';
import { demoScorer } from './score';
import { recycledLines } from './stats';
import { openEvolveFiles } from './writeOpenEvolveRun';

// Every program is scored by its real evaluator; results are cached under the data folder
// (.evoscope/cache/demo-evaluations), so only the first run of this file is slow.
let runs: GeneratedRun[];
let runA: GeneratedRun;
let runB: GeneratedRun;
let files: Map<string, string>[];
beforeAll(async () => {
  runs = await generateDemoRuns();
  [runA, runB] = runs;
  files = runs.map(openEvolveFiles);
}, 1_800_000);
const lines = (p: DemoProgram) => p.code.replace(/\n$/, '').split('\n');
const parentOf = (run: GeneratedRun, p: DemoProgram) => run.programs.find((q) => q.id === p.parentId)!;
const edited = (run: GeneratedRun) => run.programs.filter((p) => p.parentId && p.metadata.migrant !== true);
const failed = (p: DemoProgram) => !assessValidity(p.metrics, 'combined_score').valid;

function checkpointIds(run: GeneratedRun, f: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const path of f.keys()) {
    const m = /^checkpoints\/(checkpoint_\d+)\/programs\/(.+)\.json$/.exec(path);
    if (m) out.set(m[1], (out.get(m[1]) ?? new Set()).add(m[2]));
  }
  return out;
}

describe('rng', () => {
  it('is deterministic and seed-dependent', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const xs = Array.from({ length: 5 }, () => a.u32());
    expect(Array.from({ length: 5 }, () => b.u32())).toEqual(xs);
    expect(Array.from({ length: 5 }, () => c.u32())).not.toEqual(xs);
    expect(new Rng(1).uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('python-style json', () => {
  it('writes floats, ints and non-ASCII the way json.dump does', () => {
    expect(toPyJson({ a: 1, b: 0.5, island: 2, s: 'x → y', e: 1e-5, n: null }, { intKeys: new Set(['island']) })).toBe(
      '{"a": 1.0, "b": 0.5, "island": 2, "s": "x \\u2192 y", "e": 1e-05, "n": null}',
    );
    expect(toPyJson({ m: { x: 1 }, l: [] }, { indent: 2 })).toBe('{\n  "m": {\n    "x": 1.0\n  },\n  "l": []\n}');
  });
});

describe('literal perturbation', () => {
  it('keeps the literal style', () => {
    const rng = new Rng(7);
    for (let i = 0; i < 50; i++) {
      expect(perturbLiteral('0.99992', rng)).toMatch(/^0\.9999?\d+$/);
      expect(perturbLiteral('2000.0', rng)).toMatch(/^\d+\.0$/);
      expect(perturbLiteral('1500', rng)).toMatch(/^\d+$/);
      expect(perturbLiteral('1e-6', rng)).toMatch(/^\de-\d+$/);
    }
  });
});

describe('demo scenario', () => {
  it('is byte-identical for the same seed (evaluations from the cache) and differs for another seed', async () => {
    const stats = { evaluated: 0, cached: 0 };
    const again = (await generateDemoRuns({ score: demoScorer({ stats }) })).map(openEvolveFiles);
    expect(stats.evaluated).toBe(0);
    // One evaluation per distinct program (migrants and byte-identical children share theirs).
    expect(stats.cached).toBe(new Set(runs.flatMap((r) => r.programs.map((p) => `${r.config.template.evaluator}\n${p.code}`))).size);
    // Another seed, on a short run: its first programs are new and must be evaluated too.
    const short = { iterations: 10, checkpointInterval: 10, migrationInterval: 10 };
    for (let k = 0; k < runs.length; k++) {
      expect([...again[k].entries()]).toEqual([...files[k].entries()]);
      const other = openEvolveFiles(await generateRun({ ...DEMO_RUNS[k], ...short, seed: DEMO_RUNS[k].seed + 1 }, demoScorer()));
      expect([...other.keys()].slice(0, 20)).not.toEqual([...files[k].keys()].slice(0, 20));
    }
  }, 600_000);

  it('has at least 150 programs on at least 3 islands per run', () => {
    for (const run of runs) {
      expect(run.programs.length).toBeGreaterThanOrEqual(150);
      expect(new Set(run.programs.map((p) => p.metadata.island)).size).toBeGreaterThanOrEqual(3);
      expect(new Set(run.programs.map((p) => p.id)).size).toBe(run.programs.length);
    }
    expect(runA.config.template.language).toBe('python');
    expect(runB.config.template.language).toBe('cpp');
  });

  it('has 5-15% failed programs, each with an error message in its artifacts', () => {
    for (const run of runs) {
      const bad = edited(run).filter(failed);
      expect(bad.length / run.config.iterations).toBeGreaterThan(0.05);
      expect(bad.length / run.config.iterations).toBeLessThan(0.15);
      for (const p of bad) expect(p.artifactsJson).toMatch(/stderr|compile_stderr|timeout/);
    }
    expect(runA.programs.some((p) => p.metrics.validity === 0)).toBe(true);
    expect(runB.programs.some((p) => p.metrics.combined_score === -1000)).toBe(true);
  });

  it('gives every edited program a prompt whose response reproduces the child', () => {
    for (const run of runs) {
      for (const p of edited(run)) {
        const parent = parentOf(run, p);
        const [[key, prompt]] = Object.entries(p.prompts!);
        expect(key).toBe(run.config.mode === 'diff' ? 'diff_user' : 'full_rewrite_user');
        expect(prompt.system.length).toBeGreaterThan(50);
        expect(prompt.user).toContain(parent.code.replace(/\n$/, ''));
        expect(prompt.responses).toHaveLength(1);
        const response = prompt.responses[0];
        if (key === 'diff_user') {
          const blocks = [...response.matchAll(/<<<<<<< SEARCH\n([\s\S]*?)=======\n([\s\S]*?)>>>>>>> REPLACE/g)].map((m) => [m[1], m[2]] as [string, string]);
          expect(blocks.length).toBeGreaterThan(0);
          expect(applyDiffBlocks(parent.code, blocks)).toBe(p.code);
        } else {
          const code = /```cpp\n([\s\S]*?)\n```/.exec(response)![1];
          expect(`${code}\n`).toBe(p.code);
          expect(p.metadata.changes).toBe('Full rewrite');
        }
      }
    }
  });

  it('has numeric retunes as the most common edit', () => {
    for (const run of runs) {
      const retunes = edited(run).filter((p) => {
        const a = lines(parentOf(run, p));
        const b = lines(p);
        const del = deletedRuns(a, b).flatMap((r) => r.lines);
        const add = addedLines(a, b);
        return del.length > 0 && del.length === add.length && del.every((l, i) => skeleton(l) === skeleton(add[i]));
      });
      expect(retunes.length).toBeGreaterThan(run.config.iterations * 0.25);
      const kinds = new Map<string, number>();
      for (const p of edited(run)) kinds.set(p.note.edit, (kinds.get(p.note.edit) ?? 0) + 1);
      expect(Math.max(...kinds.values())).toBe(kinds.get('retune'));
    }
  });

  it('re-adds deleted lines byte-identically in descendants, over short and long spans', () => {
    for (const run of runs) {
      const recycled = recycledLines(run);
      const spans = recycled.map((r) => r.readdedAt - r.deletedAt);
      expect(recycled.length).toBeGreaterThan(10);
      expect(spans.some((s) => s <= 12)).toBe(true);
      expect(spans.some((s) => s >= 40)).toBe(true);
      // The B.8 pattern: a tuned constant line that comes back with its exact old value.
      expect(recycled.some((r) => /[A-Z_]+ = [\d.]+/.test(r.line))).toBe(true);
    }
  });

  it('has structural rewrites that replace a whole function and jump in score', () => {
    for (const run of runs) {
      const rewrites = edited(run).filter((p) => p.note.edit === 'rewrite' && !failed(p));
      expect(rewrites.length).toBeGreaterThanOrEqual(3);
      for (const p of rewrites) {
        const [a, b] = [lines(parentOf(run, p)), lines(p)];
        expect(addedLines(a, b).length + deletedRuns(a, b).flatMap((r) => r.lines).length).toBeGreaterThanOrEqual(6);
      }
      const jumps = rewrites.filter((p) => (p.metrics.combined_score as number) - (parentOf(run, p).metrics.combined_score as number) > 0.1);
      expect(jumps.length).toBeGreaterThan(0);
    }
  });

  it('has island migrants shaped like OpenEvolve writes them', () => {
    for (const run of runs) {
      const migrants = run.programs.filter((p) => p.metadata.migrant === true);
      expect(migrants.length).toBeGreaterThan(0);
      for (const m of migrants) {
        const src = parentOf(run, m);
        expect(m.iterationFound).toBe(0);
        expect(m.generation).toBe(src.generation);
        expect(m.code).toBe(src.code);
        expect(m.metadata.island).not.toBe(src.metadata.island);
        expect(m.prompts).toBeNull();
        expect(m.timestamp).toBeGreaterThan(src.timestamp);
      }
    }
  });

  it('saves every program in at least one checkpoint; only the union holds them all', () => {
    runs.forEach((run, k) => {
      const cps = checkpointIds(run, files[k]);
      expect(cps.size).toBe(run.config.iterations / run.config.checkpointInterval);
      const union = new Set([...cps.values()].flatMap((s) => [...s]));
      expect(union.size).toBe(run.programs.length);
      for (const ids of cps.values()) expect(ids.size).toBeLessThan(run.programs.length);
      const last = [...cps.values()].at(-1)!;
      expect(run.programs.filter((p) => !last.has(p.id)).length).toBeGreaterThan(50);
    });
    expect([...files[0].keys()].filter((f) => f.startsWith('db/programs/'))).toHaveLength(runA.programs.length);
    expect([...files[1].keys()].some((f) => f.startsWith('db/'))).toBe(false);
  });

  it('writes checkpoint metadata that agrees with the checkpoint programs', () => {
    runs.forEach((run, k) => {
      const f = files[k];
      for (const [cp, ids] of checkpointIds(run, f)) {
        const meta = JSON.parse(f.get(`checkpoints/${cp}/metadata.json`)!);
        expect(Object.keys(meta)).toEqual([
          'island_feature_maps',
          'islands',
          'archive',
          'best_program_id',
          'island_best_programs',
          'last_iteration',
          'current_island',
          'island_generations',
          'last_migration_generation',
          'feature_stats',
        ]);
        expect(new Set(meta.islands.flat())).toEqual(ids);
        expect(ids.has(meta.best_program_id)).toBe(true);
        expect(meta.islands).toHaveLength(run.config.islands);
        expect(cp).toBe(`checkpoint_${meta.last_iteration}`);
        const info = JSON.parse(f.get(`checkpoints/${cp}/best_program_info.json`)!);
        expect(info.id).toBe(meta.best_program_id);
        expect(f.get(`checkpoints/${cp}/best_program${run.config.template.ext}`)).toBe(run.programs.find((p) => p.id === info.id)!.code);
      }
      const program = JSON.parse(f.get(`checkpoints/checkpoint_10/programs/${run.programs[0].id}.json`)!);
      expect(Object.keys(program)).toEqual([
        'id', 'code', 'language', 'parent_id', 'generation', 'timestamp', 'iteration_found', 'metrics',
        'complexity', 'diversity', 'metadata', 'prompts', 'artifacts_json', 'artifact_dir', 'embedding',
      ]);
      expect(f.get(`best/best_program${run.config.template.ext}`)).toBe(run.programs.find((p) => p.id === run.bestProgramId)!.code);
    });
    expect(files[0].get(`db/programs/${runA.programs[5].id}.json`)).toContain('"prompts": null');
    expect(files[0].get(`db/programs/${runA.programs[0].id}.json`)).toMatch(/"validity": 1\.0/);
  });

  it('produces plausible code: working programs declare each constant and function once', () => {
    for (const run of runs) {
      const t = run.config.template;
      for (const p of run.programs.filter((q) => !failed(q))) {
        const ls = lines(p);
        for (const k of t.knobs) {
          const decl = ls.filter((l) => new RegExp(`^(?:const \\w+ )?${k} = `).test(l));
          expect(decl.length, `${k} in ${p.id}`).toBeLessThanOrEqual(1);
        }
        for (const slot of t.slots) expect(t.findFunction(ls, slot.fn), `${slot.fn} in ${p.id}`).not.toBeNull();
        expect(ls.length).toBeGreaterThan(60);
        expect(ls.length).toBeLessThan(170);
      }
    }
  });

  it('runs the seed and every approach through the real evaluator without failures; jackpots beat the seed', async () => {
    const score = demoScorer();
    for (const config of DEMO_RUNS) {
      const t = config.template;
      const seed = await score(`${t.seed.join('\n')}\n`, t);
      expect(seed.failed, `${t.task} seed`).toBe(false);
      for (const slot of t.slots) {
        for (const a of slot.approaches) {
          const range = t.findFunction(t.seed, slot.fn)!;
          let code = [...t.seed.slice(0, range[0]), ...a.lines, ...t.seed.slice(range[1])];
          const missing = (a.needs ?? []).filter((n) => knobValue(code.join('\n'), /([A-Z_0-9]+) =/.exec(n)![1]) === null);
          const at = t.constantsEnd(code) + 1;
          code = [...code.slice(0, at), ...missing, ...code.slice(at)];
          const r = await score(`${code.join('\n')}\n`, t);
          expect(r.failed, `${t.task} ${a.id}`).toBe(false);
          if (a.jackpot) expect(r.fitness, `${t.task} ${a.id}`).toBeGreaterThan(seed.fitness);
        }
      }
    }
  }, 300_000);
});
