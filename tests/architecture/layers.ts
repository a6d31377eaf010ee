// The shape of the house (../shared/STYLE.md, issue 23), bottom to top. A file may import its own
// layer and the layers its `mayImport` names, nothing else; importLayers.test.ts enforces it, and
// no circle may appear among files or among lib's folders. Each lib layer has a README saying
// what belongs in it.
export interface Layer { name: string; folders: string[]; mayImport: string[]; what: string }

export const LAYERS: Layer[] = [
  { name: 'ground', folders: ['lib/trace', 'lib/contracts', 'lib/files'], mayImport: [],
    what: 'the trace model, zod schemas, domain and response types, URL builders; safe reading of untrusted files' },
  { name: 'domain', folders: ['lib/analysis', 'lib/importers', 'lib/interventions', 'lib/diagnosis', 'lib/review'],
    mayImport: ['ground'], what: 'pure: plain data in, plain data out; importers read files through lib/files' },
  { name: 'adapters', folders: ['lib/db', 'lib/sandbox', 'lib/llm', 'lib/storage'], mayImport: ['ground', 'domain'],
    what: 'queries, the bubblewrap runner and evaluators, the OpenAI-compatible client, upload storage' },
  { name: 'services', folders: ['lib/services'], mayImport: ['ground', 'domain', 'adapters'],
    what: 'one module per use case and the job names: load -> compute -> store' },
  { name: 'runtime', folders: ['lib/runtime'], mayImport: ['ground', 'adapters'],
    what: 'embedded PostgreSQL, migrations, supervision, worker processes' },
  { name: 'http', folders: ['lib/http'], mayImport: ['ground', 'domain', 'adapters', 'services'],
    what: 'the route and page harness: handle(), the actor of a request, permission and origin checks' },
  { name: 'components', folders: ['components'], mayImport: ['ground', 'domain'],
    what: 'React; prepare (pure models) then draw' },
  { name: 'entry', folders: ['app', 'workers', 'cli', 'proxy.ts'], mayImport: ['ground', 'domain', 'adapters', 'services', 'runtime', 'http', 'components'],
    what: 'routes and pages, one task per file, the CLI commands: parse, call one service or query, answer' },
  { name: 'tooling', folders: ['scripts', 'tests', 'e2e', 'next.config.ts', 'playwright.config.ts', 'vitest.config.ts', 'prisma.config.ts', 'prisma'],
    mayImport: ['ground', 'domain', 'adapters', 'services', 'runtime', 'http', 'components', 'entry'],
    what: 'bootstrap, benchmarks, tests' },
];

export function layerOf(file: string): Layer | undefined {
  return LAYERS.find((l) => l.folders.some((f) => file === f || file.startsWith(`${f}/`)));
}
