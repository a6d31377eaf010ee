// PATCH /api/users/[userId] - change an account's role and/or disable it ({ role?, disabled? }); the last owner stays an enabled owner
import { z } from 'zod';
import { handle, jsonBody } from '@/lib/http/handler';
import { roleSchema } from '@/lib/contracts/permissions';
import { updateUser } from '@/lib/services/accounts/users';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

const changeSchema = z
  .object({ role: roleSchema.optional(), disabled: z.boolean().optional() })
  .strict()
  .refine((c) => c.role !== undefined || c.disabled !== undefined, 'send a role and/or disabled');

export const PATCH = handle<{ userId: string }>(async (req, { userId }, { actor }) => {
  return { user: await updateUser(userId, changeSchema.parse(await jsonBody(req)), actor) };
}, { permission: 'users' });
