// Who may connect to the embedded PostgreSQL: whoever can read its generated password. Earlier
// versions used --auth=trust with the socket in /tmp, which made every local user a superuser.
// Now: a random password in <baseDir>/password (mode 0600), scram-sha-256 for every connection,
// the Unix socket in <baseDir>/socket (mode 0700), TCP on 127.0.0.1 only (embeddedPostgres.ts).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const passwordFile = (baseDir: string) => path.join(baseDir, 'password');
export const socketDir = (baseDir: string) => path.join(baseDir, 'socket');

/** The server's password, generated (and stored 0600) on first use. */
export function ensurePassword(baseDir: string): string {
  const file = passwordFile(baseDir);
  if (!fs.existsSync(file)) {
    // base64url: safe inside a URL, a SQL literal and a shell word without quoting.
    fs.writeFileSync(file, `${crypto.randomBytes(24).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  }
  fs.chmodSync(file, 0o600);
  const pw = fs.readFileSync(file, 'utf8').trim();
  if (!/^[A-Za-z0-9_-]{16,}$/.test(pw)) throw new Error(`${file} does not hold a generated password; delete it to make a new one`);
  return pw;
}

/** The socket folder (0700), or null when its path is too long for a Unix socket (TCP only then). */
export function ensureSocketDir(baseDir: string, port: number): string | null {
  const dir = socketDir(baseDir);
  if (Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) > 100) return null; // sun_path holds 107 bytes
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
}

const hbaFile = (dataDir: string) => path.join(dataDir, 'pg_hba.conf');

/** True when pg_hba.conf lets anyone in without a password (data folders of earlier versions). */
export function hbaTrusts(dataDir: string): boolean {
  return fs
    .readFileSync(hbaFile(dataDir), 'utf8')
    .split('\n')
    .some((l) => !l.trim().startsWith('#') && /\s(trust|peer|ident)\s*$/.test(l));
}

export function writePasswordOnlyHba(dataDir: string) {
  const lines = [
    '# Written by Evoscope: every connection needs the password in ../password (scram-sha-256).',
    'local   all   all                  scram-sha-256',
    'host    all   all   127.0.0.1/32   scram-sha-256',
    'host    all   all   ::1/128        scram-sha-256',
    '',
  ];
  fs.writeFileSync(hbaFile(dataDir), lines.join('\n'), { mode: 0o600 });
}
