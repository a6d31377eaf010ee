// What the site header's client components fetch on every page, shared with the root layout,
// which preloads both with the HTML (a constant exported by a 'use client' module would reach a
// server component as a client reference, not as its string).

/** better-auth's session of the signed-in user (components/auth/AccountMenu.tsx). */
export const SESSION_URL = '/api/auth/get-session';
/** The unread mentions count (components/mentions/MentionsNavLink.tsx). */
export const UNREAD_MENTIONS_URL = '/api/mentions?unread=1';
