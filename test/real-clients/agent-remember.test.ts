/**
 * The agent itself records a memory: the real Codex CLI and Gemini CLI, offline, run
 * `mem remember` through their shell tool (the mock model asks for it). mem knows which agent and
 * which session ran it (via=agent, the agent, the session), and the turn's Stop hook, which sees
 * the same call and the user's words in the transcript, does not record it a second time.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, makeTempDir } from '../helpers/temp-repo.js';
import {
  HAVE_CODEX,
  HAVE_GEMINI,
  codexHookLines,
  makeMachine,
  mem,
  runCodex,
  runGemini,
  setUpCodex,
  setUpGemini,
  startMockModel,
  type Machine,
  type MockModel,
} from './clients.js';

let mock: MockModel | null = null;
afterEach(() => {
  mock?.stop();
  mock = null;
  cleanupTempDirs();
});

type Listed = {
  text: string;
  provenance: { agent: string | null; via?: string; session: string | null; author: string | null };
};
const listed = (machine: Machine, repo: string) =>
  JSON.parse(mem(machine, repo, ['list', '--json']).stdout) as Listed[];

const PROMPT = 'Please remember for this repo: always run make check before you commit.';
const RULE = /make check before/i;

describe.skipIf(!HAVE_CODEX)('Codex CLI runs mem remember through its shell tool (real client, offline)', () => {
  // Note: the limit only stops a hang (a loaded machine runs these clients slowly); nothing is timed.
  it('records it once, as the Codex session that ran it', { timeout: 600_000 }, async () => {
    const repo = makeRepo();
    const machine = makeMachine(makeTempDir('mem-codex-remember-'));
    // Codex runs commands in a login shell (`bash -lc`), which rebuilds PATH from the profiles:
    // the developer's profile is what puts mem on it.
    writeFileSync(join(machine.home, '.bash_profile'), `export PATH="${machine.bin}:$PATH"\n`);
    mock = await startMockModel(join(machine.base, 'mock'), {
      prompts: [
        {
          match: 'make check',
          steps: [
            {
              tool: { name: 'exec_command', input: { cmd: "mem remember 'Always run make check before you commit.'" } },
            },
            { text: 'Recorded.' },
          ],
        },
      ],
      fallback: 'OK.',
    });
    setUpCodex(machine, repo, mock.port);
    expect(mem(machine, repo, ['init', '--yes', '--agent', 'codex']).status).toBe(0);

    const run = runCodex(machine, repo, PROMPT);
    expect(run.status, run.stderr.slice(-3000)).toBe(0);
    expect(codexHookLines(run)).toContain('hook: Stop Completed');
    // Codex shows the command's output: mem's own answer to the agent.
    expect(run.stderr).toMatch(/remembered as m[0-9a-f]+ \(Conventions\): Always run make check before you commit\./);

    const entries = listed(machine, repo).filter((entry) => RULE.test(entry.text));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.provenance).toMatchObject({ agent: 'codex', via: 'agent', session: run.sessionId!.slice(0, 8) });
    // The entry's block (its lines under the text are indented by 12) names the agent and its session.
    expect(mem(machine, repo, ['list']).stdout).toMatch(
      /make check[^\n]*(?:\n {12}[^\n]*)*?recorded by the agent \(Codex CLI, session [0-9a-f]{8}\)/,
    );
  });
});

describe.skipIf(!HAVE_GEMINI)('Gemini CLI runs mem remember through its shell tool (real client, offline)', () => {
  // Note: the limit only stops a hang (a loaded machine runs these clients slowly); nothing is timed.
  it('records it once, as the Gemini session that ran it', { timeout: 600_000 }, async () => {
    const repo = makeRepo();
    const machine = makeMachine(makeTempDir('mem-gemini-remember-'));
    // Carol's name is in her own git config, not the repository's: Gemini's shell tool hides that file from git.
    git(repo, ['config', '--unset', 'user.name']);
    git(repo, ['config', '--unset', 'user.email']);
    writeFileSync(join(machine.home, '.gitconfig'), '[user]\n\tname = Carol\n\temail = carol@example.com\n');
    machine.env['GIT_CONFIG_GLOBAL'] = join(machine.home, '.gitconfig');
    mock = await startMockModel(join(machine.base, 'mock'), {
      prompts: [
        {
          match: 'make check',
          steps: [
            {
              tool: {
                name: 'run_shell_command',
                input: { command: "mem remember 'Always run make check before you commit.'" },
              },
            },
            { text: 'Recorded.' },
          ],
        },
      ],
      fallback: 'OK.',
    });
    setUpGemini(machine, repo, mock.port);
    expect(mem(machine, repo, ['init', '--yes', '--agent', 'gemini']).status).toBe(0);

    const sessionId = '6e3c1a2b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
    const run = runGemini(machine, repo, PROMPT, { sessionId });
    expect(run.status, run.stderr.slice(-3000)).toBe(0);
    expect(run.stderr).not.toMatch(/failed for event|Hook system message/);

    const entries = listed(machine, repo).filter((entry) => RULE.test(entry.text));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.provenance).toMatchObject({
      agent: 'gemini',
      via: 'agent',
      session: sessionId.slice(0, 8),
      author: 'Carol',
    });
  });
});
