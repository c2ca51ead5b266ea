/**
 * Whether a file's name says each user keeps it for themselves: `.claude/settings.local.json`, `.env.local`,
 * `CLAUDE.local.md`, `CLAUDE_PERSONAL.md`. Such a file is never committed, whatever the repository's ignore rules
 * say: a checkout that lacks it is as its author means, so a reference or an `@` import to it is no mistake.
 */
const LOCAL_PART = /(?:^|\.)local(?:\.|$)/;
// "personal" as a word of the name (`CLAUDE_PERSONAL.md`, `personal-notes.md`), not inside another word.
const PERSONAL_WORD = /(?:^|[._-])personal(?:[._-]|$)/i;

/** Returns whether `name` (a file's name, no folders) is a user's own file by its name; never throws. */
export function isPersonalFileName(name: string): boolean {
  return LOCAL_PART.test(name) || PERSONAL_WORD.test(name);
}
