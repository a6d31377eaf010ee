// GET/POST /api/auth/* - better-auth's own endpoints (sign-in/email, sign-out, get-session, ...).
// The one route not wrapped by handle(): better-auth authenticates these itself (they are how
// one signs in). Cross-site and foreign-Host requests are still refused first (lib/http/auth/authRoute.ts);
// tests/db/routeRoles.test.ts lists this file as its only exemption.
import { authRoute } from '@/lib/http/auth/authRoute';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = authRoute();
export const POST = authRoute();
