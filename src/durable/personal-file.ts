/** Personal memory: the file Claude Code reads for this clone's user only, never shared (git ignores it). */
export const PERSONAL_FILE = 'CLAUDE.local.md';
