import { describe, expect, it } from 'vitest';
import { declaresArchived } from '../../../src/lint/is-archived.js';

describe('declaresArchived', () => {
  it('takes an opening banner saying the project is archived and no longer maintained', () => {
    expect(declaresArchived('# CLAUDE.md\n\n> ⚠️ **PROJECT ARCHIVED - NO LONGER MAINTAINED**\n')).toBe(true);
    expect(declaresArchived('# Archived: this repository is no longer actively developed\n')).toBe(true);
  });

  it('needs both words on a banner line at the top of the file', () => {
    expect(declaresArchived('> **No longer maintained** in this fork.\n')).toBe(false);
    expect(declaresArchived('- Old logs are archived; the script is no longer maintained.\n')).toBe(false);
    expect(declaresArchived(`${'filler line\n'.repeat(200)}> PROJECT ARCHIVED - NO LONGER MAINTAINED\n`)).toBe(false);
  });
});
