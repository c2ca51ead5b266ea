import type { FlagTable } from './flag-table.js';

/** `mem check`'s flags. */
export const CHECK_FLAGS = {
  since: {
    type: 'string',
    description: 'only entries invalidated by the commits since this revision (e.g. origin/main)',
  },
  all: { type: 'boolean', description: 'also list entries whose anchored files changed (informational)' },
  files: {
    type: 'boolean',
    description: 'also check references in the hand-written CLAUDE.md / AGENTS.md / GEMINI.md files',
  },
  json: { type: 'boolean', description: 'print the entries as JSON (its shape: README, command reference)' },
} as const satisfies FlagTable;
