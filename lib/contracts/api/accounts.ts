// The account views the settings pages list: users, API tokens, share links, the audit log.
import type { Role, TokenScope } from '../permissions';

export interface AuditRow {
  id: string;
  at: string;
  actorKind: string;
  actorEmail: string | null;
  action: string;
  targetKind: string;
  targetId: string | null;
  details: unknown;
}

export interface AuditPage {
  entries: AuditRow[];
  /** Pass as `before` for the next (older) page; null when this is the last one. */
  nextBefore: string | null;
  /** Every action recorded so far, for the filter. */
  actions: string[];
}

export interface ApiTokenView {
  id: string;
  name: string;
  scopes: TokenScope[];
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

export interface ShareLinkView {
  id: string;
  runId: string;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  active: boolean;
}

export interface UserView {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** False while an invited user has not set a password yet. */
  hasPassword: boolean;
  createdAt: string;
}
