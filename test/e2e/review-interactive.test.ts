/**
 * `mem review` in a real terminal: a pseudo-terminal from util-linux `script`, answers typed at
 * the prompt, and $EDITOR for the edit choice.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeRegion } from '../../src/team/merge/merge-region.js';
import { replaceRegionBody } from '../../src/core/memory-file/region-body.js';
import { cleanupTempDirs, makeRepo, MEM_BIN, runMem, testEnv } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const HAS_SCRIPT = existsSync('/usr/bin/script');
const WORKING = '.memory/state/team-memory.md';
const entry = (id: string, text: string, by = 'alice') =>
  `- ${text} <!-- mem:id=${id} by="${by}" at=2026-11-01T00:00:00Z -->\n`;
const body = (...items: string[]) => `## Conventions\n\n${items.join('')}`;

/** A repository whose team memory holds two real conflicts, as a sync would leave them. */
function repoWithConflicts(): string {
  const repo = makeRepo();
  runMem(['init', '--yes'], { cwd: repo });
  const base = body(entry('m1', 'Use pnpm.'), entry('m2', 'Tests live in test/.'));
  // The reader's own edits (testEnv's git identity is Test User).
  const ours = body(entry('m1', 'Use pnpm 9.', 'Test User'), entry('m2', 'Tests live in test/unit.', 'Test User'));
  const theirs = body(entry('m1', 'Use pnpm 8.'), entry('m2', 'Tests live in tests/.'));
  const merged = mergeRegion(base, ours, theirs);
  expect(merged.conflicts).toHaveLength(2);
  mkdirSync(join(repo, '.memory', 'state'), { recursive: true });
  writeFileSync(join(repo, WORKING), replaceRegionBody('', merged.text));
  return repo;
}

function reviewInTerminal(
  repo: string,
  typed: string,
  extraEnv: Record<string, string> = {},
): { status: number; output: string } {
  const result = spawnSync('script', ['-qec', `${process.execPath} ${MEM_BIN} review`, '/dev/null'], {
    cwd: repo,
    input: typed,
    env: testEnv({ TERM: 'dumb', ...extraEnv }),
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status ?? -1, output: result.stdout };
}

/** Runs `mem review` in a pseudo-terminal and types each answer once its prompt is on screen (Ctrl+C must reach a waiting prompt, not the start-up). */
function reviewAnsweringPrompts(repo: string, answers: readonly string[]): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('script', ['-qec', `${process.execPath} ${MEM_BIN} review`, '/dev/null'], {
      cwd: repo,
      env: testEnv({ TERM: 'dumb' }),
    });
    let output = '';
    let prompts = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const seen = output.split('[q]uit? ').length - 1;
      while (prompts < seen && prompts < answers.length) child.stdin.write(answers[prompts++]!);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ status: code ?? -1, output });
    });
  });
}

describe.skipIf(!HAS_SCRIPT)('mem review in a terminal', () => {
  it('Ctrl+C at the prompt stops on a new line, keeps what was settled, changes nothing else, exit 130 (issue 29.10)', async () => {
    const repo = repoWithConflicts();
    const before = readFileSync(join(repo, WORKING), 'utf8');
    const first = await reviewAnsweringPrompts(repo, ['\u0003']);
    expect(first.status).toBe(130);
    expect(first.output).toMatch(/\? (?:\^C)?\r?\ninterrupted: nothing changed; 2 conflict\(s\) left\./);
    expect(readFileSync(join(repo, WORKING), 'utf8')).toBe(before);
    const second = await reviewAnsweringPrompts(repo, ['t\r', '\u0003']);
    expect(second.status).toBe(130);
    expect(second.output).toContain('interrupted: the 1 conflict(s) settled before are kept');
    expect(readFileSync(join(repo, WORKING), 'utf8')).toContain('Use pnpm 8.');
  });

  it('shows each conflict with base, ours and theirs, and applies the choices typed', () => {
    const repo = repoWithConflicts();
    const { status, output } = reviewInTerminal(repo, 't\nb\n');
    expect(output).toContain('Conflict 1 of 2');
    expect(output).toContain('Before both edits: Use pnpm.');
    expect(output).toContain('Your version (2026-11-01): Use pnpm 9.');
    expect(output).toContain("alice's version (2026-11-01): Use pnpm 8.");
    // Whose words are whose: the legend names both sides, the diff marks them.
    expect(output).toContain("Difference, word by word: [-only in alice's-] {+only in yours+}");
    expect(output).toMatch(/Use pnpm \[-8\.-\] \{\+9\.\+\}/);
    if (status !== 0) console.log(output);
    expect(status).toBe(0);
    const claude = readFileSync(join(repo, WORKING), 'utf8');
    expect(claude).toContain('Use pnpm 8.');
    expect(claude).not.toContain('Use pnpm 9.');
    expect(claude).toContain('Tests live in test/unit.');
    expect(claude).toContain('Tests live in tests/.');
    expect(claude).not.toContain('mem conflict');
    expect(readFileSync(join(repo, '.claude', 'rules', 'mem-team-memory.md'), 'utf8')).toContain('- Use pnpm 8.');
    expect(JSON.parse(runMem(['review', '--json'], { cwd: repo }).stdout)).toEqual([]);
  });

  it('edit opens $EDITOR on the entry; skip and quit leave conflicts for later (exit 3)', () => {
    const repo = repoWithConflicts();
    const editor = join(repo, '..', 'fake-editor.sh');
    writeFileSync(editor, '#!/bin/sh\nprintf "Use pnpm 9 (workspaces enabled).\\n" > "$1"\n');
    chmodSync(editor, 0o755);
    const { status } = reviewInTerminal(repo, 'e\nq\n', { EDITOR: editor, VISUAL: editor });
    expect(status).toBe(3);
    const claude = readFileSync(join(repo, WORKING), 'utf8');
    expect(claude).toContain('Use pnpm 9 (workspaces enabled).');
    expect(JSON.parse(runMem(['review', '--json'], { cwd: repo }).stdout)).toHaveLength(1);
  });
});
