// The public best-so-far chain of a generated run: the programs that raised the run's best
// combined_score, in the order they appeared (what private re-scoring walks, paper B.7).
import type { DemoProgram, GeneratedRun } from './scenario';
import { assessValidity } from '../../trace/validity';

export function publicBestChain(run: GeneratedRun): DemoProgram[] {
  const chain: DemoProgram[] = [];
  let best = -Infinity;
  for (const p of run.programs) {
    const { valid, score } = assessValidity(p.metrics, 'combined_score');
    if (valid && score !== null && score > best) {
      best = score;
      chain.push(p);
    }
  }
  return chain;
}
