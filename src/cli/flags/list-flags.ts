import type { FlagTable } from './flag-table.js';

/** `mem list`'s flags. */
export const LIST_FLAGS = {
  json: { type: 'boolean', description: 'print the entries as a JSON array (its shape: README, command reference)' },
  section: { type: 'string', short: 's', description: 'only entries of this section' },
  personal: { type: 'boolean', description: 'only personal entries (CLAUDE.local.md)' },
  branch: {
    type: 'string',
    description: "the memory as seen on this branch (team-wide entries and this branch's)",
    exclusive: ['all-branches'],
  },
  'all-branches': { type: 'boolean', description: "every branch's entries, not only those seen where HEAD is" },
} as const satisfies FlagTable;
