// GET /api/runs/facets - frameworks, tasks, languages and tags in use, for the runs list filters
import { handle } from '@/lib/http/handler';
import { runFacets } from '@/lib/db/runList';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = handle(async () => runFacets(), { permission: 'read' });
