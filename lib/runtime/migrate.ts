// Applies the committed Prisma migrations (prisma/migrations/*/migration.sql) in order.
// Prisma 6's migrate engine needs a download or a shadow-database workaround offline, so
// Evoscope applies the SQL itself, recording each in Prisma's own `_prisma_migrations`
// table (same columns and checksums), so `prisma migrate status` still reads the history.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const LOCK_KEY = 727_001; // advisory lock: two processes never migrate at once

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

export function migrationsDir(root = process.cwd()) {
  return path.join(root, 'prisma', 'migrations');
}

export function listMigrations(dir = migrationsDir()) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

export async function migrate(databaseUrl: string, dir = migrationsDir()): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const doneMap = new Map(done.rows.map((r) => [r.migration_name, r.checksum]));
    const applied: string[] = [];
    for (const name of listMigrations(dir)) {
      const sql = fs.readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      const checksum = crypto.createHash('sha256').update(sql).digest('hex');
      const prev = doneMap.get(name);
      if (prev !== undefined) {
        if (prev !== checksum) throw new Error(`Migration ${name} was edited after it was applied (checksum differs).`);
        continue;
      }
      await client.query('BEGIN');
      try {
        await client.query(sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count)
           VALUES ($1, $2, now(), $3, 1)`,
          [crypto.randomUUID(), checksum, name],
        );
        await client.query('COMMIT');
        applied.push(name);
      } catch (e) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${name} failed: ${(e as Error).message}`);
      }
    }
    return { applied, alreadyApplied: doneMap.size };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
