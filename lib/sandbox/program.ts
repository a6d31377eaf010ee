// runProgram: a candidate program as a run records it (source + language) run in a sandbox.
// Python runs with Debian's /usr/bin/python3 (numpy, scipy); C and C++ are compiled first
// (cpp.ts, cached by source hash) and the binary runs in a fresh sandbox; anything else is a
// sandbox-error saying so, rather than an obscure failure.
import { compileProgram, type CompiledLanguage } from './cpp';
import { runSandbox, sandboxError } from './run';
import type { ProgramRequest, SandboxResult } from '../contracts/sandboxTypes';

export type ProgramLanguage = 'python' | CompiledLanguage;

const ALIASES: Record<string, ProgramLanguage> = {
  python: 'python', python3: 'python', py: 'python',
  cpp: 'cpp', 'c++': 'cpp', cxx: 'cpp', cc: 'cpp',
  c: 'c',
};

/** The runnable language a recorded language name means, or null (cuda, rust, ...). */
export function normaliseLanguage(language: string): ProgramLanguage | null {
  return ALIASES[language.trim().toLowerCase()] ?? null;
}

/** Language from a file name's extension (the `sandbox run` CLI's default). */
export function languageOfFile(file: string): string {
  const ext = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  const byExt: Record<string, string> = { py: 'python', cpp: 'cpp', cc: 'cpp', cxx: 'cpp', 'c++': 'cpp', c: 'c', cu: 'cuda', rs: 'rust' };
  return byExt[ext] ?? (ext || 'unknown');
}

export async function runProgram(req: ProgramRequest): Promise<SandboxResult> {
  const lang = normaliseLanguage(req.language);
  const args = req.args ?? [];
  if (!lang) return sandboxError(`${req.language || 'a program without a language'} is not runnable on this machine`);
  if (lang === 'python') {
    return runSandbox({
      files: [{ path: 'main.py', content: req.source }],
      command: ['/usr/bin/python3', 'main.py', ...args],
      stdin: req.stdin,
      limits: req.limits,
      signal: req.signal,
    });
  }
  const compiled = await compileProgram(req.source, lang, { signal: req.signal });
  if (!compiled.ok) return compiled.result;
  return runSandbox({
    files: [{ path: 'main', content: compiled.binary, executable: true }],
    command: ['./main', ...args],
    stdin: req.stdin,
    limits: req.limits,
    signal: req.signal,
  });
}
