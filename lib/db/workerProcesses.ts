// Which worker processes are alive, so that a crashed one's jobs are released at once and a live
// one's never are. graphile-worker locks a job with its pool's id and frees the locks of a
// crashed pool only after 4 hours; it cannot tell a dead pool from a busy one. Each Evoscope
// worker process therefore holds a session advisory lock (LOCK_CLASS, lockKey) on a connection
// of its own for as long as it lives, and lists its pool ids in `worker_processes`. PostgreSQL
// drops the lock when the process dies (its connection closes), so a row whose lock can be taken
// belongs to a dead process: its pools are passed to graphile-worker's public
// `forceUnlockWorkers`, and the row is deleted. Nothing here writes graphile-worker's tables.
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';

const LOCK_CLASS = 727_100;

export interface DeadWorker {
  id: string;
  poolIds: string[];
}

export class WorkerProcess {
  private constructor(
    private readonly client: pg.Client,
    readonly id: string,
  ) {}

  /** Registers this process as alive (holding its lock until `close` or death). */
  static async register(connectionString: string): Promise<WorkerProcess> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    // A random key, retried if some other process holds it: the key is stored in the row, so
    // keys never need to be derived (and cannot collide) by hashing.
    let lockKey = 0;
    for (;;) {
      lockKey = crypto.randomInt(-2_147_483_648, 2_147_483_647);
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, lockKey]);
      if (rows[0].ok) break;
    }
    const id = `${os.hostname()}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;
    await client.query(
      `INSERT INTO worker_processes (id, lock_key, pool_ids, hostname, pid) VALUES ($1, $2, '{}', $3, $4)`,
      [id, lockKey, os.hostname(), process.pid],
    );
    return new WorkerProcess(client, id);
  }

  /**
   * Records a graphile-worker pool of this process. Called from the pool's creation event, before
   * its first job fetch goes out on another connection.
   */
  addPool(poolId: string): Promise<void> {
    return this.client
      .query('UPDATE worker_processes SET pool_ids = array_append(pool_ids, $2) WHERE id = $1', [this.id, poolId])
      .then(() => undefined);
  }

  /**
   * Finds the processes that died (their lock is free), hands their pool ids to `unlock`, and
   * forgets them. Two live processes never both claim one dead process: the lock decides.
   */
  async reapDead(unlock: (poolIds: string[]) => Promise<void>): Promise<DeadWorker[]> {
    const { rows } = await this.client.query<{ id: string; lock_key: number; pool_ids: string[] | null }>(
      'SELECT id, lock_key, pool_ids FROM worker_processes WHERE id <> $1',
      [this.id],
    );
    const dead: DeadWorker[] = [];
    for (const r of rows) {
      const got = await this.client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, r.lock_key]);
      if (!got.rows[0].ok) continue; // alive
      try {
        const poolIds = r.pool_ids ?? [];
        if (poolIds.length) await unlock(poolIds);
        await this.client.query('DELETE FROM worker_processes WHERE id = $1', [r.id]);
        dead.push({ id: r.id, poolIds });
      } finally {
        await this.client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, r.lock_key]);
      }
    }
    return dead;
  }

  /** A clean exit: the row goes, the lock is dropped with the connection. */
  async close(): Promise<void> {
    await this.client.query('DELETE FROM worker_processes WHERE id = $1', [this.id]).catch(() => {});
    await this.client.end().catch(() => {});
  }
}
