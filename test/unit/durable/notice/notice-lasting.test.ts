// The detector behind the nudge and the pending inbox, on the shapes real prompts take (dictated
// run-ons, typing without spaces, hard-wrapped pastes, lists under a lead-in, pasted terminal
// output), each written afresh in the shape of a real session, not copied from one.
import { describe, expect, it } from 'vitest';
import { noticeLastingSentences } from '../../../../src/durable/notice/notice-lasting.js';

// The thresholds the pending inbox uses (extract-candidates): generous, ranked, bounded.
const noticed = (prompt: string, minScore = 2) =>
  noticeLastingSentences(prompt, { maxSentences: 6, minScore, sentencesPerExtra: 4 }).map((s) => s.text);

describe('noticeLastingSentences: where a sentence ends', () => {
  it('splits sentences typed without a space after the stop, but not file names or URLs', () => {
    const found = noticed(
      'The app loses my draft when I switch tabs.Another thing is I would rather it not autosave every keystroke. Where is it?check that index.mjs is loaded from https://x.dev/a?b=c',
    );
    expect(found).toContain('Another thing is I would rather it not autosave every keystroke.');
    expect(found.some((s) => s.includes('index.mjs'))).toBe(true);
    expect(found.every((s) => !s.startsWith('mjs'))).toBe(true);
  });

  it('cuts a dictated run-on into clauses, so the rule deep inside it is quoted whole', () => {
    const dictated =
      'Ok so the situation is that we have a spreadsheet with every appointment and nobody looks at it and then people get booked too early and ' +
      'then we have to call them again and that costs us a lot of time, and what we really need is that there are at least 14 days between two infusions ' +
      'and the screen shows it in red when that is not the case and otherwise it can just stay as it is';
    const found = noticed(dictated);
    expect(found.some((s) => /at least 14 days between two infusions/.test(s))).toBe(true);
    expect(found.every((s) => s.length <= 160)).toBe(true);
  });

  it('joins a hard-wrapped paragraph before judging it, so no half-sentence is quoted', () => {
    const pasted = [
      'Requirements for the take-home, please read them carefully before you start and',
      'keep every screen responsive, the reviewers will open it on a phone as well.',
    ].join('\n');
    const found = noticed(pasted);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((s) => !/\band\.?$/.test(s))).toBe(true);
  });
});

describe('noticeLastingSentences: what the user said around a sentence', () => {
  it('items of a list introduced as what matters carry that, a bare path in it does not', () => {
    const spec = [
      'Build me a small CLI for our release notes, here are the important points:',
      '- Use the GitHub API',
      '- Output markdown only',
      '- src/cli.ts',
      '',
      'Thanks!',
    ].join('\n');
    const found = noticed(spec, 3);
    expect(found).toContain('Use the GitHub API');
    expect(found).not.toContain('src/cli.ts');
  });

  it('quotes the sentence that a short "it is important" leans on', () => {
    const found = noticed(
      'also, is the shuffle really uniform? it is important, we need to be able to explain every draw',
    );
    expect(found.some((s) => s.startsWith('also, is the shuffle really uniform? it is important'))).toBe(true);
  });

  it('reads a wish typed with a question mark as a wish, and quotes it without the mark', () => {
    expect(noticed('I need a setting for how many retries we allow ?')).toContain(
      'I need a setting for how many retries we allow',
    );
  });

  it('notices imperatives about how to work that start mid-sentence or after a label', () => {
    expect(noticed('step 2 - ask me before you run any migration').length).toBe(1);
    expect(noticed('continue with the parser and keep the grammar and the tests in separate files').length).toBe(1);
    expect(noticed('plz be concise').length).toBe(1);
  });

  it('finds requirements stated in German, Spanish and Indonesian', () => {
    expect(noticed('Zwischen zwei Kontrollen brauchen wir mindestens 21 Tage Abstand.').length).toBe(1);
    expect(noticed('Quiero que todos los mensajes de error estén en español.').length).toBe(1);
    expect(
      noticed('Bahasa campuran: label UI pakai bahasa Indonesia, istilah teknis tetap bahasa Inggris').length,
    ).toBe(1);
  });
});

describe('noticeLastingSentences: the safety net under the shrunken rule list', () => {
  // These shapes had a rule each in find-user-rules (one phrasing from one fixture); the rules are
  // gone, so mem no longer writes them by itself, and the detector still puts them in the inbox.
  it.each([
    'oh and `make db-reset` wipes your local database, only run it when I ask',
    'we have useDebouncedValue in src/hooks/useDebouncedValue.ts',
    "to run a single test file here it's `pnpm vitest run <path>`",
    '커밋하기 전에 항상 `yarn typecheck`를 돌려 주세요.',
    'commit se pehle hamesha `make lint-fix` chala dena',
    'so that is the sequence: `make test-env` first, then `make test-int`',
    'the log pkg is banned',
    'Schemaänderungen laufen bei uns immer über ein Liquibase-Changeset, nie über Hibernate.',
  ])('still notices %j', (prompt) => {
    expect(noticed(prompt).length).toBeGreaterThan(0);
  });
});

describe('noticeLastingSentences: what is not the user speaking', () => {
  it('ignores git output, an interpreter traceback and a status board pasted from the terminal', () => {
    const pasted = [
      '[main 3f2a9c1] Deploy the site',
      ' 12 files changed, 400 insertions(+)',
      ' create mode 100644 DEPLOY_GUIDE.md',
      ' create mode 100755 always_restart.sh',
      'File /usr/lib/python3.12/site-packages/pandas/io/parsers/readers.py:873, in read_csv(filepath, sep)',
      '---> 95 self._reader = parsers.TextReader(src, **kwds)',
      '     93     # Fail here loudly instead of in cython after reading',
      'Web Interface:    http://localhost:8080',
    ].join('\n');
    expect(noticed(pasted, 1)).toEqual([]);
  });

  it("ignores an agent's report pasted into the prompt and a table of contents, but not the user's own line", () => {
    const report = [
      'this is what the other session ended with, carry on. we always deploy from the release branch',
      '',
      '## Summary',
      'All 41 tests pass.',
      '### Changes made',
      '- Moved the API client to src/api/client.ts, the header must stay sticky',
      '### Next steps',
      '- Always run the e2e suite before tagging v0.3',
    ].join('\n');
    expect(noticed(report)).toEqual(['we always deploy from the release branch']);
    expect(
      noticed(
        [
          'Contents',
          '1. Setup ........ 3',
          '2. Deploying must happen from CI ........ 7',
          '3. Security ........ 12',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('gives nothing for small talk, a plain question or a task scoped to now', () => {
    expect(noticed('thanks, that works!')).toEqual([]);
    expect(noticed('What should I build next?')).toEqual([]);
    expect(noticed("Don't change the public API while fixing the parser.", 3)).toEqual([]);
    expect(noticed('never mind, leave it as it is', 3)).toEqual([]);
    // A guess, a task handed over, a how-to: the nudge stays quiet.
    expect(noticed('maybe the total should be cast to a float before dividing by the count', 3)).toEqual([]);
    expect(noticed('I want you to create a small TypeScript CLI inside this folder', 3)).toEqual([]);
    expect(noticed('start implementing the settings tabs with the existing tabs_controller.js', 3)).toEqual([]);
  });
});
