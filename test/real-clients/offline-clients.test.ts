/**
 * The real Codex CLI and Gemini CLI, offline, with mem's hooks: each client runs headless against
 * the mock model on 127.0.0.1; the tests check what a user of each would notice — the hooks ran
 * and succeeded (the client says so), and what mem printed reached the model's request.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, makeTempDir } from '../helpers/temp-repo.js';
import {
  HAVE_CODEX,
  HAVE_GEMINI,
  codexHookLines,
  makeMachine,
  mem,
  requestText,
  runCodex,
  runGemini,
  setUpCodex,
  setUpGemini,
  startMockModel,
  type MockModel,
} from './clients.js';

let mock: MockModel | null = null;
afterEach(() => {
  mock?.stop();
  mock = null;
  cleanupTempDirs();
});

/** A previous session on this branch, recorded through mem's Claude Code hooks, so a new session has a handoff to receive. */
function previousSession(machine: ReturnType<typeof makeMachine>, repo: string): void {
  const transcript = join(machine.base, 'previous.jsonl');
  const line = (text: string) =>
    JSON.stringify({
      type: 'user',
      message: { role: 'user', content: text },
      uuid: `u-${text.length}`,
      timestamp: new Date().toISOString(),
      gitBranch: 'main',
    });
  writeFileSync(transcript, `${line('Add rate limiting to the public API')}\n`);
  const payload = JSON.stringify({
    session_id: 'prev0000-1111-2222-3333-444455556666',
    transcript_path: transcript,
    cwd: repo,
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: 'Limiter added.',
  });
  expect(mem(machine, repo, ['hook', 'stop'], payload).status).toBe(0);
}

describe.skipIf(!HAVE_CODEX)('Codex CLI (real client, offline)', () => {
  // Note: the limit only stops a hang (a loaded machine runs these clients slowly); nothing is timed.
  it(
    "runs mem's project hooks, which succeed, and sends their context to the model",
    { timeout: 600_000 },
    async () => {
      const repo = makeRepo();
      const machine = makeMachine(makeTempDir('mem-codex-'));
      mock = await startMockModel(join(machine.base, 'mock'), { prompts: [], fallback: 'Done.' });
      setUpCodex(machine, repo, mock.port);
      const init = mem(machine, repo, ['init', '--yes', '--agent', 'claude,codex']);
      expect(init.status).toBe(0);
      expect(init.stdout).toContain('/hooks');
      previousSession(machine, repo);

      const run = runCodex(machine, repo, 'Continue with the rate limiter.');
      expect(run.status, run.stderr.slice(-3000)).toBe(0);
      // Codex reports each hook it ran; a failed or invalid one is reported differently.
      expect(codexHookLines(run)).toEqual(
        expect.arrayContaining([
          'hook: SessionStart Completed',
          'hook: UserPromptSubmit Completed',
          'hook: Stop Completed',
        ]),
      );
      expect(run.stderr).not.toMatch(/hook: \w+ (Failed|Blocked)/);
      const first = mock.requests().find((request) => request.api === 'responses');
      expect(first).toBeDefined();
      expect(requestText(first!)).toContain('Handoff from the previous session on this branch');
      expect(requestText(first!)).toContain('Add rate limiting to the public API');
    },
  );
});

describe.skipIf(!HAVE_GEMINI)('Gemini CLI (real client, offline)', () => {
  // Note: the limit only stops a hang (a loaded machine runs these clients slowly); nothing is timed.
  it(
    "runs mem's project hooks, which succeed, and sends their context to the model",
    { timeout: 600_000 },
    async () => {
      const repo = makeRepo();
      const machine = makeMachine(makeTempDir('mem-gemini-'));
      mock = await startMockModel(join(machine.base, 'mock'), { prompts: [], fallback: 'Done.' });
      setUpGemini(machine, repo, mock.port);
      expect(mem(machine, repo, ['init', '--yes', '--agent', 'claude,gemini']).status).toBe(0);
      previousSession(machine, repo);

      const run = runGemini(machine, repo, 'Continue with the rate limiter.');
      expect(run.status, run.stderr.slice(-3000)).toBe(0);
      expect(run.stdout).toContain('Done.');
      // Gemini CLI reports a failing hook ("failed for event") and shows non-JSON stdout as a "Hook system message".
      expect(run.stderr).not.toMatch(/failed for event|Hook system message/);
      const first = mock.requests().find((request) => request.api === 'gemini' && request.kind !== 'count_tokens');
      expect(first).toBeDefined();
      expect(requestText(first!)).toContain('Handoff from the previous session on this branch');
    },
  );
});
