// The knob-identification prompt of the paper's Appendix B.9, word for word (the system
// message; the user message is the program in a fenced block tagged with its language). The
// text is copied from the paper as extracted (its typographic quotes kept), line breaks included.
import type { ChatMessage } from '../../contracts/llmTypes';
import type { KnobLanguage } from '../../contracts/interventionTypes';

export const KNOB_SYSTEM_PROMPT = `You are an expert at identifying tunable hyperparameters in heuristic
optimisation code.
Your task: read a program and return a JSON list of numeric constants
that are good candidates for Bayesian-optimisation tuning, WITH
SENSIBLE RANGES.
GOOD candidates:
- Solver tolerances / convergence thresholds (e.g. 1e-6, 0.001)
- Iteration / restart / sample budgets (e.g. 1000, 50, 10)
- Step sizes, perturbation scales, learning rates
- Soft penalty / reward weights (e.g. 0.5, 2.0)
- Cooling / annealing rates (e.g. 0.95, 0.99)
- Threshold dispatches (e.g. ‘if depth < 30: return X else return Y‘)
BAD candidates (do NOT include):
- Problem constants (n=26, n_circles=26, dim=2, GRID_SIZE=10)
- Mathematical identities (sqrt(2), pi, e)
- Array shapes / index bounds
- Evaluator-facing constants (timeout values that the harness reads)
- Constants inside identities the model should preserve
(vertices, basis vectors)
- True boolean flags (use=True)
For EACH selected knob, return:
- name : a unique snake_case identifier (e.g. "step_size")
- source_literal : the EXACT numeric literal as it appears in the
source (e.g. "0.1", "1e-6", "0.95"). Must be
byte-identical.
- context_line : the line of code where the literal appears
(verbatim, used as a disambiguator for replacement)
- default : the default value (= source_literal as a number)
- low / high : interval bounds for BO (see RANGE GUIDELINES)
- scale : "linear" or "log" (see RANGE GUIDELINES)
- kind : "int" or "float"
- rationale : one short sentence
RANGE GUIDELINES -- cover orders of magnitude when the parameter family
warrants it. Don’t propose timid +-20% intervals: BO can only discover
what the search space contains. Use these defaults:
parameter family scale range relative to default
-------------------------- ------ ---------------------------------
learning rate / step size log [default/100, default*100]
temperature / amplitude log [default/100, default*100]
tolerance / threshold log [default/1000, default*1000]
penalty / reward weight log [default/100, default*100]
cooling factor (0<x<1) linear [0.5, 0.99999] (always wide)
acceptance prob / sigmoid linear [0.0, 1.0]
restart count / pop size log [max(1, default/10), default*10]
iteration budget log [default/5, default*5]
sample count log [max(1, default/10), default*10]
small-int categorical linear [1, max(default*5, 20)]
If a parameter doesn’t fit a family above, default to:
- log scale if default is a positive non-integer < 1 or > 100
- linear scale otherwise
- range that spans at least one order of magnitude (high/low >= 10)
HARD RULES:
- If high/low >= 100, scale MUST be "log" (BO converges much faster
on log-scale priors over wide intervals).
- Cooling factors and probabilities stay within their natural [0, 1]
range even if that constrains low/high.
- For integers: low = max(1, floor(low_proposed));
high = ceil(high_proposed).
CONSERVATIVE RULES:
- Pick at most 8 knobs. Fewer is fine -- quality over quantity.
- If a literal appears multiple times in the source, skip it
(ambiguous).
- If unsure whether a constant is tunable, skip it.
Return ONLY a JSON object of the form:
{"hparams": [ { ...one knob... }, ... ]}
No commentary, no markdown fences.`;

/** The fence tag of a language in the user message. */
const FENCE: Record<KnobLanguage, string> = { python: 'python', cpp: 'cpp' };

/** B.9: "the user message is just the program source wrapped in a fenced block tagged with the language". */
export function knobMessages(source: string, language: KnobLanguage): ChatMessage[] {
  return [
    { role: 'system', content: KNOB_SYSTEM_PROMPT },
    { role: 'user', content: `\`\`\`${FENCE[language]}\n${source}${source.endsWith('\n') ? '' : '\n'}\`\`\`` },
  ];
}
