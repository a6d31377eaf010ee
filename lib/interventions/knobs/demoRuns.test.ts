// The knob finder and the rewrite on every program of both demo runs, and the rewrite of early
// best-so-far programs scored by the demo's real evaluators in the sandbox: the score the run
// recorded, exactly (what the tuning gap's reproduction check does before tuning starts).
import type { Node } from '@vscode/tree-sitter-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { initParsers } from '../../analysis/treeSitter';
import { publicBestChain } from '../../services/demo/bestChain';
import { generateDemoRuns } from '../../services/demo/demoRuns';
import { demoEvaluatorBundle } from '../../services/demo/evaluators/bundles';
import type { GeneratedRun } from '../../services/demo/scenario';
import { evaluateProgram } from '../../sandbox/evaluators/evaluate';
import { knobSchema } from '../../contracts/interventionTypes';
import { parseProgram } from './literals';
import { findKnobsOffline } from './offline';
import { parameterise } from './rewrite';

let runs: GeneratedRun[];
beforeAll(async () => {
  await initParsers();
  runs = await generateDemoRuns();
}, 1_800_000);

const langOf = (l: string) => (l === 'cpp' ? 'cpp' : 'python') as 'cpp' | 'python';

/**
 * The original back from a rewrite, read on the rewrite's own syntax tree: the block removed and
 * each reference (a C++ identifier, a Python PARAMS["name"] subscript) after it replaced by its
 * knob's literal. Words in comments are left alone, so this is exact.
 */
function undo(rewritten: string, lang: 'cpp' | 'python', block: [number, number], literalOf: Map<string, string>): string {
  const tree = parseProgram(rewritten, lang);
  const spans: [number, number, string][] = [];
  const visit = (n: Node) => {
    const lit = n.startIndex >= block[1] && (n.type === 'identifier' || n.type === 'subscript') ? literalOf.get(n.text) : undefined;
    if (lit !== undefined) spans.push([n.startIndex, n.endIndex, lit]);
    else for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(tree.rootNode);
  tree.delete();
  let out = rewritten.slice(0, block[0]);
  let at = block[1];
  for (const [s, e, lit] of spans) {
    out += rewritten.slice(at, s) + lit;
    at = e;
  }
  return out + rewritten.slice(at);
}

describe('every demo program', () => {
  it('gets knobs and a rewrite that parses as well as the original and maps back to it exactly', () => {
    for (const run of runs) {
      let withKnobs = 0;
      for (const p of run.programs) {
        const lang = langOf(p.language);
        const { knobs } = findKnobsOffline(p.code, lang);
        for (const k of knobs) knobSchema.parse(k);
        if (knobs.length >= 2) withKnobs++;
        const r = parameterise(p.code, lang, knobs);
        const before = parseProgram(p.code, lang);
        const after = parseProgram(r.source, lang);
        expect(after.rootNode.hasError, `${p.id} rewrite`).toBe(before.rootNode.hasError);
        before.delete();
        after.delete();
        const start = r.source.indexOf(lang === 'cpp' ? '// Tuning knobs' : '# Tuning knobs');
        const end = lang === 'cpp' ? r.source.indexOf('\n', r.source.lastIndexOf('constexpr ')) + 1 : r.source.indexOf('\n}\n', start) + 3;
        const literalOf = new Map(knobs.map((k) => [r.references[k.name], k.sourceLiteral]));
        expect(undo(r.source, lang, [start, end], literalOf), p.id).toBe(p.code);
      }
      expect(withKnobs).toBeGreaterThan(run.programs.length * 0.9);
    }
  });
});

describe('early best-so-far programs: the rewrite scores exactly what the run recorded', () => {
  it.each([0, 1])('run %i: chain programs 1 and 2 through the real evaluator in the sandbox', async (i) => {
    const run = runs[i];
    const bundle = demoEvaluatorBundle(run.config.template.evaluator);
    for (const p of publicBestChain(run).slice(1, 3)) {
      const lang = langOf(p.language);
      const { knobs } = findKnobsOffline(p.code, lang);
      expect(knobs.length).toBeGreaterThanOrEqual(3);
      const r = parameterise(p.code, lang, knobs);
      expect(r.source).not.toBe(p.code);
      const o = await evaluateProgram(bundle, { source: r.source, language: p.language });
      expect(o.status).toBe('ok');
      expect(o.score).toBe(p.metrics.combined_score);
    }
  }, 300_000);
});
