/**
 * What a user reads in `mem list` and `mem status` (issue 13): who added each entry and when, in
 * their own spelling; where it lives; wrapped and aligned at 80 columns; entries in conflict shown
 * and counted the same way by both commands; `--json` keeps its shape.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterAll(cleanupTempDirs);

const RENDERED = '.claude/rules/mem-team-memory.md';
const LONG =
  'Integration tests need the database container running first: start it with docker compose up db, then wait for the health check to pass.';

/** A human rewords a line of the rendered file; mem reads the edit back at the next sync. */
function reword(repo: string, from: RegExp, to: string): void {
  const file = join(repo, RENDERED);
  const text = readFileSync(file, 'utf8');
  expect(text).toMatch(from);
  writeFileSync(file, text.replace(from, `- ${to}`));
}

function conflictedTeam() {
  const remote = makeBareRemote();
  const nina = cloneAs(remote, 'Nina Newcomer');
  expect(runMem(['init', '--yes'], { cwd: nina }).status).toBe(0);
  git(nina, ['add', '-A']);
  git(nina, ['commit', '-q', '-m', 'Set up mem']);
  git(nina, ['push', '-q', '--no-verify', 'origin', 'main']);
  expect(runMem(['remember', 'Always use pnpm, never npm.', '--section', 'Conventions'], { cwd: nina }).status).toBe(0);
  expect(runMem(['remember', LONG, '--section', 'Gotchas'], { cwd: nina }).status).toBe(0);
  // One entry learned by the Stop hook from a Claude Code session.
  const transcript = join(nina, '..', 'session.jsonl');
  appendLines(transcript, [userLine('From now on always run the linter with --fix before committing.')]);
  expect(
    runMem(['hook', 'stop'], {
      cwd: nina,
      stdin: stopPayload('5e55a0aa-0000-4000-8000-000000000001', transcript, nina),
    }).status,
  ).toBe(0);
  expect(runMem(['remember', 'I prefer short answers.', '--personal'], { cwd: nina }).status).toBe(0);
  expect(runMem(['sync'], { cwd: nina }).status).toBe(0);
  const bob = cloneAs(remote, 'bob');
  expect(runMem(['init', '--yes'], { cwd: bob }).status).toBe(0);
  expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
  reword(
    nina,
    /^- Always use pnpm, never npm\.$/m,
    'Always use pnpm (workspaces), never npm, in this repo and in every other repository of the team.',
  );
  expect(runMem(['sync'], { cwd: nina }).status).toBe(0);
  reword(bob, /^- Always use pnpm, never npm\.$/m, 'Always use pnpm 9, never npm or yarn, in this repo.');
  expect(runMem(['sync'], { cwd: bob }).status).toBe(3);
  return { nina, bob };
}

type Listed = {
  id: string;
  section: string;
  text: string;
  file: string;
  files: string[];
  line: number;
  provenance: Record<string, unknown>;
  personal: boolean;
  conflict: unknown;
};

describe('mem list for a human', () => {
  const { nina, bob } = conflictedTeam();

  it('shows who and when (names as git spells them), where each entry lives, wrapped and aligned at 80 columns', () => {
    const out = runMem(['list'], { cwd: nina }).stdout;
    const lines = out.split('\n');
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(out).toContain('Nina Newcomer');
    expect(out).not.toContain('%20');
    const today = new Date().toISOString().slice(0, 10);
    // The long entry wraps under its own text, and its details line up under it.
    const start = lines.findIndex((line) => line.includes('Integration tests need'));
    const textColumn = (lines[start] ?? '').indexOf('Integration');
    expect(lines[start + 1]?.search(/\S/)).toBe(textColumn);
    const details = lines.slice(start + 1).find((line) => line.includes('Nina Newcomer')) ?? '';
    expect(details.indexOf('Nina Newcomer')).toBe(textColumn);
    expect(details).toContain(today);
    expect(details).toContain('team memory');
    // Columns align across entries: every details line has its date at the same column.
    const dates = lines.filter((line) => line.includes('Nina Newcomer')).map((line) => line.indexOf(today));
    expect(new Set(dates).size).toBe(1);
    // The session's entry says which agent learned it; the personal one says which file and line.
    expect(out).toMatch(/run the linter with --fix[\s\S]*?learned in a Claude Code session 5e55a0aa/);
    expect(out).toMatch(
      /I prefer short answers\.\n\s+Nina Newcomer\s+\d{4}-\d{2}-\d{2}\s+CLAUDE\.local\.md:\d+ \(personal\)/,
    );
    expect(out).toMatch(/\d+ entries\. "team memory" is shared through the team ref/);
  });

  it('marks the entry in conflict, and mem status counts what mem list shows', () => {
    const listed = JSON.parse(runMem(['list', '--json'], { cwd: bob }).stdout) as Listed[];
    const human = runMem(['list'], { cwd: bob }).stdout;
    // Whose version it competes with, worded as mem review words it.
    expect(human).toMatch(
      /Always use pnpm 9, never npm or yarn, in this repo\.\n\s+bob\s+\d{4}-\d{2}-\d{2}\s+team memory\s*\n\s+! in conflict with Nina Newcomer's version \(\d{4}-\d{2}-\d{2}\):\s+`mem\s+review`\s+settles it/,
    );
    expect(human).toContain(`${listed.length} entries, 1 in conflict.`);
    const status = JSON.parse(runMem(['status', '--json'], { cwd: bob }).stdout) as {
      memory: { entries: number; conflicts: number };
    };
    expect(status.memory).toMatchObject({ entries: listed.length, conflicts: 1 });
    expect(runMem(['status'], { cwd: bob }).stdout).toContain(
      `Durable memory: ${listed.length} entries, 1 in conflict (team memory: ${listed.length} entries`,
    );
  });

  it('keeps --json as it was: every key, the full ids, no layout', () => {
    const listed = JSON.parse(runMem(['list', '--json'], { cwd: bob }).stdout) as Listed[];
    for (const entry of listed) {
      expect(Object.keys(entry).sort()).toEqual([
        'conflict',
        'file',
        'files',
        'id',
        'line',
        'personal',
        'provenance',
        'scope',
        'section',
        'text',
      ]);
      expect(entry.id).toMatch(/^m[0-9a-f]{10}$/);
    }
    expect(listed.find((entry) => entry.text.startsWith('Integration'))?.text).toBe(LONG);
  });
});
