// Public vs private re-scoring: a run's page (verdict, chart, keyboard table, threshold, progress
// of the re-scoring batch, export) and the cross-run Tables 11-12. The set-up creates its runs
// through the ingestion API; for the page's reading side it writes the evaluator, batch and
// re-run rows into the database directly, as the re-evaluation worker writes them, and the
// button is exercised for real: the worker re-scores a run's chain in the sandbox.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import pg from 'pg';
import { attachEvaluator } from '../lib/db/evaluators';
import { DEMO_RUNS, openRunFromList } from './helpers';
import { ingestToken } from './ingest';

const tag = crypto.randomUUID().slice(0, 8);
const task = `ahc-${tag}`;
const fwA = `openevolve-${tag}`;
const fwB = `shinka-${tag}`;
let db: pg.Pool;
const ids: Record<'a' | 'b' | 'c' | 'd' | 'e', string> = { a: '', b: '', c: '', d: '', e: '' };
let programsA: Record<string, string> = {};

async function makeRun(
  request: APIRequestContext,
  name: string,
  framework: string,
  runTask: string,
  scores: number[],
  higherIsBetter = true,
  code = (i: number) => `// ${name} ${i}\nint main() { return ${i}; }\n`,
) {
  const res = await request.post('/api/ingest/runs', {
    headers: { authorization: `Bearer ${await ingestToken(request)}` },
    data: { name: `${name} ${tag}`, framework, task: runTask, scoreMetric: 'combined_score', higherIsBetter, language: 'python' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { runId } = (await res.json()) as { runId: string };
  const programs = scores.map((s, i) => ({ id: `p${i}`, parent_ids: i ? [`p${i - 1}`] : [], iteration: i, code: code(i), metrics: { combined_score: s } }));
  const batch = await request.post(`/api/ingest/runs/${runId}/programs`, { headers: { authorization: `Bearer ${await ingestToken(request)}` }, data: { programs } });
  expect(batch.status(), await batch.text()).toBe(200);
  const fin = await request.post(`/api/ingest/runs/${runId}/finish`, { headers: { authorization: `Bearer ${await ingestToken(request)}` } });
  expect(fin.status(), await fin.text()).toBe(200);
  const { rows } = await db.query<{ id: string; external_id: string }>('SELECT id, external_id FROM programs WHERE run_id = $1', [runId]);
  return { runId, programs: Object.fromEntries(rows.map((r) => [r.external_id, r.id])) };
}

/** A stored evaluator (never run here), with or without a private test set. */
async function evaluator(runId: string, withPrivate: boolean) {
  await attachEvaluator(db, runId, {
    contract: 'openevolve',
    entry: 'evaluator.py',
    programFile: 'program.py',
    files: { 'evaluator.py': Buffer.from("def evaluate(program_path):\n    return {'combined_score': 0.0}\n") },
    privateFiles: withPrivate ? { 'private_seeds.txt': Buffer.from('1 2 3\n') } : null,
    timeoutSeconds: 10,
    memoryMb: 256,
    origin: 'cli',
  });
}

async function rerun(runId: string, programId: string, testSet: 'public' | 'private', score: number) {
  await db.query(`INSERT INTO evaluations (run_id, program_id, kind, test_set, score, sandbox_status) VALUES ($1, $2, 'rerun', $3, $4, 'ok')`, [runId, programId, testSet, score]);
}

async function batch(runId: string, programIds: string[], status: string, done: number, total = 8) {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO evaluation_batches (id, run_id, scope, program_ids, test_sets, status, total, done)
     VALUES (gen_random_uuid(), $1, 'best-chain', $2, '{public,private}', $3, $4, $5) RETURNING id`,
    [runId, programIds, status, total, done],
  );
  return rows[0].id;
}

/**
 * OpenEvolve-style: the weighted sum of the candidate's solve(); the private test set brings its
 * own weights. `pause` seconds of sleep make a batch slow enough to cancel.
 */
const weighted = (pause: number) => `import importlib.util, os, time
def evaluate(program_path):
    time.sleep(${pause})
    s = importlib.util.spec_from_file_location('candidate', program_path)
    m = importlib.util.module_from_spec(s)
    s.loader.exec_module(m)
    weights = [float(x) for x in open(os.path.join(os.path.dirname(__file__), 'weights.txt')).read().split()]
    return {'combined_score': sum(v * w for v, w in zip(m.solve(), weights))}
`;
// Public weights ignore the third value, the private ones do not: p3 trades it for public score.
const VALUES = [[1, 1, 5], [2, 1, 5], [0, 0, 9], [3, 2, 0]];
const PUBLIC_SCORES = [2, 3, 0, 5];

async function weightedRun(request: APIRequestContext, name: string, pause: number) {
  const r = await makeRun(request, name, `weighted-${tag}`, `weighted-sum-${tag}`, PUBLIC_SCORES, true, (i) => `def solve():\n    return ${JSON.stringify(VALUES[i])}\n`);
  await attachEvaluator(db, r.runId, {
    contract: 'openevolve',
    entry: 'evaluator.py',
    programFile: 'program.py',
    files: { 'evaluator.py': Buffer.from(weighted(pause)), 'weights.txt': Buffer.from('1 1 0\n') },
    privateFiles: { 'weights.txt': Buffer.from('1 1 1\n') },
    timeoutSeconds: 30,
    memoryMb: 512,
    origin: 'cli',
  });
  return r.runId;
}

test.beforeAll(async ({ request }) => {
  db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  // A: chain p0 (10), p2 (20), p3 (30), p4 (40). Private 1000 -> 1100 -> 1050 (overfit step) -> 700.
  const a = await makeRun(request, 'Overfitting heuristic', fwA, task, [10, 5, 20, 30, 40]);
  ids.a = a.runId;
  programsA = a.programs;
  await evaluator(ids.a, true);
  for (const [p, pub, priv] of [['p0', 10, 1000], ['p2', 21, 1100], ['p3', 30, 1050]] as const) {
    await rerun(ids.a, programsA[p], 'public', pub);
    await rerun(ids.a, programsA[p], 'private', priv);
  }
  await rerun(ids.a, programsA.p4, 'private', 700); // p4: no public re-run, the recorded 40 is used
  await batch(ids.a, [programsA.p0, programsA.p2, programsA.p3, programsA.p4], 'running', 5);
  // B: minimised, same task, another framework; private falls 500 -> 450: aligned. No evaluator.
  const b = await makeRun(request, 'Aligned minimiser', fwB, task, [50, 40, 30], false);
  ids.b = b.runId;
  for (const [p, priv] of [['p0', 500], ['p1', 480], ['p2', 450]] as const) await rerun(ids.b, b.programs[p], 'private', priv);
  // C: an evaluator without a private test set, never re-scored.
  ids.c = (await makeRun(request, 'Public only', fwB, `other-${tag}`, [1, 2])).runId;
  await evaluator(ids.c, false);
  // D and E: real evaluators with a private test set, never re-scored yet.
  ids.d = await weightedRun(request, 'Weighted', 0);
  ids.e = await weightedRun(request, 'Weighted slow', 3);
});

test.afterAll(async () => {
  await db.query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [Object.values(ids).filter(Boolean)]);
  await db.query('DELETE FROM settings WHERE key = ANY($1::text[])', [Object.values(ids).map((id) => `generalization.threshold.run:${id}`)]);
  await db.end();
});

test('a run: verdict, chart, keyboard table, threshold, re-scoring progress and export', async ({ page }) => {
  await page.goto(`/runs/${ids.a}`);
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Public vs private' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Public vs private' })).toBeVisible();

  // Private fell 300 from the first to the last program; 5 % of 1000 = 50: severe.
  await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'overfit-severe');
  await expect(page.getByTestId('threshold-description')).toContainText('5 % of the first program');
  const rows = page.getByRole('table', { name: 'Chain steps' }).getByTestId('chain-step');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(2)).toHaveAttribute('data-overfit', 'true');
  await expect(rows.nth(2)).toContainText('-50');
  await expect(rows.nth(3)).toContainText('(recorded)');
  await expect(page.getByTestId('generalization-chart')).toHaveAttribute('data-state', 'ready');
  // Steps 2 (1100 -> 1050) and 3 (1050 -> 700) both overfit.
  await expect(page.getByTestId('overfit-mark')).toHaveCount(2);
  await expect(rows.nth(3)).toHaveAttribute('data-overfit', 'true');
  // One shared y axis: at every step the drawn order (pixel y, smaller is higher) is the order of the values.
  await expect(page.locator('svg[data-y="shared"]')).toBeVisible();
  const drawn = await page.getByTestId('generalization-chart').evaluate((fig) => {
    const at = (id: string) =>
      [...fig.querySelectorAll(`[data-testid="${id}"]`)].map((el) => ({
        step: el.getAttribute('data-step'),
        value: Number(el.getAttribute('data-value')),
        y: el.tagName === 'circle' ? Number(el.getAttribute('cy')) : Number(el.getAttribute('y')) + 4,
      }));
    return { pub: at('public-point'), priv: at('private-point') };
  });
  expect(drawn.priv.length).toBeGreaterThan(0);
  for (const v of drawn.priv) {
    const p = drawn.pub.find((x) => x.step === v.step)!;
    expect(Math.sign(v.y - p.y), `step ${v.step}: public ${p.value}, private ${v.value}`).toBe(Math.sign(p.value - v.value));
  }

  // The running batch: progress shown, the button waits; it finishes and the page sees it.
  const progress = page.getByTestId('rescore-progress').getByRole('progressbar');
  await expect(progress).toHaveAttribute('aria-valuenow', '5');
  await expect(progress).toHaveAttribute('aria-valuemax', '8');
  const button = page.getByRole('button', { name: 'Re-score the best-so-far chain on the private set' });
  await expect(button).toBeDisabled();
  await db.query(`UPDATE evaluation_batches SET status = 'done', done = 8 WHERE run_id = $1`, [ids.a]);
  await expect(page.getByTestId('rescore-batch')).toHaveAttribute('data-status', 'done');
  await expect(progress).toHaveAttribute('aria-valuenow', '8');
  await expect(button).toBeEnabled();

  // Keyboard: into the table, down two rows (the chart marks the focused step), Enter opens it.
  await rows.first().focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(rows.nth(2)).toBeFocused();
  await page.keyboard.press('End');
  await expect(rows.nth(3)).toBeFocused();

  // Export the table as CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export table (CSV)' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8').trimEnd().split('\r\n');
  expect(csv[0]).toBe('step,iteration,program_id,external_id,recorded_public,public,public_source,private,private_missing,d_public,d_private,overfit_step');
  expect(csv).toHaveLength(5);
  expect(csv[3]).toBe(`2,3,${programsA.p3},p3,30,30,rerun,1050,,9,-50,true`);

  // This run's own threshold: 400 makes the 300 fall mild; cleared, the default applies again.
  const threshold = page.getByRole('textbox', { name: "This run's threshold" });
  await threshold.fill('400');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'overfit-mild');
  await expect(page.getByTestId('threshold-description')).toContainText("this run's setting");
  await threshold.fill('-3');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Severe-overfit threshold of this run' }).getByRole('alert')).toContainText('must not be negative');
  await threshold.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'overfit-severe');

  // Enter on a row opens its program.
  await rows.nth(1).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/runs/${ids.a}/programs/${programsA.p2}$`));
});

test('the button re-scores the chain in the worker, on both test sets, and the page follows it to the overfitting step', async ({ page }) => {
  await page.goto(`/runs/${ids.d}/generalization`);
  await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'not-scored');
  // No private score yet: the threshold (5 % of the first private score) is not applicable, not 0.
  await expect(page.getByTestId('threshold-value')).toHaveText('not applicable');
  await expect(page.getByTestId('threshold-description')).toContainText("not applicable: it is 5 % of the first program's private score");
  const button = page.getByRole('button', { name: 'Re-score the best-so-far chain on the private set' });
  await button.click();
  await expect(button).toBeDisabled();
  // The batch is the one just started here: the page says it is yours and shows its progress.
  const batch = page.getByTestId('rescore-batch');
  await expect(batch).toHaveAttribute('data-own', 'true');
  await expect(page.getByTestId('rescore-progress')).toContainText('Your re-scoring');
  await expect(batch).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('rescore-note')).toHaveText('Your re-scoring, started on this page.');
  await expect(page.getByTestId('generalization-view')).not.toContainText('already running');
  await expect(page.getByTestId('rescore-progress').getByRole('progressbar')).toHaveAttribute('aria-valuenow', '6');
  await expect(page.getByTestId('threshold-value')).toHaveText('0.35');
  // Chain p0, p1, p3; private 7, 8, 5: the last step overfits, and the run (5 % of 7 = 0.35) severely.
  const rows = page.getByRole('table', { name: 'Chain steps' }).getByTestId('chain-step');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toHaveAttribute('data-overfit', 'true');
  await expect(rows.nth(2)).toContainText('-3');
  await expect(page.getByTestId('overfit-mark')).toHaveCount(1);
  await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'overfit-severe');
  // Every public score is now a re-run, none the recorded fallback.
  await expect(page.getByRole('table', { name: 'Chain steps' })).not.toContainText('(recorded)');
  await expect(button).toBeEnabled();
});

test('a running re-scoring can be cancelled', async ({ page }) => {
  await page.goto(`/runs/${ids.e}/generalization`);
  await page.getByRole('button', { name: 'Re-score the best-so-far chain on the private set' }).click();
  const batch = page.getByTestId('rescore-batch');
  await expect(batch).toHaveAttribute('data-status', /queued|running/);
  await page.getByRole('button', { name: 'Cancel re-scoring' }).click();
  await expect(batch).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByRole('button', { name: 'Re-score the best-so-far chain on the private set' })).toBeEnabled();
});

test('the button is disabled, with the reason, without an evaluator or without a private test set', async ({ page }) => {
  await page.goto(`/runs/${ids.b}/generalization`);
  await expect(page.getByRole('button', { name: 'Re-score the best-so-far chain on the private set' })).toBeDisabled();
  await expect(page.getByTestId('rescore-blocked')).toContainText('No evaluator is attached');
  // Minimised: 50 -> 30 public, 500 -> 450 private: both better.
  await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'aligned');

  await page.goto(`/runs/${ids.c}/generalization`);
  await expect(page.getByRole('button', { name: 'Re-score the best-so-far chain on the private set' })).toBeDisabled();
  await expect(page.getByTestId('rescore-blocked')).toContainText('has no private test set');
  await expect(page.getByTestId('run-verdict')).toHaveAttribute('data-verdict', 'not-scored');
});

test('Tables 11-12 across runs, with CSV and JSON export', async ({ page, request }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'public vs private (Tables 11-12)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Public vs private across runs' })).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Verdicts by task and framework' });
  const row = matrix.getByRole('row').filter({ has: page.getByRole('rowheader', { name: task, exact: true }) });
  await expect(row.getByTestId('verdict-cell')).toHaveCount(2);
  await expect(row.locator('[data-testid="verdict-cell"][data-verdict="overfit-severe"]')).toContainText('-300');
  await expect(row.locator('[data-testid="verdict-cell"][data-verdict="aligned"]')).toContainText('-50');
  // Run C was never re-scored on a private set: not listed.
  await expect(matrix.getByRole('rowheader', { name: `other-${tag}` })).toHaveCount(0);

  const counts = page.getByRole('table', { name: 'Verdict counts per framework' });
  await expect(counts.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fwA }) })).toHaveText(new RegExp(`${fwA}\\s*1\\s*0\\s*0\\s*1\\s*0\\s*0`));
  await expect(counts.getByRole('row').filter({ has: page.getByRole('rowheader', { name: fwB }) })).toHaveText(new RegExp(`${fwB}\\s*1\\s*1\\s*0\\s*0\\s*0\\s*0`));

  // The cell links to the run's page.
  await row.locator('[data-testid="verdict-cell"][data-verdict="aligned"]').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/runs/${ids.b}/generalization$`));

  const csv = await request.get('/api/generalization?table=counts&format=csv');
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect((await csv.text()).split('\r\n')).toEqual(expect.arrayContaining([`${fwA},1,0,0,1,0,0`, `${fwB},1,1,0,0,0,0`]));
  const verdicts = await request.get('/api/generalization?table=verdicts&format=csv');
  expect(await verdicts.text()).toContain(`${task},${fwA},${ids.a},Overfitting heuristic ${tag},overfit-severe,30,-300,50,higher,4,2`);
  const json = (await (await request.get('/api/generalization?table=verdicts&format=json')).json()) as { runs: { runId: string; verdict: string }[] };
  expect(json.runs.filter((r) => [ids.a, ids.b, ids.c].includes(r.runId)).map((r) => r.verdict).sort()).toEqual(['aligned', 'overfit-severe']);
  expect((await request.get('/api/generalization?table=nope')).status()).toBe(400);
});

test('the demo C++ run, re-scored on its private seed set, shows its overfitting step', async ({ page }) => {
  test.setTimeout(300_000);
  const runId = await openRunFromList(page, DEMO_RUNS[1]);
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Public vs private' }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/generalization$`));
  const button = page.getByRole('button', { name: 'Re-score the best-so-far chain on the private set' });
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByTestId('rescore-batch')).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
  const rows = page.getByRole('table', { name: 'Chain steps' }).getByTestId('chain-step');
  await expect(rows.first()).toBeVisible();
  // Every step has its private score, and at least one step got better in public and worse in private.
  await expect(page.getByRole('table', { name: 'Chain steps' })).not.toContainText('not re-scored');
  expect(await page.getByTestId('overfit-mark').count()).toBeGreaterThan(0);
  expect(await rows.and(page.locator('[data-overfit="true"]')).count()).toBeGreaterThan(0);
  await expect(page.getByTestId('run-verdict')).not.toHaveAttribute('data-verdict', 'not-scored');
});
