import { describe, expect, it } from 'vitest';
import { parseRemovedScripts } from '../../../../src/core/git/script-history.js';

describe('parseRemovedScripts', () => {
  const log = [
    '\x01b2 200',
    'diff --git a/package.json b/package.json',
    '-    "claim": "node scripts/claim.js",',
    '+    "claim:db": "node scripts/claim.js",',
    '\x01a1 100',
    '-    "claim": "node old.js",',
    '-    "tsc": "^5.4.0",',
    '-    "lint": "workspace:*"',
  ].join('\n');

  it('takes the newest commit that removed a script line, and no dependency version', () => {
    expect(parseRemovedScripts(log, ['claim', 'tsc', 'lint', 'dev'])).toEqual(new Map([['claim', 'b2']]));
  });

  it('reads nothing from output it cannot read', () => {
    expect(parseRemovedScripts('fatal: bad revision', ['claim'])).toEqual(new Map());
  });
});
