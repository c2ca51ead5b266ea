/**
 * The prompt hook and the search index (issue 12): the hook never builds or updates the index on
 * the prompt path (it answers from what is ready, or not at all, and a detached process catches
 * up), and recall never repeats what SessionStart injected into the same session.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';
import { appendLines, eventPayload, startPayload, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

/** The hook as a user's machine runs it: detached processes allowed. */
const BACKGROUND = { MEM_NO_BACKGROUND_SYNC: '0' };

function write(root: string, path: string, text: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}

function prompt(
  root: string,
  sessionId: string,
  text: string,
  env: Record<string, string> = BACKGROUND,
): string | null {
  const result = runMem(['hook', 'user-prompt-submit'], {
    cwd: root,
    env,
    stdin: eventPayload('UserPromptSubmit', sessionId, join(root, '..', 'none.jsonl'), root, { prompt: text }),
  });
  expect(result.status).toBe(0);
  expect(result.stderr).toBe('');
  if (result.stdout === '') return null;
  return (JSON.parse(result.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
    .additionalContext;
}

/** Polls `probe` every 100 ms for up to 30 s (a loaded CI machine); returns its last value. */
async function eventually<T>(probe: () => T, done: (value: T) => boolean): Promise<T> {
  let value = probe();
  for (let attempt = 0; attempt < 300 && !done(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = probe();
  }
  return value;
}

const cacheFile = (root: string) => join(root, '.memory', 'cache', 'search-index.bin');
const lockFile = (root: string) => join(root, '.memory', 'cache', 'refresh.lock');

function repoWithNestedMemory(): string {
  const root = makeRepo();
  expect(runMem(['init', '--yes'], { cwd: root }).status).toBe(0);
  write(root, 'CLAUDE.md', '# Project\n\n- Use pnpm, never npm.\n');
  write(
    root,
    'services/api/CLAUDE.md',
    '# API\n\n- Database migrations live in services/api/migrations and run with pnpm migrate.\n',
  );
  write(
    root,
    'web/CLAUDE.md',
    '# Web\n\n- Storybook stories sit next to each component and run with pnpm storybook.\n',
  );
  return root;
}

describe('the prompt hook and the search index', () => {
  it('with no index, answers nothing at once and has the index built in the background for the next prompt', async () => {
    const root = repoWithNestedMemory();
    expect(existsSync(cacheFile(root))).toBe(false);
    expect(prompt(root, 's1', 'how do I run the database migrations?')).toBeNull();

    const recalled = await eventually(
      () => (existsSync(cacheFile(root)) ? prompt(root, 's2', 'how do I run the database migrations?') : null),
      (text) => text !== null,
    );
    expect(recalled).toContain('Database migrations live in services/api/migrations');
    await eventually(
      () => existsSync(lockFile(root)),
      (held) => !held,
    );
    expect(existsSync(lockFile(root))).toBe(false);
  });

  it('with a stale index, never offers a changed file’s old entries, answers from the unchanged files, and catches up in the background', async () => {
    const root = repoWithNestedMemory();
    expect(runMem(['search', 'migrations'], { cwd: root }).status).toBe(0);
    write(
      root,
      'services/api/CLAUDE.md',
      '# API\n\n- Database migrations now run with make migrate from the repository root.\n',
    );

    const first = prompt(root, 's1', 'how do I run the database migrations?');
    expect(first ?? '').not.toContain('pnpm migrate');
    expect(prompt(root, 's2', 'where do the storybook stories for a component go?')).toContain(
      'Storybook stories sit next to each component',
    );

    const caughtUp = await eventually(
      () => prompt(root, `s3-${Date.now()}`, 'how do I run the database migrations?'),
      (text) => text !== null && text.includes('make migrate'),
    );
    expect(caughtUp).toContain('make migrate');
    expect(caughtUp).not.toContain('pnpm migrate');
  });

  it('a damaged index is rebuilt off the prompt path too', async () => {
    const root = repoWithNestedMemory();
    expect(runMem(['search', 'migrations'], { cwd: root }).status).toBe(0);
    writeFileSync(cacheFile(root), 'not an index');
    expect(prompt(root, 's1', 'how do I run the database migrations?')).toBeNull();
    const recalled = await eventually(
      () => prompt(root, `s2-${Date.now()}`, 'how do I run the database migrations?'),
      (text) => text !== null,
    );
    expect(recalled).toContain('pnpm migrate');
    expect(readFileSync(cacheFile(root)).subarray(0, 8).toString()).toBe('MEMSRCH\n');
  });

  it('SessionStart builds a missing index without anyone waiting', async () => {
    const root = repoWithNestedMemory();
    const result = runMem(['hook', 'session-start'], {
      cwd: root,
      env: BACKGROUND,
      stdin: startPayload('s1', join(root, '..', 'none.jsonl'), root, 'startup'),
    });
    expect(result.status).toBe(0);
    expect(
      await eventually(
        () => existsSync(cacheFile(root)),
        (built) => built,
      ),
    ).toBe(true);
  });
});

describe('recall and what SessionStart injected', () => {
  it('does not bring back a line of the handoff the session was just given', () => {
    const root = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: root }).status).toBe(0);
    const transcript = join(root, '..', 'one.jsonl');
    appendLines(transcript, []);
    runMem(['hook', 'session-start'], { cwd: root, stdin: startPayload('aaaa1111-one', transcript, root, 'startup') });
    appendLines(transcript, [userLine('Add rate limiting to the public gateway with a sliding window')]);
    expect(
      runMem(['hook', 'stop'], {
        cwd: root,
        stdin: stopPayload('aaaa1111-one', transcript, root, 'Started on the limiter.'),
      }).status,
    ).toBe(0);
    runMem(['hook', 'session-end'], {
      cwd: root,
      stdin: eventPayload('SessionEnd', 'aaaa1111-one', transcript, root, { reason: 'prompt_input_exit' }),
    });

    const question = 'where are we with the rate limiting of the public gateway sliding window?';
    // A session that was not given the handoff gets the goal recalled from the session file…
    const elsewhere = prompt(root, 'cccc3333-other', question, {});
    expect(elsewhere).toContain('Add rate limiting to the public gateway');

    // …the session SessionStart gave it to does not get it again.
    const two = join(root, '..', 'two.jsonl');
    appendLines(two, []);
    const start = runMem(['hook', 'session-start'], {
      cwd: root,
      stdin: startPayload('bbbb2222-two', two, root, 'startup'),
    });
    const context = (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } })
      .hookSpecificOutput.additionalContext;
    expect(context).toContain('Goal: Add rate limiting to the public gateway');
    expect(prompt(root, 'bbbb2222-two', question, {}) ?? '').not.toContain('Add rate limiting to the public gateway');
  });
});
