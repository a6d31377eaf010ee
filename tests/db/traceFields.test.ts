// Issue 22's trace fields end to end on a real PostgreSQL: a hand-built ImportedRun using every
// one (origin, context refs, rejected programs, named components, EvoX strategies) is stored by
// the import writer (COPY and unnest paths both) and by live ingestion, and read back by the
// program detail, the lineage graph and the strategy page's query. Rejected programs are stored
// invalid and never best; context refs never become parent edges.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { GET as strategiesRoute } from '../../app/api/runs/[runId]/strategies/route';
import { runStrategiesSchema } from '../../lib/contracts/api/strategies';
import { getRun } from '../../lib/db/runs';
import { appendPrograms, createLiveRun } from '../../lib/db/appendPrograms';
import { pool } from '../../lib/db/client';
import { exportRunToDirectory } from '../../lib/db/exportRun';
import { getRunGraphJson } from '../../lib/db/graph';
import { evotraceFormat } from '../../lib/importers/evotrace';
import { storeImportedRun } from '../../lib/db/importRun';
import { getProgramDetail } from '../../lib/db/programs';
import { deleteRun } from '../../lib/db/runEdit';
import { runHasStrategies, runStrategies } from '../../lib/db/strategies';
import { componentsText, splitComponents } from '../../lib/trace/components';
import type { ImportedRun, ProgramRecord } from '../../lib/trace/schema';
import { useTestDatabase } from '../helpers/dbTest';

const { runIds } = useTestDatabase();
const tag = crypto.randomUUID();

/** `n` programs: p0 the seed, each next a child of the one before; every 4th shows p0 as context. */
function programs(n: number): ProgramRecord[] {
  return Array.from({ length: n }, (_, i) => ({
    externalId: `p${i}`,
    code: `# ${tag} ${i}\nx = ${i}\n`,
    iteration: i,
    valid: true,
    score: i,
    metrics: { score: i },
    parents: i ? [{ externalId: `p${i - 1}` }] : [],
    origin: { model: i % 2 ? 'gpt-5-mini' : 'o3', operator: i % 3 ? 'refine' : 'diverge', promptTokens: 1000 + i, completionTokens: 200.5, cost: 0.01 * i },
    contextRefs: i && i % 4 === 0 ? [{ externalId: 'p0', label: 'top' }, { externalId: 'ghost-ctx', label: null }] : [],
  }));
}

function evoxRun(n: number): ImportedRun {
  const ps = programs(n);
  // The highest score of all, but rejected: stored invalid, never the best.
  ps.push({
    externalId: 'rejected-1', code: `# ${tag} rejected\n`, iteration: n, valid: true, score: 1e6, metrics: { score: 1e6 },
    parents: [{ externalId: `p${n - 1}` }], rejected: true, origin: { operator: 'reflective_mutation' },
  });
  // A GEPA-like candidate: code left '' by the importer, components given; context refs to a later program.
  ps.push({
    externalId: 'gepa-1', code: '', iteration: n + 1, valid: true, score: 1, metrics: { score: 1 },
    components: { system_prompt: `answer ${tag}`, judge: 'be strict\nline 2' },
    parents: [{ externalId: 'p0' }], contextRefs: [{ externalId: 'p1', label: 'inspiration' }],
  });
  return {
    run: { name: `trace-fields-${n}`, framework: 'skydiscover', scoreMetric: 'score' },
    warnings: [],
    stats: {},
    programs: ps,
    strategies: [
      { iteration: 0, code: `def search():\n    return 'greedy ${tag}'\n`, score: 0.5, isNewBest: true, fallback: false, activeFrom: 0, activeTo: 9,
        metadata: { db_before: { size: 1 }, db_after: { size: 10 } }, prompts: { system: 'evolve the search' }, failedAttempts: [] },
      { iteration: 1, code: `def search():\n    return 'beam ${tag}'\n`, score: 0.4, isNewBest: false, fallback: true, activeFrom: 10, activeTo: 19,
        failedAttempts: [{ error: 'SyntaxError' }] },
    ],
  };
}

// 100 programs: the COPY path; 5: the unnest path.
for (const n of [100, 5]) {
  describe(`import of every new field (${n} programs)`, () => {
    it('stores origin, context refs, rejected, components and strategies, and reads them back', async () => {
      const stored = await storeImportedRun(evoxRun(n));
      runIds.push(stored.runId);
      const runId = stored.runId;
      // Rejected: neither best nor invalid, counted apart.
      expect(stored).toMatchObject({ programs: n + 2, invalidPrograms: 0, rejectedPrograms: 1, bestProgramExternalId: `p${n - 1}`, strategies: 2 });
      const run = (await pool().query('SELECT invalid_count, rejected_count, best_score FROM runs WHERE id = $1', [runId])).rows[0];
      expect(run).toEqual({ invalid_count: 0, rejected_count: 1, best_score: n - 1 });

      const rows = (await pool().query(
        `SELECT id, external_id, valid, rejected, model, operator, prompt_tokens, completion_tokens, cost, component_names
           FROM programs WHERE run_id = $1 ORDER BY seq`, [runId])).rows;
      const by = new Map(rows.map((r) => [r.external_id, r]));
      expect(by.get('p3')).toMatchObject({ valid: true, rejected: false, model: 'gpt-5-mini', operator: 'diverge', prompt_tokens: 1003, completion_tokens: 200.5, cost: 0.03, component_names: null });
      expect(by.get('rejected-1')).toMatchObject({ valid: false, rejected: true, operator: 'reflective_mutation', model: null });
      expect(by.get('gepa-1')!.component_names).toEqual(['judge', 'system_prompt']);

      // Context refs: stored apart, resolved to programs of the run (a later one included), never edges.
      const refs = (await pool().query(
        `SELECT c.external_id AS child, r.ref_external_id, r.label, r.ref_program_id IS NOT NULL AS resolved
           FROM context_refs r JOIN programs c ON c.id = r.program_id WHERE r.run_id = $1 ORDER BY c.seq, r.ordinal`, [runId])).rows;
      expect(refs.filter((r) => r.child === 'p4')).toEqual([
        { child: 'p4', ref_external_id: 'p0', label: 'top', resolved: true },
        { child: 'p4', ref_external_id: 'ghost-ctx', label: null, resolved: false },
      ]);
      expect(refs.find((r) => r.child === 'gepa-1')).toEqual({ child: 'gepa-1', ref_external_id: 'p1', label: 'inspiration', resolved: true });
      const edges = (await pool().query(`SELECT parent_external_id FROM edges WHERE run_id = $1`, [runId])).rows.map((r) => r.parent_external_id);
      expect(edges).toHaveLength(n + 1);
      expect(edges).not.toContain('ghost-ctx');
      expect(edges.filter((e) => e === 'p1')).toHaveLength(1); // p1 -> p2 only, not gepa-1's context

      // Program detail: origin, status, context refs as links, components in the code.
      const p4 = (await getProgramDetail(runId, by.get('p4')!.id))!;
      expect(p4.origin).toEqual({ model: 'o3', operator: 'refine', promptTokens: 1004, completionTokens: 200.5, cost: 0.04 });
      expect(p4.contextRefs.map((r) => [r.externalId, r.label, r.id !== null])).toEqual([['p0', 'top', true], ['ghost-ctx', null, false]]);
      expect(p4.parents.map((x) => x.externalId)).toEqual(['p3']);
      const rej = (await getProgramDetail(runId, by.get('rejected-1')!.id))!;
      expect(rej).toMatchObject({ valid: false, rejected: true });
      const gepa = (await getProgramDetail(runId, by.get('gepa-1')!.id))!;
      expect(gepa.code).toBe(componentsText({ system_prompt: `answer ${tag}`, judge: 'be strict\nline 2' }));
      expect(splitComponents(gepa.code)).toEqual([{ name: 'judge', text: 'be strict\nline 2' }, { name: 'system_prompt', text: `answer ${tag}` }]);
      expect(gepa.componentNames).toEqual(['judge', 'system_prompt']);
      expect((await getProgramDetail(runId, by.get('p1')!.id))!.origin).toMatchObject({ model: 'gpt-5-mini' });

      // The lineage graph: rejected nodes flagged, context edges apart from parent edges.
      const graph = JSON.parse((await getRunGraphJson(runId))!);
      expect(graph.rejected).toEqual([n]);
      expect(graph.edges.childIndex).toHaveLength(n + 1);
      const ctx = graph.contextEdges.childIndex.map((c: number, k: number) => [graph.externalIds[c], graph.externalIds[graph.contextEdges.refIndex[k]]]);
      expect(ctx).toContainEqual(['p4', 'p0']);
      expect(ctx).toContainEqual(['gepa-1', 'p1']);

      // Strategies, read back in order with their code.
      expect(await runHasStrategies(runId)).toBe(true);
      const strategies = await runStrategies(runId);
      expect(strategies.map((s) => [s.iteration, s.score, s.isNewBest, s.fallback, s.activeFrom, s.activeTo])).toEqual([
        [0, 0.5, true, false, 0, 9],
        [1, 0.4, false, true, 10, 19],
      ]);
      expect(strategies[0].code).toContain(`greedy ${tag}`);
      expect(strategies[0].metadata).toEqual({ db_before: { size: 1 }, db_after: { size: 10 } });
      expect(strategies[1].failedAttempts).toEqual([{ error: 'SyntaxError' }]);

      // The run as pages read it: rejected counted apart (not valid), strategies linked.
      const detail = (await getRun(runId))!;
      expect(detail).toMatchObject({ rejectedCount: 1, strategyCount: 2, invalidCount: 0 });
      expect(detail.validShare).toBeCloseTo((n + 1) / (n + 2));

      // GET /api/runs/[runId]/strategies.
      const host = `127.0.0.1:${process.env.PORT ?? 3000}`;
      const res = await strategiesRoute(new NextRequest(`http://${host}/api/runs/${runId}/strategies`, { headers: { host } }), { params: Promise.resolve({ runId }) });
      expect(res.status).toBe(200);
      const body = runStrategiesSchema.parse(await res.json());
      expect(body.lastIteration).toBe(n + 1);
      expect(body.strategies.map((s) => s.iteration)).toEqual([0, 1]);
    });
  });
}

it('run deletion removes the strategies and their code blobs', async () => {
  const run = evoxRun(3);
  // Code no other run of this file shares (blobs are content-addressed and shared between runs).
  run.strategies = run.strategies!.map((s) => ({ ...s, code: `${s.code}# only in the deleted run\n` }));
  const stored = await storeImportedRun(run);
  const sha = (await pool().query('SELECT code_sha FROM strategies WHERE run_id = $1 AND iteration = 0', [stored.runId])).rows[0].code_sha;
  await deleteRun(stored.runId);
  expect((await pool().query('SELECT count(*)::int AS n FROM strategies WHERE run_id = $1', [stored.runId])).rows[0].n).toBe(0);
  expect((await pool().query('SELECT count(*)::int AS n FROM blobs WHERE sha256 = $1', [sha])).rows[0].n).toBe(0);
});

it('live ingestion stores the new fields, resolves late context refs and never makes a rejected program best', async () => {
  const runId = await createLiveRun({ name: 'trace-fields live', framework: 'gepa', scoreMetric: 'score' });
  runIds.push(runId);
  await appendPrograms(runId, [
    { externalId: 'a', code: 'a', iteration: 0, valid: true, score: 1, origin: { model: 'm', operator: 'seed' }, contextRefs: [{ externalId: 'c', label: 'later' }] },
    { externalId: 'b', code: 'b', iteration: 1, valid: true, score: 99, rejected: true, parents: [{ externalId: 'a' }] },
  ]);
  let run = (await pool().query('SELECT invalid_count, rejected_count, best_score FROM runs WHERE id = $1', [runId])).rows[0];
  expect(run).toEqual({ invalid_count: 0, rejected_count: 1, best_score: 1 });
  await appendPrograms(runId, [{ externalId: 'c', code: 'c', iteration: 2, valid: true, score: 2, components: { p: 'x' } }]);
  run = (await pool().query('SELECT best_score FROM runs WHERE id = $1', [runId])).rows[0];
  expect(run.best_score).toBe(2);
  const ref = (await pool().query(
    `SELECT p.external_id FROM context_refs r JOIN programs p ON p.id = r.ref_program_id WHERE r.run_id = $1`, [runId])).rows;
  expect(ref).toEqual([{ external_id: 'c' }]);
  const rows = (await pool().query(`SELECT external_id, valid, model, operator, component_names FROM programs WHERE run_id = $1 ORDER BY seq`, [runId])).rows;
  expect(rows).toEqual([
    { external_id: 'a', valid: true, model: 'm', operator: 'seed', component_names: null },
    { external_id: 'b', valid: false, model: null, operator: null, component_names: null },
    { external_id: 'c', valid: true, model: null, operator: null, component_names: ['p'] },
  ]);
});

it('an EvoTrace export round-trips every new field', async () => {
  const stored = await storeImportedRun(evoxRun(6));
  runIds.push(stored.runId);
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'trace-fields-'));
  try {
    await exportRunToDirectory(stored.runId, path.join(out, 'x'));
    const [again] = await evotraceFormat.read(path.join(out, 'x'), {});
    const back = await storeImportedRun(again);
    runIds.push(back.runId);
    expect(back).toMatchObject({ programs: 8, rejectedPrograms: 1, bestProgramExternalId: 'p5', strategies: 2 });
    const read = async (runId: string) =>
      (await pool().query(
        `SELECT p.external_id, p.valid, p.rejected, p.model, p.operator, p.prompt_tokens, p.completion_tokens, p.cost, p.component_names,
                b.content AS code,
                (SELECT json_agg(json_build_array(r.ref_external_id, r.label, r.ref_program_id IS NOT NULL) ORDER BY r.ordinal)
                   FROM context_refs r WHERE r.program_id = p.id) AS refs
           FROM programs p JOIN blobs b ON b.sha256 = p.code_sha WHERE p.run_id = $1 ORDER BY p.seq`, [runId])).rows;
    expect(await read(back.runId)).toEqual(await read(stored.runId));
    const strip = (xs: Awaited<ReturnType<typeof runStrategies>>) => xs.map((x) => ({ ...x }));
    expect(strip(await runStrategies(back.runId))).toEqual(strip(await runStrategies(stored.runId)));
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
});
