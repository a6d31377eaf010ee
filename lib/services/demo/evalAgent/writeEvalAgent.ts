// Writes the demo eval agent's folder beside openevolve_output/ (<dir>/eval_agent_memory/), where
// lib/importers/evalAgent.ts reads it.
import fs from 'node:fs';
import path from 'node:path';

export function writeEvalAgentFolder(files: Map<string, string>, dir: string): number {
  const root = path.join(dir, 'eval_agent_memory');
  for (const [rel, text] of files) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return files.size;
}
