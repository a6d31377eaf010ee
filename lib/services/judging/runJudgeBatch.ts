// Runs a judging batch (worker task judge-run): the run's edits its judge has not judged yet, in
// the run's order, chunk by chunk (only a chunk's sources are in memory: runs reach 100k
// programs), `concurrency` LLM requests in flight (the offline judge is synchronous). Each answer
// becomes an edit_judgements row (upsert on run, judge, child), written in batches together with
// the batch's counters in one transaction, so a batch killed at any point resumes from what is
// stored. A cancel is polled and aborts the requests in flight; caps (edits, tokens, cost) stop the
// batch with status 'budget' before the next edit would pass one. One process runs a batch at a
// time (a PostgreSQL advisory lock, freed with its connection when the process dies).
import { diffHash, editDiff } from '../../analysis/taxonomy/diff';
import type { Judgement } from '../../contracts/taxonomyTypes';
import type { EditSetEdit } from '../../analysis/taxonomy/editSet';
import type { JudgeBatchResponse } from '../../contracts/api/taxonomySchemas';
import type { LlmJudgeOutcome, LlmSettings } from '../../contracts/llmTypes';
import { pool } from '../../db/client';
import { getJudgeBatch, LLM_NOT_CONFIGURED, TERMINAL } from '../../db/judgeBatches';
import { judgedChildIds, loadRunEditSet } from '../../db/runEditSet';
import { budgetGate } from '../../analysis/taxonomy/budgetGate';

/** The judges a batch runs, injected so tests can script them (real ones: lib/services/judging/judgeDeps.ts). */
export interface JudgeDeps {
  /** Called once before the first offline judgement (the tree-sitter parsers). */
  initOffline: () => Promise<void>;
  judgeOffline: (parent: string, child: string, language: string) => Judgement;
  loadLlmSettings: () => Promise<LlmSettings | null>;
  judgeLlm: (diff: string, opts: { settings: LlmSettings; signal?: AbortSignal; language?: string }) => Promise<LlmJudgeOutcome>;
}

export interface RunJudgeBatchOptions {
  /** Stops the batch without cancelling it (shutdown): it resumes on the next start. */
  signal?: AbortSignal;
  onProgress?: (b: JudgeBatchResponse) => void;
  log?: (line: string) => void;
  /** How often a cancel is polled. */
  pollMs?: number;
  /** Edits whose sources are loaded at once. */
  chunk?: number;
}

export type RunJudgeBatchResult = JudgeBatchResponse & { skipped?: string };

/** One stored outcome (a row of edit_judgements plus what it cost). */
interface Outcome {
  childId: string;
  parentId: string;
  status: 'judged' | 'not-judged';
  labels: string[];
  rationale: string;
  evidence: unknown;
  reason: string | null;
  diffHash: string;
  cached: boolean;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

// PostgreSQL text and jsonb refuse NUL characters; an LLM may answer anything.
const clean = (s: string) => s.replace(/\u0000/g, '\uFFFD');

async function finish(batchId: string, status: 'done' | 'failed' | 'budget', error: string | null = null) {
  await pool().query(
    `UPDATE judge_batches SET status = $2, error = $3, finished_at = now() WHERE id = $1 AND status IN ('queued', 'running')`,
    [batchId, status, error],
  );
}

/** Stores outcomes and adds them to the batch's counters, in one transaction. */
async function store(batch: JudgeBatchResponse, outcomes: Outcome[]) {
  if (!outcomes.length) return;
  const client = await pool().connect();
  try {
    await client.query('BEGIN');
    const rows = outcomes.map((o) => ({
      child_id: o.childId, parent_id: o.parentId, status: o.status, labels: o.labels, rationale: clean(o.rationale),
      evidence: o.evidence ?? {}, reason: o.reason === null ? null : clean(o.reason), diff_hash: o.diffHash,
    }));
    await client.query(
      `INSERT INTO edit_judgements (id, run_id, judge, batch_id, child_id, parent_id, status, labels, rationale, evidence, reason, diff_hash)
       SELECT gen_random_uuid(), $1, $2, $3, r.child_id, r.parent_id, r.status, ARRAY(SELECT jsonb_array_elements_text(r.labels)),
              r.rationale, r.evidence, r.reason, r.diff_hash
       FROM jsonb_to_recordset($4::jsonb) AS r(child_id uuid, parent_id uuid, status text, labels jsonb, rationale text, evidence jsonb, reason text, diff_hash text)
       ON CONFLICT (run_id, judge, child_id) DO UPDATE SET parent_id = EXCLUDED.parent_id, status = EXCLUDED.status, labels = EXCLUDED.labels,
         rationale = EXCLUDED.rationale, evidence = EXCLUDED.evidence, reason = EXCLUDED.reason, diff_hash = EXCLUDED.diff_hash,
         batch_id = EXCLUDED.batch_id, created_at = now()`,
      [batch.runId, batch.judge, batch.id, clean(JSON.stringify(rows))],
    );
    const sum = (f: (o: Outcome) => number) => outcomes.reduce((s, o) => s + f(o), 0);
    await client.query(
      `UPDATE judge_batches SET done = done + $2, cached = cached + $3, not_judged = not_judged + $4,
         prompt_tokens = prompt_tokens + $5, completion_tokens = completion_tokens + $6, cost_usd = cost_usd + $7 WHERE id = $1`,
      [
        batch.id, outcomes.length, sum((o) => +o.cached), sum((o) => +(o.status === 'not-judged')),
        sum((o) => o.promptTokens), sum((o) => o.completionTokens), sum((o) => o.costUsd),
      ],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

async function loadSources(ids: string[]) {
  const { rows } = await pool().query<{ id: string; content: string; language: string | null }>(
    `SELECT p.id, b.content, coalesce(p.language, r.language) AS language
     FROM programs p JOIN blobs b ON b.sha256 = p.code_sha JOIN runs r ON r.id = p.run_id WHERE p.id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, { code: r.content, language: r.language ?? 'python' }]));
}

/**
 * Runs what is left of a batch and returns it. A batch already finished, or being run by another
 * process (`skipped` says so), is returned as it is. Null: the batch (or its run) no longer exists.
 */
export async function runJudgeBatch(batchId: string, deps: JudgeDeps, opts: RunJudgeBatchOptions = {}): Promise<RunJudgeBatchResult | null> {
  const lock = await pool().connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext('judge-batch:' || $1)::bigint) AS ok`, [batchId]);
    if (!rows[0].ok) {
      const b = await getJudgeBatch(null, batchId);
      return b && { ...b, skipped: 'another process is running this batch' };
    }
    try {
      return await runLocked(batchId, deps, opts);
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(hashtext('judge-batch:' || $1)::bigint)`, [batchId]);
    }
  } finally {
    lock.release();
  }
}

async function runLocked(batchId: string, deps: JudgeDeps, opts: RunJudgeBatchOptions): Promise<RunJudgeBatchResult | null> {
  const log = opts.log ?? (() => {});
  const batch = await getJudgeBatch(null, batchId);
  if (!batch || TERMINAL.includes(batch.status)) return batch;
  let settings: LlmSettings | null = null;
  if (batch.kind === 'llm') {
    // An unusable configuration (e.g. EVOSCOPE_LLM_BASE_URL not a URL) fails the batch with its
    // message: retrying cannot fix it.
    const loaded = await deps.loadLlmSettings().catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
    if (!loaded || typeof loaded === 'string') {
      await finish(batchId, 'failed', loaded || LLM_NOT_CONFIGURED);
      return getJudgeBatch(null, batchId);
    }
    settings = { ...loaded, model: batch.model ?? loaded.model };
  } else {
    await deps.initOffline();
  }
  const set = await loadRunEditSet(batch.runId);
  if (!set) return null;
  const judged = await judgedChildIds(batch.runId, batch.judge);
  const pending = set.edits.filter((e) => !judged.has(e.childId));
  await pool().query(
    `UPDATE judge_batches SET status = 'running', started_at = coalesce(started_at, now()), total = done + $2
     WHERE id = $1 AND status IN ('queued', 'running')`,
    [batchId, pending.length],
  );
  log(`judging batch ${batchId} (${batch.judge}): ${pending.length} edits to judge${settings ? `, ${batch.concurrency} at once` : ''}`);

  // Cancel (or the run's deletion) and shutdown both abort what is in flight; only a cancel is final.
  const stop = new AbortController();
  let cancelled = false;
  const onShutdown = () => stop.abort();
  opts.signal?.addEventListener('abort', onShutdown, { once: true });
  let polling = false;
  const checkCancel = async () => {
    if (polling || stop.signal.aborted) return;
    polling = true;
    try {
      const { rows } = await pool().query<{ status: string }>('SELECT status FROM judge_batches WHERE id = $1', [batchId]);
      if (!rows[0] || rows[0].status === 'cancelled') {
        cancelled = true;
        stop.abort();
      }
    } catch {
      // The next poll tries again; a database that stays away fails the store instead.
    } finally {
      polling = false;
    }
  };
  const timer = setInterval(() => void checkCancel(), opts.pollMs ?? 300);
  const current = (await getJudgeBatch(null, batchId))!;
  const gate = budgetGate(batch.budget, current);
  let buffer: Outcome[] = [];
  let lastFlush = Date.now();
  let storing: Promise<void> = Promise.resolve();
  const flush = (force: boolean) => {
    if (!buffer.length || (!force && buffer.length < 200 && Date.now() - lastFlush < 500)) return storing;
    const out = buffer;
    buffer = [];
    lastFlush = Date.now();
    storing = storing.then(async () => {
      await store(batch, out);
      const b = await getJudgeBatch(null, batchId);
      if (b) opts.onProgress?.(b);
    });
    // A failed write stops the lanes; the error is thrown by the final flush, which awaits it
    // (handled here meanwhile, so it is never an unhandled rejection that kills the worker).
    storing.catch(() => stop.abort());
    return storing;
  };

  let budgetStop = false;
  try {
    const chunk = opts.chunk ?? 100;
    for (let i = 0; i < pending.length && !stop.signal.aborted && !budgetStop; i += chunk) {
      const edits = pending.slice(i, i + chunk);
      const sources = await loadSources([...new Set(edits.flatMap((e) => [e.childId, e.parentId]))]);
      if (settings) {
        budgetStop = await judgeLlmChunk(edits, sources, settings, batch.concurrency, deps, gate, stop.signal, (o) => {
          buffer.push(o);
          void flush(false);
        });
      } else {
        for (const e of edits) {
          if (!gate.mayStart()) {
            budgetStop = true;
            break;
          }
          const o = judgeOfflineEdit(e, sources, deps);
          if (o) {
            gate.started();
            gate.finished(o);
            buffer.push(o);
          }
        }
        await checkCancel();
      }
      // Offline: a chunk is a moment's work, stored as one write (the progress bar moves per chunk).
      await flush(!settings);
    }
    await flush(true);
  } catch (e) {
    // The run (and with it the batch) was deleted meanwhile: nothing to store it in.
    if ((e as { code?: string }).code === '23503') return null;
    throw e;
  } finally {
    clearInterval(timer);
    opts.signal?.removeEventListener('abort', onShutdown);
  }
  if (cancelled) log(`judging batch ${batchId}: cancelled`);
  else if (stop.signal.aborted) log(`judging batch ${batchId}: interrupted by a shutdown; it resumes on the next start`);
  else if (budgetStop) {
    await finish(batchId, 'budget', `stopped at the budget cap (${gate.describe()}); resume to judge the rest`);
    log(`judging batch ${batchId}: stopped at the budget cap`);
  } else {
    await finish(batchId, 'done');
    log(`judging batch ${batchId}: done`);
  }
  const final = await getJudgeBatch(null, batchId);
  if (final) opts.onProgress?.(final);
  return final;
}

function judgeOfflineEdit(e: EditSetEdit, sources: Map<string, { code: string; language: string }>, deps: JudgeDeps): Outcome | null {
  const parent = sources.get(e.parentId);
  const child = sources.get(e.childId);
  if (!parent || !child) return null; // deleted since (a live run re-ingested): nothing to judge
  const hash = diffHash(editDiff(parent.code, child.code).text);
  const base = { childId: e.childId, parentId: e.parentId, diffHash: hash, cached: false, promptTokens: 0, completionTokens: 0, costUsd: 0 };
  try {
    const j = deps.judgeOffline(parent.code, child.code, child.language);
    return { ...base, status: 'judged', labels: j.labels, rationale: j.rationale, evidence: j.evidence, reason: null };
  } catch (err) {
    // A judge bug on one odd source must not stop the run's other edits.
    return { ...base, status: 'not-judged', labels: [], rationale: '', evidence: {}, reason: `the offline judge failed: ${(err as Error)?.message ?? String(err)}` };
  }
}

/** Judges one chunk with `concurrency` requests in flight; true when the budget stopped it. */
async function judgeLlmChunk(
  edits: EditSetEdit[],
  sources: Map<string, { code: string; language: string }>,
  settings: LlmSettings,
  concurrency: number,
  deps: JudgeDeps,
  gate: ReturnType<typeof budgetGate>,
  signal: AbortSignal,
  onOutcome: (o: Outcome) => void,
): Promise<boolean> {
  let next = 0;
  let budgetStop = false;
  const waiters: (() => void)[] = [];
  const wake = () => waiters.splice(0).forEach((w) => w());
  const lane = async () => {
    while (next < edits.length && !signal.aborted && !budgetStop) {
      if (!gate.mayStart()) {
        // Nothing in flight can change the verdict: stop. Otherwise wait for an answer (it gives
        // the first estimate of an edit's cost, or frees its reservation) and ask again.
        if (gate.inFlight() === 0) budgetStop = true;
        else await new Promise<void>((r) => waiters.push(r));
        continue;
      }
      const e = edits[next++];
      const parent = sources.get(e.parentId);
      const child = sources.get(e.childId);
      if (!parent || !child) continue;
      const diff = editDiff(parent.code, child.code).text;
      gate.started();
      let outcome: LlmJudgeOutcome;
      // One signal per edit, relayed from the batch's: the LLM client adds abort listeners per
      // request, which on the batch-wide signal would pile up over thousands of edits.
      const edit = new AbortController();
      const relay = () => edit.abort();
      signal.addEventListener('abort', relay, { once: true });
      try {
        outcome = await deps.judgeLlm(diff, { settings, signal: edit.signal, language: child.language });
      } catch (err) {
        if (signal.aborted) {
          gate.abandoned();
          wake();
          return;
        }
        outcome = { status: 'not-judged', reason: `the LLM judge failed: ${(err as Error)?.message ?? String(err)}`, promptTokens: 0, completionTokens: 0, costUsd: 0 };
      } finally {
        signal.removeEventListener('abort', relay);
      }
      if (signal.aborted) {
        gate.abandoned(); // cancelled or shutting down: the edit stays pending
        wake();
        return;
      }
      const base = {
        childId: e.childId, parentId: e.parentId, diffHash: diffHash(diff), promptTokens: outcome.promptTokens,
        completionTokens: outcome.completionTokens, costUsd: outcome.costUsd,
      };
      const o: Outcome =
        outcome.status === 'judged'
          ? { ...base, status: 'judged', labels: outcome.judgement.labels, rationale: outcome.judgement.rationale, evidence: outcome.judgement.evidence, reason: null, cached: outcome.cached }
          : { ...base, status: 'not-judged', labels: [], rationale: '', evidence: {}, reason: outcome.reason, cached: false };
      gate.finished(o);
      onOutcome(o);
      wake();
    }
    wake();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, edits.length)) }, lane));
  return budgetStop;
}
