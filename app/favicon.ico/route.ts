// GET /favicon.ico - browsers and tools that ask for the classic path get the app's icon
// (app/icon.svg, which every page links to) instead of a 404. A relative Location: the same
// answer whatever host the app is reached by.
export const dynamic = 'force-static';

export function GET() {
  return new Response(null, { status: 308, headers: { location: '/icon.svg' } });
}
