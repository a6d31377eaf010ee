// OpenEvolve's diff-mode task text: the demo's prompts use it, and replay's strict_diff variant.
/**
 * The task of OpenEvolve's diff-mode user template (after "# Task"): improve the fitness with
 * SEARCH/REPLACE blocks only. Also what replay's strict_diff variant puts in a prompt.
 */
export function diffTaskLines(commentPrefix: string): string[] {
  return [
    'Suggest improvements to the program that will improve its FITNESS SCORE.',
    'The system maintains diversity across these dimensions: complexity, diversity',
    'Different solutions with similar fitness but different features are valuable.',
    '',
    'You MUST use the exact SEARCH/REPLACE diff format shown below to indicate changes:',
    '',
    '<<<<<<< SEARCH',
    `${commentPrefix} Original code to find and replace (must match exactly)`,
    '=======',
    `${commentPrefix} New replacement code`,
    '>>>>>>> REPLACE',
    '',
    'You can suggest multiple changes. Each SEARCH section must exactly match code in the current program.',
    'Be thoughtful about your changes and explain your reasoning thoroughly.',
    '',
    'IMPORTANT: Do not rewrite the entire program - focus on targeted improvements.',
  ];
}
