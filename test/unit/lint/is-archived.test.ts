import { describe, expect, it } from 'vitest';
import { declaresArchived, isArchived } from '../../../src/lint/is-archived.js';

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

describe('isArchived', () => {
  it('takes a folder of retired files, an old/ folder among them', () => {
    expect(isArchived('archive/documentation_consolidated/CLAUDE.md')).toBe(true);
    expect(isArchived('old/CLAUDE.md')).toBe(true);
    expect(isArchived('apps/_old/AGENTS.md')).toBe(true);
  });

  it('needs the whole folder name, and not the file name', () => {
    expect(isArchived('old-ui/CLAUDE.md')).toBe(false);
    expect(isArchived('golden/CLAUDE.md')).toBe(false);
    expect(isArchived('docs/old.md')).toBe(false);
  });
});
