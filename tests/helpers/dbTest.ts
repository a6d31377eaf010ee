// The database a test file works in: migrated before its tests; after them, `after` runs (a
// file's own clean-up), the runs the file recorded in `runIds` are deleted (with everything that
// hangs off them) and the pool is closed.
import { afterAll, beforeAll } from 'vitest';
import { disconnect, pool } from '../../lib/db/client';
import { migrate } from '../../lib/runtime/migrate';

export function useTestDatabase(opts: { runIds?: string[]; after?: () => void | Promise<void> } = {}): { runIds: string[] } {
  const runIds = opts.runIds ?? [];
  beforeAll(async () => {
    await migrate(process.env.DATABASE_URL!);
  });
  afterAll(async () => {
    await pool().query('DELETE FROM runs WHERE id = ANY($1::uuid[])', [runIds]);
    await disconnect();
    await opts.after?.();
  });
  return { runIds };
}
