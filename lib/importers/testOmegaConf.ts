// Test-only: an `experiment_config.yaml` shaped like the ones ShinkaEvolve writes (OmegaConf
// objects dumped by PyYAML, which anchors every object it meets twice as `&id00N` and refers
// back with `*id00N`). Written here from scratch, not copied from any run: 84 aliases, ~12 KB,
// some anchors nested in others, as real dumps have. Imported by tests and e2e specs only.
import fs from 'node:fs';
import path from 'node:path';

const pad = (n: number) => String(n).padStart(3, '0');

/** The YAML text; `aliases` counts the `*id` references it holds (84). */
export function omegaConfLikeConfig(): { text: string; aliases: number } {
  const lines: string[] = [
    'evolution_config:',
    '  task_sys_msg: |',
    ...Array.from({ length: 60 }, (_, i) => `    Rule ${i + 1}: keep the kernel numerically equivalent to the reference implementation; report timing in microseconds.`),
    '  patch_types: &id001',
    '  - diff',
    '  - full',
    '  - cross',
    '  patch_type_probs: &id002',
    '  - 0.6',
    '  - 0.3',
    '  - 0.1',
    '  llm_models: &id003',
    '  - gpt-4.1',
    '  - o4-mini',
    '  - gemini-2.5-pro',
    '  llm_kwargs: &id004',
    '    temperatures: &id005',
    '    - 0.0',
    '    - 0.5',
    '    - 1.0',
    '    reasoning_efforts: &id006',
    '    - auto',
    '    - low',
    '    - medium',
    '    max_tokens: 32768',
    '    models: *id003',
    '  language: python',
    '  num_generations: 25',
    '  max_parallel_jobs: 4',
    'database_config:',
    '  db_path: evolution_db.sqlite',
    '  num_islands: 16',
    '  archive_size: 40',
    '  migration_interval: 10',
    'islands:',
  ];
  let aliases = 1;
  // Sixteen islands share the model list before the kwargs that hold it are first referred to:
  // the order in which the `yaml` package's alias-count heuristic multiplies counts past 100.
  for (let i = 0; i < 16; i++) {
    lines.push(`- island_idx: ${i}`, '  patch_types: *id001', '  llm_models: *id003', '  temperatures: *id005');
    lines.push(`  note: island ${i} starts from the shared seed program and migrates its best two programs every ten generations`);
    aliases += 3;
  }
  lines.push('meta:', '  island_llm_models: *id003', '  meta_llm_models: *id003', '  meta_llm_kwargs: *id004');
  lines.push('  novelty_llm_models: *id003', '  novelty_llm_kwargs: *id004');
  aliases += 5;
  for (let s = 0; s < 5; s++) {
    lines.push(`stage_${pad(s)}:`);
    lines.push(`  description: stage ${s} of the curriculum, evaluated on the held-out workloads with the same budget`);
    lines.push('  patch_types: *id001', '  patch_type_probs: *id002', '  llm_models: *id003');
    lines.push('  llm_kwargs: *id004', '  temperatures: *id005', '  reasoning_efforts: *id006');
    lines.push(`  budget_seconds: ${600 + 30 * s}`, `  seed: ${1000 + s}`);
    aliases += 6;
  }
  return { text: lines.join('\n') + '\n', aliases };
}

/** Writes a minimal ShinkaEvolve results folder (two generations) with that config. */
export function writeShinkaRunWithOmegaConf(root: string): string {
  const files: Record<string, string> = {
    'experiment_config.yaml': omegaConfLikeConfig().text,
    'gen_0/main.py': 'def solve(x):\n    return x\n',
    'gen_0/results/metrics.json': JSON.stringify({ combined_score: 0.25 }),
    'gen_0/results/correct.json': JSON.stringify({ correct: true, error: null }),
    'gen_1/original.py': 'def solve(x):\n    return x\n',
    'gen_1/main.py': 'def solve(x):\n    return x * 2\n',
    'gen_1/results/metrics.json': JSON.stringify({ combined_score: 0.5 }),
    'gen_1/results/correct.json': JSON.stringify({ correct: true, error: null }),
  };
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), content);
  }
  return root;
}

/**
 * The same kind of config as PyYAML dumps an OmegaConf DictConfig object itself (`yaml.dump(cfg)`
 * rather than `OmegaConf.to_yaml(cfg)`): python/object tags, every container a {_content,
 * _metadata, _parent} and every leaf an AnyNode {_metadata, _parent, _val}, each `_parent` an
 * alias back to the container holding it (so the document is recursive). Written from
 * OmegaConf's node layout, not copied from a run.
 */
export function omegaConfObjectDump(): string {
  const leaf = (indent: string, key: string, value: string, parent: string) => [
    `${indent}${key}: !!python/object:omegaconf.nodes.AnyNode`,
    `${indent}  _metadata: !!python/object:omegaconf.base.Metadata`,
    `${indent}    key: ${key}`,
    `${indent}    optional: true`,
    `${indent}    ref_type: !!python/name:typing.Any ''`,
    `${indent}  _parent: *${parent}`,
    `${indent}  _val: ${value}`,
  ];
  return [
    '&id001 !!python/object:omegaconf.dictconfig.DictConfig',
    '_content:',
    '  evolution_config: &id002 !!python/object:omegaconf.dictconfig.DictConfig',
    '    _content:',
    ...leaf('      ', 'language', 'python', 'id002'),
    ...leaf('      ', 'num_generations', '3', 'id002'),
    '      llm_models: &id003 !!python/object:omegaconf.listconfig.ListConfig',
    '        _content:',
    '        - !!python/object:omegaconf.nodes.AnyNode',
    '          _metadata: !!python/object:omegaconf.base.Metadata',
    '            key: 0',
    '          _parent: *id003',
    '          _val: gpt-5-mini',
    '        _metadata: !!python/object:omegaconf.base.ContainerMetadata',
    '          key: llm_models',
    '        _parent: *id002',
    '    _metadata: !!python/object:omegaconf.base.ContainerMetadata',
    '      key: evolution_config',
    '      object_type: !!python/name:builtins.dict \'\'',
    '    _parent: *id001',
    '  database_config: &id004 !!python/object:omegaconf.dictconfig.DictConfig',
    '    _content:',
    ...leaf('      ', 'num_islands', '2', 'id004'),
    ...leaf('      ', 'db_path', 'programs.sqlite', 'id004'),
    '    _metadata: !!python/object:omegaconf.base.ContainerMetadata',
    '      key: database_config',
    '    _parent: *id001',
    '_metadata: !!python/object:omegaconf.base.ContainerMetadata',
    '  key: null',
    '  flags: {}',
    '_parent: null',
    '',
  ].join('\n');
}
