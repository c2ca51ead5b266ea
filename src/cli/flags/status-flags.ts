import type { FlagTable } from './flag-table.js';

/** `mem status`'s flags. */
export const STATUS_FLAGS = {
  json: { type: 'boolean', description: 'print the status as JSON (its shape: README, command reference)' },
} as const satisfies FlagTable;
