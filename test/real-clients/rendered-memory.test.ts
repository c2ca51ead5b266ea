/**
 * Team memory rendered where each agent loads it, checked in what the real client sends:
 * Gemini CLI loads the rendered file (git ignores it) because `mem init` lists it in
 * `context.fileName`, so its session start no longer repeats the memory; Codex CLI reads only
 * AGENTS.md (no project setting adds another file beside it), so the memory goes there only on
 * request, as a snapshot (`mem render --into AGENTS.md`). Neither carries mem's metadata.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, makeTempDir } from '../helpers/temp-repo.js';
import {
  HAVE_CODEX,
  HAVE_GEMINI,
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

const RULE = 'Always run the database migrations with `make migrate`, never by hand.';
const NEWER = 'Never edit the generated API client in src/gen/ by hand.';
const count = (text: string, part: string) => text.split(part).length - 1;

describe.skipIf(!HAVE_GEMINI)('Gemini CLI loads the rendered team memory (real client, offline)', () => {
  // Note: the limit only stops a hang (a loaded machine runs these clients slowly); nothing is timed.
  it('sends it once, from the ignored file, without metadata', { timeout: 600_000 }, async () => {
    const repo = makeRepo();
    const machine = makeMachine(makeTempDir('mem-gemini-render-'));
    mock = await startMockModel(join(machine.base, 'mock'), { prompts: [], fallback: 'Done.' });
    setUpGemini(machine, repo, mock.port);
    expect(mem(machine, repo, ['init', '--yes', '--agent', 'gemini']).status).toBe(0);
    expect(mem(machine, repo, ['remember', RULE]).status).toBe(0);
    // The file Gemini loads is not something git would commit.
    expect(git(repo, ['check-ignore', '.claude/rules/mem-team-memory.md'])).toBe('.claude/rules/mem-team-memory.md');

    const run = runGemini(machine, repo, 'Add a health check endpoint.');
    expect(run.status, run.stderr.slice(-3000)).toBe(0);
    const first = mock.requests().find((request) => request.api === 'gemini' && request.kind !== 'count_tokens');
    expect(first).toBeDefined();
    const text = requestText(first!);
    expect(text).toMatch(/--- Context from: .*\.claude\/rules\/mem-team-memory\.md ---/);
    expect(count(text, 'make migrate')).toBe(1);
    const loaded = text.slice(
      text.search(/--- Context from: .*mem-team-memory\.md ---/),
      text.search(/--- End of Context from: .*mem-team-memory\.md ---/),
    );
    expect(loaded).toContain(RULE);
    // No ids, authors or `mem:` comments; the file's one human note (Claude Code drops it, Gemini does not) says git ignores it.
    expect(loaded).not.toMatch(/mem:|id=|by=/);
  });
});

describe.skipIf(!HAVE_CODEX)('Codex CLI reads a snapshot in AGENTS.md on request (real client, offline)', () => {
  // Note: the limit only stops a hang (a loaded machine runs these clients slowly); nothing is timed.
  it('sends the snapshot as AGENTS.md instructions, without metadata', { timeout: 600_000 }, async () => {
    const repo = makeRepo();
    const machine = makeMachine(makeTempDir('mem-codex-render-'));
    mock = await startMockModel(join(machine.base, 'mock'), { prompts: [], fallback: 'Done.' });
    setUpCodex(machine, repo, mock.port);
    expect(mem(machine, repo, ['init', '--yes', '--agent', 'codex']).status).toBe(0);
    expect(mem(machine, repo, ['remember', RULE]).status).toBe(0);
    const render = mem(machine, repo, ['render', '--into', 'AGENTS.md']);
    expect(render.status, render.stderr).toBe(0);

    const run = runCodex(machine, repo, 'Add a health check endpoint.');
    expect(run.status, run.stderr.slice(-3000)).toBe(0);
    const first = mock.requests().find((request) => request.api === 'responses');
    expect(first).toBeDefined();
    const text = requestText(first!);
    const start = text.indexOf('# AGENTS.md instructions for');
    expect(start).toBeGreaterThanOrEqual(0);
    const agentsMd = text.slice(start, text.indexOf('</INSTRUCTIONS>', start));
    expect(agentsMd).toContain(RULE);
    expect(agentsMd).not.toMatch(/mem:/);
    // Session start does not send what AGENTS.md already says; a rule the snapshot lacks still comes.
    expect(count(text, 'make migrate')).toBe(1);
    expect(mem(machine, repo, ['remember', NEWER]).status).toBe(0);
    const before = mock.requests().length;
    expect(runCodex(machine, repo, 'Add a readiness endpoint.').status).toBe(0);
    const next = requestText(
      mock
        .requests()
        .slice(before)
        .find((request) => request.api === 'responses')!,
    );
    expect(count(next, 'make migrate')).toBe(1);
    expect(next).toContain(NEWER);
  });
});
