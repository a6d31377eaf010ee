// Large synthetic runs for benchmarks (20k to 100k programs), written in OpenEvolve's raw layout.
// Unlike the demo scenario (lib/services/demo/scenario.ts: a faithful evolutionary loop with realistic
// edits, slow past a few thousand iterations), this generator is linear in the run size: a
// random tree where each child edits one of the most recent programs (retunes, deletions,
// re-additions of earlier lines, new lines), over a few islands, ~8 % failures. Seeded.
// Two shapes: SMALL (~70 lines, ~3 KB, the original benchmark) and REALISTIC (~4.5 KB of source
// written twice per file, `code` and `solution`, as EvoTrace-converted runs and long-lived
// searches look: what item 15 of issue 7 measures).
import fs from 'node:fs';
import path from 'node:path';
import { Rng } from '../../analysis/rng';

export interface SyntheticProgram {
  id: string;
  parentId: string | null;
  iteration: number;
  island: number;
  timestamp: number;
  code: string;
  score: number | null;
}


export interface SyntheticShape {
  /** Statement lines of the root program; edits keep programs near this size. */
  lines: number;
  /** Each program file also carries its source as `solution` (EvoTrace-converted runs do). */
  solution: boolean;
}

export const SMALL: SyntheticShape = { lines: 56, solution: false };
/** ~4.5 KB of source per program, written twice per file. */
export const REALISTIC: SyntheticShape = { lines: 96, solution: true };

export function* syntheticPrograms(n: number, seed = 7, islands = 4, shape: SyntheticShape = SMALL): Generator<SyntheticProgram> {
  const rng = new Rng(seed);
  const pool = Array.from({ length: 400 }, (_, k) => `    acc_${k % 37} = update(acc_${k % 37}, state[${k % 11}], ${(k % 9) / 10 + 0.05})`);
  let recent: { id: string; lines: string[]; score: number }[] = [];
  const root = ['import numpy as np', '', 'def solve(state):', ...Array.from({ length: shape.lines }, (_, k) => `    x_${k} = step(state, ${(k * 0.37).toFixed(2)}, rate=${(0.01 * (k % 7 + 1)).toFixed(3)})`), '    return state'];
  const around = shape.lines + 14; // the size deletions balance insertions at
  const floor = shape.lines - 26; // the smallest a deletion leaves
  const base = 1767225600;
  for (let i = 0; i < n; i++) {
    let lines: string[];
    let parent: (typeof recent)[number] | null = null;
    let score: number;
    if (i === 0) {
      lines = root;
      score = 0.1;
    } else {
      parent = recent[Math.max(0, recent.length - 1 - rng.int(0, Math.min(40, recent.length - 1)))];
      lines = parent.lines.slice();
      for (let e = rng.int(1, 5); e > 0; e--) {
        const at = rng.int(3, lines.length - 2);
        const r = rng.next();
        // Deletions balance insertions around `around` lines, so programs keep their size.
        const del = lines.length > around ? 0.8 : 0.7;
        if (r < 0.5) lines[at] = lines[at].replace(/\d+\.\d+/, (m) => (Number(m) * rng.float(0.8, 1.25)).toFixed(3));
        else if (r < del && lines.length > floor) lines.splice(at, 1);
        else if (r < 0.9) lines.splice(at, 0, rng.pick(pool));
        else lines.splice(at, 0, `    tmp_${rng.int(0, 1e6)} = tweak(state, ${rng.float(0, 5).toFixed(2)})`);
      }
      score = Math.max(0, parent.score + rng.float(-0.05, 0.055));
    }
    const failed = i > 0 && rng.chance(0.08);
    const p = { id: rng.uuid(), lines, score };
    if (!failed) recent.push(p);
    if (recent.length > 400) recent = recent.slice(-200);
    yield {
      id: p.id,
      parentId: parent?.id ?? null,
      iteration: i,
      island: i === 0 ? 0 : rng.int(0, islands - 1),
      timestamp: base + i * 7 + rng.float(0, 5),
      code: lines.join('\n') + '\n',
      score: failed ? null : score,
    };
  }
}

function programJson(p: SyntheticProgram, shape: SyntheticShape) {
  return JSON.stringify({
    id: p.id,
    code: p.code,
    ...(shape.solution ? { solution: p.code } : {}),
    language: 'python',
    parent_id: p.parentId,
    generation: 0,
    timestamp: p.timestamp,
    iteration_found: p.iteration,
    metrics: p.score === null ? { error: 0.0 } : { combined_score: p.score, eval_time: 1.5 },
    complexity: 0.0,
    diversity: 0.0,
    metadata: { island: p.island, changes: 'synthetic' },
    prompts: null,
    artifacts_json: null,
    artifact_dir: null,
    embedding: null,
  });
}

/** Writes an n-program run as openevolve_output/ with db/programs/ and ten checkpoints. */
export function writeSyntheticOpenEvolveRun(dir: string, n: number, seed = 7, shape: SyntheticShape = SMALL): { programs: number; files: number } {
  const out = path.join(dir, 'openevolve_output');
  const db = path.join(out, 'db', 'programs');
  fs.mkdirSync(db, { recursive: true });
  const every = Math.max(1, Math.ceil(n / 10));
  let files = 0;
  let population: SyntheticProgram[] = [];
  for (const p of syntheticPrograms(n, seed, 4, shape)) {
    fs.writeFileSync(path.join(db, `${p.id}.json`), programJson(p, shape));
    files++;
    population.push(p);
    if (population.length > 50) population = population.slice(-40);
    if ((p.iteration + 1) % every === 0 || p.iteration === n - 1) {
      const cp = path.join(out, 'checkpoints', `checkpoint_${p.iteration + 1}`);
      fs.mkdirSync(path.join(cp, 'programs'), { recursive: true });
      for (const q of population) fs.writeFileSync(path.join(cp, 'programs', `${q.id}.json`), programJson(q, shape));
      fs.writeFileSync(path.join(cp, 'metadata.json'), JSON.stringify({ last_iteration: p.iteration, islands: [], best_program_id: null }));
      files += population.length + 1;
    }
  }
  return { programs: n, files };
}
