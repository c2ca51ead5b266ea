/**
 * The nudge and the pending inbox through the built hooks, on the shapes prompts take in real
 * sessions (../shared/corpus): a dictated run-on with the rule deep inside it, an agent's report
 * pasted back with the user's own line on top, the reason typed when rejecting a tool call, git
 * output pasted to ask about it, and a plain task. Written afresh in those shapes, not copied.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';
import {
  appendLines,
  assistantText,
  eventPayload,
  startPayload,
  stopPayload,
  toolResult,
  toolUse,
  userLine,
} from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

type Listed = { status: string; text: string | null };
const pendingTexts = (repo: string): string[] =>
  (JSON.parse(runMem(['candidates', '--json'], { cwd: repo }).stdout) as Listed[])
    .filter((c) => c.status === 'pending')
    .map((c) => c.text ?? '');
const written = (repo: string): string[] =>
  (JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as { text: string }[]).map((e) => e.text);
const nudgeOf = (stdout: string): string =>
  stdout.trim()
    ? ((JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput
        ?.additionalContext ?? '')
    : '';

describe('the detector on real prompt shapes, end to end', () => {
  it('nudges the rule inside a run-on, learns nothing from a pasted report or git output, and keeps a rejection reason pending', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'session.jsonl');
    const session = 'dddd4444-5555-6666-7777-888899990000';
    appendLines(transcript, []);
    runMem(['hook', 'session-start'], { cwd: repo, stdin: startPayload(session, transcript, repo, 'startup') });
    const turn = (prompt: string, lines: string[], reply: string): string => {
      const submit = runMem(['hook', 'user-prompt-submit'], {
        cwd: repo,
        stdin: eventPayload('UserPromptSubmit', session, transcript, repo, { prompt }),
      });
      expect(submit.status).toBe(0);
      appendLines(transcript, [userLine(prompt), ...lines, assistantText(reply)]);
      expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload(session, transcript, repo, reply) }).status).toBe(
        0,
      );
      return nudgeOf(submit.stdout);
    };

    // Dictated, no full stops: the limit deep inside is quoted whole, and waits in the inbox.
    const dictated =
      'ok so the thing is the clinic books follow-ups by hand and then people come back too early and then we have to call everyone again and that is ' +
      'a lot of work for the front desk so what we need is at least 14 days between two infusions for the same patient and the calendar shows it in red ' +
      'otherwise it can stay as it is for the prototype';
    const nudge = turn(dictated, [], 'Noted; I will model the 14-day rule.');
    expect(nudge).toMatch(/^mem: this may state a lasting rule/);
    expect(nudge).toMatch(/at least 14 days between two infusions/);
    expect(pendingTexts(repo).some((t) => /at least 14 days between two infusions/.test(t))).toBe(true);
    expect(written(repo)).toEqual([]);

    // An agent's report pasted back: neither its "Always …" nor its notes are learned; the user's line is.
    const before = pendingTexts(repo).length;
    const report = [
      'here is where the other session stopped, pick it up',
      '',
      '## Summary',
      'All 38 tests pass.',
      '## Next steps',
      '- Always run `pnpm e2e` before tagging a release',
      '- Add the CSV export',
    ].join('\n');
    expect(turn(report, [], 'Picking up with the CSV export.')).toBe('');
    expect(written(repo)).toEqual([]);
    expect(pendingTexts(repo).filter((t) => /pnpm e2e|CSV export|tests pass/.test(t))).toEqual([]);
    expect(pendingTexts(repo)).toHaveLength(before);

    // The reason typed when rejecting a tool call is the user's word: a wish with a stray '?' stays a wish.
    const reason =
      "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, the new_string was NOT written to the file). The user provided the following reason for the rejection:  I need a setting for how many reminder texts we send per patient ?";
    turn(
      'go ahead and write the reminder job',
      [
        toolUse('t1', 'Write', { file_path: join(repo, 'src/reminders.ts'), content: 'x' }),
        toolResult('t1', reason, true),
      ],
      'Understood, I will add a setting first.',
    );
    expect(pendingTexts(repo)).toContain('I need a setting for how many reminder texts we send per patient.');

    // Git output pasted to ask about it, and a plain task: quiet.
    const pasted = [
      'why is this so big?',
      '[main 4e1c2d9] Add the seed data',
      ' 14 files changed, 3920 insertions(+)',
      ' create mode 100644 seeds/always_load_first.sql',
      ' create mode 100644 docs/NEVER_EDIT.md',
    ].join('\n');
    const quiet = pendingTexts(repo).length;
    expect(turn(pasted, [], 'The seed file is large because it inlines the fixtures.')).toBe('');
    expect(turn('now add the CSV export button to the calendar page', [], 'Added the button.')).toBe('');
    expect(pendingTexts(repo)).toHaveLength(quiet);
    expect(written(repo)).toEqual([]);
  });
});
