// `evoscope user ...` as a user runs it (a real process on the test database), and the start-up
// refusal on a public HOST with no account (cli/serve.ts, a real process).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pool } from '../../lib/db/client';
import { removeAccounts, signIn } from '../helpers/accounts';
import { runCli } from '../helpers/cli';
import { useTestDatabase } from '../helpers/dbTest';

useTestDatabase({ after: removeAccounts });
const root = path.resolve(import.meta.dirname, '..', '..');

function serveOn(host: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cli/serve.ts'], { cwd: root, env: { ...process.env, HOST: host, PORT: '3299' } });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

beforeAll(async () => {
  process.env.PORT = '3000';
  await removeAccounts();
});
afterAll(() => removeAccounts());

describe('evoscope user', () => {
  it('refuses to serve a public address while no account exists, naming the command that fixes it', async () => {
    const { code, stderr } = await serveOn('0.0.0.0');
    expect(code).toBe(1);
    expect(stderr).toContain('refuses to serve HOST=0.0.0.0');
    expect(stderr).toContain('npm run evoscope -- user add --email');
    expect(stderr).not.toMatch(/next start|Ready in/);
  });

  it('adds an owner who can sign in, lists, changes roles, keeps the last owner', async () => {
    const notOwner = await runCli(['user', 'add', '--email', 'first@example.org', '--password', 'a long password', '--role', 'member']);
    expect(notOwner.code).toBe(1);
    expect(notOwner.stderr).toContain('the first account must be an owner');
    const add = await runCli(['user', 'add', '--email', 'Boss@Example.org', '--password', 'a long password', '--role', 'owner']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toBe('created owner boss@example.org\n');
    expect(await signIn('boss@example.org', 'a long password', '10.7.7.7')).toMatch(/session_token=/);

    const invited = await runCli(['user', 'add', '--email', 'new@example.org', '--role', 'member', '--json']);
    expect(invited.code, invited.stderr).toBe(0);
    const { user, invitePath } = JSON.parse(invited.stdout);
    expect(user).toMatchObject({ email: 'new@example.org', role: 'member', hasPassword: false });
    expect(invitePath).toMatch(/^\/invite\/evi_[A-Za-z0-9_-]{40,}$/);

    const list = await runCli(['user', 'list']);
    expect(list.stdout).toBe('boss@example.org\towner\nnew@example.org\tmember\tinvited\n');

    const role = await runCli(['user', 'role', '--email', 'new@example.org', '--role', 'viewer']);
    expect(role.stdout).toBe('new@example.org: viewer\n');
    const last = await runCli(['user', 'disable', '--email', 'boss@example.org']);
    expect(last.code).toBe(1);
    expect(last.stderr).toContain('user disable failed: boss@example.org is the last owner: make someone else an owner first');
    const { rows } = await pool().query("SELECT action, actor_kind FROM audit_log WHERE action LIKE 'user.%' ORDER BY id");
    expect(rows).toEqual([
      { action: 'user.create', actor_kind: 'cli' },
      { action: 'user.create', actor_kind: 'cli' },
      { action: 'user.role', actor_kind: 'cli' },
    ]);
  });

  it('bad arguments are usage errors (exit 2), duplicates and short passwords are refused (exit 1)', async () => {
    const badRole = await runCli(['user', 'add', '--email', 'x@example.org', '--password', 'abcdefgh', '--role', 'admin']);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain("--role must be owner, member or viewer (got 'admin')");
    const dup = await runCli(['user', 'add', '--email', 'boss@example.org', '--password', 'abcdefgh', '--role', 'member']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toContain('an account with the email boss@example.org already exists');
    const short = await runCli(['user', 'add', '--email', 'y@example.org', '--password', 'short', '--role', 'member']);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('a password needs at least 8 characters');
  });
});
