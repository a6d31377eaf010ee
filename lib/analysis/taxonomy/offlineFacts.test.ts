// The incremental parse (a child parsed from its parent's edited tree) must give exactly the
// facts of a full parse, and memoisation must not change any judgement.
import { beforeAll, describe, expect, it } from 'vitest';
import { REALISTIC, syntheticPrograms } from '../../services/demo/synthetic';
import { initParsers } from '../treeSitter';
import { editDiff } from './diff';
import { clearProgramCache, ensureSyntax, program } from './offlineFacts';
import { syntaxFacts } from './offlineSyntax';

beforeAll(() => initParsers());

const full = (code: string, lang: 'python' | 'cpp') => {
  const { facts, tree } = syntaxFacts(code, lang);
  tree?.delete();
  return facts;
};

describe('incremental parsing', () => {
  it('gives the facts of a full parse on a chain of realistic Python edits', () => {
    clearProgramCache();
    const progs = [...syntheticPrograms(120, 5, 2, REALISTIC)];
    const byId = new Map(progs.map((p) => [p.id, p]));
    let checked = 0;
    for (const p of progs) {
      if (!p.parentId) continue;
      const parentCode = byId.get(p.parentId)!.code;
      const d = editDiff(parentCode, p.code);
      const parent = program(parentCode, 'python');
      ensureSyntax(parent);
      const child = program(p.code, 'python', { parent, removed: d.removed, added: d.added });
      expect(ensureSyntax(child)).toEqual(full(p.code, 'python'));
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('gives the facts of a full parse for C++ edits that add, remove and change lines', () => {
    clearProgramCache();
    const a = '#include <vector>\n\nint f(int n) {\n    int s = 0;\n    for (int i = 0; i < n; i++) s += i;\n    return s;\n}\n\nint g() { return 1; }\n';
    const variants = [
      a.replace('s += i;', 's += i * i;\n    if (s > 100) return s;'),
      a.replace('int g() { return 1; }\n', ''),
      `#include <cmath>\n${a}double h(double x) {\n    return sqrt(x);\n}`,
      a.replace('    int s = 0;\n', ''),
    ];
    for (const c of variants) {
      clearProgramCache();
      const d = editDiff(a, c);
      const parent = program(a, 'cpp');
      ensureSyntax(parent);
      const child = program(c, 'cpp', { parent, removed: d.removed, added: d.added });
      expect(child.tree).toBeNull(); // lazy: nothing parsed before it is needed
      expect(ensureSyntax(child)).toEqual(full(c, 'cpp'));
    }
  });
});

describe('facts carried over without parsing', () => {
  it('give the same judgements as parsing every edit (realistic run, C++ variant, both labelled sets)', async () => {
    const { judgeEditOffline } = await import('./offlineJudge');
    const { setDeriveWithoutParse } = await import('./offlineFacts');
    const { LABELLED_EDITS, LABELLED_EDITS_V2, loadLabelledSources } = await import('../../../tests/helpers/labelledEdits');
    const progs = [...syntheticPrograms(400, 9, 3, REALISTIC)];
    const byId = new Map(progs.map((p) => [p.id, p]));
    const toCpp = (py: string) =>
      ['#include <cmath>', '', 'double solve(State& state) {', ...py.split('\n').filter((l) => l.startsWith('    ')).map((l) => `    double ${l.trim()};`), '}', ''].join('\n');
    const edits = progs.filter((p) => p.parentId).flatMap((p) => {
      const parent = byId.get(p.parentId!)!.code;
      return [
        { parent, child: p.code, language: 'python' },
        { parent: toCpp(parent), child: toCpp(p.code), language: 'cpp' },
      ];
    });
    for (const file of [LABELLED_EDITS, LABELLED_EDITS_V2]) for (const e of await loadLabelledSources(file)) edits.push({ parent: e.parentCode, child: e.childCode, language: e.language });
    const run = (derive: boolean) => {
      setDeriveWithoutParse(derive);
      clearProgramCache();
      return edits.map((e) => judgeEditOffline(e.parent, e.child, e.language));
    };
    try {
      const derived = run(true);
      const parsed = run(false);
      for (let k = 0; k < edits.length; k++) expect(derived[k], `edit ${k}`).toEqual(parsed[k]);
    } finally {
      setDeriveWithoutParse(true);
    }
  }, 600_000);
});
