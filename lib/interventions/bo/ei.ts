// Expected improvement for MAXIMISATION (Jones, Schonlau & Welch 1998), in closed form:
//   EI(x) = E[max(f(x) - best - xi, 0)] with f(x) ~ N(mu, sigma^2)
//         = (mu - best - xi) * Phi(z) + sigma * phi(z),   z = (mu - best - xi) / sigma
// xi trades exploitation for exploration. suggestNext works in standardised units (the GP's
// outputs have mean 0 and standard deviation 1 over the history), so the default xi = 0.01 means
// "one hundredth of the spread of the scores seen", whatever the evaluator's units are.
import { normCdf, normPdf } from './normal';

export const DEFAULT_XI = 0.01;

export function expectedImprovement(mu: number, sigma: number, best: number, xi = DEFAULT_XI): number {
  const imp = mu - best - xi;
  // No uncertainty left (a point already observed, noise-free): the improvement is certain.
  if (!(sigma > 1e-12)) return Math.max(imp, 0);
  const z = imp / sigma;
  // Far in the lower tail the two terms nearly cancel; EI is never negative.
  return Math.max(0, imp * normCdf(z) + sigma * normPdf(z));
}
