// Blind labelling on the single-user workbench: create a session of 10 edits of a demo run from
// the run page, review all 10 with the keyboard alone (Monaco focused or not, the note field
// keeping its letters, Backspace back, s skip, ? rubric), resume after a reload, then import a
// second labelling made elsewhere and read the agreement figures (hand-computed below).
import { expect, test, type Page } from '@playwright/test';
import { DEMO_RUNS, openRunFromList } from './helpers';

const LABEL_OF: Record<string, string> = {
  h: 'hyperparameter_tuning', l: 'local_refinement', a: 'architectural_change', c: 'composition', e: 'efficiency',
  b: 'bug_fix', p: 'pruning', r: 'refactor', x: 'external_dependency',
};
// Keys per item; 's' skips.
const PLAN = ['b', 'l', 's', 'hc', 'r', 'p', 'a', 'e', 'x', 'lb'];

async function atItem(page: Page, position: number) {
  await expect(page.getByTestId('review-progress')).toHaveAttribute('data-position', String(position));
  await expect(page.getByTestId('review-screen')).toHaveAttribute('data-busy', 'false');
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
}

async function label(page: Page, position: number) {
  await atItem(page, position);
  const keys = PLAN[position];
  if (keys === 's') {
    await page.keyboard.press('s');
    return;
  }
  for (const k of keys) {
    await page.keyboard.press(k);
    await expect(page.getByTestId(`label-${LABEL_OF[k]}`)).toHaveAttribute('aria-pressed', 'true');
  }
  await page.keyboard.press('Enter');
}

test('a blind review of 10 edits with the keyboard alone, resumed after a reload, then its agreement', async ({ page }) => {
  await openRunFromList(page, DEMO_RUNS[0]);
  await page.getByRole('link', { name: 'Review edits' }).click();
  const form = page.getByRole('form', { name: 'New review session' });
  await expect(form.getByRole('checkbox', { name: new RegExp(DEMO_RUNS[0].replace(/[()]/g, '\\$&')) })).toBeChecked();
  await form.getByLabel('Size').fill('10');
  const name = `E2E blind review ${test.info().workerIndex}-${test.info().retry}-${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create review session' }).click();
  await expect(page).toHaveURL(/\/review\/[0-9a-f-]{36}$/);
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('review-progress')).toHaveAttribute('data-total', '10');
  await expect(page.getByTestId('review-progress')).toContainText('1 of 10');
  await expect(page.getByText(/score/i)).toHaveCount(0);

  await label(page, 0);
  // Keys reach the screen with Monaco focused.
  await atItem(page, 1);
  await page.getByTestId('diff-editor').locator('.monaco-editor').last().click();
  await label(page, 1);
  await label(page, 2);
  // Typing a note toggles nothing; Escape leaves the field.
  await atItem(page, 3);
  await page.keyboard.press('n');
  await expect(page.getByTestId('review-note')).toBeFocused();
  await page.keyboard.type('checked the loop bounds');
  await expect(page.getByTestId('label-local_refinement')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByTestId('label-bug_fix')).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Escape');
  await label(page, 3);
  await label(page, 4);
  // Back to item 4: its labels are there; Enter keeps them and goes on.
  await atItem(page, 5);
  await page.keyboard.press('Backspace');
  await atItem(page, 4);
  await expect(page.getByTestId('label-refactor')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Enter');
  // The rubric.
  await atItem(page, 5);
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Rubric' })).toContainText('Correction of a latent defect');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Rubric' })).toHaveCount(0);

  // Resume: a reload opens the first item with nothing saved, and the note of item 3 was kept.
  await page.reload();
  await atItem(page, 5);
  for (let p = 5; p < 10; p++) await label(page, p);
  await expect(page.getByTestId('review-done')).toBeVisible();
  await expect(page.getByTestId('review-progress')).toContainText('10 of 10');
  const mine = await (await page.request.get(`/api/reviews/${sessionId}/items/3`)).json();
  expect(mine.mine).toEqual({ labels: ['hyperparameter_tuning', 'composition'], note: 'checked the loop bounds', skipped: false });
  await page.reload();
  await expect(page.getByTestId('review-done')).toBeVisible();

  // A second labelling made elsewhere: the export with item 0 unlabelled, item 9 without bug_fix,
  // and the item 'local' skipped labelled (left out: the pair counts 9 edits).
  const exported = await page.request.get(`/api/reviews/${sessionId}/export?reviewer=local`);
  expect(exported.ok()).toBeTruthy();
  const lines = (await exported.text()).trim().split('\n').map((l) => JSON.parse(l));
  expect(lines).toHaveLength(10);
  lines[0].labels = [];
  lines[9].labels = ['local_refinement'];
  delete lines[2].skipped;
  lines[2].labels = ['pruning'];
  await page.goto('/review');
  const row = page.getByTestId(`review-session-${sessionId}`);
  await row.getByLabel('Import as reviewer').selectOption({ label: 'a labelling made elsewhere…' });
  await row.getByLabel('Labelling name').fill('evoreplay');
  await row.getByLabel('Gold JSONL file').setInputFiles({ name: 'gold.jsonl', mimeType: 'application/x-ndjson', buffer: Buffer.from(lines.map((l) => JSON.stringify(l)).join('\n')) });
  await row.getByRole('button', { name: 'Import' }).click();
  await expect(row.getByRole('status')).toHaveText('10 labels imported from gold.jsonl');

  // Agreement, local vs gold:evoreplay over 9 edits. By hand: bug_fix local {0, 9}, other {} ->
  // kappa (9*7 - 63) / (81 - 63) = 0; every other used label agrees (kappa 1): macro 8/9;
  // exact match 7/9.
  await row.getByRole('link', { name: 'Agreement' }).click();
  const pair = page.getByTestId('agreement-pair-local--gold:evoreplay');
  await expect(pair.getByTestId('edits')).toHaveText('9');
  await expect(pair.getByTestId('kappa-bug_fix')).toHaveAttribute('data-value', '0');
  await expect(pair.getByTestId('kappa-local_refinement')).toHaveAttribute('data-value', '1');
  await expect(pair.getByTestId('kappa-pruning')).toHaveAttribute('data-value', '1');
  await expect(pair.getByTestId('macro-kappa')).toHaveText('0.889');
  await expect(pair.getByTestId('exact-match')).toHaveText('0.778');
  await pair.getByTestId('disagreements-toggle').click();
  const list = pair.getByTestId('disagreements');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByRole('link', { name: 'edit #1', exact: true }).click();
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
});
