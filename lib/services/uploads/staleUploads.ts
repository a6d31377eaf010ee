// Uploads nobody finished: an import still `uploading` a day after its last file arrived was
// abandoned (the tab closed, the network gone); one found to repeat a stored run (`duplicate`)
// and left undecided for a day was too. Its job fails with a message saying so and its bytes are
// removed. Folders under uploads/ whose import has ended (or never existed), left behind by a
// crash, go after a day too. Run by the worker at start-up and hourly.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pool } from '../../db/client';
import { removeUpload } from '../../storage/storage';
import { dataDir } from '../../contracts/env';

const DAY_MS = 24 * 3600 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ABANDONED_MESSAGE = 'the upload was never started and was removed after a day; upload the files again';
export const UNDECIDED_MESSAGE =
  'its runs were stored already, and nobody chose to import it again within a day: the upload was removed; upload the files again to store it';

/** Removes abandoned uploads; returns the import ids whose folders were removed. */
export async function removeStaleUploads(maxAgeMs = DAY_MS): Promise<string[]> {
  const { rows: abandoned } = await pool().query<{ id: string }>(
    `UPDATE import_jobs SET status = 'failed', phase = 'failed', finished_at = now(), updated_at = now(),
       error = CASE status WHEN 'duplicate' THEN $3 ELSE $2 END
     WHERE status IN ('uploading', 'duplicate') AND updated_at < now() - make_interval(secs => $1::float8 / 1000) RETURNING id`,
    [maxAgeMs, ABANDONED_MESSAGE, UNDECIDED_MESSAGE],
  );
  const removed = new Set<string>();
  for (const { id } of abandoned) {
    await removeUpload(id);
    removed.add(id);
  }

  const root = path.join(dataDir(), 'uploads');
  const names = (await fsp.readdir(root).catch(() => [] as string[])).filter((n) => UUID.test(n) && !removed.has(n));
  if (!names.length) return [...removed];
  // Folders of imports still uploading, queued, running or waiting for the user's decision on a
  // duplicate are in use, whatever their age (uploading and duplicate ones expire above, by the job's age).
  const { rows: active } = await pool().query<{ id: string }>(
    `SELECT id::text FROM import_jobs WHERE id = ANY($1::uuid[]) AND status IN ('uploading', 'queued', 'running', 'duplicate')`,
    [names],
  );
  const inUse = new Set(active.map((r) => r.id));
  for (const name of names) {
    if (inUse.has(name)) continue;
    const st = await fsp.stat(path.join(root, name)).catch(() => null);
    if (!st || Date.now() - st.mtimeMs < maxAgeMs) continue;
    await removeUpload(name);
    removed.add(name);
  }
  return [...removed];
}
