import type { FlagTable } from './flag-table.js';

/** `mem lint`'s flags. */
export const LINT_FLAGS = {
  agent: { type: 'string', short: 'a', description: 'which agent: claude, codex, gemini or all', default: 'all' },
  dir: {
    type: 'string',
    short: 'd',
    description: 'the directory the agent is started in (default: the repository root)',
  },
  json: { type: 'boolean', description: 'print the report as JSON (its shape: docs/lint.md)' },
  'max-level': {
    type: 'string',
    description: 'exit 1 when a finding at or above this level exists: info, warning or error',
  },
} as const satisfies FlagTable;
