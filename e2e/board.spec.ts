// The breakthrough review board on the single-user workbench (issue 10): a demo run's board lists
// its best-so-far edits in order, a status is set from the keyboard and from the select (and
// kept), a Markdown comment renders safely, and its permalink scrolls to it and highlights it;
// programs and diffs have threads of their own.
import { expect, test } from '@playwright/test';
import { disconnect, pool } from '../lib/db/client';
import { DEMO_RUNS, openProgramWithParent, openRunFromList } from './helpers';

// The specs share one server and one database: the comments and statuses made here are removed
// afterwards, so a later spec opening the same demo threads finds them as the demo left them.
const touchedRuns: string[] = [];
test.afterAll(async () => {
  await pool().query('DELETE FROM comments WHERE run_id = ANY($1::uuid[]) AND author_id IS NULL', [touchedRuns]);
  await pool().query('DELETE FROM edit_reviews WHERE run_id = ANY($1::uuid[])', [touchedRuns]);
  await disconnect();
});

test('board of a demo run: best-so-far edits, statuses, a safe Markdown comment and its permalink', async ({ page }) => {
  const runId = await openRunFromList(page, DEMO_RUNS[0]);
  touchedRuns.push(runId);
  await page.getByRole('navigation', { name: 'Run views' }).getByRole('link', { name: 'Board' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review board' })).toBeVisible();

  // The rows are the run's best-so-far points, in order (the curve the run page draws).
  let points: { externalId: string }[] = [];
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/runs/${runId}/best-so-far`);
      points = res.status() === 200 ? ((await res.json()) as { points: { externalId: string }[] }).points : [];
      return points.length;
    })
    .toBeGreaterThan(1);
  const rows = page.getByTestId('board-edit');
  await expect(rows).toHaveCount(points.length);
  const shown = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-child')));
  expect(shown).toEqual(points.map((p) => p.externalId));

  // Keyboard: focus the last edit, "c" confirms it.
  const last = rows.last();
  await last.focus();
  await page.keyboard.press('c');
  await expect(last).toHaveAttribute('data-status', 'confirmed');
  // The select disputes the one before it.
  const before = rows.nth(points.length - 2);
  await before.getByTestId('status-select').selectOption('disputed');
  await expect(before).toHaveAttribute('data-status', 'disputed');
  await page.reload();
  await expect(page.getByTestId('board-edit').last()).toHaveAttribute('data-status', 'confirmed');
  await expect(page.getByTestId('board-edit').nth(points.length - 2)).toHaveAttribute('data-status', 'disputed');

  // Enter opens the last edit's thread; post a Markdown comment with hostile parts.
  await page.getByTestId('board-edit').last().focus();
  await page.keyboard.press('Enter');
  const thread = page.getByTestId('comment-thread');
  await expect(thread).toBeVisible();
  await expect(thread.getByTestId('no-mentions-note')).toContainText('nobody to @mention');
  await thread.getByTestId('comment-input').fill(
    '**Big jump** from the packing change, see [notes](https://example.org/notes).\n<script>window.__pwned = 1</script> and [bad](javascript:window.__pwned=2)',
  );
  await thread.getByTestId('comment-submit').click();
  const comment = thread.getByTestId('comment').last();
  await expect(comment.locator('.markdown strong')).toHaveText('Big jump');
  await expect(comment.getByRole('link', { name: 'notes' })).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(comment.getByTestId('inert-link')).toHaveText('bad');
  await expect(comment).toContainText('<script>window.__pwned = 1</script>');
  await expect(comment.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(comment).toContainText('local');
  await expect(page.getByTestId('board-edit').last().getByTestId('thread-toggle')).toContainText('1');

  // Its permalink: a fresh page opens the edit's thread, scrolls to the comment, highlights it.
  const href = await comment.getByTestId('comment-permalink').getAttribute('href');
  expect(href).toMatch(new RegExp(`^/runs/${runId}/board\\?edit=[0-9a-f-]{36}#comment-[0-9a-f-]{36}$`));
  await page.goto('/');
  await page.goto(href!);
  const target = page.locator(`#${href!.split('#')[1]}`);
  await expect(target).toHaveAttribute('data-highlighted', 'true');
  await expect(target).toBeInViewport();
  await expect(target.locator('.markdown strong')).toHaveText('Big jump');
});

test('programs and diffs have their own threads; a diff comment may name a line', async ({ page }) => {
  touchedRuns.push(await openRunFromList(page, DEMO_RUNS[1]));
  await openProgramWithParent(page);
  const programThread = page.getByRole('region', { name: 'Comments on this program' });
  await programThread.getByTestId('comment-input').fill('Worth a look: `solve()` got *much* shorter');
  await programThread.getByTestId('comment-submit').click();
  await expect(programThread.getByTestId('comment').locator('.markdown code')).toHaveText('solve()');
  const href = await programThread.getByTestId('comment-permalink').getAttribute('href');
  expect(href).toMatch(/\/programs\/[0-9a-f-]{36}#comment-[0-9a-f-]{36}$/);

  await page.getByTestId('diff-to-parent-link').click();
  const diffThread = page.getByRole('region', { name: 'Comments on this diff' });
  // The program's thread is not the diff's.
  await expect(diffThread.getByRole('heading', { name: /Comments on this diff \(0\)/ })).toBeVisible();
  await diffThread.getByTestId('comment-line').fill('3');
  await diffThread.getByTestId('comment-input').fill('this line');
  await diffThread.getByTestId('comment-input').press('Control+Enter');
  await expect(diffThread.getByTestId('comment')).toContainText('line 3');

  await page.goto(href!);
  await expect(page.locator(`#${href!.split('#')[1]}`)).toHaveAttribute('data-highlighted', 'true');
});
