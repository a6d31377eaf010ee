// Comments (issue 10 item 4) on a run's best-so-far edit, a program or a diff, with @mentions.
// Authorship rules: anyone with 'comment' may post; only the author edits a comment (the
// single-user workbench's 'local' edits what 'local' wrote); the author or an owner (permission
// 'users') deletes it. Deletion is soft: the thread keeps its place, the text is no longer shown.
import { commentHref, type CommentTarget, type CommentView, type MentionView } from '../contracts/api/board';
import { ApiError } from '../contracts/apiError';
import { mentionedEmails } from '../review/safeMarkdown';
import { actorUser, can, type Actor } from '../contracts/permissions';
import { audit } from './audit';
import { prisma } from './client';

const include = {
  author: { select: { id: true, name: true, email: true } },
  mentions: { include: { user: { select: { id: true, name: true, email: true } } } },
} as const;

type Row = NonNullable<Awaited<ReturnType<typeof findComment>>>;
const findComment = (id: string) => prisma().comment.findUnique({ where: { id }, include });

/** Whether `actor` wrote `c` (by user id; 'local' for what the single-user workbench wrote). */
function isOwn(actor: Actor, c: { authorId: string | null; authorKind: string }): boolean {
  const me = actorUser(actor);
  return me ? c.authorId === me.id : actor.kind === 'local' && c.authorKind === 'local';
}

export const mayEdit = (actor: Actor, c: Row) => c.deletedAt === null && isOwn(actor, c);
export const mayDelete = (actor: Actor, c: Row) => c.deletedAt === null && (isOwn(actor, c) || can(actor, 'users'));

function view(actor: Actor, c: Row): CommentView {
  const deleted = c.deletedAt !== null;
  return {
    id: c.id,
    runId: c.runId,
    programId: c.programId,
    target: c.targetKind as CommentView['target'],
    line: c.line,
    author: c.author
      ? { id: c.author.id, kind: c.authorKind, name: c.author.name || c.author.email }
      : { id: null, kind: c.authorKind, name: c.authorKind === 'local' ? 'local' : 'deleted account' },
    body: deleted ? '' : c.body,
    createdAt: c.createdAt.toISOString(),
    editedAt: c.editedAt?.toISOString() ?? null,
    deletedAt: c.deletedAt?.toISOString() ?? null,
    mentions: deleted ? [] : c.mentions.map((m) => ({ userId: m.user.id, email: m.user.email, name: m.user.name || m.user.email })),
    canEdit: mayEdit(actor, c),
    canDelete: mayDelete(actor, c),
  };
}

/** The comments on one target, oldest first (deleted ones included, without their text). */
export async function listComments(actor: Actor, runId: string, t: CommentTarget): Promise<CommentView[]> {
  const rows = await prisma().comment.findMany({
    where: { runId, programId: t.programId, targetKind: t.target, ...(t.line !== undefined ? { line: t.line } : {}) },
    orderBy: { createdAt: 'asc' },
    include,
  });
  return rows.map((c) => view(actor, c));
}

/** The accounts that may be @mentioned (enabled ones), for the autocomplete. */
export async function mentionableUsers() {
  const users = await prisma().user.findMany({ where: { disabled: false }, select: { id: true, name: true, email: true }, orderBy: { email: 'asc' } });
  return users.map((u) => ({ id: u.id, name: u.name || u.email, email: u.email }));
}

/** Keep the comment's mention rows equal to the enabled accounts its body @mentions (read state kept). */
async function syncMentions(commentId: string, body: string) {
  const emails = mentionedEmails(body);
  const users = emails.length
    ? await prisma().user.findMany({ where: { disabled: false, email: { in: emails, mode: 'insensitive' } }, select: { id: true } })
    : [];
  const ids = users.map((u) => u.id);
  await prisma().commentMention.deleteMany({ where: { commentId, userId: { notIn: ids } } });
  await prisma().commentMention.createMany({ data: ids.map((userId) => ({ commentId, userId })), skipDuplicates: true });
}

export async function createComment(actor: Actor, runId: string, t: CommentTarget & { body: string }): Promise<CommentView> {
  const program = await prisma().program.findFirst({ where: { id: t.programId, runId }, select: { id: true } });
  if (!program) throw new ApiError(404, 'program not found in this run');
  if (t.line !== undefined && t.target !== 'diff') throw new ApiError(400, 'line: only diff comments name a line');
  const me = actorUser(actor);
  const c = await prisma().comment.create({
    data: { runId, programId: t.programId, targetKind: t.target, line: t.line ?? null, authorId: me?.id ?? null, authorKind: actor.kind, body: t.body },
  });
  await syncMentions(c.id, t.body);
  return view(actor, (await findComment(c.id))!);
}

async function existing(id: string): Promise<Row> {
  const c = await findComment(id);
  if (!c) throw new ApiError(404, 'comment not found');
  return c;
}

export async function editComment(actor: Actor, id: string, body: string): Promise<CommentView> {
  const c = await existing(id);
  if (c.deletedAt) throw new ApiError(409, 'this comment was deleted');
  if (!mayEdit(actor, c)) throw new ApiError(403, 'only its author may edit a comment');
  await prisma().comment.update({ where: { id }, data: { body, editedAt: new Date() } });
  await syncMentions(id, body);
  return view(actor, (await findComment(id))!);
}

export async function deleteComment(actor: Actor, id: string): Promise<CommentView> {
  const c = await existing(id);
  if (c.deletedAt) throw new ApiError(409, 'this comment was already deleted');
  if (!mayDelete(actor, c)) throw new ApiError(403, 'only its author or an owner may delete a comment');
  await prisma().comment.update({ where: { id }, data: { deletedAt: new Date() } });
  // Someone else's comment going is worth a trace (moderation); one's own is not.
  if (!isOwn(actor, c)) await audit(actor, 'comment.delete', { kind: 'comment', id }, { runId: c.runId, programId: c.programId, author: c.author?.email ?? c.authorKind });
  return view(actor, (await findComment(id))!);
}

/** The comment `id` as the actor sees it (for permalinks), or null. */
export async function getComment(actor: Actor, id: string): Promise<CommentView | null> {
  const c = await findComment(id);
  return c ? view(actor, c) : null;
}

/** The live comments that @mention `userId`, newest first. */
export async function listMentions(actor: Actor, userId: string, opts: { unreadOnly?: boolean; limit?: number } = {}): Promise<MentionView[]> {
  const rows = await prisma().commentMention.findMany({
    where: { userId, comment: { deletedAt: null }, ...(opts.unreadOnly ? { readAt: null } : {}) },
    orderBy: { createdAt: 'desc' },
    take: Math.min(opts.limit ?? 100, 500),
    include: { comment: { include: { ...include, run: { select: { name: true } } } } },
  });
  return rows.map((m) => {
    const comment = view(actor, m.comment);
    return { comment, runName: m.comment.run.name, readAt: m.readAt?.toISOString() ?? null, href: commentHref(comment) };
  });
}

export async function unreadMentionCount(userId: string): Promise<number> {
  return prisma().commentMention.count({ where: { userId, readAt: null, comment: { deletedAt: null } } });
}

/** Mark some (or all) of `userId`'s mentions read; returns how many changed. */
export async function markMentionsRead(userId: string, commentIds: string[] | 'all'): Promise<number> {
  const { count } = await prisma().commentMention.updateMany({
    where: { userId, readAt: null, ...(commentIds === 'all' ? {} : { commentId: { in: commentIds } }) },
    data: { readAt: new Date() },
  });
  return count;
}
