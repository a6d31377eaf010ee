// `evoscope judge <dir|archive|runId> --judge offline|llm [--json]`: labels every parent->child
// edit of a run with the nine edit types and prints, per run, the edits and the per-label figures
// (lib/analysis/taxonomy/stats.ts). A run folder or archive is read without a database (the LLM
// judge still needs one for its settings and its answer cache); a stored run is judged by a
// judging batch run in this process, so its judgements are stored as the web app's would be.
// `evoscope judge --diffs FILE.jsonl ...`: edits outside any run, one {"id", "labels"} line each.
import fs from 'node:fs';
import { canonicalLabels } from '../../lib/contracts/editLabels';
import { editSet, type EditSetEdit, type EditSetProgram } from '../../lib/analysis/taxonomy/editSet';
import { scoreScale, taxonomyStats } from '../../lib/analysis/taxonomy/stats';
import { OFFLINE_JUDGE_KEY, llmJudgeKey, type LabelledEdit, type TaxonomyStats } from '../../lib/contracts/taxonomyTypes';
import { canonicalOrder } from '../../lib/trace/order';
import type { ImportedRun } from '../../lib/trace/schema';
import type { LlmSettings } from '../../lib/contracts/llmTypes';
import { readRunsFromInput } from '../../lib/services/import/importPipeline';
import type { JudgeArgs } from '../judgeArgs';
import { JudgeError } from '../labelsFile';
import { judgeOfflineAll, judgeLlmAll, type EditToJudge, type JudgeOutcome } from '../judgeLoop';
import { judgeDiffsFile } from '../judgeDiffs';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The per-label fields of item 6's --json output. */
function labelFigures(s: TaxonomyStats) {
  return s.labels.map((l) => ({
    label: l.label,
    prevalence: l.prevalence,
    positiveRate: l.positiveRate,
    oddsRatio: l.oddsRatio,
    ciLow: l.ciLow,
    ciHigh: l.ciHigh,
    fisherP: l.fisherP,
    enrichmentBestSoFar: l.enrichmentBestSoFar,
    enrichmentFinalLineage: l.enrichmentFinalLineage,
  }));
}

interface PrintedEdit {
  parentId: string;
  childId: string;
  labels: string[];
  rationale: string;
  notJudged?: string;
}

interface JudgedRun {
  run: string;
  judge: string;
  edits: PrintedEdit[];
  stats: TaxonomyStats;
  notJudged: number;
}

const num = (x: number | null, digits = 2) => (x === null ? 'n/a' : x.toFixed(digits));

function printRun(r: JudgedRun, json: boolean) {
  if (json) {
    process.stdout.write(`${JSON.stringify({ run: r.run, judge: r.judge, edits: r.edits, labels: labelFigures(r.stats) })}\n`);
    return;
  }
  const s = r.stats;
  const lines = [
    `${r.run}: ${s.edits} edits judged by ${r.judge}${r.notJudged ? ` (${r.notJudged} not judged)` : ''}; ` +
      `${s.unscored} without a valid parent and child score left out of the odds ratios; score scale ${num(s.scoreScale, 4)} (p95 of |score|, at least 1)`,
    '  label                  count  prevalence  positive  odds ratio [95% CI]        Fisher p  enrich. best-so-far  final lineage',
  ];
  for (const l of s.labels) {
    const or = l.oddsRatio === null ? 'n/a' : `${num(l.oddsRatio)} [${num(l.ciLow)}, ${num(l.ciHigh)}]`;
    lines.push(
      `  ${l.label.padEnd(22)} ${String(l.count).padStart(5)}  ${num(l.prevalence, 3).padStart(10)}  ${num(l.positiveRate, 3).padStart(8)}  ` +
        `${or.padEnd(25)}  ${(l.fisherP === null ? 'n/a' : l.fisherP.toPrecision(3)).padStart(8)}  ${num(l.enrichmentBestSoFar).padStart(19)}  ${num(l.enrichmentFinalLineage).padStart(13)}`,
    );
  }
  if (s.compounds.length) lines.push(`  compounds: ${s.compounds.slice(0, 5).map((c) => `${c.labels.join(' + ')} (${c.count})`).join(', ')}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Printed edits and figures of a run's edits and their outcomes (not-judged ones out of the figures). */
function judgedRun(
  name: string,
  judge: string,
  edits: readonly EditSetEdit[],
  outcomes: readonly (JudgeOutcome | undefined)[],
  idOf: (id: string) => string,
  scores: number[],
  higherIsBetter: boolean,
): JudgedRun {
  const printed: PrintedEdit[] = [];
  const labelled: LabelledEdit[] = [];
  edits.forEach((e, i) => {
    const o = outcomes[i] ?? { status: 'not-judged', reason: 'not judged' };
    const ids = { parentId: idOf(e.parentId), childId: idOf(e.childId) };
    if (o.status === 'not-judged') {
      printed.push({ ...ids, labels: [], rationale: '', notJudged: o.reason });
      return;
    }
    const labels = canonicalLabels(o.labels);
    printed.push({ ...ids, labels, rationale: o.rationale });
    labelled.push({ ...e, labels });
  });
  const stats = taxonomyStats(labelled, { scoreScale: scoreScale(scores), higherIsBetter });
  return { run: name, judge, edits: printed, stats, notJudged: printed.length - labelled.length };
}

async function llmSettingsOrFail(): Promise<LlmSettings> {
  const { loadLlmSettings } = await import('../../lib/services/llmSettings');
  const settings = await loadLlmSettings();
  if (!settings) {
    throw new JudgeError('no LLM is configured: set EVOSCOPE_LLM_BASE_URL and EVOSCOPE_LLM_MODEL (and EVOSCOPE_LLM_API_KEY), or save them on /settings');
  }
  return settings;
}

/** A run folder, run file or archive: every run in it, judged in memory. */
async function judgeRunsFromInput(args: JudgeArgs, log: (l: string) => void) {
  const runs = await readRunsFromInput(args.target!, { forAnalysis: true });
  if (args.judge !== 'llm') return judgeRuns(runs, null, args, log);
  const { withDatabase } = await import('../withDatabase'); // the LLM's settings and its answer cache
  return withDatabase(log, async () => judgeRuns(runs, await llmSettingsOrFail(), args, log));
}

/** Each run's edits through the offline judge, or the LLM's when its settings are given. */
async function judgeRuns(runs: ImportedRun[], settings: LlmSettings | null, args: JudgeArgs, log: (l: string) => void) {
  for (const r of runs) {
    // The stored run's view of the programs: seq from the canonical order, the raw iteration.
    const ordered = canonicalOrder(r.programs);
    const programs: EditSetProgram[] = ordered.map(({ item }, seq) => ({
      id: item.externalId,
      seq,
      iteration: item.iteration ?? null,
      valid: item.valid,
      score: item.score ?? null,
      parentIds: (item.parents ?? []).map((p) => p.externalId),
      hasCode: item.code.length > 0,
    }));
    const byId = new Map<string, (typeof r.programs)[number]>();
    for (const { item } of ordered) if (!byId.has(item.externalId)) byId.set(item.externalId, item);
    const set = editSet(programs, r.run.higherIsBetter ?? true);
    const toJudge: EditToJudge[] = set.edits.map((e) => {
      const parent = byId.get(e.parentId)!;
      const child = byId.get(e.childId)!;
      return { parent: parent.code, child: child.code, language: child.language ?? parent.language ?? r.run.language ?? null };
    });
    const started = Date.now();
    let outcomes: JudgeOutcome[];
    let judge = OFFLINE_JUDGE_KEY;
    if (settings) {
      judge = llmJudgeKey(settings.model);
      const res = await judgeLlmAll(toJudge, settings, log);
      outcomes = res.outcomes;
      log(`LLM: ${res.spend.requests} edits asked, ${res.spend.cached} from the cache, ${res.spend.promptTokens + res.spend.completionTokens} tokens, $${res.spend.costUsd.toFixed(4)}`);
    } else {
      outcomes = await judgeOfflineAll(toJudge);
    }
    log(`judged "${r.run.name}" (${set.edits.length} edits) in ${Date.now() - started} ms`);
    printRun(judgedRun(r.run.name, judge, set.edits, outcomes, (id) => id, set.scores, r.run.higherIsBetter ?? true), args.json);
  }
}

export async function judgeCommand(args: JudgeArgs, log: (l: string) => void) {
  if (args.diffs) return judgeDiffsFile(args, log, llmSettingsOrFail);
  if (UUID.test(args.target!) && !fs.existsSync(args.target!)) {
    const { judgeStoredRun } = await import('../judgeStoredRun');
    const r = await judgeStoredRun(args.target!, args.judge, log, llmSettingsOrFail);
    const outcomes = r.edits.map((e) => r.outcomes.get(e.childId));
    printRun(judgedRun(r.runId, r.judge, r.edits, outcomes, (id) => r.externalIds.get(id) ?? id, r.scores, r.higherIsBetter), args.json);
    return;
  }
  return judgeRunsFromInput(args, log);
}
