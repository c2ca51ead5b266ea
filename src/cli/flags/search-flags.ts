import type { FlagTable } from './flag-table.js';

/** `mem search`'s flags; the words of the query are its arguments (after `--` when one starts with a dash). */
export const SEARCH_FLAGS = {
  json: {
    type: 'boolean',
    description: 'print the results as JSON, best first (its shape: README, command reference)',
  },
  limit: { type: 'integer', short: 'n', description: 'maximum number of results (1 to 1000)', default: '10' },
  section: { type: 'string', short: 's', description: 'only entries whose section path contains this text' },
  kind: {
    type: 'string',
    short: 'k',
    description: 'only these kinds: durable, team, session, rules, local, agents (comma-separated)',
    multiple: true,
  },
  since: { type: 'string', description: 'only entries from the last N days, or since an ISO date' },
} as const satisfies FlagTable;
