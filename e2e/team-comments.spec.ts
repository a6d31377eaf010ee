// Comments as a team (issue 10, "What it must show"): from the single-user workbench an owner
// account is made on Settings · Users; the owner adds two members (A, B) and a viewer. Member A
// comments on a board edit of a demo run with Markdown and an @mention of B picked from the
// comment box's list; B sees it on /mentions with the unread count in the header and marks it
// read. A hostile body (<script>, a javascript: link) renders inert. The viewer reads the thread
// but has no comment box, and the comments API refuses the viewer's POST with 403.
// Playwright runs the specs one at a time on one server and the others expect the single-user
// mode: afterAll deletes the comments and the accounts and gives back the ingestion token.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addFirstOwner, addUser, freshPage as fresh, signIn, useAccountsMode } from './accounts';
import { DEMO_RUNS, openRunFromList } from './helpers';

const tag = Date.now().toString(36);
const OWNER = { email: `tc-owner-${tag}@example.org`, password: 'owner password 1' };
const A = { email: `tc-a-${tag}@example.org`, password: 'member a password' };
const B = { email: `tc-b-${tag}@example.org`, password: 'member b password' };
const VIEWER = { email: `tc-v-${tag}@example.org`, password: 'viewer password 1' };

let runId = '';

const db = useAccountsMode(async (db) => {
  // The comments first: deleting their authors would leave them behind signed by nobody.
  await db.query('DELETE FROM comments WHERE author_id IN (SELECT id FROM users)');
});

/** The thread of the board's last best-so-far edit. */
async function lastEditThread(page: Page) {
  await page.goto(`/runs/${runId}/board`);
  await expect(page.getByRole('heading', { level: 1, name: 'Review board' })).toBeVisible();
  const last = page.getByTestId('board-edit').last();
  await expect(last).toBeVisible();
  await last.focus();
  await page.keyboard.press('Enter');
  const thread = page.getByTestId('comment-thread');
  await expect(thread).toBeVisible();
  return thread;
}

test('a member @mentions another in a board comment; it is in their mentions; a viewer cannot post; hostile Markdown is inert', async ({ page, browser }) => {
  test.setTimeout(240_000); // four browsers on a shared 2-core machine
  // Single-user: the first account (an owner) is made on Settings · Users, then sign-in is on.
  await addFirstOwner(page, OWNER);
  await signIn(page, OWNER);
  await page.goto('/settings/users');
  await addUser(page, A.email, 'member', A.password);
  await addUser(page, B.email, 'member', B.password);
  await addUser(page, VIEWER.email, 'viewer', VIEWER.password);
  runId = await openRunFromList(page, DEMO_RUNS[0]);

  // Member A: "@" and the start of B's e-mail offer B; Enter inserts "@<B's email>".
  const a = await fresh(browser);
  await signIn(a, A);
  let thread = await lastEditThread(a);
  // Another spec may have left comments on this thread: count from what is there.
  await expect(thread.getByText('Loading comments…')).toHaveCount(0);
  const already = await thread.getByTestId('comment').count();
  const input = thread.getByTestId('comment-input');
  await input.click();
  await input.pressSequentially(`**Confirmed** by the packing change, ask @tc-b-${tag.slice(0, 3)}`);
  const options = thread.getByTestId('mention-options');
  await expect(options.getByRole('option')).toHaveCount(1);
  await expect(options.getByRole('option')).toContainText(B.email);
  await input.press('Enter');
  await expect(options).toHaveCount(0);
  await expect(input).toHaveValue(`**Confirmed** by the packing change, ask @${B.email} `);
  await input.pressSequentially('to check `solve()`');
  await thread.getByTestId('comment-submit').click();
  const mentioned = thread.getByTestId('comment').last();
  await expect(mentioned.locator('.markdown strong')).toHaveText('Confirmed');
  await expect(mentioned.locator('.markdown code')).toHaveText('solve()');
  await expect(mentioned.getByTestId('mention-chip')).toHaveAttribute('title', B.email);
  await expect(mentioned.locator('.comment-head strong')).toContainText(/tc-a-/);

  // A hostile body: the <script> stays text, the javascript: link is no link.
  await input.fill('<script>window.__pwned = 1</script> and [x](javascript:window.__pwned=2)');
  await thread.getByTestId('comment-submit').click();
  const hostile = thread.getByTestId('comment').last();
  await expect(hostile).toContainText('<script>window.__pwned = 1</script>');
  await expect(hostile.locator('script')).toHaveCount(0);
  await expect(hostile.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await expect(hostile.getByTestId('inert-link')).toHaveText('x');
  expect(await a.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // Member B: one unread mention in the header and on /mentions; marking it read clears both.
  const b = await fresh(browser);
  await signIn(b, B);
  await b.goto('/mentions');
  await expect(b.getByTestId('nav-mentions-unread')).toHaveText('1');
  const list = b.getByTestId('mentions-list');
  const item = list.getByTestId('mention-item');
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-unread', 'true');
  await expect(item.locator('.markdown strong')).toHaveText('Confirmed');
  await expect(item).toContainText(A.email.split('@')[0]);
  await item.getByTestId('mention-mark-read').click();
  await expect(item).toHaveAttribute('data-unread', 'false');
  await expect(b.getByTestId('nav-mentions-unread')).toHaveCount(0);
  await expect(b.getByTestId('nav-mentions')).toHaveAttribute('aria-label', 'Mentions, 0 unread');
  await b.reload();
  await expect(b.getByTestId('mention-item')).toHaveAttribute('data-unread', 'false');
  // The hostile comment mentioned nobody: A's own mentions stay empty.
  await a.goto('/mentions');
  await expect(a.getByTestId('mentions-empty')).toBeVisible();

  // The viewer reads the thread (both comments) but has no comment box; the API says 403.
  const v = await fresh(browser);
  await signIn(v, VIEWER);
  thread = await lastEditThread(v);
  await expect(thread.getByTestId('comment')).toHaveCount(already + 2);
  await expect(thread.getByTestId('comments-read-only')).toBeVisible();
  await expect(thread.getByTestId('comment-input')).toHaveCount(0);
  const programId = (await db.query('SELECT program_id FROM comments WHERE run_id = $1 AND author_id IS NOT NULL LIMIT 1', [runId])).rows[0].program_id;
  const before = (await db.query('SELECT count(*)::int AS n FROM comments')).rows[0].n;
  const refused = await v.request.post(`/api/runs/${runId}/comments`, {
    data: { target: 'edit', programId, body: `viewer says hi @${A.email}` },
    headers: { origin: new URL(v.url()).origin },
  });
  expect(refused.status()).toBe(403);
  expect((await db.query('SELECT count(*)::int AS n FROM comments')).rows[0].n).toBe(before);
  // The same request with member A's cookie is accepted: the refusal is the viewer's role.
  const accepted = await a.request.post(`/api/runs/${runId}/comments`, {
    data: { target: 'edit', programId, body: 'member says hi' },
    headers: { origin: new URL(a.url()).origin },
  });
  expect(accepted.status()).toBe(201);
  expect((await db.query('SELECT count(*)::int AS n FROM comments')).rows[0].n).toBe(before + 1);
});
