// A team's blind review (issue 10, "What it must show"): from the single-user workbench an owner
// account is made on Settings · Users; the owner signs in, adds two members, and creates a review
// session of 10 edits of a demo run assigned to both. Each member signs in and labels the same 10
// edits with the keyboard alone; the agreement page then shows member 1 vs member 2 with the
// per-label kappas computed by hand below. "A viewer cannot upload" is e2e/accounts.spec.ts.
// Playwright runs the specs one at a time on one server and the others expect the single-user
// mode: afterAll deletes the session and the accounts and gives back the ingestion token.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addFirstOwner, addUser, freshPage as fresh, signIn, useAccountsMode } from './accounts';
import { DEMO_RUNS, openRunFromList } from './helpers';

const tag = Date.now().toString(36);
const OWNER = { email: `team-owner-${tag}@example.org`, password: 'owner password 1' };
const M1 = { email: `team-m1-${tag}@example.org`, password: 'member one password' };
const M2 = { email: `team-m2-${tag}@example.org`, password: 'member two password' };

const LABEL_OF: Record<string, string> = {
  h: 'hyperparameter_tuning', l: 'local_refinement', a: 'architectural_change', c: 'composition', e: 'efficiency',
  b: 'bug_fix', p: 'pruning', r: 'refactor', x: 'external_dependency',
};
// Keys typed per item (by position), member 1 and member 2.
const PLAN_M1 = ['b', 'b', 'b', 'b', 'p', 'l', 'l', 'l', 'rh', 'x'];
const PLAN_M2 = ['b', 'b', 'b', 'p', 'b', 'l', 'l', 'la', 'r', 'x'];
// The 2x2 tables over the 10 edits (A = member 1, B = member 2) and Cohen's kappa
// = (n (both + neither) - E) / (n^2 - E), E = A B + (n - A)(n - B), n = 10:
//   bug_fix               M1 {0,1,2,3}  M2 {0,1,2,4}  both 3, onlyA 1, onlyB 1, neither 5
//                         E = 4*4 + 6*6 = 52 -> (10*8 - 52) / (100 - 52) = 28/48 = 7/12
//   pruning               M1 {4}        M2 {3}        both 0, onlyA 1, onlyB 1, neither 8
//                         E = 1*1 + 9*9 = 82 -> (10*8 - 82) / (100 - 82) = -2/18 = -1/9
//   local_refinement      M1 {5,6,7}    M2 {5,6,7}    both 3, neither 7
//                         E = 9 + 49 = 58 -> (100 - 58) / (100 - 58) = 1
//   architectural_change  M1 {}         M2 {7}        onlyB 1, neither 9
//                         E = 0*1 + 10*9 = 90 -> (90 - 90) / (100 - 90) = 0
//   refactor              M1 {8}        M2 {8}        both 1, neither 9 -> E = 1 + 81 = 82 -> 18/18 = 1
//   hyperparameter_tuning M1 {8}        M2 {}         onlyA 1, neither 9 -> E = 90 -> 0/10 = 0
//   external_dependency   M1 {9}        M2 {9}        both 1, neither 9 -> 1
//   composition, efficiency: unused by both, E = 100 = n^2 -> undefined (data-value '')
// Macro kappa over the 7 used labels: (7/12 - 1/9 + 1 + 0 + 1 + 0 + 1) / 7 = (125/36) / 7 = 125/252
// = 0.496; exact match on items 0, 1, 2, 5, 6, 9 = 6/10.
const KAPPA: Record<string, string> = {
  bug_fix: String(7 / 12),
  pruning: String(-1 / 9),
  local_refinement: '1',
  architectural_change: '0',
  refactor: '1',
  hyperparameter_tuning: '0',
  external_dependency: '1',
  composition: '',
  efficiency: '',
};

const sessions: string[] = [];

const db = useAccountsMode(async (db) => {
  if (sessions.length) await db.query('DELETE FROM review_sessions WHERE id = ANY($1::uuid[])', [sessions]);
});

async function atItem(page: Page, position: number) {
  await expect(page.getByTestId('review-progress')).toHaveAttribute('data-position', String(position));
  await expect(page.getByTestId('review-screen')).toHaveAttribute('data-busy', 'false');
  await expect(page.getByTestId('diff-editor')).toHaveAttribute('data-ready', 'true');
}

/** Labels the 10 items with the keyboard alone: the plan's keys, then Enter (save and go on). */
async function review(page: Page, sessionId: string, plan: string[]) {
  await page.goto('/review');
  await page.getByTestId(`review-session-${sessionId}`).getByRole('link', { name: /^Team review/ }).click();
  await expect(page).toHaveURL(new RegExp(`/review/${sessionId}$`));
  await expect(page.getByTestId('review-progress')).toHaveAttribute('data-total', '10');
  for (let p = 0; p < plan.length; p++) {
    await atItem(page, p);
    for (const k of plan[p]) {
      await page.keyboard.press(k);
      await expect(page.getByTestId(`label-${LABEL_OF[k]}`)).toHaveAttribute('aria-pressed', 'true');
    }
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('review-done')).toBeVisible();
  await expect(page.getByTestId('review-progress')).toContainText('10 of 10');
}

test('an owner assigns two members a blind review of 10 edits; their per-label kappas match the hand-computed fixture', async ({ page, browser }) => {
  test.setTimeout(300_000); // three browsers and 20 Monaco diffs on a shared 2-core machine
  // Single-user: the first account (an owner) is made on Settings · Users, then sign-in is on.
  await addFirstOwner(page, OWNER);
  await signIn(page, OWNER);
  await page.goto('/settings/users');
  await addUser(page, M1.email, 'member', M1.password);
  await addUser(page, M2.email, 'member', M2.password);

  // The owner creates a session of 10 edits assigned to the two members (not to themself).
  await openRunFromList(page, DEMO_RUNS[0]);
  await page.getByRole('link', { name: 'Review edits' }).click();
  const form = page.getByRole('form', { name: 'New review session' });
  await form.getByLabel('Size').fill('10');
  const name = `Team review ${tag}`;
  await form.getByLabel('Name').fill(name);
  const reviewers = form.getByRole('group', { name: 'Reviewers' });
  await reviewers.getByRole('checkbox', { name: new RegExp(OWNER.email) }).uncheck();
  await reviewers.getByRole('checkbox', { name: new RegExp(M1.email) }).check();
  await reviewers.getByRole('checkbox', { name: new RegExp(M2.email) }).check();
  await form.getByRole('button', { name: 'Create review session' }).click();
  const row = page.getByRole('table', { name: 'Review sessions' }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const sessionId = (await row.getAttribute('data-testid'))!.replace('review-session-', '');
  sessions.push(sessionId);
  const ids = Object.fromEntries(
    (await db.query('SELECT email, id FROM users WHERE email = ANY($1)', [[M1.email, M2.email]])).rows.map((r) => [r.email, r.id]),
  );

  // Member 1 signs in and labels the 10 edits with the keyboard alone.
  const m1 = await fresh(browser);
  await signIn(m1, M1);
  await review(m1, sessionId, PLAN_M1);

  // Member 2 may not see the figures before finishing (blind), then labels the same 10.
  const m2 = await fresh(browser);
  await signIn(m2, M2);
  expect((await m2.request.get(`/api/reviews/${sessionId}/agreement`)).status()).toBe(403);
  await review(m2, sessionId, PLAN_M2);

  // The agreement page: member 1 vs member 2 (the order they were assigned in).
  await m2.goto(`/review/${sessionId}/agreement`);
  const pair = m2.getByTestId(`agreement-pair-${ids[M1.email]}--${ids[M2.email]}`);
  await expect(pair.getByTestId('edits')).toHaveText('10');
  for (const [label, value] of Object.entries(KAPPA)) {
    await expect(pair.getByTestId(`kappa-${label}`), label).toHaveAttribute('data-value', value);
  }
  await expect(pair.getByTestId('kappa-bug_fix')).toHaveText('0.583');
  await expect(pair.getByTestId('kappa-pruning')).toHaveText('-0.111');
  await expect(pair.getByTestId('macro-kappa')).toHaveText('0.496');
  await expect(pair.getByTestId('exact-match')).toHaveAttribute('data-value', '0.6');
  await pair.getByTestId('disagreements-toggle').click();
  await expect(pair.getByTestId('disagreements').getByRole('listitem')).toHaveCount(4);
});
