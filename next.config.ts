import type { NextConfig } from 'next';
import { securityHeaders } from './lib/http/securityHeaders';

const nextConfig: NextConfig = {
  // Server-only packages that must not be bundled (pg's optional native bits, graphile-worker;
  // tree-sitter's runtime finds its .wasm files next to its own file; tsx, which worker threads
  // (lib/importers/jsonReadPool.ts) load by its package's path at run time).
  serverExternalPackages: ['pg', 'graphile-worker', '@prisma/adapter-pg', '@vscode/tree-sitter-wasm', 'tsx'],
  poweredByHeader: false,
  // Types are checked by `tsc --noEmit` as its own step of npm test; the build only bundles.
  typescript: { ignoreBuildErrors: true },
  // Every response, pages and API alike (lib/http/securityHeaders.ts says what and why).
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders() }];
  },
};

export default nextConfig;
