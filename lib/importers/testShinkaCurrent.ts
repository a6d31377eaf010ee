// Test-only: a results directory of ShinkaEvolve's current runner (shinka/core/async_runner.py),
// written from its source: programs.sqlite with every column of today's `programs` table
// (shinka/database/dbase.py), the metadata keys the runner stores per program, attempt_log and
// generation_event_log, a prompt archive (shinka/database/prompt_dbase.py: system_prompts +
// prompt_archive, in its own SQLite file), meta/meta_N.txt, and an experiment_config.yaml that
// is a PyYAML dump of the OmegaConf object (recursive `_parent` aliases). Imported by tests only.
import fs from 'node:fs';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { omegaConfObjectDump } from './testOmegaConf';

const PROGRAMS = `CREATE TABLE programs (id TEXT PRIMARY KEY, code TEXT NOT NULL, language TEXT NOT NULL, parent_id TEXT,
  archive_inspiration_ids TEXT, top_k_inspiration_ids TEXT, generation INTEGER NOT NULL, timestamp REAL NOT NULL,
  code_diff TEXT, combined_score REAL, public_metrics TEXT, private_metrics TEXT, text_feedback TEXT, complexity REAL,
  embedding TEXT, embedding_pca_2d TEXT, embedding_pca_3d TEXT, embedding_cluster_id INTEGER, correct BOOLEAN DEFAULT 0,
  children_count INTEGER NOT NULL DEFAULT 0, metadata TEXT, migration_history TEXT, island_idx INTEGER, system_prompt_id TEXT);
CREATE TABLE archive (program_id TEXT PRIMARY KEY);
CREATE TABLE metadata_store (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE generation_event_log (id INTEGER PRIMARY KEY AUTOINCREMENT, generation INTEGER NOT NULL, status TEXT NOT NULL,
  source_job_id TEXT, details TEXT, created_at REAL NOT NULL);
CREATE TABLE evaluation_ownership (generation INTEGER PRIMARY KEY, phase TEXT NOT NULL, job_type TEXT NOT NULL, job_id TEXT,
  job_name TEXT, results_dir TEXT NOT NULL, dispatch_state INTEGER NOT NULL DEFAULT 1, updated_at REAL NOT NULL);
CREATE TABLE attempt_log (id INTEGER PRIMARY KEY AUTOINCREMENT, generation INTEGER NOT NULL, stage TEXT NOT NULL,
  status TEXT NOT NULL, details TEXT, created_at REAL NOT NULL);`;

const PROMPTS = `CREATE TABLE system_prompts (id TEXT PRIMARY KEY, prompt_text TEXT NOT NULL, name TEXT, description TEXT, parent_id TEXT,
  generation INTEGER NOT NULL, program_generation INTEGER NOT NULL DEFAULT 0, patch_type TEXT NOT NULL, timestamp REAL NOT NULL,
  program_count INTEGER NOT NULL DEFAULT 0, correct_program_count INTEGER NOT NULL DEFAULT 0, total_percentile REAL NOT NULL DEFAULT 0.0,
  total_improvement REAL NOT NULL DEFAULT 0.0, fitness REAL NOT NULL DEFAULT 0.0, program_scores TEXT, repo_ids TEXT, metadata TEXT);
CREATE TABLE prompt_archive (prompt_id TEXT PRIMARY KEY);
CREATE TABLE prompt_metadata_store (key TEXT PRIMARY KEY, value TEXT);`;

export const code = (n: number) => `def solve(x):\n    return x * ${n + 1}\n`;

/** llm_result as the runner stores QueryResult.to_dict() (shinka/llm). */
const llmResult = (n: number) => ({
  content: `<NAME>\nstep_${n}\n</NAME>\n<DESCRIPTION>Multiply by ${n + 1}.</DESCRIPTION>\n<DIFF>...</DIFF>`,
  msg: `Improve the program (generation ${n}).`,
  system_msg: 'You are an expert Python programmer.',
  new_msg_history: [
    { role: 'user', content: `Improve the program (generation ${n}).` },
    { role: 'assistant', content: `step_${n}` },
  ],
  model_name: 'gpt-5-mini',
  kwargs: { temperature: 0.5 },
  input_tokens: 1000 + n,
  output_tokens: 200 + n,
  cost: 0.003,
  input_cost: 0.002,
  output_cost: 0.001,
  thought: `thinking about step ${n}`,
});

/** gen 0 (init), gen 1 (diff), gen 2 (full), plus a failed proposal at gen 3 (attempt_log only). */
async function programsDb(): Promise<Uint8Array> {
  const SQL = await initSqlJs({ locateFile: (f) => path.resolve('node_modules/sql.js/dist', f) });
  const db = new SQL.Database();
  db.exec(PROGRAMS);
  const rows = [
    { id: 'p0', parent: null, gen: 0, score: 1, patch: 'init', meta: { patch_type: 'init', patch_name: 'initial_program', compute_time: 1.5 } },
    {
      id: 'p1', parent: 'p0', gen: 1, score: 2, patch: 'diff',
      meta: {
        patch_type: 'diff', patch_name: 'step_1', patch_description: 'Multiply by 2.', model_name: 'gpt-5-mini', api_costs: 0.0042,
        embed_cost: 0.0001, novelty_cost: 0.0005, meta_cost: 0.0007, llm_result: llmResult(1),
        novelty_explanation: 'Different from p0: multiplies.', max_similarity: 0.91, compute_time: 2.0, source_job_id: 'job-1',
      },
    },
    {
      id: 'p2', parent: 'p1', gen: 2, score: 3, patch: 'full',
      meta: { patch_type: 'full', patch_name: 'step_2', patch_description: 'Multiply by 3.', model_name: 'gpt-5-mini', api_costs: 0.005, llm_result: llmResult(2), max_similarity: 0.5 },
    },
  ];
  for (const r of rows) {
    db.run(
      `INSERT INTO programs VALUES (?, ?, 'python', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)`,
      [
        r.id, code(r.gen), r.parent, JSON.stringify(r.gen === 2 ? ['p0'] : []), JSON.stringify(r.gen === 2 ? ['p1'] : []), r.gen, 1764300000 + r.gen,
        r.parent ? `--- a\n+++ b\n-    return x * ${r.gen}\n+    return x * ${r.gen + 1}\n` : null, r.score,
        JSON.stringify({ speed: r.score * 10 }), JSON.stringify({ held_out: r.score / 2 }), `feedback ${r.gen}`, 10 + r.gen,
        JSON.stringify([0.1 * r.gen, 0.2, 0.3]), JSON.stringify([r.gen, -r.gen]), JSON.stringify([r.gen, 0, 1]), r.gen % 2,
        r.gen < 2 ? 1 : 0, JSON.stringify(r.meta), JSON.stringify([]), 0, r.gen ? 'sp-1' : 'sp-0',
      ],
    );
  }
  db.run("INSERT INTO archive VALUES ('p2')");
  db.run("INSERT INTO metadata_store VALUES ('best_program_id', 'p2'), ('last_iteration', '3')");
  const attempts: [number, string, string, object][] = [
    [1, 'proposal', 'success', { patch_type: 'diff', attempts: 1 }],
    [2, 'proposal', 'success', { patch_type: 'full', attempts: 2 }],
    [3, 'proposal', 'failed', { patch_type: 'diff', error: 'patch did not apply: SEARCH block not found', attempts: 4 }],
    [3, 'novelty', 'rejected', { max_similarity: 0.999 }],
  ];
  attempts.forEach(([g, stage, status, details], i) => db.run('INSERT INTO attempt_log (generation, stage, status, details, created_at) VALUES (?, ?, ?, ?, ?)', [g, stage, status, JSON.stringify(details), 1764300100 + i]));
  const events: [number, string, string | null][] = [[1, 'submitted', 'job-1'], [1, 'completed', 'job-1'], [2, 'completed', 'job-2'], [3, 'proposal_failed', null]];
  events.forEach(([g, status, job], i) => db.run('INSERT INTO generation_event_log (generation, status, source_job_id, details, created_at) VALUES (?, ?, ?, ?, ?)', [g, status, job, JSON.stringify({ n: i }), 1764300200 + i]));
  const bytes = db.export();
  db.close();
  return bytes;
}

async function promptsDb(): Promise<Uint8Array> {
  const SQL = await initSqlJs({ locateFile: (f) => path.resolve('node_modules/sql.js/dist', f) });
  const db = new SQL.Database();
  db.exec(PROMPTS);
  db.run(`INSERT INTO system_prompts VALUES ('sp-0', 'You are an expert.', 'base', 'the initial prompt', NULL, 0, 0, 'init', 1764300000, 1, 1, 0.5, 0, 0.5, '[1.0]', '["p0"]', '{}')`);
  db.run(`INSERT INTO system_prompts VALUES ('sp-1', 'You are an expert. Be bold.', 'bold', 'evolved', 'sp-0', 1, 1, 'diff', 1764300050, 2, 2, 1.4, 0, 0.7, '[2.0, 3.0]', '["p1", "p2"]', '{"model": "gpt-5-mini"}')`);
  db.run("INSERT INTO prompt_archive VALUES ('sp-1')");
  const bytes = db.export();
  db.close();
  return bytes;
}

/** Writes the results directory at `root` and returns it. */
export async function writeCurrentShinkaRun(root: string): Promise<string> {
  const files: Record<string, string | Uint8Array> = {
    'experiment_config.yaml': omegaConfObjectDump(),
    'programs.sqlite': await programsDb(),
    'system_prompts.sqlite': await promptsDb(),
    'meta/meta_2.txt': 'Summary after 2 programs: multiplying helps.',
    'evolution_run.log': 'started\n',
  };
  for (let g = 0; g <= 2; g++) {
    files[`gen_${g}/main.py`] = code(g);
    if (g) files[`gen_${g}/original.py`] = code(g - 1);
    files[`gen_${g}/results/metrics.json`] = JSON.stringify({ combined_score: g + 1, public: { speed: (g + 1) * 10 }, private: { held_out: (g + 1) / 2 }, text_feedback: `feedback ${g}` });
    files[`gen_${g}/results/correct.json`] = JSON.stringify({ correct: g < 2, error: g < 2 ? null : 'wrong answer on case 3' });
  }
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  return root;
}
