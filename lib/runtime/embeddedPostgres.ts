// A PostgreSQL server that Evoscope owns: initialised on first use, started on demand,
// stopped on exit. Uses the machine's PostgreSQL binaries (Debian's postgresql package;
// installed with apt-get when missing and running as root). PostgreSQL refuses to run as
// root, so as root every server command runs as the `postgres` user. Access needs the
// generated password (embeddedAuth.ts); a trust-auth folder of an earlier version is switched
// over on its next start.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensurePassword, ensureSocketDir, hbaTrusts, passwordFile, writePasswordOnlyHba } from './embeddedAuth';

export interface EmbeddedPostgres {
  url: string;
  port: number;
  baseDir: string;
  /** True when this process started the server (and so should stop it). */
  startedHere: boolean;
  stop(): void;
}

export interface EmbeddedOptions {
  /** Directory that holds data/ and server.log. */
  baseDir: string;
  /** Preferred port; a free one is chosen (and remembered) when absent. */
  port?: number;
  database?: string;
  /** Throw-away server: trade durability for speed. */
  ephemeral?: boolean;
  log?: (line: string) => void;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return isRoot() ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

function run(cmd: string, args: string[], opts: { allowFail?: boolean; password?: string } = {}) {
  const [c, a] = asPostgres(cmd, args);
  const env = opts.password === undefined ? process.env : { ...process.env, PGPASSWORD: opts.password };
  const r = spawnSync(c, a, { encoding: 'utf8', env });
  if (r.status !== 0 && !opts.allowFail) {
    throw new Error(`${path.basename(cmd)} failed (exit ${r.status}): ${(r.stderr || r.stdout || '').trim()}`);
  }
  return r;
}

/** Finds initdb/pg_ctl: $EVOSCOPE_PG_BIN, then the newest /usr/lib/postgresql/N/bin. */
export function findPgBin(log: (l: string) => void = () => {}): string {
  const fromEnv = process.env.EVOSCOPE_PG_BIN;
  if (fromEnv && fs.existsSync(path.join(fromEnv, 'initdb'))) return fromEnv;
  const found = () => {
    const root = '/usr/lib/postgresql';
    if (!fs.existsSync(root)) return null;
    const versions = fs
      .readdirSync(root)
      .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    return versions.length ? path.join(root, versions[0], 'bin') : null;
  };
  let bin = found();
  if (!bin && isRoot()) {
    log('PostgreSQL binaries not found: installing Debian\'s postgresql package (apt-get)...');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    bin = found();
  }
  if (!bin) {
    throw new Error(
      'No PostgreSQL server binaries found. Install Debian\'s postgresql package, set EVOSCOPE_PG_BIN, or set DATABASE_URL to an existing database.',
    );
  }
  return bin;
}

export function freePort(preferred?: number): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => {
      // Preferred port busy: let the OS pick one.
      const s2 = net.createServer();
      s2.listen(0, '127.0.0.1', () => {
        const p = (s2.address() as net.AddressInfo).port;
        s2.close(() => resolve(p));
      });
    });
    srv.listen(preferred ?? 0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

/** PostgreSQL runs as `postgres` when we are root: every ancestor must be traversable by it. */
function ensureTraversable(dir: string) {
  if (!isRoot()) return;
  let d = path.resolve(dir);
  const chain: string[] = [];
  while (d !== path.dirname(d)) {
    chain.push(d);
    d = path.dirname(d);
  }
  for (const p of chain) {
    const st = fs.statSync(p);
    if ((st.mode & 0o001) === 0) fs.chmodSync(p, st.mode | 0o001);
  }
}

function serverRunning(bin: string, dataDir: string): boolean {
  if (!fs.existsSync(path.join(dataDir, 'postmaster.pid'))) return false;
  return run(path.join(bin, 'pg_ctl'), ['-D', dataDir, 'status'], { allowFail: true }).status === 0;
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = opts.log ?? (() => {});
  const bin = findPgBin(log);
  const baseDir = path.resolve(opts.baseDir);
  const dataDir = path.join(baseDir, 'data');
  const stateFile = path.join(baseDir, 'evoscope-pg.json');
  const database = opts.database ?? 'evoscope';
  fs.mkdirSync(baseDir, { recursive: true });
  ensureTraversable(baseDir);
  const password = ensurePassword(baseDir);

  let state: { port?: number } = {};
  try {
    state = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
  } catch {
    /* first start */
  }
  const initialise = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  let startedHere = false;
  let port = state.port ?? opts.port ?? 0;
  const running = !initialise && serverRunning(bin, dataDir);
  if (!running) port = await freePort(opts.port ?? state.port ?? 54329);
  const sockets = ensureSocketDir(baseDir, port);
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', baseDir]);

  if (initialise) {
    log(`Initialising PostgreSQL in ${dataDir}`);
    run(path.join(bin, 'initdb'), [
      '-D', dataDir, '-U', 'app', '--auth=scram-sha-256', `--pwfile=${passwordFile(baseDir)}`, '-E', 'UTF8', '--locale=C.UTF-8',
    ]);
  }

  if (!running) {
    const settings = [`-p ${port}`, `-c unix_socket_directories='${sockets ?? ''}'`, '-c listen_addresses=127.0.0.1', '-c max_connections=200'];
    if (opts.ephemeral) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
    run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-l', path.join(baseDir, 'server.log'), '-o', settings.join(' '), '-w', '-t', '60', 'start']);
    startedHere = true;
    fs.writeFileSync(stateFile, JSON.stringify({ port }));
    if (isRoot()) execFileSync('chown', ['postgres:postgres', stateFile]);
  }

  if (hbaTrusts(dataDir)) {
    // Made by an earlier version with --auth=trust: give the role the generated password while
    // trust still lets us in, then allow password logins only.
    log('switching the embedded PostgreSQL from trust to password authentication (scram-sha-256)');
    run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'app', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1',
      '-c', "SET password_encryption = 'scram-sha-256'", '-c', `ALTER ROLE app PASSWORD '${password}'`]);
    writePasswordOnlyHba(dataDir);
    run(path.join(bin, 'pg_ctl'), ['-D', dataDir, 'reload']);
  }

  const psql = (sql: string) =>
    run(path.join(bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'app', '-d', 'postgres', '-tAc', sql], { password });
  if (psql(`SELECT 1 FROM pg_database WHERE datname='${database}'`).stdout.trim() !== '1') {
    run(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'app', database], { password });
  }

  let stopped = false;
  return {
    url: `postgresql://app:${password}@127.0.0.1:${port}/${database}`,
    port,
    baseDir,
    startedHere,
    stop() {
      if (stopped) return;
      stopped = true;
      run(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], { allowFail: true });
    },
  };
}
