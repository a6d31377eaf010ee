// The embedded PostgreSQL is no open door: password (scram-sha-256) authentication with a
// generated password kept in a 0600 file, its Unix socket inside its own folder (not /tmp),
// TCP on loopback only; and a data folder made by an earlier version with trust auth is
// switched over on its next start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { findPgBin, startEmbeddedPostgres, type EmbeddedPostgres } from '../../lib/runtime/embeddedPostgres';

const dirs: string[] = [];
const servers: EmbeddedPostgres[] = [];
afterAll(() => {
  for (const s of servers) s.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

function tempBase() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'evoscope-pgauth-'));
  dirs.push(d);
  return d;
}

async function canConnect(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await c.connect();
    const { rows } = await c.query('SELECT current_setting($1) AS v', ['listen_addresses']);
    return rows[0].v as string;
  } catch (e) {
    return `refused: ${(e as Error).message}`;
  } finally {
    await c.end().catch(() => {});
  }
}

const withoutPassword = (url: string) => {
  const u = new URL(url);
  u.password = '';
  return u.toString();
};
const withPassword = (url: string, pw: string) => {
  const u = new URL(url);
  u.password = pw;
  return u.toString();
};
const hbaMethods = (dataDir: string) =>
  fs.readFileSync(path.join(dataDir, 'pg_hba.conf'), 'utf8').split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).map((l) => l.trim().split(/\s+/).at(-1));

async function expectLockedDown(server: EmbeddedPostgres, base: string) {
  const pwFile = path.join(base, 'password');
  expect((fs.statSync(pwFile).mode & 0o777).toString(8)).toBe('600');
  const password = fs.readFileSync(pwFile, 'utf8').trim();
  expect(password.length).toBeGreaterThanOrEqual(32);
  expect(await canConnect(server.url)).toBe('127.0.0.1');
  expect(await canConnect(withoutPassword(server.url))).toMatch(/^refused/);
  expect(await canConnect(withPassword(server.url, 'guess'))).toMatch(/^refused: password authentication failed/);
  expect(hbaMethods(path.join(base, 'data'))).not.toContain('trust');
  expect(fs.existsSync(`/tmp/.s.PGSQL.${server.port}`)).toBe(false);
  expect(fs.readdirSync(path.join(base, 'socket'))).toContain(`.s.PGSQL.${server.port}`);
}

describe('the embedded PostgreSQL', () => {
  it('requires its generated password, keeps its socket in its folder and listens on loopback', async () => {
    const base = tempBase();
    const server = await startEmbeddedPostgres({ baseDir: base, ephemeral: true });
    servers.push(server);
    await expectLockedDown(server, base);
  });

  it('switches a data folder created with trust auth by an earlier version to password auth', async () => {
    const base = tempBase();
    const dataDir = path.join(base, 'data');
    // What earlier versions did: initdb --auth=trust (as the postgres user when root).
    const bin = findPgBin();
    const root = process.getuid?.() === 0;
    if (root) spawnSync('chown', ['-R', 'postgres:postgres', base]);
    const args = [path.join(bin, 'initdb'), '-D', dataDir, '-U', 'app', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'];
    const r = root ? spawnSync('runuser', ['-u', 'postgres', '--', ...args]) : spawnSync(args[0], args.slice(1));
    expect(r.status, String(r.stderr)).toBe(0);
    expect(hbaMethods(dataDir)).toContain('trust');
    const server = await startEmbeddedPostgres({ baseDir: base, ephemeral: true });
    servers.push(server);
    await expectLockedDown(server, base);
  });
});
