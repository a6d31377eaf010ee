// Texts an experiment stored (issue 11): the sources, requests and replies of its calls and the
// programs its report names (the tuned program, the rewrite with the defaults). A blob is only
// given out through the experiment that references it, so the route cannot be used to read
// blobs of other runs by guessing hashes.
import { pool } from '../../db/client';

/** The blob's text when `sha` belongs to this experiment of this run; null otherwise. */
export async function experimentBlob(runId: string, experimentId: string, sha: string): Promise<string | null> {
  const { rows } = await pool().query<{ content: string }>(
    `SELECT b.content FROM blobs b
     WHERE b.sha256 = $3 AND EXISTS (
       SELECT 1 FROM experiments x WHERE x.id = $2 AND x.run_id = $1 AND (
         x.result ->> 'tunedSha' = $3 OR x.result ->> 'rewriteSha' = $3
         OR EXISTS (SELECT 1 FROM experiment_calls c WHERE c.experiment_id = x.id AND $3 IN (c.source_sha, c.request_sha, c.response_sha))))`,
    [runId, experimentId, sha],
  );
  return rows[0]?.content ?? null;
}
