// Accounts in the browser (issue 10): from the single-user workbench an owner account is made on
// Settings · Users, which turns sign-in on; the owner signs in and invites a member (invitation
// link) and adds a viewer (password); the member sets a password through the link and signs in;
// the viewer's upload is refused with the reason and nothing is stored; a wrong password and a
// signed-out visit are refused. Playwright runs the specs one at a time on one server, and the
// others expect the single-user mode: afterAll deletes the accounts and gives the instance back
// its ingestion token (the first owner adopted it), so the specs after this one are unaffected.
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { addFirstOwner, addUser, freshPage as fresh, signIn, useAccountsMode } from './accounts';
import { DEMO_RUNS, openRunFromList } from './helpers';

const tag = Date.now().toString(36);
const OWNER = { email: `owner-${tag}@example.org`, password: 'owner password 1' };
const MEMBER = { email: `member-${tag}@example.org`, password: 'member password 1' };
const VIEWER = { email: `viewer-${tag}@example.org`, password: 'viewer password 1' };


const db = useAccountsMode();

test('an owner creates a member, the member signs in, a viewer cannot upload', async ({ page, browser }, info) => {
  test.setTimeout(240_000); // four browsers on a shared 2-core machine
  // Single-user: no sign-in; the first account (an owner) is made on Settings · Users.
  await addFirstOwner(page, OWNER);
  await expect(page.getByRole('link', { name: `Sign in as ${OWNER.email}` })).toBeVisible();

  // Sign-in is now required: the runs list sends a visitor to /sign-in and back after.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
  const wrong = page.getByRole('form', { name: 'Sign in' });
  await wrong.getByLabel('Email').fill(OWNER.email);
  await wrong.getByLabel('Password').fill('not the password');
  await wrong.getByRole('button', { name: 'Sign in' }).click();
  await expect(wrong.getByRole('alert')).toHaveText('Wrong email or password.');
  await signIn(page, OWNER);

  // The owner invites a member (a link, shown once) and adds a viewer with a password.
  await page.goto('/settings/users');
  await addUser(page, MEMBER.email, 'member');
  const inviteUrl = await page.getByTestId('invite-url').textContent();
  expect(inviteUrl).toMatch(/\/invite\/evi_/);
  await addUser(page, VIEWER.email, 'viewer', VIEWER.password);

  // The member sets a password through the invitation, signs in, and sees the runs.
  const member = await fresh(browser);
  await member.goto(inviteUrl!);
  const set = member.getByRole('form', { name: 'Set your password' });
  await set.getByLabel('New password').fill(MEMBER.password);
  await set.getByLabel('Again').fill(MEMBER.password);
  await set.getByRole('button', { name: 'Set password' }).click();
  await expect(member.getByRole('main').getByRole('status')).toContainText(`Password set for ${MEMBER.email}`);
  await signIn(member, MEMBER);
  await expect(member.getByRole('table', { name: 'Runs' }).getByRole('link', { name: DEMO_RUNS[0], exact: true })).toBeVisible();
  await expect(member.getByTestId('account-menu')).toContainText('(member)');
  // A member cannot manage users.
  await member.goto('/settings/users');
  await expect(member.getByRole('main').getByRole('alert')).toContainText('Only an owner can manage users');

  // The viewer signs in and tries to upload: refused with the reason, nothing stored.
  const viewer = await fresh(browser);
  await signIn(viewer, VIEWER);
  const imports = async () => (await db.query('SELECT count(*)::int AS n FROM import_jobs')).rows[0].n;
  const before = await imports();
  const file = info.outputPath('tiny.jsonl');
  fs.writeFileSync(file, '{"id": "p1", "code": "print(1)", "metrics": {"score": 1}}\n');
  await viewer.goto('/upload');
  await viewer.getByTestId('upload-input').setInputFiles(file);
  await viewer.getByRole('button', { name: 'Import' }).click();
  await expect(viewer.getByRole('main').getByRole('alert')).toHaveText('you are signed in as a viewer: uploading runs is not allowed for that role');
  expect(await imports()).toBe(before);

  // The owner shares one run read-only: a visitor with the link sees that run and no other.
  const otherRun = await openRunFromList(page, DEMO_RUNS[1]);
  await openRunFromList(page, DEMO_RUNS[0]);
  await page.getByRole('button', { name: 'Create share link' }).click();
  const shareUrl = await page.getByTestId('share-url').textContent();
  expect(shareUrl).toMatch(/\/share\/evs_/);
  const visitor = await fresh(browser);
  await visitor.goto(shareUrl!);
  await expect(visitor.getByRole('heading', { level: 1, name: DEMO_RUNS[0] })).toBeVisible();
  await expect(visitor.getByRole('table', { name: 'Programs' }).getByRole('row').nth(1)).toBeVisible();
  const other = await visitor.goto(`/runs/${otherRun}`);
  expect(other?.status()).toBe(403);
  await expect(visitor.getByRole('heading', { name: 'This share link opens one run only' })).toBeVisible();
  expect((await visitor.request.get(`/api/runs/${otherRun}`)).status()).toBe(403);

  // Signing out ends the session: the next page asks to sign in again.
  await viewer.getByRole('button', { name: 'Sign out' }).click();
  await expect(viewer).toHaveURL(/\/sign-in$/);
  await viewer.goto('/');
  await expect(viewer).toHaveURL(/\/sign-in$/);
  const api = await viewer.request.get('/api/runs');
  expect(api.status()).toBe(401);
});
