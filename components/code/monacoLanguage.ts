// Which Monaco language shows a program's source. Source names vary (cuda, c++, py, ...).
const aliases: Record<string, string> = {
  python: 'python', py: 'python', python3: 'python',
  cpp: 'cpp', 'c++': 'cpp', cxx: 'cpp', cc: 'cpp', cuda: 'cpp', cu: 'cpp', hip: 'cpp',
  c: 'c', h: 'c',
  rust: 'rust', rs: 'rust',
  go: 'go', golang: 'go',
  java: 'java', kotlin: 'kotlin', scala: 'scala', swift: 'swift',
  javascript: 'javascript', js: 'javascript', typescript: 'typescript', ts: 'typescript',
  julia: 'julia', jl: 'julia', r: 'r', lua: 'lua', ruby: 'ruby', rb: 'ruby',
  shell: 'shell', bash: 'shell', sh: 'shell', sql: 'sql', verilog: 'verilog', systemverilog: 'systemverilog',
  json: 'json', yaml: 'yaml', markdown: 'markdown', md: 'markdown',
};

export function monacoLanguage(language: string | null | undefined): string {
  if (!language) return 'plaintext';
  return aliases[language.trim().toLowerCase()] ?? 'plaintext';
}

/** Editor height for a source of `lines` lines: tall enough to read, never taller than the screen. */
export function editorHeight(lines: number, min = 240, max = 720): number {
  return Math.max(min, Math.min(max, lines * 19 + 24));
}
