// `evoscope user <add|list|role|disable|enable|password|invite>`: accounts from the command line,
// straight on the database (the owner's way in before any account exists, and a way back in when
// every owner forgot a password). The first account turns sign-in on (lib/http/auth/mode.ts).
//   user add --email E [--password P] --role owner|member|viewer [--name N] [--json]
//       without --password: prints an invitation link path (/invite/...) to set one
//   user list [--json]
//   user role --email E --role R
//   user disable --email E      user enable --email E
//   user password --email E --password P
//   user invite --email E       (a fresh invitation link; the previous one stops working)
import { z } from 'zod';
import { ApiError } from '../../lib/contracts/apiError';
import { roleSchema } from '../../lib/contracts/permissions';
import { parseArgs, UsageError } from '../args';
import { withDatabase } from '../withDatabase';

const SUBCOMMANDS = ['add', 'list', 'role', 'disable', 'enable', 'password', 'invite'] as const;
type Sub = (typeof SUBCOMMANDS)[number];

export interface UserArgs {
  sub: Sub;
  email?: string;
  password?: string;
  role?: z.infer<typeof roleSchema>;
  name?: string;
  json: boolean;
}

const NEEDS: Record<Sub, ('email' | 'password' | 'role')[]> = {
  add: ['email', 'role'],
  list: [],
  role: ['email', 'role'],
  disable: ['email'],
  enable: ['email'],
  password: ['email', 'password'],
  invite: ['email'],
};

export function parseUserArgs(args: string[]): UserArgs {
  const [sub, ...rest] = args;
  if (!(SUBCOMMANDS as readonly string[]).includes(sub ?? '')) {
    throw new UsageError(`user needs a subcommand: ${SUBCOMMANDS.join(', ')} (e.g. user add --email you@example.org --password <password> --role owner)`);
  }
  const a = parseArgs(rest, { values: ['email', 'password', 'role', 'name'], switches: ['json'], positional: 'nothing' });
  if (a.positional !== undefined) throw new UsageError(`user ${sub}: unexpected argument ${a.positional}`);
  for (const need of NEEDS[sub as Sub]) if (!a.values[need]) throw new UsageError(`user ${sub} needs --${need}`);
  let role: UserArgs['role'];
  if (a.values.role !== undefined) {
    const r = roleSchema.safeParse(a.values.role);
    if (!r.success) throw new UsageError(`--role must be owner, member or viewer (got '${a.values.role}')`);
    role = r.data;
  }
  return { sub: sub as Sub, email: a.values.email, password: a.values.password, role, name: a.values.name, json: a.switches.has('json') };
}

const out = (json: boolean, value: unknown, text: string) => process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${text}\n`);

/** The change itself, on the database; a refusal throws ApiError (or zod's error). */
async function userAction(args: UserArgs) {
  const users = await import('../../lib/services/accounts/users');
  const { CLI_ACTOR } = await import('../../lib/db/audit');
  const target = async () => {
    const u = await users.findUserByEmail(args.email!);
    if (!u) throw new ApiError(404, `no account with the email ${args.email}`);
    return u;
  };
  switch (args.sub) {
    case 'add': {
      const { user, inviteSecret } = await users.createUser({ email: args.email!, password: args.password, role: args.role!, name: args.name }, CLI_ACTOR);
      const invite = inviteSecret ? `/invite/${inviteSecret}` : null;
      out(args.json, { user, invitePath: invite }, `created ${user.role} ${user.email}` + (invite ? `\n  invitation (shown once; open it on this Evoscope to set a password): ${invite}` : ''));
      return;
    }
    case 'list': {
      const list = await users.listUsers();
      out(args.json, { users: list }, list.length ? list.map((u) => `${u.email}\t${u.role}${u.disabled ? '\tdisabled' : ''}${u.hasPassword ? '' : '\tinvited'}`).join('\n') : 'no accounts: Evoscope is single-user on loopback addresses');
      return;
    }
    case 'role':
    case 'disable':
    case 'enable': {
      const u = await target();
      const change = args.sub === 'role' ? { role: args.role! } : { disabled: args.sub === 'disable' };
      const after = await users.updateUser(u.id, change, CLI_ACTOR);
      out(args.json, { user: after }, `${after.email}: ${after.role}${after.disabled ? ', disabled' : ''}`);
      return;
    }
    case 'password': {
      const u = await target();
      await users.setPassword(u.id, args.password!, CLI_ACTOR);
      out(args.json, { user: u }, `password of ${u.email} set; its sessions were signed out`);
      return;
    }
    case 'invite': {
      const u = await target();
      const path = `/invite/${await users.reinvite(u.id, CLI_ACTOR)}`;
      out(args.json, { user: u, invitePath: path }, `invitation for ${u.email} (shown once): ${path}`);
      return;
    }
  }
}

/** Exit code 1 with the reason on stderr when the change is refused (nothing changed). */
export async function userCommand(args: UserArgs, log: (l: string) => void) {
  try {
    await withDatabase(log, () => userAction(args));
  } catch (e) {
    if (e instanceof ApiError) {
      log(`user ${args.sub} failed: ${e.message}`);
      process.exitCode = 1;
      return;
    }
    if (e instanceof z.ZodError) {
      log(`user ${args.sub} failed: ${e.issues.map((i) => i.message).join('; ')}`);
      process.exitCode = 1;
      return;
    }
    throw e;
  }
}
