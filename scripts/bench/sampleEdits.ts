// Samples parent -> child edits for hand labelling (issue 25): from every real run under
// ../shared/real-runs (read through the importers, as `analyze` reads a folder) and from the demo
// runs, a fixed quota per source, seeded, skipping edits whose child equals its parent and edits
// already in tests/fixtures/taxonomy/labelled-edits.jsonl. Writes, for the people labelling, one
// Markdown file per batch with each edit's unified diff, and the skeleton of the labels file
// (run, child, labels: [], note: ''). Never runs a judge.
//   node --import tsx scripts/bench/sampleEdits.ts OUT_DIR [batches]
//   ... OUT_DIR 1 --extra A.jsonl,B.jsonl   a further sample (EXTRA_QUOTA) leaving out the edits in
//                                            those files and any edit whose parent and child code
//                                            repeat one already sampled (island copies, e.g. QOS)
import fs from 'node:fs';
import path from 'node:path';
import { editDiff } from '../../lib/analysis/taxonomy/diff';
import { Rng } from '../../lib/analysis/rng';
import { readRunsFromPath } from '../../lib/importers/index';
import { generateDemoRuns } from '../../lib/services/demo/demoRuns';
import { readLabelledRows } from '../../tests/helpers/labelledEdits';
import { realRunsDir } from '../../tests/helpers/cli';

const [outDir, batchesArg, extraFlag, extraFiles] = process.argv.slice(2);
if (!outDir) throw new Error('usage: sampleEdits.ts OUT_DIR [batches]');
const batches = Number(batchesArg ?? 4);

interface Candidate { run: string; child: string; parentCode: string; childCode: string; language: string }

const QUOTA: Record<string, number> = {
  'skydiscover__Forrest-Stone__adaevolve__circle-packing-0413': 50,
  'openevolve__bochen-sysnet__QOS__qaoa-frozenqubits': 45,
  'shinka__UT-AiInfra__cuco__ds-v3-moe': 12,
  'funsearch__lumi-a__funsearch__json-data': 40,
  'llamea-blade__RigelKukoy__WORKING-GA-LLAMEA__comparison-prompts': 35,
  // Its populations name no parents: no edit to label.
  'eoh__langkhachhoha__LLM4MO__moeoh-pops': 0,
  demo: 55,
};

const EXTRA_QUOTA: Record<string, number> = {
  'skydiscover__Forrest-Stone__adaevolve__circle-packing-0413': 6,
  'funsearch__lumi-a__funsearch__json-data': 12,
  'llamea-blade__RigelKukoy__WORKING-GA-LLAMEA__comparison-prompts': 12,
  demo: 12,
};
const extra = extraFlag === '--extra';
const taken = new Set(readLabelledRows().map((r) => `${r.run}/${r.child}`));
for (const f of extra ? (extraFiles ?? '').split(',').filter(Boolean) : []) {
  for (const l of fs.readFileSync(f, 'utf8').split('\n').filter((x) => x.trim())) {
    const r = JSON.parse(l) as { run: string; child: string };
    taken.add(`${r.run}/${r.child}`);
  }
}
const pools = new Map<string, Candidate[]>();
const root = realRunsDir();
for (const dir of Object.keys(QUOTA).filter((d) => d !== 'demo')) {
  const runs = await readRunsFromPath(path.join(root, dir));
  const pool: Candidate[] = [];
  for (const r of runs) {
    const byId = new Map(r.programs.map((p) => [p.externalId, p]));
    const name = runs.length > 1 || r.run.name !== dir ? `${dir}/${r.run.name}` : dir;
    for (const p of r.programs) {
      const parent = p.parents?.[0] ? byId.get(p.parents[0].externalId) : undefined;
      if (!parent || !p.code || !parent.code || p.code === parent.code) continue;
      pool.push({ run: name, child: p.externalId, parentCode: parent.code, childCode: p.code, language: p.language ?? r.run.language ?? 'python' });
    }
  }
  pools.set(dir, pool);
}
const demo: Candidate[] = [];
for (const run of await generateDemoRuns()) {
  const byId = new Map(run.programs.map((p) => [p.id, p]));
  for (const p of run.programs) {
    const parent = p.parentId ? byId.get(p.parentId) : undefined;
    if (!parent || p.code === parent.code) continue;
    demo.push({ run: run.config.name, child: p.id, parentCode: parent.code, childCode: p.code, language: p.language });
  }
}
pools.set('demo', demo);

const rng = new Rng(extra ? 2512 : 2511);
const chosen: Candidate[] = [];
const pairOf = (c: Candidate) => `${c.run}\u0000${c.parentCode}\u0000${c.childCode}`;
// In an extra sample, an edit repeating (same run, parent and child code) one already taken is out.
const takenPairs = new Set([...pools.values()].flat().filter((c) => taken.has(`${c.run}/${c.child}`)).map(pairOf));
for (const [source, quota] of Object.entries(extra ? EXTRA_QUOTA : QUOTA)) {
  const seenPairs = new Set(takenPairs);
  const pool = (pools.get(source) ?? []).filter((c) => {
    if (taken.has(`${c.run}/${c.child}`)) return false;
    if (!extra) return true;
    if (seenPairs.has(pairOf(c))) return false;
    seenPairs.add(pairOf(c));
    return true;
  });
  for (let i = pool.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const pick = pool.slice(0, quota);
  console.error(`${source}: ${pool.length} candidate edits, ${pick.length} sampled`);
  chosen.push(...pick);
}
// Interleaved across batches, so that each batch mixes sources.
for (let b = 0; b < batches; b++) {
  const part = chosen.filter((_, k) => k % batches === b);
  const md = part.map((c, k) => {
    const d = editDiff(c.parentCode, c.childCode).text;
    return `## edit ${extra ? "x" : ""}${b + 1}.${k + 1}\nrun: ${c.run}\nchild: ${c.child}\nlanguage: ${c.language}\n\n\`\`\`diff\n${d}\n\`\`\`\n`;
  });
  fs.mkdirSync(outDir, { recursive: true });
  const name = extra ? `extra-${b + 1}` : `batch-${b + 1}`;
  fs.writeFileSync(path.join(outDir, `${name}.md`), md.join('\n'));
  fs.writeFileSync(path.join(outDir, `${name}.jsonl`), part.map((c) => JSON.stringify({ run: c.run, child: c.child, labels: [], note: '' })).join('\n') + '\n');
}
console.error(`${chosen.length} edits in ${batches} batches under ${outDir}`);
