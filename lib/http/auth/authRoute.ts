// better-auth's request handler behind the same Host / cross-site guard as every other route.
import { refuseForeignRequest } from '../guard';
import { getAuth } from '../../db/betterAuth';

export function authRoute() {
  return async (req: Request): Promise<Response> => {
    const refused = refuseForeignRequest(req);
    if (refused) return refused;
    const auth = await getAuth();
    return auth.handler(req);
  };
}

/** Route files not wrapped by handle() (repo-relative); the route walks exempt exactly these. */
export const HANDLE_EXEMPT_ROUTES: Record<string, string> = {
  'app/api/auth/[...all]/route.ts': "better-auth's own endpoints: how one signs in, authenticated by the library",
};
