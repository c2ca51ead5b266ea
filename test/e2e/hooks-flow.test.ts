/**
 * A Claude Code-shaped sequence through the built CLI: init, session start, several stops, a
 * compaction, session end, and a second session whose start receives the handoff.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, makeRepo, runMem } from '../helpers/temp-repo.js';
import {
  appendLines,
  assistantText,
  compactBoundary,
  eventPayload,
  startPayload,
  stopPayload,
  toolResult,
  toolUse,
  userLine,
} from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

function startContext(stdout: string): string {
  return (JSON.parse(stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
    .additionalContext;
}

function handoffs(repo: string): string[] {
  const dir = join(repo, '.memory', 'sessions');
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.md')) : [];
}

describe('session continuity across hooks', () => {
  it('records a handoff turn by turn and injects it into the next session on the same branch', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'session-one.jsonl');
    const sessionId = 'aaaa1111-2222-3333-4444-555566667777';

    appendLines(transcript, []);
    let result = runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload(sessionId, transcript, repo, 'startup'),
    });
    expect(result.status).toBe(0);
    // Nothing to hand off yet: only the memory protocol.
    expect(startContext(result.stdout)).toMatch(/^mem keeps this repository's team memory\./);
    expect(startContext(result.stdout)).not.toContain('Handoff');

    appendLines(transcript, [
      userLine('Add rate limiting to the public API'),
      toolUse('t1', 'Read', { file_path: join(repo, 'src/api.ts') }),
      toolResult('t1', 'export const api = {}'),
      toolUse('t2', 'Edit', { file_path: join(repo, 'src/limiter.ts') }),
      toolResult('t2', 'ok'),
      toolUse('t3', 'Bash', { command: 'npm test' }),
      toolResult('t3', 'FAIL limiter.test.ts: expected 429', true),
    ]);
    result = runMem(['hook', 'stop'], {
      cwd: repo,
      stdin: stopPayload(sessionId, transcript, repo, 'Limiter added; one test fails.'),
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(handoffs(repo)).toHaveLength(1);
    let handoff = readFileSync(join(repo, '.memory', 'sessions', handoffs(repo)[0]!), 'utf8');
    expect(handoff).toContain('- Goal: Add rate limiting to the public API');
    expect(handoff).toContain('Failing: `npm test`');
    expect(handoff).toContain('`src/limiter.ts` (edited)');

    appendLines(transcript, [
      userLine('use a sliding window instead'),
      toolUse('t4', 'Bash', { command: 'npm test' }),
      toolResult('t4', 'all passed'),
      assistantText('Switched to a sliding window; tests pass.'),
    ]);
    runMem(['hook', 'pre-compact'], {
      cwd: repo,
      stdin: eventPayload('PreCompact', sessionId, transcript, repo, { trigger: 'auto', custom_instructions: '' }),
    });
    appendLines(transcript, [compactBoundary('auto', 150_000)]);
    result = runMem(['hook', 'after-turn'], { cwd: repo, stdin: stopPayload(sessionId, transcript, repo) });
    expect(result.status).toBe(0);
    handoff = readFileSync(join(repo, '.memory', 'sessions', handoffs(repo)[0]!), 'utf8');
    expect(handoff).toContain('- Latest request: use a sliding window instead');
    expect(handoff).not.toContain('Failing: `npm test`');
    expect(handoff).toMatch(/## Compactions\n\n- .*\(auto, 150,000 tokens before\)/);
    expect(handoff.match(/tokens before/g)).toHaveLength(1);

    // After a compaction Claude Code restarts the session with source "compact": its own state comes back.
    result = runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload(sessionId, transcript, repo, 'compact'),
    });
    const own = JSON.parse(result.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(own.hookSpecificOutput.hookEventName).toBe('SessionStart');
    expect(own.hookSpecificOutput.additionalContext).toContain('sliding window');

    expect(
      runMem(['hook', 'session-end'], {
        cwd: repo,
        stdin: eventPayload('SessionEnd', sessionId, transcript, repo, { reason: 'prompt_input_exit' }),
      }).status,
    ).toBe(0);

    const second = 'bbbb1111-2222-3333-4444-555566667777';
    const transcriptTwo = join(repo, '..', 'session-two.jsonl');
    appendLines(transcriptTwo, []);
    result = runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload(second, transcriptTwo, repo, 'startup'),
    });
    expect(result.status).toBe(0);
    const injected = JSON.parse(result.stdout) as {
      hookSpecificOutput: { hookEventName: string; additionalContext: string };
    };
    expect(injected.hookSpecificOutput.hookEventName).toBe('SessionStart');
    const context = injected.hookSpecificOutput.additionalContext;
    expect(context).toContain('Handoff from the previous session on this branch (aaaa1111');
    expect(context).toContain('Add rate limiting to the public API');
    expect(context.length).toBeLessThanOrEqual(1500 * 4);

    const status = JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as {
      sessions: { recorded: number };
      hooks: { errors: unknown[]; lastRun: { event: string } };
    };
    expect(status.sessions.recorded).toBe(1);
    expect(status.hooks.errors).toEqual([]);
    expect(status.hooks.lastRun.event).toBe('session-start');
  });

  it('hands off from a session whose summary a crash emptied (summaries are written without a disk flush)', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    const transcript = join(repo, '..', 'crashed.jsonl');
    appendLines(transcript, [userLine('Port the importer to streams'), assistantText('Started on the importer.')]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('abab1111', transcript, repo) }).status).toBe(0);
    const stateDir = join(repo, '.memory', 'state', 'sessions');
    const summary = readdirSync(stateDir).find((name) => name.endsWith('.summary.json'))!;
    writeFileSync(join(stateDir, summary), '');

    const result = runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload('cdcd1111', join(repo, '..', 'none.jsonl'), repo, 'startup'),
    });
    expect(result.status).toBe(0);
    expect(startContext(result.stdout)).toContain('Port the importer to streams');
  });

  it('does not inject a handoff recorded on another branch', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    const transcript = join(repo, '..', 't.jsonl');
    appendLines(transcript, [userLine('Work on the feature branch', 'feature/x')]);
    runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('cccc1111', transcript, repo) });
    // The record's branch comes from the worktree at creation time (main) and then from transcript lines.
    const result = runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload('dddd1111', join(repo, '..', 'none.jsonl'), repo, 'startup'),
    });
    expect(result.status).toBe(0);
    expect(startContext(result.stdout)).not.toContain('Handoff');
  });

  it('finishes a session that only left a SessionEnd marker at the next stop of another session', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    const first = join(repo, '..', 'first.jsonl');
    appendLines(first, [userLine('Write the migration script')]);
    runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('eeee1111', first, repo) });
    // The last turn was never seen by a Stop: only SessionEnd ran, and it only marks.
    appendLines(first, [userLine('and add a rollback step')]);
    runMem(['hook', 'session-end'], {
      cwd: repo,
      stdin: eventPayload('SessionEnd', 'eeee1111', first, repo, { reason: 'other' }),
    });
    const before = readFileSync(join(repo, '.memory', 'sessions', handoffs(repo)[0]!), 'utf8');
    expect(before).not.toContain('rollback');

    const second = join(repo, '..', 'second.jsonl');
    appendLines(second, [userLine('Unrelated question about the build')]);
    runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('ffff1111', second, repo) });
    const firstHandoff = handoffs(repo).find((name) => name.includes('eeee1111'))!;
    expect(readFileSync(join(repo, '.memory', 'sessions', firstHandoff), 'utf8')).toContain(
      '- Latest request: and add a rollback step',
    );
  });
});

describe('the team step after a turn that changed memory', () => {
  it("a detached process pushes the turn's memory to the team ref; no tracked file changes", async () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    runMem(['init', '--yes'], { cwd: alice });
    const transcript = join(alice, '..', 'turn.jsonl');
    appendLines(transcript, [userLine('From now on always run `make check` before pushing in this repo.')]);
    const result = runMem(['hook', 'stop'], {
      cwd: alice,
      stdin: stopPayload('1234abcd-team', transcript, alice),
      env: { MEM_NO_BACKGROUND_SYNC: '0' },
    });
    expect(result.status).toBe(0);
    expect(readFileSync(join(alice, '.memory', 'state', 'team-memory.md'), 'utf8')).toContain('make check');
    expect(git(alice, ['status', '--porcelain'])).not.toMatch(/CLAUDE|mem-team-memory/);

    // The hook returned before the team step ran; wait for the detached process to push.
    let pushed = '';
    // Note: up to a minute, for a loaded machine; it ends as soon as the push is there.
    for (let attempt = 0; attempt < 600 && !pushed.includes('make check'); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      try {
        pushed = git(remote, ['log', '-p', '-1', 'refs/mem/team']);
      } catch {
        /* not there yet */
      }
    }
    expect(pushed).toContain('make check');
    expect(git(remote, ['log', '-1', '--format=%B', 'refs/mem/team'])).toContain('Mem-Session: 1234abcd');
    // The step may look once more after its push: let it end before the clone is removed.
    const locks = join(alice, '.memory', 'state', 'locks');
    const stepAtWork = () =>
      ['after-turn.lock', 'after-turn-queued.lock'].some((lock) => existsSync(join(locks, lock)));
    for (let quiet = 0, attempt = 0; quiet < 10 && attempt < 600; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      quiet = stepAtWork() ? 0 : quiet + 1;
    }
  });
});
