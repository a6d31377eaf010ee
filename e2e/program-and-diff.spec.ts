import { expect, test } from '@playwright/test';
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

test('a program page shows parents missing from the archive as such', async ({ page }) => {
  // Not every run has a ghost parent; when one exists the table says "not in archive".
  await openRunFromList(page, DEMO_RUNS[0]);
  await expect(page.getByTestId('program-row').first()).toBeVisible();
  const ghost = page.getByRole('table', { name: 'Programs' }).getByText('(not in archive)');
  test.skip((await ghost.count()) === 0, 'no ghost parent on the first page of this run');
  await expect(ghost.first()).toBeVisible();
});
