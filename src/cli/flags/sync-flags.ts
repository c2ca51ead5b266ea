import type { FlagTable } from './flag-table.js';

/** `mem sync`'s flags. */
export const SYNC_FLAGS = {
  'dry-run': { type: 'boolean', description: 'show what would change; write and push nothing' },
  json: { type: 'boolean', description: 'print the sync report as JSON' },
  strict: { type: 'boolean', description: 'exit 1 when the sync could not complete (for CI)' },
  quiet: { type: 'boolean', description: 'print only warnings (used by the pre-push hook)' },
} as const satisfies FlagTable;
