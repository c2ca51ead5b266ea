import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { isMemError } from '../../../../src/core/errors.js';
import { parseRegionBody } from '../../../../src/core/memory-file/parse-region-body.js';
import { listConflicts } from '../../../../src/team/merge/list-conflicts.js';
import { mergeMarkdownFile } from '../../../../src/team/merge/merge-markdown-file.js';
import { mergeRegion } from '../../../../src/team/merge/merge-region.js';
import { resolveConflict } from '../../../../src/team/merge/resolve-conflict.js';
import { PROJECT_ROOT } from '../../../helpers/temp-repo.js';

const fixture = (name: string, file: string): string =>
  readFileSync(join(PROJECT_ROOT, 'fixtures', 'merge', name, file), 'utf8');
const conflicted = fixture('conflicting-edits', 'expected.md');
const texts = (body: string): string[] => parseRegionBody(body).entries.map((e) => e.text);

describe('conflicts', () => {
  test('listConflicts reads both versions back exactly, with provenance', () => {
    const [conflict] = listConflicts(conflicted);
    expect(conflict?.id).toBe('c2');
    expect(conflict?.ours).toEqual({
      id: 'c2',
      section: 'Conventions',
      text: 'Prefer named exports everywhere.',
      provenance: { author: 'alice', at: '2025-01-06T10:00:00Z' },
    });
    expect(conflict?.theirs?.provenance.author).toBe('bob');
    expect(conflict?.base?.text).toBe('Prefer named exports over default exports.');
  });

  test('resolve ours / theirs / both / text', () => {
    expect(texts(resolveConflict(conflicted, 'c2', 'ours'))).toContain('Prefer named exports everywhere.');
    expect(texts(resolveConflict(conflicted, 'c2', 'theirs'))).toContain(
      'Default exports are fine for React components.',
    );
    const both = resolveConflict(conflicted, 'c2', 'both');
    expect(texts(both)).toEqual(
      expect.arrayContaining(['Prefer named exports everywhere.', 'Default exports are fine for React components.']),
    );
    expect(listConflicts(both)).toEqual([]);
    const edited = resolveConflict(conflicted, 'c2', { text: 'Named exports, except React components.' });
    expect(parseRegionBody(edited).entries.find((e) => e.id === 'c2')?.text).toBe(
      'Named exports, except React components.',
    );
    // The resolution is an ordinary change that merges like any other.
    expect(mergeRegion(conflicted, edited, conflicted).text).toBe(edited);
  });

  test('unknown id throws NOT_FOUND', () => {
    try {
      resolveConflict(conflicted, 'nope', 'ours');
      expect.unreachable();
    } catch (error) {
      expect(isMemError(error) && error.code).toBe('NOT_FOUND');
    }
  });

  test('a human keeping one version by hand resolves it', () => {
    const kept = conflicted
      .split('\n')
      .filter((line) => !line.includes('side=theirs') && !line.includes('side=base'))
      .join('\n');
    expect(listConflicts(kept)).toEqual([]);
    expect(parseRegionBody(kept).entries.find((e) => e.id === 'c2')?.text).toBe('Prefer named exports everywhere.');
  });

  test('free-text conflicts can be resolved too', () => {
    const body = fixture('free-text-conflict', 'expected.md');
    const [conflict] = listConflicts(body);
    expect(conflict?.kind).toBe('text');
    const fixed = resolveConflict(body, conflict?.id ?? '', 'theirs');
    expect(fixed).toContain('The CLI is built with esbuild (two bundles).');
    expect(listConflicts(fixed)).toEqual([]);
  });

  test('CRLF bodies merge in ours line ending', () => {
    const crlf = (s: string): string => s.replace(/\n/g, '\r\n');
    const r = mergeRegion(
      crlf(fixture('both-append-same-section', 'base.md')),
      crlf(fixture('both-append-same-section', 'ours.md')),
      fixture('both-append-same-section', 'theirs.md'),
    );
    expect(r.text).toBe(crlf(fixture('both-append-same-section', 'expected.md')));
  });

  test('whole files: prose conflicts get git markers, bullets anywhere merge', () => {
    const base = '# T\n\nIntro line.\n\n- one\n';
    const result = mergeMarkdownFile(
      base,
      '# T\n\nIntro line, ours.\n\n- one\n- two\n',
      '# T\n\nIntro line, theirs.\n\n- one\n- three\n',
    );
    expect(result.clean).toBe(false);
    expect(result.text).toBe(
      '# T\n\n<<<<<<< ours\nIntro line, ours.\n=======\nIntro line, theirs.\n>>>>>>> theirs\n\n- one\n- two\n- three\n',
    );
  });
});
