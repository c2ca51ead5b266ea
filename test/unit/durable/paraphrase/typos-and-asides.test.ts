/**
 * Prompts as they are typed: the words that carry a request misspelt ("Rember that …", "alwasy"),
 * long dictated sentences with parenthetical asides, Chinese without spaces. Written apart from the
 * rules (issue 26); look-alikes that are words of their own must stay what they are.
 */
import { describe, expect, it } from 'vitest';
import { correctSignalTypos } from '../../../../src/durable/notice/correct-signal-typos.js';
import { noticeLastingSentences } from '../../../../src/durable/notice/notice-lasting.js';
import { isCompleteSentence } from '../../../../src/durable/extract/find-memory-requests.js';
import { nudgeFor } from '../../../../src/durable/notice/nudge.js';

describe('misspelt request words are read as meant', () => {
  it.each([
    ['Rember that the build runs on Windows', 'Remember that the build runs on Windows'],
    ['remeber: no console.log in committed code', 'remember: no console.log in committed code'],
    ['rememebr the api key lives in the vault', 'remember the api key lives in the vault'],
    ['pls remmeber we use tabs', 'pls remember we use tabs'],
    ['alwasy run the formatter', 'always run the formatter'],
    ['we allways pin versions', 'we always pin versions'],
    ['alwyas ask before deleting files', 'always ask before deleting files'],
  ])('%j', (typed, meant) => {
    expect(correctSignalTypos(typed)).toBe(meant);
  });

  it.each([
    'the member list',
    'renumber the steps',
    'a newer version',
    'it allows that',
    'set a reminder',
    'the remainder of the file',
    'render it again',
    'already done',
    'an alias for it',
    'we remembered it',
  ])('leaves %j as it is', (typed) => {
    expect(correctSignalTypos(typed)).toBe(typed);
  });

  it('a misspelt request is nudged', () => {
    expect(nudgeFor('Rember that you are on windows, use docker when the tests do not run')).not.toBe('');
    expect(nudgeFor('alwasy use the staging database for demos')).not.toBe('');
  });
});

describe('a long dictated sentence is cut around its asides', () => {
  const noticed = (prompt: string) =>
    noticeLastingSentences(prompt, { maxSentences: 10, minScore: 2, sentencesPerExtra: 4 }).map((s) => s.text);

  it.each([
    'I also want the output to be a single bundle that the worker can load directly (if that is possible, everything should fit in that one file, no external assets at runtime, only in dev)',
    'we need the exports to be in CSV and not Excel (the accounting team imports them into an old tool, it breaks on xlsx, and nobody wants to fix that tool) so please keep that in mind',
    'the reports should always be generated at night (around 2am, when the database is quiet, and the backups are done) and never during office hours',
  ])('no piece opens a bracket it does not close: %j', (typed) => {
    const found = noticed(typed);
    expect(found.length).toBeGreaterThan(0);
    for (const sentence of found)
      expect((sentence.match(/\(/g) ?? []).length).toBe((sentence.match(/\)/g) ?? []).length);
    expect(found.some((sentence) => isCompleteSentence(sentence))).toBe(true);
  });
});

describe('Chinese without spaces is prose, not a bare pointer', () => {
  it.each([
    '我要做一个很精致的便签应用，常用的网站要能一键打开',
    '我需要每个提醒都能设置重复时间，不需要的时候可以关掉',
  ])('%j', (typed) => {
    expect(nudgeFor(typed)).not.toBe('');
  });
});
