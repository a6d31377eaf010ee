// A metric's values (GET /api/runs/[runId]/points, one entry per program with its seq) realigned
// to the lineage's node indices (graph.seq), for colouring the nodes by any metric. Pure.
export function metricByNode(seqOfNode: readonly number[], points: { seq: readonly number[]; value: readonly (number | null)[] }): (number | null)[] {
  const bySeq = new Map<number, number | null>();
  points.seq.forEach((s, k) => bySeq.set(s, points.value[k]));
  return seqOfNode.map((s) => bySeq.get(s) ?? null);
}
