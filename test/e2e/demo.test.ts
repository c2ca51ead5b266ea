/**
 * `mem demo` as a newcomer reads it (issue 13): the session's lines that matter on both sides, what
 * mem did with each turn, the conflict settled through the interactive review with whose wording
 * is whose, and every step short enough to read.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeTempDir, runMem } from '../helpers/temp-repo.js';

/** Two screens of a common terminal. */
const STEP_LINES = 48;

describe('mem demo', () => {
  const run = runMem(['demo'], { cwd: makeTempDir(), timeoutMs: 120_000 });
  const out = run.stdout;
  const steps = out.split('\n== ').slice(1);
  const step = (title: RegExp) => steps.find((text) => title.test(text.split('\n')[0] ?? '')) ?? '';

  it('runs to the end and removes its sandbox', () => {
    expect(run.status, run.stderr).toBe(0);
    expect(out).toContain('Done. The sandbox was removed');
    const sandbox = /sandbox in (\S+)/.exec(out)?.[1] ?? '';
    expect(sandbox).not.toBe('');
    expect(existsSync(sandbox)).toBe(false);
  });

  it('keeps each step under two screens', () => {
    expect(steps.length).toBeGreaterThanOrEqual(10);
    for (const text of steps)
      expect(text.trimEnd().split('\n').length, text.split('\n')[0]).toBeLessThanOrEqual(STEP_LINES);
  });

  it("shows the agent's side of the session before what mem learned from it", () => {
    const session = step(/^2\. Alice's Claude Code session/);
    const ranTests = session.indexOf('runs `pnpm test`: Tests: 42 passed');
    // Said in passing and not recorded by the agent: it waits for a person (a proven command nobody mentioned does not).
    const pending = session.indexOf('mem asks you first: "No, use zod instead of hand-written validation for CLI');
    expect(session).not.toContain('Run the tests with `pnpm test`');
    expect(ranTests).toBeGreaterThan(-1);
    expect(pending).toBeGreaterThan(ranTests);
    expect(session).toContain('Claude: Switched the validation to zod; all 42 tests pass.');
    expect(session).toMatch(
      /mem remembered: "Always use pnpm, never npm, in this repo\." \(Conventions,\s+from the user's prompt\)/,
    );
    expect(session).toMatch(/mem left out: a line it will not repeat: looks like a credential/);
    // The goodbye is shown, and it teaches nothing.
    expect(session).toMatch(/Alice: ok thanks, let's stop here for today\n.*\n\s+mem remembered nothing/);
  });

  it('keeps the task, not the goodbye, as the latest request, and writes no empty section', () => {
    const handoff = step(/^The handoff her next session starts from/);
    expect(handoff).toContain(
      '- Latest request: Here is the staging token, use it to check the deploy: [REDACTED:github-token]',
    );
    expect(handoff).not.toMatch(/Latest request: ok thanks/);
    expect(handoff).not.toContain('## Compactions');
    expect(handoff).not.toContain('ghp_8Fq2ZkR4');
  });

  it('settles the conflict through the interactive review and says whose wording is whose', () => {
    const conflict = step(/^5\. A real conflict/);
    expect(conflict).toContain(
      'Alice edits the line in her .claude/rules/mem-team-memory.md to:\n    - Always use pnpm 9, never npm or yarn, in this repo.',
    );
    expect(conflict).toContain('$ mem review\n');
    expect(conflict).not.toContain('--resolve');
    const flat = conflict.replace(/\s+/g, ' ');
    expect(flat).toContain('Your version (');
    expect(flat).toContain("Alice's version (");
    expect(flat).toContain(
      "Alice's version (" +
        new Date().toISOString().slice(0, 10) +
        '): Always use pnpm 9, never npm or yarn, in this repo.',
    );
    expect(flat).toContain("Difference, word by word: [-only in Alice's-] {+only in yours+}");
    expect(flat).toContain(
      "[m]ine / [t]heirs / [b]oth / [e]dit / [s]kip / [q]uit? t ← Bob types t: keep theirs, Alice's wording",
    );
    expect(flat).toContain('0 conflict(s) left.');
    expect(conflict).toMatch(
      /both agents read Alice's wording, and nobody is asked again:\n\s+- Always use pnpm 9, never npm or yarn, in this repo\./,
    );
  });

  it('sets up as a user would, with mem on PATH, and touches nothing of the real home', () => {
    const init = step(/^1\. Alice sets up mem/);
    expect(init).toContain('lets the agent run mem remember, mem search, mem candidates');
    expect(init).not.toMatch(/bin\/run\.js/);
    expect(init).not.toContain('~/.codex');
  });
});
