import { describe, expect, it } from 'vitest';
import { matchEntries } from '../../../src/durable/forget.js';
import type { ListedEntry } from '../../../src/durable/list-entries.js';

function entry(id: string, text: string, conflict = false): ListedEntry {
  return {
    id,
    section: 'Conventions',
    text,
    file: 'CLAUDE.md',
    files: ['CLAUDE.md'],
    line: 1,
    provenance: { author: null, at: null, session: null, agent: null },
    personal: false,
    scope: null,
    conflict: conflict ? { ours: text, theirs: null, base: null } : null,
  };
}

const ENTRIES = [
  entry('m1111aaaa00', 'Use pnpm, not npm.'),
  entry('m2222bbbb00', 'Run `pnpm test` before every push.'),
  entry('m2222cccc00', 'Run `pnpm lint` before every push.'),
  entry('h-0123456789ab', 'Never edit `src/gen/` by hand.'),
  entry('m9999conf00', 'Use yarn.', true),
];

describe('matchEntries', () => {
  it('matches an exact id first, case-insensitively, conflicts included', () => {
    expect(matchEntries('M1111AAAA00', ENTRIES)).toEqual({ matchedBy: 'id', entries: [ENTRIES[0]] });
    expect(matchEntries('m9999conf00', ENTRIES)).toEqual({ matchedBy: 'id', entries: [ENTRIES[4]] });
  });

  it('matches a unique id prefix of at least four characters; a shared prefix is ambiguous', () => {
    expect(matchEntries('h-0123', ENTRIES)).toEqual({ matchedBy: 'id-prefix', entries: [ENTRIES[3]] });
    expect(matchEntries('m2222', ENTRIES)).toEqual({ ambiguous: [ENTRIES[1], ENTRIES[2]] });
    expect(matchEntries('m11', ENTRIES)).toBeNull();
  });

  it('matches the exact text ignoring case, backticks and the final stop, and as the rule it would be written', () => {
    expect(matchEntries('use pnpm, not npm', ENTRIES)).toEqual({ matchedBy: 'text', entries: [ENTRIES[0]] });
    expect(matchEntries('never edit src/gen/ by hand', ENTRIES)).toEqual({ matchedBy: 'text', entries: [ENTRIES[3]] });
    expect(matchEntries('please, use pnpm, not npm', ENTRIES)).toEqual({ matchedBy: 'text', entries: [ENTRIES[0]] });
  });

  it('takes a clear best fuzzy match, lists close ones as ambiguous, and finds nothing for unrelated words', () => {
    expect(matchEntries('pnpm test push', ENTRIES)).toEqual({ matchedBy: 'fuzzy', entries: [ENTRIES[1]] });
    const ambiguous = matchEntries('before every push', ENTRIES);
    expect(ambiguous).toEqual({ ambiguous: [ENTRIES[1], ENTRIES[2]] });
    expect(matchEntries('kubernetes helm', ENTRIES)).toBeNull();
    // Conflicts are forgotten by id only: their text is not one memory yet.
    expect(matchEntries('use yarn', ENTRIES)).toBeNull();
  });
});
