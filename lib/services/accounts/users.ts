// Accounts: create (with a password, or an invitation link to set one), list, change role,
// disable. Shared by the owners' users page (/api/users) and the CLI (`evoscope user ...`).
// Passwords are hashed by better-auth's default (scrypt) through its own context, and stored as a
// 'credential' account exactly as its sign-up would (sign-up over HTTP is off: auth.ts).
// Invariant: there is always at least one enabled owner once accounts exist (the first account
// must be an owner; the last enabled owner can be neither demoted nor disabled).
import crypto from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../../contracts/apiError';
import { passwordSchema } from '../../contracts/password';
import { audit, CLI_ACTOR } from '../../db/audit';
import { prisma } from '../../db/client';
import { getSetting } from '../../db/settings';
import { getAuth } from '../../db/betterAuth';
import { roleSchema, type Actor, type Role } from '../../contracts/permissions';
import { sha256Hex, tokenPrefix } from '../../contracts/tokens';
import type { UserView } from '../../contracts/api/accounts';

export type Operator = Actor | typeof CLI_ACTOR;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('not an email address')).pipe(z.string().max(254));
export { passwordSchema };

export const newUserSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(100).optional(),
  role: roleSchema,
  /** Omitted: the account gets an invitation link to set its own password. */
  password: passwordSchema.optional(),
});
export type NewUser = z.infer<typeof newUserSchema>;

const INVITE_PREFIX = 'invite:';
const INVITE_DAYS = 7;

async function hashPassword(password: string): Promise<string> {
  const ctx = await (await getAuth()).$context;
  return ctx.password.hash(password);
}

async function setCredential(userId: string, password: string) {
  const hash = await hashPassword(password);
  const existing = await prisma().account.findFirst({ where: { userId, providerId: 'credential' } });
  if (existing) await prisma().account.update({ where: { id: existing.id }, data: { password: hash } });
  else await prisma().account.create({ data: { id: crypto.randomUUID(), userId, accountId: userId, providerId: 'credential', password: hash } });
}

/**
 * The single-user ingestion token ('ingest.token') becomes the first owner's personal API token
 * (scope ingest), so searches and scripts configured with it keep streaming after accounts are
 * turned on; it is then listed, and revocable, on that owner's /settings.
 */
async function adoptLegacyIngestToken(ownerId: string) {
  const legacy = await getSetting<string>('ingest.token');
  if (!legacy) return;
  await prisma().$transaction([
    prisma().apiToken.create({
      data: { userId: ownerId, name: 'ingestion token (from single-user mode)', scopes: ['ingest'], tokenHash: sha256Hex(legacy), prefix: tokenPrefix(legacy) },
    }),
    prisma().setting.delete({ where: { key: 'ingest.token' } }),
  ]);
}

/** Creates an account; returns it and, without a password, the invitation secret (shown once). */
export async function createUser(input: NewUser, by: Operator): Promise<{ user: UserView; inviteSecret: string | null }> {
  const data = newUserSchema.parse(input);
  const hadOwner = (await prisma().user.count({ where: { role: 'owner', disabled: false } })) > 0;
  if (!hadOwner && data.role !== 'owner') {
    throw new ApiError(400, `the first account must be an owner (someone has to manage the others): use --role owner for ${data.email}`);
  }
  if (await prisma().user.findUnique({ where: { email: data.email } })) throw new ApiError(409, `an account with the email ${data.email} already exists`);
  const id = crypto.randomUUID();
  await prisma().user.create({ data: { id, email: data.email, name: data.name || data.email.split('@')[0], role: data.role, emailVerified: false } });
  let inviteSecret: string | null = null;
  if (data.password) await setCredential(id, data.password);
  else inviteSecret = await createInvitation(id);
  if (!hadOwner) await adoptLegacyIngestToken(id);
  await audit(by, 'user.create', { kind: 'user', id }, { email: data.email, role: data.role, invited: !data.password });
  return { user: (await getUser(id))!, inviteSecret };
}

async function createInvitation(userId: string): Promise<string> {
  const secret = `evi_${crypto.randomBytes(32).toString('base64url')}`;
  await prisma().verification.deleteMany({ where: { identifier: INVITE_PREFIX + userId } });
  await prisma().verification.create({
    data: { id: crypto.randomUUID(), identifier: INVITE_PREFIX + userId, value: sha256Hex(secret), expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000) },
  });
  return secret;
}

/** The invited account behind a secret, or null (unknown, used, expired). */
export async function invitationUser(secret: string): Promise<UserView | null> {
  const row = await prisma().verification.findFirst({ where: { value: sha256Hex(secret), identifier: { startsWith: INVITE_PREFIX } } });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  const user = await getUser(row.identifier.slice(INVITE_PREFIX.length));
  return user && !user.disabled ? user : null;
}

/** Sets the password of an invited account; the link then stops working. */
export async function acceptInvitation(secret: string, password: string): Promise<UserView> {
  const pw = passwordSchema.parse(password);
  const user = await invitationUser(secret);
  if (!user) throw new ApiError(400, 'this invitation link is not valid: it was used already, or expired, or the account was disabled; ask an owner for a new one');
  await setCredential(user.id, pw);
  await prisma().verification.deleteMany({ where: { identifier: INVITE_PREFIX + user.id } });
  await audit({ kind: 'user', user, role: user.role }, 'user.invitation-accepted', { kind: 'user', id: user.id });
  return user;
}

function view(u: { id: string; email: string; name: string; role: string; disabled: boolean; createdAt: Date; accounts: { password: string | null }[] }): UserView {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: roleSchema.parse(u.role),
    disabled: u.disabled,
    hasPassword: u.accounts.some((a) => a.password),
    createdAt: u.createdAt.toISOString(),
  };
}

const withAccounts = { accounts: { select: { password: true } } } as const;

export async function getUser(id: string): Promise<UserView | null> {
  const u = await prisma().user.findUnique({ where: { id }, include: withAccounts });
  return u ? view(u) : null;
}

export async function findUserByEmail(email: string): Promise<UserView | null> {
  const u = await prisma().user.findUnique({ where: { email: emailSchema.parse(email) }, include: withAccounts });
  return u ? view(u) : null;
}

export async function listUsers(): Promise<UserView[]> {
  const rows = await prisma().user.findMany({ orderBy: [{ createdAt: 'asc' }, { email: 'asc' }], include: withAccounts });
  return rows.map(view);
}

/**
 * Role and/or disabled flag of one account, in one transaction that locks the owners' rows so
 * two owners demoting each other at once cannot leave none.
 */
export async function updateUser(id: string, change: { role?: Role; disabled?: boolean }, by: Operator): Promise<UserView> {
  const before = await prisma().$transaction(async (tx) => {
    const owners = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM users WHERE role = 'owner' AND NOT disabled FOR UPDATE`;
    const target = await tx.user.findUnique({ where: { id } });
    if (!target) throw new ApiError(404, 'user not found');
    const staysEnabledOwner = (change.role ?? target.role) === 'owner' && !(change.disabled ?? target.disabled);
    if (!staysEnabledOwner && owners.length === 1 && owners[0].id === id) {
      throw new ApiError(409, `${target.email} is the last owner: make someone else an owner first`);
    }
    await tx.user.update({ where: { id }, data: { ...(change.role ? { role: change.role } : {}), ...(change.disabled !== undefined ? { disabled: change.disabled } : {}) } });
    // A disabled account is signed out everywhere at once and its API tokens are revoked, not
    // only suspended: enabling it again must not revive a token that leaked meanwhile (issue 28).
    let tokensRevoked = 0;
    if (change.disabled) {
      await tx.session.deleteMany({ where: { userId: id } });
      tokensRevoked = (await tx.apiToken.updateMany({ where: { userId: id, revokedAt: null }, data: { revokedAt: new Date() } })).count;
    }
    return { ...target, tokensRevoked };
  });
  if (change.role && change.role !== before.role) await audit(by, 'user.role', { kind: 'user', id }, { email: before.email, from: before.role, to: change.role });
  if (change.disabled !== undefined && change.disabled !== before.disabled) {
    await audit(by, change.disabled ? 'user.disable' : 'user.enable', { kind: 'user', id }, { email: before.email, ...(change.disabled ? { tokensRevoked: before.tokensRevoked } : {}) });
  }
  return (await getUser(id))!;
}

/** Sets a password (CLI `user password`); signs the account out everywhere. */
export async function setPassword(id: string, password: string, by: Operator) {
  const pw = passwordSchema.parse(password);
  const u = await prisma().user.findUnique({ where: { id } });
  if (!u) throw new ApiError(404, 'user not found');
  await setCredential(id, pw);
  await prisma().session.deleteMany({ where: { userId: id } });
  await audit(by, 'user.password', { kind: 'user', id }, { email: u.email });
}

/** A fresh invitation link secret for an account (the old link stops working). */
export async function reinvite(id: string, by: Operator): Promise<string> {
  const u = await prisma().user.findUnique({ where: { id } });
  if (!u) throw new ApiError(404, 'user not found');
  const secret = await createInvitation(id);
  await audit(by, 'user.invite', { kind: 'user', id }, { email: u.email });
  return secret;
}
