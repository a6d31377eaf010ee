// `npm run evoscope -- <command>`: Evoscope from the command line.
//   import <dir|archive.zip|archive.tar.gz> [--name NAME] [--format auto|FORMAT] [--again] [--json]
//   export <runId> --format evotrace --out DIR [--json]
//   delete <runId> [--json]
//   env attach <runId> <dir> [--command CMD] [--private DIR] [--contract C] [--timeout S] [--memory MB] [--json]
//   sandbox run <file> [--lang python|cpp] [--timeout S] [--memory MB] [--json]
//   evaluate <runId> [<programId>|--best-chain] [--private] [--concurrency N] [--json]
//   tune <runId> <programId|best-so-far:K> [--knobs offline|llm] [--calls 24] [--seed S] [--json]
//   ablate <runId> <programId> [--parent <id>] [--no-functions] [--json]
//   replay <runId> <programId> [--n N] [--variant V,...] [--model M] [--temperature T] [--resume ID] [--json]
//   diagnose <runId> [--at G] [--max-tool-calls N] [--max-tokens N] [--resume ID] [--json]
//   judge <dir|archive|runId> --judge offline|llm [--json]
//   judge --diffs FILE.jsonl --judge offline|llm [--language L] [--json]
//   user add|list|role|disable|enable|password|invite ...
//   agreement A.jsonl B.jsonl [--json]
//   generalization [<runId>] [--json|--csv]
//   help
// With --json, stdout carries exactly one JSON object per imported (or exported) run, one per
// line, and nothing else; every log line goes to stderr so scripts can pipe the output.
// Only the argument parser and the format list are loaded up front: each command imports what
// it needs when it runs, so `evoscope --help` starts at once (the bundle splits along these
// dynamic imports; scripts/cliBundle.mjs).
import { FORMAT_LIST } from '../lib/importers/formatList';
import { UsageError } from './args';

const log = (l: string) => process.stderr.write(`[evoscope] ${l}\n`);

function usage() {
  return [
    'usage: npx evoscope <command>   (or npm run evoscope -- <command>)',
    '',
    'commands:',
    '  import <dir|archive.zip|archive.tar.gz|file.jsonl|evolution_trace.jsonl.gz> [--name NAME] [--format FORMAT] [--again] [--json]',
    '      Import the run(s) found there into the database (DATABASE_URL, or the embedded one).',
    '      Runs whose programs are stored already are refused (exit 1), naming the stored run;',
    '      --again  store them anyway, as new runs.',
    `      FORMAT: auto (default), ${FORMAT_LIST.map((f) => f.format).join(', ')}`,
    ...FORMAT_LIST.map((f) => `        ${f.format}: ${f.description}`),
    '      --json  one JSON object per imported run on stdout, one per line (a refused duplicate:',
    '              { duplicate: true, existing: [{ id, name, importedAt, programs, origin }], message })',
    '  export <runId> --format evotrace --out DIR [--json]',
    '      Write a stored run to DIR (new or empty) as an EvoTrace refined layout, readable by',
    '      EvoReplay and by `import --format evotrace`.',
    '      --json  one JSON object describing what was written on stdout',
    '  analyze <dir|archive|runId> [--definitions default|evoreplay] [--scope run|lineage] [--json]',
    '      Cycling, edit composition and lineage figures of a run folder (no database needed) or a',
    '      stored run. --definitions evoreplay reproduces EvoReplay exactly (default scope: run);',
    '      the default definitions fix its quirks (default scope: lineage). See docs/analyses.md.',
    '      --json  one JSON object per run: { run, definitions, scope, summary, edits }',
    '  delete <runId> [--json]',
    '      Delete a stored run with its programs, analyses and the sources no other run shares',
    '      (one transaction).',
    '  env attach <runId> <dir> [--command CMD] [--private DIR] [--contract openevolve|shinka|command]',
    '             [--program-file NAME] [--timeout S] [--memory MB] [--json]',
    '      Attach the evaluator in <dir> to a stored run as its next version. The contract is read from',
    '      the folder: evaluator.py with def evaluate (OpenEvolve), evaluate.py (ShinkaEvolve), or',
    "      --command 'python3 score.py {program}' (metrics: a JSON object on the last stdout line).",
    "      --private DIR   a private test set, overlaid on the evaluator's files for private re-scoring",
    "      --program-file  the candidate's file name (default by the run's language: program.py, main.cpp)",
    '      --timeout S (default 60), --memory MB (default 2048): the limits of one evaluation',
    '      --json  one JSON object describing the stored evaluator on stdout',
    '  sandbox run <file> [--lang python|cpp|c] [--timeout S] [--memory MB] [--stdin FILE] [--json]',
    '      Run one program in the sandbox (bubblewrap: no network, read-only system, limits) as the',
    '      worker does; the language comes from the extension unless --lang says it. --timeout sets',
    '      the wall and CPU limits (default 10 s), --memory the memory limit (default 1024 MB).',
    '      --json  the typed result (status ok|exit|timeout|memory|pids|output-limit|compile-error|',
    '              sandbox-error, exitCode, wallMs, cpuMs, peakMemoryKb, stdout, stderr) on stdout.',
    '      Exit code 0 when the program succeeded, 1 otherwise.',
    '  evaluate <runId> [<programId>|--best-chain] [--private] [--concurrency N] [--json]',
    "      Re-run a program (our id or the source's) or the run's best-so-far chain against the run's",
    '      evaluator in sandboxes, N at once (default: the evaluation.concurrency setting, else the',
    '      cores), storing each result beside the recorded one. --private adds the private test set.',
    '      Progress on stderr; --json  one JSON object (the batch, recorded vs re-run per program)',
    '  tune <runId> <programId|best-so-far:K> [--knobs offline|llm] [--calls N] [--seed S] [--json]',
    "      The tuning gap of one program (paper §5.4): find its numeric knobs (offline: tree-sitter rules;",
    '      llm: the configured model with the paper\'s B.9 prompt), rewrite it with a top-level PARAMS',
    "      block, check the rewrite reproduces the program's score exactly, then N evaluations (default",
    '      24: the defaults, 8 random points, then Bayesian optimisation) against the run\'s evaluator.',
    "      best-so-far:K names the run's K-th best-so-far event (1 = the first). Progress on stderr.",
    '      --json  one JSON object: the report (knobs, calls, bestSoFar, ceiling, bestParams, gap, ...)',
    '              with experimentId and status. Exit code 1 when the tuning did not end done.',
    '  ablate <runId> <programId> [--parent <id>] [--no-functions] [--json]',
    "      Ablate the edit that made a program (against its first parent, or --parent): evaluate it",
    '      with each hunk of the diff undone on its own, each function the edit touched put back to',
    "      the parent's (Python, C++; not with --no-functions) and the parent itself, in sandboxes",
    "      against the run's evaluator; each change carried the gain, was neutral or hurt. Stored",
    '      as an experiment of the run. Progress on stderr; --json  one JSON object (the experiment,',
    '      its report in result: parentScore, childScore, tolerance, variants, labels).',
    '  replay <runId> <programId> [--n N] [--variant V,...] [--model M] [--temperature T] [--resume ID] [--json]',
    "      Re-send the program's stored prompt N times per variant (default 8, exact) to the",
    '      configured LLM (or --model), read each reply as the run\'s framework does, evaluate it in',
    '      sandboxes. Variants: exact, strict_diff, no_other_context, no_history, alternate_context,',
    '      deletion_history (custom: from the page or the API). --resume ID continues a stored replay',
    '      without asking again for its stored trials. --json  { experimentId, status, report (per',
    '      variant: parseSuccess, evalSuccess, exactMatch, normalisedMatch, scoreRatio, ratios,',
    '      outcomes), trials }',
    '  diagnose <runId> [--at G] [--k K] [--max-tool-calls N] [--max-tokens N] [--no-aux] [--no-candidate] [--resume ID] [--json]',
    "      The eval agent post hoc: the configured LLM diagnoses the best program since the previous",
    '      diagnosis up to generation G (default: the last), with the score history, the previous',
    '      report, the change log and sandboxed tools (run, compile, evaluate, read test results),',
    '      bounded by N tool calls (default 12) and N tokens (default 60000). Stores the report',
    '      (Hypothesis / Experiment / Verdict / Direction, numbers linked to tool calls), evaluates',
    '      the agent candidate, queues auxiliary_metrics.py over the run. --resume ID continues a',
    '      stored diagnosis without asking again for stored exchanges. --json  { experimentId,',
    '      status, error, result, diagnosis, calls }',
    '  judge <dir|archive|runId> --judge offline|llm [--json]',
    '      Label every parent->child edit of a run folder or stored run with the nine edit types',
    '      (paper Table 9): offline (tree-sitter rules, no model) or llm (the configured',
    '      OpenAI-compatible endpoint: EVOSCOPE_LLM_BASE_URL/_API_KEY/_MODEL or /settings). The parent',
    '      of an edit is its first listed parent present in the run. A stored run keeps the',
    '      judgements (shown on /runs/<runId>/taxonomy).',
    '      --json  one JSON object per run: { run, judge, edits: [{ parentId, childId, labels,',
    '              rationale }], labels: [{ label, prevalence, positiveRate, oddsRatio, ciLow, ciHigh,',
    '              fisherP, enrichmentBestSoFar, enrichmentFinalLineage }] }; an edit the LLM could',
    '              not judge has labels [] and notJudged: <reason>, and is left out of the figures.',
    '  judge --diffs FILE.jsonl --judge offline|llm [--language python|cpp] [--json]',
    '      Label edits that are not in a stored run. Each line: {"id", "diff"} (a unified diff) or',
    '      {"id", "parent", "child"} (two sources), optionally "language". Output: one {"id", "labels"}',
    '      line per edit ({"id", "labels": [], "notJudged": <reason>} when the LLM gave no answer).',
    '      The offline judge reads a diff as the two sides of its hunks.',
    '  user add --email E [--password P] --role owner|member|viewer [--name N] [--json]',
    '      Create an account. The first one must be an owner, and from then on every page and API',
    '      route needs a session or a personal API token (docs/accounts-and-security.md). Without --password: prints',
    '      an invitation link path (/invite/...) where the person sets one.',
    '  user list [--json] | user role --email E --role R | user disable --email E | user enable --email E',
    '  user password --email E --password P | user invite --email E',
    '      List accounts, change a role, disable (signs out everywhere) or enable one, set a password,',
    '      make a fresh invitation link. The last enabled owner can be neither demoted nor disabled.',
    '  agreement A.jsonl B.jsonl [--json]',
    '      Agreement of two labellings ({"id", "labels"} lines; A the reference, B the prediction) on',
    '      the ids in both: n, exact match, mean Jaccard, micro precision/recall/F1, macro F1,',
    "      per-label Cohen's kappa and macro kappa (paper appendix B.4). --json  the figures as one object",
    '  generalization [<runId>] [--json|--csv]',
    "      Public vs private re-scoring (paper §5.3, B.7). With a run: EvoReplay's verdict from the",
    "      chain's first and last program, the severe-overfit threshold and each chain step's public",
    '      and private score. Without: Tables 11-12 over every run with a private re-run (re-score one',
    '      with `evaluate <runId> --best-chain --private`). --json  one JSON object ({ runs, table11,',
    "      table12 } without a run); --csv  Table 11's long form, one line per run.",
    '  help        this text',
  ].join('\n');
}

async function main(argv: string[]) {
  const [command, ...rest] = argv;
  switch (command) {
    case 'import': {
      const { importCommand, parseImportArgs } = await import('./commands/import');
      return importCommand(parseImportArgs(rest), log);
    }
    case 'export': {
      const { exportCommand, parseExportArgs } = await import('./commands/export');
      return exportCommand(parseExportArgs(rest), log);
    }
    case 'analyze': {
      const { analyzeCommand, parseAnalyzeArgs } = await import('./commands/analyze');
      return analyzeCommand(parseAnalyzeArgs(rest), log);
    }
    case 'delete': {
      const { deleteCommand, parseDeleteArgs } = await import('./commands/delete');
      return deleteCommand(parseDeleteArgs(rest), log);
    }
    case 'env': {
      const { envCommand, parseEnvArgs } = await import('./commands/env');
      return envCommand(parseEnvArgs(rest), log);
    }
    case 'sandbox': {
      const { sandboxCommand, parseSandboxArgs } = await import('./commands/sandbox');
      return sandboxCommand(parseSandboxArgs(rest));
    }
    case 'evaluate': {
      const { evaluateCommand, parseEvaluateArgs } = await import('./commands/evaluate');
      return evaluateCommand(parseEvaluateArgs(rest), log);
    }
    case 'tune': {
      const { tuneCommand, parseTuneArgs } = await import('./commands/tune');
      return tuneCommand(parseTuneArgs(rest), log);
    }
    case 'ablate': {
      const { ablateCommand, parseAblateArgs } = await import('./commands/ablate');
      return ablateCommand(parseAblateArgs(rest), log);
    }
    case 'replay': {
      const { replayCommand, parseReplayArgs } = await import('./commands/replay');
      return replayCommand(parseReplayArgs(rest), log);
    }
    case 'diagnose': {
      const { diagnoseCommand, parseDiagnoseArgs } = await import('./commands/diagnose');
      return diagnoseCommand(parseDiagnoseArgs(rest), log);
    }
    case 'judge': {
      const { parseJudgeArgs } = await import('./judgeArgs');
      const { judgeCommand } = await import('./commands/judge');
      return judgeCommand(parseJudgeArgs(rest), log);
    }
    case 'user': {
      const { userCommand, parseUserArgs } = await import('./commands/user');
      return userCommand(parseUserArgs(rest), log);
    }
    case 'generalization': {
      const { generalizationCommand, parseGeneralizationArgs } = await import('./commands/generalization');
      return generalizationCommand(parseGeneralizationArgs(rest), log);
    }
    case 'agreement': {
      const { agreementCommand, parseAgreementArgs } = await import('./commands/agreement');
      return agreementCommand(parseAgreementArgs(rest), log);
    }
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(`${usage()}\n`);
      return;
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

async function report(e: unknown) {
  if (e instanceof UsageError) {
    log(e.message);
    process.stderr.write(`${usage()}\n`);
    process.exitCode = 2;
    return;
  }
  // Loaded after the fact: the command that failed has loaded these modules already.
  const { InputFileError } = await import('./labelsFile');
  if (e instanceof InputFileError) {
    log(`${process.argv[2]} failed: ${e.message}`);
    process.exitCode = 1;
    return;
  }
  const { isInputProblem } = await import('../lib/services/import/importPipeline');
  const { ExportError } = await import('../lib/db/exportRun');
  if (isInputProblem(e)) {
    log(`${process.argv[2] ?? 'import'} failed: ${e.message}`);
  } else if (e instanceof ExportError) {
    log(`export failed: ${e.message}`);
  } else {
    log(`failed: ${(e as Error).stack ?? e}`);
  }
  process.exitCode = 1;
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  await report(e);
}
