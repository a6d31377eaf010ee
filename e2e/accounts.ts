// Accounts mode in a spec (issue 10). Playwright runs the specs one at a time on one server, and
// the others expect the single-user mode: useAccountsMode() checks that the spec starts with no
// account and, after it, removes what the spec's accounts made (`cleanUp` first: rows that would
// outlive their authors), the accounts, and gives the instance back its ingestion token (the
// first owner adopted it).
import { expect, test, type Browser, type Page } from '@playwright/test';
import pg from 'pg';

export interface Who {
  email: string;
  password: string;
}

export interface SpecDb {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export function useAccountsMode(cleanUp?: (db: SpecDb) => Promise<void>): SpecDb {
  let pool: pg.Pool | null = null;
  let legacyToken: unknown = null;
  const db: SpecDb = {
    query: (text, values) => {
      if (!pool) throw new Error('the database is open only inside the spec');
      return pool.query(text, values);
    },
  };
  test.beforeAll(async () => {
    pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
    expect((await db.query('SELECT count(*)::int AS n FROM users')).rows[0].n, 'the suite runs in single-user mode').toBe(0);
    legacyToken = (await db.query("SELECT value FROM settings WHERE key = 'ingest.token'")).rows[0]?.value ?? null;
  });
  test.afterAll(async () => {
    if (cleanUp) await cleanUp(db);
    await db.query('DELETE FROM users');
    await db.query('DELETE FROM verifications');
    await db.query('DELETE FROM rate_limits');
    if (legacyToken !== null) {
      await db.query(`INSERT INTO settings (key, value) VALUES ('ingest.token', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [
        JSON.stringify(legacyToken),
      ]);
    }
    await pool?.end();
    pool = null;
  });
  return db;
}

export async function signIn(page: Page, who: Who) {
  await page.goto('/sign-in');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('account-menu')).toContainText(who.email);
}

/** Adds an account on Settings · Users (the page must be open); without a password, by invitation link. */
export async function addUser(page: Page, email: string, role: string, password?: string) {
  const form = page.getByRole('form', { name: 'Add a user' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Role').selectOption(role);
  if (password) await form.getByLabel(/^Password/).fill(password);
  await form.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('table', { name: 'Users' }).getByTestId(`user-${email}`)).toContainText(role);
}

/** A page in a browser context of its own (its own cookies: another person). */
export const freshPage = async (browser: Browser) => (await browser.newContext()).newPage();

/** From the single-user workbench: makes the first account (an owner) on Settings · Users, which turns sign-in on. */
export async function addFirstOwner(page: Page, owner: Who) {
  await page.goto('/settings/users');
  const first = page.getByRole('form', { name: 'Add a user' });
  await first.getByLabel('Email').fill(owner.email);
  await first.getByLabel('Role').selectOption('owner');
  await first.getByLabel(/^Password/).fill(owner.password);
  await first.getByRole('button', { name: 'Add user' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Accounts are on');
}
