/**
 * Issue 29.1: the user types a rule with "remember that", the agent records it in its own words
 * with `mem remember`, and the same turn's Stop must not replace that entry with the user's raw
 * prompt. After the Stop there is exactly one entry, the agent's wording, recorded by the agent.
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

describe("the agent's recorded wording wins over mem's own extraction", () => {
  it('keeps the entry the agent recorded in the turn; Stop neither supersedes it nor adds the raw prompt', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'session.jsonl');
    const session = 'dddd4444-5555-6666-7777-888899990000';
    appendLines(transcript, []);
    runMem(['hook', 'session-start'], { cwd: repo, stdin: startPayload(session, transcript, repo, 'startup') });

    const prompt = 'From now on we always run `go test ./...` with -race; remember that.';
    const submit = runMem(['hook', 'user-prompt-submit'], {
      cwd: repo,
      stdin: eventPayload('UserPromptSubmit', session, transcript, repo, { prompt }),
    });
    expect(submit.status).toBe(0);
    // The agent runs mem remember from its shell (Claude Code marks it with CLAUDECODE=1).
    const remembered = runMem(['remember', '--section', 'Commands', 'Always run go test ./... with -race.'], {
      cwd: repo,
      env: { CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: session },
    });
    expect(remembered.status, remembered.stderr).toBe(0);
    appendLines(transcript, [
      userLine(prompt),
      toolUse('r1', 'Bash', { command: 'mem remember --section Commands "Always run go test ./... with -race."' }),
      toolResult('r1', remembered.stdout.trim()),
      assistantText('Recorded: always run go test ./... with -race.'),
    ]);
    const stop = runMem(['hook', 'stop'], {
      cwd: repo,
      stdin: stopPayload(session, transcript, repo, 'Recorded: always run go test ./... with -race.'),
      env: { MEM_NO_BACKGROUND_SYNC: '1' },
    });
    expect(stop.status).toBe(0);

    const entries = JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as { text: string; section: string }[];
    expect(entries.map((entry) => `${entry.section}: ${entry.text}`)).toEqual([
      'Commands: Always run go test ./... with -race.',
    ]);
    const listed = runMem(['list'], { cwd: repo }).stdout;
    expect(listed).toContain('Always run go test ./... with -race.');
    expect(listed).toContain('recorded by the agent');
    expect(listed).not.toMatch(/remember that/i);
    // Nothing of it waits in the inbox either: the agent handled the prompt.
    const pending = JSON.parse(runMem(['candidates', '--pending', '--json'], { cwd: repo }).stdout) as {
      text: string;
    }[];
    expect(pending).toEqual([]);
  });

  it('writes the cleaned request by itself when the agent records nothing', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'session.jsonl');
    const session = 'eeee5555-6666-7777-8888-999900001111';
    appendLines(transcript, [
      userLine('From now on we always run `go test ./...` with -race; remember that.'),
      assistantText('Will do.'),
    ]);
    expect(
      runMem(['hook', 'stop'], {
        cwd: repo,
        stdin: stopPayload(session, transcript, repo, 'Will do.'),
        env: { MEM_NO_BACKGROUND_SYNC: '1' },
      }).status,
    ).toBe(0);
    const entries = JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as { text: string }[];
    expect(entries.map((entry) => entry.text)).toEqual(['We always run `go test ./...` with -race.']);
  });
});
