// Duplicates by behaviour through GET /api/runs/[runId]/duplicates: a small constructed run with
// hand-worked numbers, and the FunSearch demo run against an independent count; the report is
// stored by the run-analyses step and recomputed when the run changed since.
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET } from '../../app/api/runs/[runId]/duplicates/route';
import { generateFunSearchDemo } from '../../lib/services/demo/funsearch/config';
import { pool } from '../../lib/db/client';
import { computeRunDuplicates } from '../../lib/db/duplicates';
import { storeImportedRun } from '../../lib/db/importRun';
import type { ImportedRun } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
const tag = crypto.randomUUID().slice(0, 8);

async function duplicates(runId: string) {
  const res = await GET(new NextRequest(`http://${host}/api/runs/${runId}/duplicates`, { headers: { host } }), { params: Promise.resolve({ runId }) });
  return { status: res.status, body: await res.json() };
}

// p0 code A h1 $0.10 unique | p1 code A' h1 $0.20 behavioural | p2 code A (trailing blanks) h2 $0.30
// textual | p3 code B h3 $0.40 unique | p4 code C, no hash, no prompt ($0) unique | p5 code D h1 $1.00
// behavioural. Budget $2.00: textual $0.30 (15 %), behavioural $1.20 (60 %); one group {p0,p1,p5}.
function small(): ImportedRun {
  const rows: [string, string | null, number | null][] = [
    ['def f(x):\n  return x\n', 'h1', 0.1], ['def f(x):\n  return x + 0\n', 'h1', 0.2], ['def f(x):\n  return x   \n\n', 'h2', 0.3],
    ['def f(x):\n  return -x\n', 'h3', 0.4], ['def f(x):\n  return 2 * x\n', null, null], ['def f(x):\n  return (x)\n', 'h1', 1.0],
  ];
  return {
    run: { name: `dups-${tag}`, framework: 'custom', scoreMetric: 'score' },
    warnings: [],
    stats: {},
    programs: rows.map(([code, outputHash, cost], i) => ({
      externalId: `p${i}`, code, iteration: i, valid: true, score: i, metrics: { score: i }, outputHash,
      contexts: cost == null ? [] : [{ kind: 'prompt', user: `prompt ${i}`, response: code, cost }],
    })),
  };
}

describe('duplicates by behaviour', () => {
  it('a constructed run: counts, budget shares and the group, with links to its programs', async () => {
    const { runId } = await storeImportedRun(small());
    runIds.push(runId);
    const { status, body } = await duplicates(runId);
    expect(status).toBe(200);
    expect(body.budgetUnit).toBe('cost');
    expect(body.totals.programs.count).toBe(6);
    expect(body.totals.programs.budget).toBeCloseTo(2, 12);
    expect([body.totals.unique.count, body.totals.textual.count, body.totals.behavioural.count]).toEqual([3, 1, 2]);
    expect(body.share.textual).toBeCloseTo(0.15, 12);
    expect(body.share.behavioural).toBeCloseTo(0.6, 12);
    expect(body.differingCodeGroupCount).toBe(1);
    const ids = await pool().query<{ id: string; external_id: string }>('SELECT id::text, external_id FROM programs WHERE run_id = $1', [runId]);
    const idOf = new Map(ids.rows.map((r) => [r.external_id, r.id]));
    expect(body.groups).toEqual([
      { basis: 'outputHash', size: 3, distinctCode: 3, budget: expect.closeTo(1.3, 12), programs: ['p0', 'p1', 'p5'].map((e) => ({ id: idOf.get(e), externalId: e })) },
    ]);
    // Stored: read back without recomputing while the run is unchanged; recomputed once it changes.
    const stored = await pool().query('SELECT computed_at FROM analyses WHERE run_id = $1 AND kind = $2', [runId, 'duplicates']);
    expect(stored.rows).toHaveLength(1);
    expect((await duplicates(runId)).body.computedAt).toBe(stored.rows[0].computed_at.toISOString());
    await pool().query(`UPDATE programs SET output_hash = 'h3' WHERE run_id = $1 AND external_id = 'p5'`, [runId]);
    await pool().query('UPDATE runs SET updated_at = now() WHERE id = $1', [runId]);
    const again = (await duplicates(runId)).body;
    expect(again.groups.map((g: { programs: { externalId: string }[] }) => g.programs.map((p) => p.externalId))).toEqual([['p0', 'p1'], ['p3', 'p5']]);
    expect((await duplicates(crypto.randomUUID())).status).toBe(404);
  });

  it('the FunSearch demo run: the same numbers as an independent count over its records', async () => {
    const imported = await generateFunSearchDemo();
    const { runId } = await storeImportedRun(imported);
    runIds.push(runId);
    await computeRunDuplicates(runId); // what the run-analyses task does after the import
    const { body } = await duplicates(runId);

    // Independent: programs in the writer's order (iteration, then timestamp), code normalised by
    // dropping trailing spaces and blank lines, behaviour = output hash.
    const ordered = [...imported.programs].sort((a, b) => a.iteration! - b.iteration! || (a.timestamp ?? 0) - (b.timestamp ?? 0));
    const norm = (c: string) => c.split('\n').map((l) => l.trimEnd()).filter(Boolean).join('\n');
    const codes = new Set<string>();
    const hashes = new Map<string, Set<string>>();
    let textual = 0;
    let behavioural = 0;
    let behaviouralCost = 0;
    let cost = 0;
    for (const p of ordered) {
      const c = norm(p.code);
      const price = (p.contexts ?? []).reduce((s, x) => s + (x.cost ?? 0), 0);
      cost += price;
      if (codes.has(c)) textual++;
      else if (p.outputHash && hashes.has(p.outputHash)) {
        behavioural++;
        behaviouralCost += price;
      }
      codes.add(c);
      if (p.outputHash) hashes.set(p.outputHash, (hashes.get(p.outputHash) ?? new Set()).add(c));
    }
    const differing = [...hashes.values()].filter((s) => s.size >= 2).length;
    console.log(`FunSearch demo: ${ordered.length} programs, ${textual} textual, ${behavioural} behavioural duplicates, ${differing} groups with differing code`);
    expect(body.totals.programs.count).toBe(ordered.length);
    expect(body.totals.textual.count).toBe(textual);
    expect(body.totals.behavioural.count).toBe(behavioural);
    expect(behavioural).toBeGreaterThan(0);
    expect(body.share.behavioural).toBeCloseTo(behaviouralCost / cost, 9);
    expect(body.differingCodeGroupCount).toBe(differing);
    expect(body.groups[0].distinctCode).toBeGreaterThanOrEqual(2);
  }, 600_000);
});
