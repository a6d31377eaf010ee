// The database for a command: DATABASE_URL when the user set one, otherwise Evoscope's own
// embedded PostgreSQL under .evoscope/ in the checkout. Migrations are applied either way.
import path from 'node:path';
import { startEmbeddedPostgres } from './embeddedPostgres';
import { migrate } from './migrate';

export interface Database {
  url: string;
  embedded: boolean;
  /** The embedded server's folder and port when this process started it (npm start supervises it). */
  owned?: { baseDir: string; port: number };
  /** Stops the embedded server if this process started it; a no-op otherwise. */
  release(): void;
}

export async function ensureDatabase(opts: { root?: string; log?: (l: string) => void } = {}): Promise<Database> {
  const root = opts.root ?? process.cwd();
  const log = opts.log ?? ((l: string) => process.stderr.write(`[evoscope] ${l}\n`));
  let db: Database;
  if (process.env.DATABASE_URL) {
    db = { url: process.env.DATABASE_URL, embedded: false, release() {} };
  } else {
    const pg = await startEmbeddedPostgres({ baseDir: path.join(root, '.evoscope', 'postgres'), log });
    process.env.DATABASE_URL = pg.url;
    db = {
      url: pg.url,
      embedded: true,
      owned: pg.startedHere ? { baseDir: pg.baseDir, port: pg.port } : undefined,
      release: () => (pg.startedHere ? pg.stop() : undefined),
    };
  }
  const { applied } = await migrate(db.url, path.join(root, 'prisma', 'migrations'));
  if (applied.length) log(`applied migrations: ${applied.join(', ')}`);
  return db;
}
