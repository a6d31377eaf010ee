// The database session of a CLI command: the database (DATABASE_URL, else the embedded one,
// started and migrated), the command's work, then everything let go even when the work failed,
// so the process can exit: the job queue's client (only made when a job was queued: import,
// diagnose), the pool and Prisma, and the embedded PostgreSQL when this process started it.
import { disconnect } from '../lib/db/client';
import { ensureDatabase, type Database } from '../lib/runtime/ensureDatabase';

export async function withDatabase<T>(log: (l: string) => void, body: () => Promise<T>): Promise<T> {
  let db: Database | null = null;
  try {
    db = await ensureDatabase({ log });
    return await body();
  } finally {
    // A failure here is logged, not thrown: it must not hide the command's own error, nor keep
    // the pool and the embedded server from being let go.
    await import('../lib/db/jobQueue')
      .then(({ releaseJobClient }) => releaseJobClient())
      .catch((e) => log(`releasing the job client failed: ${(e as Error).message}`));
    await disconnect();
    db?.release();
  }
}
