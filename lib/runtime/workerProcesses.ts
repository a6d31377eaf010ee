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
const RECONNECT_MS = 1000;
/** The liveness connections' name in pg_stat_activity. */
export const APPLICATION_NAME = 'evoscope-worker-liveness';

export interface DeadWorker {
  id: string;
  poolIds: string[];
}

export class WorkerProcess {
  private client: pg.Client | null = null;
  private readonly poolIds: string[] = [];
  private closed = false;
  readonly id = `${os.hostname()}-${process.pid}-${crypto.randomUUID().slice(0, 8)}`;

  private constructor(
    private readonly connectionString: string,
    private readonly log: (line: string) => void,
  ) {}

  /** Registers this process as alive (holding its lock until `close` or death). */
  static async register(connectionString: string, log: (line: string) => void = () => {}): Promise<WorkerProcess> {
    const me = new WorkerProcess(connectionString, log);
    await me.connect();
    return me;
  }

  /**
   * Takes a lock and writes the row. Again after a lost connection (a database restart): while
   * the lock was gone another worker may have taken this one for dead and released its jobs, which
   * then run again; every task is safe to run twice.
   */
  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: APPLICATION_NAME });
    client.on('error', () => {}); // reported through 'end'
    await client.connect();
    // A random key, retried if some other process holds it: the key is stored in the row, so
    // keys never need to be derived (and cannot collide) by hashing.
    let lockKey = 0;
    for (;;) {
      lockKey = crypto.randomInt(-2_147_483_648, 2_147_483_647);
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, lockKey]);
      if (rows[0].ok) break;
    }
    await client.query(
      `INSERT INTO worker_processes (id, lock_key, pool_ids, hostname, pid) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET lock_key = EXCLUDED.lock_key, pool_ids = EXCLUDED.pool_ids`,
      [this.id, lockKey, this.poolIds, os.hostname(), process.pid],
    );
    client.once('end', () => {
      this.client = null;
      if (!this.closed) this.reconnect();
    });
    this.client = client;
  }

  private reconnect() {
    this.log('lost the liveness connection; registering again');
    setTimeout(() => {
      if (this.closed) return;
      this.connect().then(
        () => this.log('registered again'),
        () => this.reconnect(),
      );
    }, RECONNECT_MS).unref();
  }

  private db(): pg.Client {
    if (!this.client) throw new Error('the liveness connection is down');
    return this.client;
  }

  /**
   * Records a graphile-worker pool of this process. Called from the pool's creation event, so the
   * UPDATE goes out before the pool's first job fetch has had a round trip.
   */
  async addPool(poolId: string): Promise<void> {
    this.poolIds.push(poolId);
    await this.db().query('UPDATE worker_processes SET pool_ids = array_append(pool_ids, $2) WHERE id = $1', [this.id, poolId]);
  }

  /**
   * Finds the processes that died (their lock is free), hands their pool ids to `unlock`, and
   * forgets them. Two live processes never both claim one dead process: the lock decides.
   */
  async reapDead(unlock: (poolIds: string[]) => Promise<void>): Promise<DeadWorker[]> {
    const db = this.db();
    const { rows } = await db.query<{ id: string; lock_key: number; pool_ids: string[] | null }>(
      'SELECT id, lock_key, pool_ids FROM worker_processes WHERE id <> $1',
      [this.id],
    );
    const dead: DeadWorker[] = [];
    for (const r of rows) {
      const got = await db.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LOCK_CLASS, r.lock_key]);
      if (!got.rows[0].ok) continue; // alive
      try {
        const poolIds = r.pool_ids ?? [];
        if (poolIds.length) await unlock(poolIds);
        await db.query('DELETE FROM worker_processes WHERE id = $1', [r.id]);
        dead.push({ id: r.id, poolIds });
      } finally {
        await db.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, r.lock_key]);
      }
    }
    return dead;
  }

  /** A clean exit: the row goes, the lock is dropped with the connection. */
  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    if (!client) return;
    await client.query('DELETE FROM worker_processes WHERE id = $1', [this.id]).catch(() => {});
    await client.end().catch(() => {});
  }
}
