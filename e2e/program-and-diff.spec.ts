import { expect, test } from '@playwright/test';
import { createLiveRun, postPrograms } from './ingest';
import { DEMO_RUNS, openProgramWithParent, openRunFromList, wordFromSource } from './helpers';

for (const name of DEMO_RUNS) {
  test(`program page of "${name}" draws its source in Monaco, then diffs it to its parent`, async ({ page }) => {
    const runId = await openRunFromList(page, name);
    const programId = await openProgramWithParent(page);

    const editor = page.getByTestId('code-editor');
    await expect(editor).toHaveAttribute('data-ready', 'true');
    await expect(editor.locator('.monaco-editor')).toBeVisible();
    const res = await page.request.get(`/api/runs/${runId}/programs/${programId}`);
    expect(res.ok()).toBeTruthy();
    const program = (await res.json()) as { code: string; parents: { id: string | null }[] };
    await expect(editor.locator('.monaco-editor .view-lines')).toContainText(wordFromSource(program.code));

    await expect(page.getByRole('heading', { name: 'Metrics' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Evaluation' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Parents' })).toBeVisible();

    await page.getByTestId('diff-to-parent-link').click();
    await expect(page).toHaveURL(new RegExp(`/programs/${programId}/diff$`));
    const diff = page.getByTestId('diff-editor');
    await expect(diff).toHaveAttribute('data-ready', 'true');
    await expect(diff.locator('.monaco-diff-editor')).toBeVisible();
    const parentId = program.parents.find((p) => p.id)!.id!;
    await expect(page.getByText('parent (left):')).toBeVisible();
    await expect(page.locator(`a[href$="/programs/${parentId}"]`).first()).toBeVisible();
  });
}

test('the diff form compares against another program of the run', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  const list = await (await page.request.get(`/api/runs/${runId}/programs?limit=2`)).json();
  const [a, b] = list.programs as { id: string; externalId: string }[];
  await page.goto(`/runs/${runId}/programs/${b.id}/diff`);
  await page.getByRole('textbox', { name: 'Compare against' }).fill(a.externalId);
  await page.getByRole('button', { name: 'Show diff' }).click();
  await expect(page).toHaveURL(/against=/);
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
  await expect(page.locator(`a[href$="/programs/${a.id}"]`).first()).toBeVisible();
});

test('a program page shows parents missing from the archive as such', async ({ page, request }) => {
  // A run streamed over HTTP whose child names a parent that never arrived: a ghost parent.
  const run = await createLiveRun(request, `ghost parent ${Date.now()}`);
  await postPrograms(request, run.runId, [
    { id: 'seed', iteration: 0, code: 'x = 1\n', metrics: { score: 1 } },
    { id: 'child', iteration: 2, code: 'x = 2\n', parent_ids: ['lost-parent'], metrics: { score: 2 } },
  ]);
  await page.goto(`/runs/${run.runId}`);
  const table = page.getByRole('table', { name: 'Programs' });
  await expect(table.getByText('(not in archive)')).toBeVisible();
  await table.getByRole('row').filter({ hasText: 'child' }).getByTestId('program-link').click();
  await expect(page.getByText(/not in archive/).first()).toBeVisible();
});
