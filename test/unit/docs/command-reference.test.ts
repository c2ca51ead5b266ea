/**
 * docs/commands.md is generated from the commands' oclif metadata (scripts/command-reference.mjs).
 * Rendering the same function over the sources' command map must give the file as committed, so a
 * changed flag, summary or example cannot leave the reference behind.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandReference } from '../../../scripts/command-reference.mjs';
import { COMMANDS } from '../../../src/cli/entry/commands.js';
import { PROJECT_ROOT } from '../../helpers/temp-repo.js';

describe('docs/commands.md', () => {
  it('is what the command metadata generates (else: npm run build && npm run docs:commands)', () => {
    const committed = readFileSync(join(PROJECT_ROOT, 'docs', 'commands.md'), 'utf8');
    expect(committed, 'docs/commands.md is stale: run npm run build && npm run docs:commands').toBe(
      commandReference(COMMANDS as Record<string, unknown>),
    );
  });

  it('names every command the CLI ships', () => {
    const committed = readFileSync(join(PROJECT_ROOT, 'docs', 'commands.md'), 'utf8');
    for (const id of Object.keys(COMMANDS)) expect(committed).toContain(`## \`mem ${id}`);
  });
});
