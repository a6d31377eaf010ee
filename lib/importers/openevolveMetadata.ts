// The run-level files of an OpenEvolve run beside its programs (openevolve.ts's header has the
// layout): the newest metadata.json as run metadata, the feature-map keys of its programs, and
// config.yaml.
import fs from 'node:fs';
import path from 'node:path';
import { parseYamlBounded } from '../files/parseYaml';
import type { ImportWarning } from '../trace/schema';
import { isFile } from './inputFiles';
import type { Layout } from './openevolveLayout';
import { isObject, type Json } from './openevolveProgram';

/** The newest metadata.json, trimmed of per-program feature value lists that grow with the run. */
export function runMeta(meta: Json | null) {
  if (!meta) return {};
  const out: Json = { ...meta };
  if (isObject(meta.feature_stats)) {
    out.feature_stats = Object.fromEntries(
      Object.entries(meta.feature_stats).map(([k, v]) => [k, isObject(v) ? { min: v.min, max: v.max } : v]),
    );
  }
  return out;
}

/** Program id -> feature-map key, from one metadata.json (early `feature_map`, late `island_feature_maps`). */
export function featureKeys(meta: Json, into: Map<string, string>) {
  const maps = [meta.feature_map, ...(Array.isArray(meta.island_feature_maps) ? meta.island_feature_maps : [])];
  for (const m of maps) {
    if (!isObject(m)) continue;
    for (const [key, id] of Object.entries(m)) if (typeof id === 'string') into.set(id, key);
  }
}

export function readConfig(layout: Layout, warnings: ImportWarning[]): Json | null {
  for (const dir of [layout.root, layout.base]) {
    for (const name of ['config.yaml', 'config.yml']) {
      const file = path.join(dir, name);
      if (!isFile(file)) continue;
      try {
        const parsed: unknown = parseYamlBounded(fs.readFileSync(file, 'utf8'));
        if (isObject(parsed)) return parsed;
      } catch (e) {
        warnings.push({ code: 'config-unreadable', message: `config not read: ${(e as Error).message}`, file: name });
      }
    }
  }
  return null;
}
