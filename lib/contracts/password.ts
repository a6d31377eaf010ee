// What a password must be, wherever it is set: the owner's users page and the CLI
// (lib/services/accounts/users.ts), an invitation, and better-auth's own change/reset endpoints (the hook in
// lib/db/betterAuth.ts). Length alone let eight spaces through (issue 28).
import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const passwordSchema = z
  .string()
  .max(PASSWORD_MAX, `a password has at most ${PASSWORD_MAX} characters`)
  .refine((p) => p.trim().length >= PASSWORD_MIN, `a password needs at least ${PASSWORD_MIN} characters besides leading and trailing spaces`);

/** Null when acceptable, else the reason. */
export function passwordProblem(p: unknown): string | null {
  const r = passwordSchema.safeParse(p);
  return r.success ? null : (r.error.issues[0]?.message ?? 'not a valid password');
}
