// The offline edit judge (lib/analysis/taxonomy/offlineJudge.ts) on a generated 10k-edit run, in
// a fresh process: node --import tsx scripts/bench/taxonomyOnce.ts [edits]
// Programs are the realistic synthetic run of the other sections (lib/services/demo/synthetic.ts REALISTIC,
// ~4.5 KB of Python each: retunes, deletions, re-added lines); the last quarter of the edits are the
// same programs written as C++ (one `double x = step(...);` statement per line inside a function), so
// that both parsers are timed. Edits are judged in creation order, as a judging job walks a run.
// Prints one JSON object: total ms, edits/s, the same per language, and the time with every
// structural edit parsed (parsedEveryEditMs).
import { initParsers } from '../../lib/analysis/treeSitter';
import { clearProgramCache, setDeriveWithoutParse } from '../../lib/analysis/taxonomy/offlineFacts';
import { judgeEditOffline } from '../../lib/analysis/taxonomy/offlineJudge';
import { REALISTIC, syntheticPrograms } from '../../lib/services/demo/synthetic';

const n = Number(process.argv[2] ?? 10_000);
const cppShare = 0.25;

/** The synthetic Python program as C++: same statements, same literals, same edits. */
function toCpp(py: string): string {
  const body = py
    .split('\n')
    .filter((l) => l.startsWith('    '))
    .map((l) => (l.trim().startsWith('return') ? `    return ${l.trim().slice(7)};` : `    double ${l.trim().replace(/rate=/, '')};`));
  return ['#include <cmath>', '#include "step.h"', '', 'double solve(State& state) {', ...body, '}', ''].join('\n');
}

const programs = [...syntheticPrograms(n + 1, 23, 4, REALISTIC)];
const byId = new Map(programs.map((p) => [p.id, p]));
const edits = programs
  .filter((p) => p.parentId)
  .slice(0, n)
  .map((p, k) => {
    // The last quarter of the run, in order, as C++ (a run of its own, as a judging job sees it).
    const cpp = k >= n * (1 - cppShare);
    const parent = byId.get(p.parentId!)!.code;
    return cpp ? { language: 'cpp', parent: toCpp(parent), child: toCpp(p.code) } : { language: 'python', parent, child: p.code };
  });

await initParsers();
// For comparison: the same edits with every structural edit parsed (no routines carried over
// through the diff), as edits that touch control statements are. Timed first, then forgotten.
setDeriveWithoutParse(false);
const t1 = performance.now();
for (const e of edits) judgeEditOffline(e.parent, e.child, e.language);
const parsedEveryEditMs = Math.round(performance.now() - t1);
setDeriveWithoutParse(true);
clearProgramCache();

const per: Record<string, { edits: number; ms: number; bytes: number }> = {};
const labelCounts: Record<string, number> = {};
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (const e of edits) {
  const t = performance.now();
  const j = judgeEditOffline(e.parent, e.child, e.language);
  const s = (per[e.language] ??= { edits: 0, ms: 0, bytes: 0 });
  s.ms += performance.now() - t;
  s.edits++;
  s.bytes += e.child.length;
  for (const l of j.labels) labelCounts[l] = (labelCounts[l] ?? 0) + 1;
}
const totalMs = performance.now() - t0;
// CPU time of this process (user + system): steadier than wall time on a shared machine.
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `${JSON.stringify({
    edits: edits.length,
    totalMs: Math.round(totalMs),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    editsPerSec: Math.round(edits.length / (totalMs / 1000)),
    perLanguage: Object.fromEntries(
      Object.entries(per).map(([lang, s]) => [lang, { edits: s.edits, ms: Math.round(s.ms), editsPerSec: Math.round(s.edits / (s.ms / 1000)), meanSourceKB: +(s.bytes / s.edits / 1024).toFixed(1) }]),
    ),
    labels: labelCounts,
    parsedEveryEditMs,
  })}\n`,
);
