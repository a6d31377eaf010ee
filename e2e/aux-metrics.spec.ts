// Auxiliary metrics in the browser (issue 13, "What it must show": "an aux metric script runs over
// a demo run's programs and is charted"): a diagnosis of the demo circle packing run holding an
// auxiliary_metrics.py (one metric repackaging the score, one measuring the program) is opened,
// "Run over all programs" runs it in the sandbox through the worker, and the trend chart draws a
// panel per metric beside the score, the score copy flagged trivial with its reason, with a
// table fallback reachable from the keyboard and a CSV export.
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { disconnect, pool } from '../lib/db/client';
import { insertDiagnosis } from '../lib/db/diagnoses';
import { putBlob } from '../lib/services/experiments/runExperiment';
import { DEMO_RUNS, openRunFromList } from './helpers';

const SCRIPT = `# e2e aux metrics
import ast, os
def evaluate_aux(results_dir, primary_result):
    src = open(os.path.join(results_dir, 'main.py')).read()
    return {'score_copy': primary_result['combined_score'], 'ast_nodes': float(sum(1 for _ in ast.walk(ast.parse(src))))}
`;

const own: string[] = [];
test.afterAll(async () => {
  await pool().query('DELETE FROM experiments WHERE kind = $1 AND params->>$2 = ANY($3::text[])', ['aux', 'diagnosisId', own]);
  await pool().query('DELETE FROM diagnoses WHERE id = ANY($1::uuid[])', [own]);
  await disconnect();
});

test('an aux script runs over the demo run’s programs and is charted beside the score', async ({ page }) => {
  test.setTimeout(300_000);
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const { rows } = await pool().query<{ id: string; n: number }>(
    'SELECT id, (SELECT count(*)::int FROM programs WHERE run_id = $1) AS n FROM programs WHERE run_id = $1 ORDER BY score DESC NULLS LAST LIMIT 1',
    [runId],
  );
  const programs = rows[0].n;
  const diagnosisId = await insertDiagnosis(pool(), {
    runId, origin: 'evoscope', triggerGeneration: 7, programId: rows[0].id, reportMd: '## Hypothesis\nh', auxScriptSha: await putBlob(SCRIPT),
    report: { hypothesis: 'h', experiment: 'e', verdict: 'v', direction: 'd', claims: [], auxMetricNames: [], trivialMetrics: [], changeLog: [], bounds: null, agentCandidate: null, missing: [] },
  });
  own.push(diagnosisId);
  await page.goto(`/runs/${runId}/diagnoses/${diagnosisId}`);
  const section = page.getByTestId('aux-section');
  await expect(section.getByTestId('aux-trends')).toHaveAttribute('data-state', 'empty');
  await section.getByRole('button', { name: 'Run over all programs' }).click();

  const chart = section.getByTestId('aux-trends');
  await expect(chart).toHaveAttribute('data-state', 'ready', { timeout: 240_000 });
  const panels = chart.getByTestId('aux-panel');
  await expect(panels).toHaveCount(3);
  await expect(panels.nth(0)).toHaveAttribute('data-metric', 'score');
  await expect(panels.nth(1)).toHaveAttribute('data-metric', 'ast_nodes');
  await expect(panels.nth(2)).toHaveAttribute('data-metric', 'score_copy');
  // The trivial metric test: the score's copy adds no information; the measurement does.
  await expect(panels.nth(2)).toHaveAttribute('data-trivial', 'true');
  await expect(panels.nth(2).getByTestId('aux-panel-note')).toContainText('trivial, adds no information: a function of the primary result');
  await expect(panels.nth(1)).toHaveAttribute('data-trivial', 'false');
  await expect(panels.nth(1).getByTestId('aux-panel-note')).toContainText('measures something the primary result does not');
  // Every program is drawn: a dot or a failure mark per panel.
  const marks = await panels.nth(1).locator('svg[role="img"]').evaluate((svg) => svg.querySelectorAll('circle').length + svg.querySelectorAll('path[stroke="#c0392b"]').length);
  expect(marks).toBe(programs);
  await expect(chart).toContainText(`2 aux metrics over ${programs} programs`);

  // The table fallback, from the keyboard.
  const toggle = chart.getByRole('button', { name: 'Show as table' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  const table = chart.getByRole('table', { name: 'Aux metric values per program' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText(['program', 'generation', 'iteration', 'score', 'status', 'ast_nodes', 'score_copy']);
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(100, programs));

  const [download] = await Promise.all([page.waitForEvent('download'), chart.getByRole('button', { name: 'Export CSV' }).click()]);
  const csv = fs.readFileSync((await download.path())!, 'utf8').trim().split('\r\n');
  expect(csv[0]).toBe('program,generation,iteration,score,status,ast_nodes,score_copy');
  expect(csv).toHaveLength(programs + 1);
});
