import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoEvaluatorBundle, evaluationKey } from './bundles';
import { embeddedEvaluatorsModule, readEvaluatorFolders } from './embed';
import { DEMO_EVALUATOR_FILES } from './files';
import fs from 'node:fs';

describe('demo evaluators', () => {
  it('files.ts embeds exactly the evaluator folders (run `npx tsx scripts/demo-evaluators.ts` after editing them)', () => {
    const dir = import.meta.dirname;
    const folders = readEvaluatorFolders(dir);
    expect(DEMO_EVALUATOR_FILES).toEqual(folders);
    expect(fs.readFileSync(path.join(dir, 'files.ts'), 'utf8')).toBe(embeddedEvaluatorsModule(folders));
  });

  it('ships both tasks as OpenEvolve evaluators; only the C++ judge has a private test set, under the public one\'s name', () => {
    const py = demoEvaluatorBundle('circle_packing');
    const cpp = demoEvaluatorBundle('ahc_routing');
    expect([py.contract, py.entry, py.programFile]).toEqual(['openevolve', 'evaluator.py', 'program.py']);
    expect([cpp.contract, cpp.entry, cpp.programFile]).toEqual(['openevolve', 'evaluator.py', 'main.cpp']);
    expect(py.privateFiles).toBeUndefined();
    expect(Object.keys(cpp.privateFiles!)).toEqual(['seeds.txt']);
    expect(cpp.files['seeds.txt'].toString()).not.toBe(cpp.privateFiles!['seeds.txt'].toString());
  });

  it('keys results by evaluator files, test set and program', () => {
    const cpp = demoEvaluatorBundle('ahc_routing');
    const k = evaluationKey(cpp, 'int main() {}');
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(evaluationKey(cpp, 'int main() {}')).toBe(k);
    expect(evaluationKey(cpp, 'int main() { }')).not.toBe(k);
    expect(evaluationKey(cpp, 'int main() {}', 'private')).not.toBe(k);
    const edited = { ...cpp, files: { ...cpp.files, 'seeds.txt': Buffer.from('1 100 uniform\n') } };
    expect(evaluationKey(edited, 'int main() {}')).not.toBe(k);
  });
});
