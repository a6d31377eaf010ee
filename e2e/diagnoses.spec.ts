// A stored diagnosis in the browser (issue 13, "Playwright opens a stored diagnosis"): on the demo
// circle-packing run, a diagnosis as the 'diagnose' job stores one (tests/helpers/diagnosisFixture.ts,
// until the demo data carries its own) is found on the run's Diagnoses page, as a marker on the
// best-so-far timeline and as a table row; the row opens its permalink with the four parts, a
// measured number leads to the tool call that measured it, an unlinked one says "unverified", an
// LLM exchange's request opens on demand, the change log is there; Enter on the marker opens the
// same diagnosis. Diagnoses the demo imported (once it has some) open with their four parts too.
import { expect, test } from '@playwright/test';
import { disconnect, pool } from '../lib/db/client';
import { storeDiagnosisFixture, type DiagnosisFixture } from '../tests/helpers/diagnosisFixture';
import { DEMO_RUNS, openRunFromList } from './helpers';

let fx: DiagnosisFixture | null = null;
let flagged: { runId: string; programId: string; metadata: unknown } | null = null;
test.afterAll(async () => {
  if (flagged) {
    await pool().query('UPDATE programs SET metadata = $2::jsonb WHERE id = $1', [flagged.programId, JSON.stringify(flagged.metadata)]);
    await pool().query('DELETE FROM graph_cache WHERE run_id = $1', [flagged.runId]);
    await pool().query('UPDATE runs SET updated_at = now() WHERE id = $1', [flagged.runId]); // the restored graph is a new version too
  }
  if (fx) {
    await pool().query('DELETE FROM diagnoses WHERE id = $1', [fx.diagnosisId]);
    await pool().query('DELETE FROM experiments WHERE id = $1', [fx.experimentId]);
  }
  await disconnect();
});

test('opens a stored diagnosis from the run’s Diagnoses page and follows a claim to its tool call', async ({ page, request }) => {
  test.setTimeout(120_000);
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const before = (await (await request.get(`/api/runs/${runId}/diagnoses`)).json()) as { diagnoses: { id: string; origin: string; triggerGeneration: number }[] };
  const taken = new Set(before.diagnoses.map((d) => d.triggerGeneration));
  const { rows } = await pool().query<{ id: string; last: number }>(
    `SELECT id, (SELECT max(iteration) FROM programs WHERE run_id = $1) AS last FROM programs WHERE run_id = $1 AND score IS NOT NULL ORDER BY score DESC LIMIT 1`,
    [runId],
  );
  let generation = rows[0].last;
  while (taken.has(generation)) generation--;
  fx = await storeDiagnosisFixture(runId, rows[0].id, generation, `e2e-${Date.now()}`);

  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Diagnoses' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Diagnoses' })).toBeVisible();
  const timeline = page.getByTestId('diagnosis-timeline');
  await expect(timeline).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('timeline-curve')).toHaveAttribute('d', /^M\s*[\d.-]/);
  const marker = timeline.getByRole('link', { name: new RegExp(`^Diagnosis at generation ${generation} \\(evoscope\\)`) });
  await expect(marker).toBeVisible();

  // Table row -> permalink.
  const table = page.getByRole('table', { name: 'Diagnoses' });
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: `Open the diagnosis at generation ${generation}`, exact: true }) });
  await expect(row).toContainText('Evoscope');
  await expect(row).toContainText('The score 2.6351 is limited by the greedy placement');
  await row.getByRole('link', { name: `Open the diagnosis at generation ${generation}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/diagnoses/${fx.diagnosisId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Diagnosis at generation ${generation}` })).toBeVisible();
  for (const part of ['Hypothesis', 'Experiment', 'Verdict', 'Direction']) {
    await expect(page.getByRole('heading', { level: 2, name: part, exact: true })).toBeVisible();
  }

  // A measured number -> the tool call that measured it.
  const experimentPart = page.getByTestId('report-experiment');
  const claim = experimentPart.getByTestId('claim-link').filter({ hasText: '2.6351' });
  await expect(claim).toHaveAttribute('href', '#call-1');
  await claim.click();
  await expect(page).toHaveURL(/#call-1$/);
  const call = page.getByTestId('tool-call').filter({ hasText: 'run_program' });
  await expect(call).toHaveAttribute('id', 'call-1');
  await expect(call).toBeInViewport();
  await expect(call.getByTestId('tool-result')).toContainText('sum of radii: 2.6351');
  await expect(call).toContainText('812 ms');
  await expect(page.getByTestId('report-verdict').getByTestId('claim-unverified')).toContainText('0.98');

  // An exchange's request, fetched when opened; the bounds; the change log the agent was given.
  const exchange = page.getByTestId('llm-exchange').first();
  await expect(exchange).toContainText('2,100 prompt');
  await exchange.getByText('request', { exact: true }).click();
  await expect(exchange.getByTestId('exchange-text')).toContainText('Diagnose the plateau');
  await expect(page.getByTestId('bounds')).toContainText('2/12');
  const changeLog = page.getByRole('table', { name: 'Change log' });
  await expect(changeLog.getByRole('row')).toHaveCount(3);
  await expect(changeLog).toContainText('tried-2');
  await expect(changeLog).toContainText('re-adds deleted lines');
  await expect(page.getByTestId('aux-script')).toContainText('def evaluate_aux(results_dir, primary_result)');
  await expect(page.getByTestId('candidate-gain')).toContainText('+0.0049');

  // Enter on the timeline marker opens the same diagnosis.
  await page.goto(`/runs/${runId}/diagnoses`);
  await expect(page.getByTestId('diagnosis-timeline')).toHaveAttribute('data-state', 'ready');
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/runs/${runId}/diagnoses/${fx.diagnosisId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Diagnosis at generation ${generation}` })).toBeVisible();

  // The plateau table's "Diagnose" link (?at=&k=) fills the form.
  await page.goto(`/runs/${runId}/diagnoses?at=7&k=3`);
  const form = page.getByRole('form', { name: 'Diagnose the plateau' });
  await expect(form.getByLabel('At generation')).toHaveValue('7');
  await expect(form.getByLabel('Plateau K')).toHaveValue('3');

  // Diagnoses the demo imported with the run open with their four parts as well.
  for (const d of before.diagnoses.filter((x) => x.origin === 'imported').slice(0, 2)) {
    await page.goto(`/runs/${runId}/diagnoses`);
    await page.getByRole('table', { name: 'Diagnoses' }).getByRole('link', { name: `Open the diagnosis at generation ${d.triggerGeneration}`, exact: true }).first().click();
    await expect(page.getByTestId('diagnosis-page')).toBeVisible();
    for (const part of ['Hypothesis', 'Experiment', 'Verdict', 'Direction']) {
      await expect(page.getByRole('heading', { level: 2, name: part, exact: true })).toBeVisible();
    }
  }
});

test('the lineage marks the eval agent’s candidates with their own legend entry', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[1]);
  const candidates = async () =>
    (
      await pool().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM programs p WHERE p.run_id = $1
           AND ((p.metadata ->> 'agentCandidate') = 'true' OR p.id IN (SELECT agent_candidate_program_id FROM diagnoses WHERE run_id = $1))`,
        [runId],
      )
    ).rows[0].n;
  // The demo's imported eval agent left a candidate in the pool: counted as the store has them.
  const imported = await candidates();
  expect(imported, 'the AHC demo imports an agent candidate').toBeGreaterThan(0);
  await page.goto(`/runs/${runId}/lineage`);
  await expect(page.getByTestId('lineage-canvas')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('legend-agent-candidates')).toHaveText(new RegExp(`eval agent.s candidates? \\(${imported}\\)`));

  // One more program flagged as the importer flags an agent candidate. The worker's cached graph
  // predates the flag (an import flags before it caches): dropped, so the graph is read live.
  const { rows } = await pool().query<{ id: string; metadata: unknown }>(
    `SELECT id, metadata FROM programs WHERE run_id = $1 AND coalesce(metadata ->> 'agentCandidate', '') <> 'true'
       AND id NOT IN (SELECT agent_candidate_program_id FROM diagnoses WHERE run_id = $1 AND agent_candidate_program_id IS NOT NULL)
     ORDER BY seq DESC LIMIT 1`,
    [runId],
  );
  flagged = { runId, programId: rows[0].id, metadata: rows[0].metadata };
  await pool().query(`UPDATE programs SET metadata = coalesce(metadata, '{}'::jsonb) || '{"agentCandidate": true}' WHERE id = $1`, [rows[0].id]);
  // Every writer of a run's programs bumps its updated_at (lib/db/runVersion.ts): the web
  // process's cached graph is keyed by it.
  await pool().query('UPDATE runs SET updated_at = now() WHERE id = $1', [runId]);
  await pool().query('DELETE FROM graph_cache WHERE run_id = $1', [runId]);
  await page.goto(`/runs/${runId}/lineage`);
  await expect(page.getByTestId('lineage-canvas')).toHaveAttribute('data-state', 'ready');
  await expect(page.getByTestId('legend-agent-candidates')).toHaveText(new RegExp(`eval agent.s candidates? \\(${imported + 1}\\)`));
});
