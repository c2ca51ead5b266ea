import { describe, expect, it } from 'vitest';
import { parseRemovedScripts, parseRemovedTargets, splitManifestLog } from '../../../../src/core/git/script-history.js';

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

  it('takes a removed make target, not one moved to another file in the same commit', () => {
    const make = [
      '\x01c3 300',
      '--- a/Makefile',
      '-test-py-3.9:',
      '-release lint: deps',
      '+lint:',
      '\x01c1 100',
      '+bench:',
    ].join('\n');
    expect(parseRemovedTargets(make, ['test-py-3.9', 'release', 'lint', 'bench'])).toEqual(
      new Map([
        ['test-py-3.9', 'c3'],
        ['release', 'c3'],
      ]),
    );
  });

  it('reads nothing from output it cannot read', () => {
    expect(parseRemovedScripts('fatal: bad revision', ['claim'])).toEqual(new Map());
  });
});

describe('splitManifestLog', () => {
  it("gives each kind's parser only its own files' diffs of one log over both", () => {
    const log = [
      '\x01c3 300',
      '',
      'diff --git a/package.json b/package.json',
      '-    "build": "tsc",',
      'diff --git a/tools/Makefile b/tools/Makefile',
      '-build:',
      '+"build": x',
      '\x01b2 200',
      '',
      'diff --git a/web/package.json b/web/package.json',
      '+    "build": "vite build",',
    ].join('\n');
    const split = splitManifestLog(log);
    expect(parseRemovedScripts(split.script, ['build'])).toEqual(new Map([['build', 'c3']]));
    expect(parseRemovedTargets(split.make, ['build'])).toEqual(new Map([['build', 'c3']]));
    expect(split.make).not.toContain('vite build');
    expect(split.script).not.toContain('tools/Makefile');
  });
});
