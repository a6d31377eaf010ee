// The data of lib/analysis/agentCandidates.ts for one run: its programs in order with their first
// parent's score and the agent-candidate flag the importer set, and the eval agent's triggers.
import type pg from 'pg';
import { compareAgentCandidates, type AgentCandidateComparison } from '../analysis/agentCandidates';
import { pool } from './client';

/** Agent candidates against mutation children of the same trigger windows; null when there is no such run. */
export async function getAgentCandidateComparison(runId: string, db: pg.Pool | pg.PoolClient = pool()): Promise<AgentCandidateComparison | null> {
  const run = await db.query<{ higher_is_better: boolean }>('SELECT higher_is_better FROM runs WHERE id = $1', [runId]);
  if (!run.rows.length) return null;
  const [programs, triggers] = await Promise.all([
    db.query<{
      id: string; external_id: string; seq: number; generation: number | null; score: number | null; valid: boolean;
      agent: boolean; has_parent: boolean; parent_score: number | null; parent_valid: boolean | null;
    }>(
      // The first parent (ordinal 0) is the one mutated; crossover partners are not compared against.
      `SELECT p.id, p.external_id, p.seq, coalesce(p.iteration, p.generation) AS generation, p.score, p.valid,
              coalesce(p.metadata->'agentCandidate' = 'true'::jsonb, false) AS agent,
              e.child_id IS NOT NULL AS has_parent, pp.score AS parent_score, pp.valid AS parent_valid
       FROM programs p
       LEFT JOIN LATERAL (SELECT child_id, parent_id FROM edges WHERE child_id = p.id ORDER BY ordinal LIMIT 1) e ON true
       LEFT JOIN programs pp ON pp.id = e.parent_id
       WHERE p.run_id = $1 ORDER BY p.seq`,
      [runId],
    ),
    db.query<{ g: number }>('SELECT DISTINCT trigger_generation AS g FROM diagnoses WHERE run_id = $1 ORDER BY 1', [runId]),
  ]);
  return compareAgentCandidates(
    programs.rows.map((r) => ({
      id: r.id, externalId: r.external_id, seq: r.seq, generation: r.generation, score: r.score, valid: r.valid,
      hasParent: r.has_parent, parentScore: r.parent_score, parentValid: r.parent_valid ?? false, agentCandidate: r.agent,
    })),
    triggers.rows.map((t) => t.g),
    run.rows[0].higher_is_better,
  );
}
