// What a generated demo run contains, measured from its programs (not from the generator's
// intentions): used by the tests, the demo-write CLI and the loader's log.
import { addedLines, deletedRuns } from './diffBlocks';
import type { GeneratedRun } from './scenario';

export interface RecycledLine {
  programId: string;
  line: string;
  deletedAt: number;
  readdedAt: number;
}

export interface RunSummary {
  programs: number;
  islands: number;
  checkpoints: number;
  failed: number;
  migrants: number;
  retunes: number;
  rewrites: number;
  withPrompts: number;
  /** Added lines byte-identical to a line an ancestor deleted (blank lines and lone braces excluded). */
  recycled: RecycledLine[];
  bestScore: number;
}

const trivial = (l: string) => /^[\s{}();]*$/.test(l);

/** Lines each program re-adds that its lineage deleted earlier (the paper's cycling check). */
export function recycledLines(run: GeneratedRun): RecycledLine[] {
  const byId = new Map(run.programs.map((p) => [p.id, p]));
  const lines = (id: string) => byId.get(id)!.code.replace(/\n$/, '').split('\n');
  const deleted = new Map<string, { line: string; at: number }[]>();
  for (const p of run.programs) {
    if (!p.parentId) continue;
    deleted.set(
      p.id,
      deletedRuns(lines(p.parentId), lines(p.id)).flatMap((r) => r.lines.map((line) => ({ line, at: p.note.iteration }))),
    );
  }
  const out: RecycledLine[] = [];
  for (const p of run.programs) {
    if (!p.parentId || p.note.edit === 'migrant') continue;
    const seen = new Map<string, number>();
    for (let a: string | null = p.parentId; a; a = byId.get(a)!.parentId) {
      for (const d of deleted.get(a) ?? []) if (!seen.has(d.line) || seen.get(d.line)! < d.at) seen.set(d.line, d.at);
    }
    for (const line of addedLines(lines(p.parentId), lines(p.id))) {
      if (trivial(line) || !seen.has(line)) continue;
      out.push({ programId: p.id, line, deletedAt: seen.get(line)!, readdedAt: p.note.iteration });
    }
  }
  return out;
}

export function summarizeRun(run: GeneratedRun): RunSummary {
  const ps = run.programs;
  const best = ps.find((p) => p.id === run.bestProgramId)!;
  return {
    programs: ps.length,
    islands: run.config.islands,
    checkpoints: run.checkpoints.length,
    failed: ps.filter((p) => p.note.failed).length,
    migrants: ps.filter((p) => p.metadata.migrant === true).length,
    retunes: ps.filter((p) => (p.note.detail?.knobs?.length ?? 0) > 0).length,
    rewrites: ps.filter((p) => p.note.edit === 'rewrite').length,
    withPrompts: ps.filter((p) => p.prompts !== null).length,
    recycled: recycledLines(run),
    bestScore: best.metrics.combined_score as number,
  };
}

export function describeSummary(name: string, s: RunSummary): string {
  const spans = s.recycled.map((r) => r.readdedAt - r.deletedAt).sort((a, b) => a - b);
  const median = spans.length ? spans[Math.floor(spans.length / 2)] : 0;
  return (
    `${name}: ${s.programs} programs on ${s.islands} islands, ${s.checkpoints} checkpoints, ` +
    `${s.failed} failed, ${s.migrants} migrants, ${s.retunes} retunes, ${s.rewrites} rewrites, ` +
    `${s.recycled.length} recycled lines (median span ${median}, max ${spans[spans.length - 1] ?? 0} iterations), ` +
    `best combined_score ${s.bestScore.toFixed(4)}`
  );
}
