import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { listMigrations, migrate } from '../../lib/runtime/migrate';

describe('migrations', () => {
  it('are applied once and recorded in _prisma_migrations', async () => {
    const url = process.env.DATABASE_URL;
    expect(url, 'DATABASE_URL must point at the test database').toBeTruthy();
    await migrate(url!);
    const again = await migrate(url!);
    expect(again.applied).toEqual([]);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const { rows } = await c.query('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name');
      expect(rows.map((r) => r.migration_name)).toEqual(listMigrations());
      const tables = await c.query(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema='public' AND table_name = ANY($1)`, [
        ['runs', 'programs', 'edges', 'evaluations', 'contexts', 'replay_environments', 'blobs', 'analyses'],
      ]);
      expect(tables.rows[0].n).toBe(8);
    } finally {
      await c.end();
    }
  });

  it('compresses large stored values with lz4 where the server has it (analyses reports, graph cache)', async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    try {
      await migrate(process.env.DATABASE_URL!);
      const lz4 = await c.query(`SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)`);
      const { rows } = await c.query(
        `SELECT a.attrelid::regclass::text AS t, a.attname AS col, a.attcompression AS comp FROM pg_attribute a
         WHERE (a.attrelid, a.attname) IN (('analyses'::regclass, 'result'), ('graph_cache'::regclass, 'json')) ORDER BY 1`,
      );
      // Without lz4 in the server the migrations keep pglz (empty attcompression: the default).
      const expected = lz4.rowCount ? 'l' : '';
      expect(rows).toEqual([
        { t: 'analyses', col: 'result', comp: expected },
        { t: 'graph_cache', col: 'json', comp: expected },
      ]);
    } finally {
      await c.end();
    }
  });
});
