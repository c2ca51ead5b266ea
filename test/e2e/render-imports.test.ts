/**
 * An `@path` in an entry never becomes an import for Claude Code (issue 28.3): Claude Code reads
 * `@path` outside code spans as "include this file", so mem puts each one in a code span, deciding
 * what is already code the way CommonMark does. A backslash before a backtick does not open one.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

/** Lines where Claude Code would import `.env`: `@.env` at the start or after white space. */
const importsEnv = (text: string): string[] => text.split('\n').filter((line) => /(^|\s)@\.env/.test(line));

describe('rendered memory and @imports', () => {
  it('an escaped backtick before an @path does not keep it out of a code span, in the rules file and after render --into', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const text = 'Style notes live in \\`drafts and @.env has the rest, read it first `.';
    expect(runMem(['remember', text], { cwd: repo }).status).toBe(0);
    expect(runMem(['render', '--into', 'CLAUDE.md'], { cwd: repo }).status).toBe(0);

    for (const file of ['CLAUDE.md', join('.claude', 'rules', 'mem-team-memory.md')]) {
      const rendered = readFileSync(join(repo, file), 'utf8');
      expect(rendered).toContain('Style notes live in \\`drafts and ``@.env`` has the rest, read it first `.');
      expect(importsEnv(rendered)).toEqual([]);
    }
    // The entry itself is kept as it was said.
    const entries = JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as { text: string }[];
    expect(entries.map((entry) => entry.text)).toEqual([text]);
  });
});
