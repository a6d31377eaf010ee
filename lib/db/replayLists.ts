// The run-level lists of replay (issue 11): which programs can be replayed (a stored prompt;
// best-so-far events first, then by score), and per replayed program its latest replay's figures
// with the run's median ratio per variant (Table 3's run figure).
import type { ReplayRow, ReplaysResponse, ReplayTargetsResponse } from '../contracts/api/replaySchemas';
import { medianOverTargets } from '../interventions/replay/summary';
import { REPLAY_VARIANTS, type ExperimentStatus, type ReplayReport } from '../contracts/interventionTypes';
import { pool } from './client';
import { bestChainProgramIds } from './evaluationBatches';

/** Programs with a stored prompt: best-so-far events first (in run order), then the rest by score (best first). */
export async function listReplayTargets(runId: string, page: { limit: number; offset: number }): Promise<ReplayTargetsResponse> {
  const best = await bestChainProgramIds(runId);
  const { rows } = await pool().query<{ higher_is_better: boolean }>('SELECT higher_is_better FROM runs WHERE id = $1', [runId]);
  const dir = rows[0]?.higher_is_better === false ? 'ASC' : 'DESC';
  const args = [runId, best, page.limit, page.offset];
  const base = `FROM programs p WHERE p.run_id = $1 AND EXISTS (SELECT 1 FROM contexts c WHERE c.program_id = p.id AND c.user_sha IS NOT NULL)`;
  const [items, count] = await Promise.all([
    pool().query<{ id: string; external_id: string; iteration: number | null; score: number | null; best: boolean; kind: string | null; replays: number }>(
      `SELECT p.id, p.external_id, p.iteration, p.score, p.id = ANY($2::uuid[]) AS best,
              (SELECT c.kind FROM contexts c WHERE c.program_id = p.id AND c.user_sha IS NOT NULL ORDER BY c.id LIMIT 1) AS kind,
              (SELECT count(*)::int FROM experiments x WHERE x.program_id = p.id AND x.kind = 'replay') AS replays
       ${base}
       ORDER BY (p.id = ANY($2::uuid[])) DESC, CASE WHEN p.id = ANY($2::uuid[]) THEN p.seq END, p.score ${dir} NULLS LAST, p.seq
       LIMIT $3 OFFSET $4`,
      args,
    ),
    pool().query<{ n: number }>(`SELECT count(*)::int AS n ${base}`, [runId]),
  ]);
  return {
    items: items.rows.map((r) => ({ programId: r.id, externalId: r.external_id, iteration: r.iteration, score: r.score, bestSoFar: r.best, promptKind: r.kind, replays: r.replays })),
    total: count.rows[0].n,
  };
}

/** Per replayed program its latest replay (any status), best-so-far events flagged; the run's median per variant. */
export async function listReplays(runId: string): Promise<ReplaysResponse> {
  const best = new Set(await bestChainProgramIds(runId));
  const { rows } = await pool().query<{
    id: string; program_id: string; external_id: string; iteration: number | null; status: ExperimentStatus; done: number; total: number;
    result: ReplayReport | null; created_at: Date;
  }>(
    `SELECT DISTINCT ON (x.program_id) x.id, x.program_id, p.external_id, p.iteration, x.status, x.done, x.total, x.result, x.created_at
     FROM experiments x JOIN programs p ON p.id = x.program_id
     WHERE x.run_id = $1 AND x.kind = 'replay'
     ORDER BY x.program_id, x.created_at DESC, x.id`,
    [runId],
  );
  const items: ReplayRow[] = rows
    .map((r) => ({
      programId: r.program_id, externalId: r.external_id, iteration: r.iteration, bestSoFar: best.has(r.program_id), experimentId: r.id,
      status: r.status, done: r.done, total: r.total, model: r.result?.model ?? null, originalScore: r.result?.originalScore ?? null,
      parentScore: r.result?.parentScore ?? null, createdAt: r.created_at.toISOString(), variants: r.result?.variants ?? [],
    }))
    .sort((a, b) => (a.iteration ?? Infinity) - (b.iteration ?? Infinity) || a.externalId.localeCompare(b.externalId));
  const median = REPLAY_VARIANTS.flatMap((variant) => {
    const ratios = items.map((i) => i.variants.find((v) => v.variant === variant)).filter((v) => v !== undefined).map((v) => v.scoreRatio);
    if (!ratios.length) return [];
    return [{ variant, scoreRatio: medianOverTargets(ratios), targets: ratios.filter((x) => x !== null).length }];
  });
  return { items, median };
}
