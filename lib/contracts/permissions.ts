// Who may do what: roles, permissions, token scopes and the actor a request runs as. Pure (no
// database, no Next): lib/http/handler.ts asks `refusal(actor, access)` before running a route, and
// pages and other helpers ask `can(actor, permission)`. Every route declares ONE permission
// (`handle(fn, { permission })`); this file is the only place that says which actor holds it.
import { z } from 'zod';

export const ROLES = ['owner', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);
export const isRole = (v: unknown): v is Role => (ROLES as readonly unknown[]).includes(v);

/**
 * - public: anyone, also with no session (health check, sign-in); cross-site checks still apply.
 * - read: see runs, programs, analyses, settings pages (never secrets).
 * - account: manage what is one's own (personal tokens, own comments' edit/delete go through
 *   `comment` plus an ownership check); any signed-in user, never a token or a share link.
 * - upload: imports (browser uploads, paths); ingest: the live-ingestion HTTP API.
 * - jobs: start/cancel/resume work (evaluations, judge batches, analyses), edit run metadata/marks.
 * - label: blind labelling sessions (label edits); comment: comments, review statuses, share links.
 * - review-admin: create/assign review sessions; settings: instance settings (evaluation, LLM, ...).
 * - users: accounts and roles, audit log; delete: delete runs and other data for good.
 */
export const PERMISSIONS = [
  'public',
  'read',
  'account',
  'upload',
  'ingest',
  'jobs',
  'label',
  'comment',
  'share',
  'review-admin',
  'settings',
  'users',
  'delete',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MEMBER: readonly Permission[] = ['public', 'read', 'account', 'upload', 'ingest', 'jobs', 'label', 'comment', 'share', 'review-admin'];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: PERMISSIONS,
  member: MEMBER,
  viewer: ['public', 'read', 'account'],
};

/** Personal API token scopes (CLI, scripts, live ingestion). */
export const TOKEN_SCOPES = ['read', 'ingest', 'jobs'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const tokenScopeSchema = z.enum(TOKEN_SCOPES);

/** What a token may do: its scopes' permissions, never more than its owner's role allows. */
export const SCOPE_PERMISSIONS: Record<TokenScope, readonly Permission[]> = {
  read: ['public', 'read'],
  // A search streaming programs in, or a script uploading an archive: both are "putting data in".
  ingest: ['public', 'ingest', 'upload'],
  jobs: ['public', 'jobs'],
};

export interface ActorUser {
  id: string;
  email: string;
  name: string;
}

/**
 * Who a request runs as.
 * - local: the single-user workbench (loopback address, no account exists): may do everything.
 * - user: a signed-in browser session.
 * - token: a personal API token (Authorization: Bearer evo_...), scoped.
 * - share: a read-only share link to one run.
 */
export type Actor =
  | { kind: 'local' }
  | { kind: 'user'; user: ActorUser; role: Role }
  | { kind: 'token'; user: ActorUser; role: Role; scopes: TokenScope[]; tokenId: string }
  | { kind: 'share'; runId: string; shareLinkId: string };

/** The user behind an actor, if any (for audit entries, authorship, assignments). */
export const actorUser = (a: Actor): ActorUser | null => (a.kind === 'user' || a.kind === 'token' ? a.user : null);

/** Every permission the actor holds (a share link: read, on its run only). */
export function permissionsOf(actor: Actor): ReadonlySet<Permission> {
  switch (actor.kind) {
    case 'local':
      return new Set(PERMISSIONS);
    case 'user':
      return new Set(ROLE_PERMISSIONS[actor.role]);
    case 'token': {
      const byRole = new Set(ROLE_PERMISSIONS[actor.role]);
      return new Set(actor.scopes.flatMap((s) => SCOPE_PERMISSIONS[s]).filter((p) => byRole.has(p)));
    }
    case 'share':
      return new Set<Permission>(['public', 'read']);
  }
}

/** `runId`: the run the request is about (a share link reaches its own run only). */
export function can(actor: Actor, permission: Permission, runId?: string | null): boolean {
  if (!permissionsOf(actor).has(permission)) return false;
  if (actor.kind === 'share' && permission !== 'public') return runId === actor.runId;
  return true;
}

/** What one route method requires (declared once per method with handle()). */
export interface RouteAccess {
  permission: Permission;
  /**
   * The body a write (POST, PUT, PATCH, DELETE) may carry: JSON within DEFAULT_JSON_BODY_BYTES
   * unless `{ maxBytes }` says more; 'stream' for a raw upload the route reads under its own
   * budget. handle() (lib/http/handler.ts) refuses the rest before reading a byte.
   */
  body?: { maxBytes: number } | 'stream';
}

export interface Refusal {
  status: 401 | 403;
  error: string;
}

const PERMISSION_WORDS: Record<Permission, string> = {
  public: 'this',
  read: 'reading',
  account: 'managing your account',
  upload: 'uploading runs',
  ingest: 'live ingestion',
  jobs: 'running jobs',
  label: 'labelling edits',
  comment: 'commenting',
  share: 'sharing runs',
  'review-admin': 'managing review sessions',
  settings: 'changing settings',
  users: 'managing users',
  delete: 'deleting data',
};

/**
 * null when `actor` may make a request needing `permission` (on `runId`), else the status and a
 * message for the user: 401 when nobody is signed in, 403 when the actor lacks the permission.
 */
export function refusal(actor: Actor | null, permission: Permission, runId?: string | null): Refusal | null {
  if (permission === 'public') return null;
  if (!actor) {
    return { status: 401, error: 'sign in first: this Evoscope requires an account (or send "Authorization: Bearer <personal API token>")' };
  }
  if (can(actor, permission, runId)) return null;
  const what = PERMISSION_WORDS[permission];
  switch (actor.kind) {
    case 'share':
      return { status: 403, error: 'this share link gives read access to one run only' };
    case 'token':
      return {
        status: 403,
        error: permissionsOf({ kind: 'user', user: actor.user, role: actor.role }).has(permission)
          ? `this API token's scopes (${actor.scopes.join(', ') || 'none'}) do not allow ${what}`
          : `${actor.user.email} is a ${actor.role}: ${what} needs a role that has it`,
      };
    default:
      return { status: 403, error: `you are signed in as a ${actor.kind === 'user' ? actor.role : 'guest'}: ${what} is not allowed for that role` };
  }
}
