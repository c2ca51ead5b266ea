/**
 * Issue 3's acceptance scenario through the built CLI: a fresh clone, `mem init`, and a Claude
 * Code–shaped session (Stop hook after every turn) in which the user states two conventions,
 * corrects the agent once, the agent runs the tests twice, and the user pastes an API key.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, runMem, testEnv } from '../helpers/temp-repo.js';
import { appendLines, assistantText, stopPayload, toolResult, toolUse, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

export const HUMAN_CLAUDE_MD = [
  '---',
  'title: Widget service',
  'owner: platform-team',
  '---',
  '',
  '# Widget service',
  '',
  'Guidance for agents working on this repository.',
  '',
  '## Layout',
  '',
  '- `src/api/` holds the HTTP handlers',
  '- `src/db/` holds the migrations',
  '  - never edit applied migrations',
  '',
  '```sh',
  '# start the stack',
  'docker compose up -d',
  '<!-- mem:begin not a real marker -->',
  '```',
  '',
  'Ask in #widgets when unsure.',
  '',
].join('\n');

// Built at run time so no scanner ever sees a literal token in the source tree.
const GITHUB_TOKEN = `ghp_${'Zq7Xb2Lm9Rt4Kw8Vn3Hc6Jd1Fs5Gp0Ty4Ua'}`;

/** Returns every file under `dir` (recursively, .git included). */
function walk(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = statSync(path);
    if (stats.isDirectory()) files.push(...walk(path));
    else if (stats.isFile()) files.push(path);
  }
  return files;
}

/** Returns every object of every git repository under `gitDir` (the clone's and mem's team store), decompressed. */
function gitObjects(gitDir: string): string {
  const dirs = [
    gitDir,
    ...walk(gitDir)
      .filter((file) => file.endsWith('/HEAD') && existsSync(join(file, '..', 'objects')))
      .map((file) => join(file, '..')),
  ];
  return [...new Set(dirs)]
    .map(
      (dir) =>
        spawnSync('git', ['--git-dir', dir, 'cat-file', '--batch-all-objects', '--batch'], {
          env: testEnv(),
          encoding: 'latin1',
          maxBuffer: 1 << 28,
        }).stdout,
    )
    .join('\n');
}

type Listed = {
  id: string;
  section: string;
  text: string;
  file: string;
  line: number;
  personal: boolean;
  provenance: { author: string | null; at: string | null; session: string | null };
};

describe('acceptance: a Claude Code session on a fresh clone', () => {
  it('writes the explicit request, leaves the rule and the correction said in passing in the inbox; the key goes nowhere', () => {
    const repo = makeRepo({ user: 'Dana Lead' });
    writeFileSync(join(repo, 'CLAUDE.md'), HUMAN_CLAUDE_MD);
    git(repo, ['add', 'CLAUDE.md']);
    git(repo, ['commit', '-q', '-m', 'CLAUDE.md by hand']);
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);

    const transcript = join(repo, '..', 'session.jsonl');
    const session = 'a1b2c3d4-0000-4000-8000-000000000001';
    appendLines(transcript, []);
    const stop = (last?: string): void => {
      // The team step runs in the foreground below (`mem sync`), so nothing writes behind the scan.
      const result = runMem(['hook', 'stop'], {
        cwd: repo,
        stdin: stopPayload(session, transcript, repo, last),
        env: { MEM_NO_BACKGROUND_SYNC: '1' },
      });
      expect(result.status).toBe(0);
      expect(result.stdout).toBe('');
    };

    appendLines(transcript, [
      userLine('From now on, always use pnpm instead of npm in this repo.'),
      assistantText('Understood, I will use pnpm.'),
    ]);
    stop();
    appendLines(transcript, [
      userLine('Also, never commit directly to main; always open a pull request from a feature branch.'),
      assistantText('Got it.'),
    ]);
    stop();
    appendLines(transcript, [
      userLine('Add a test for the widget price rounding.'),
      toolUse('w1', 'Write', {
        file_path: join(repo, 'src/price.test.ts'),
        content: "import { describe } from 'jest';",
      }),
      toolResult('w1', 'File created'),
      assistantText('I added src/price.test.ts using jest.'),
    ]);
    stop();
    appendLines(transcript, [
      userLine('no, use vitest instead of jest for the unit tests'),
      toolUse('e1', 'Edit', { file_path: join(repo, 'src/price.test.ts') }),
      toolResult('e1', 'ok'),
      toolUse('b1', 'Bash', { command: 'pnpm test' }),
      toolResult('b1', 'Test Files  12 passed (12)\n     Tests  48 passed (48)'),
      assistantText('Switched to vitest; all tests pass.'),
    ]);
    stop();
    appendLines(transcript, [
      userLine("Now make rounding use banker's rounding and run the tests again."),
      toolUse('e2', 'Edit', { file_path: join(repo, 'src/price.ts') }),
      toolResult('e2', 'ok'),
      toolUse('b2', 'Bash', { command: 'pnpm test' }),
      toolResult('b2', 'Test Files  12 passed (12)\n     Tests  49 passed (49)'),
      assistantText('Done; tests pass.'),
    ]);
    stop();
    appendLines(transcript, [
      userLine(
        `The CI needs to call the GitHub API, here is the token: ${GITHUB_TOKEN} — wire it into the release script.`,
      ),
      assistantText('I will not hard-code it; I added it as an environment variable read by the release script.'),
    ]);
    stop();
    const beforeQuiet = readFileSync(join(repo, '.memory/state/team-memory.md'), 'utf8');
    appendLines(transcript, [userLine('thanks, looks good'), assistantText('You are welcome!')]);
    stop();

    const memory = readFileSync(join(repo, '.memory/state/team-memory.md'), 'utf8');
    // A quiet turn writes nothing.
    expect(memory).toBe(beforeQuiet);
    // The tracked CLAUDE.md is byte-identical: memory lives in the team memory, rendered for the agent.
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).toBe(HUMAN_CLAUDE_MD);
    expect(runMem(['render'], { cwd: repo }).status).toBe(0);
    const rendered = readFileSync(join(repo, '.claude/rules/mem-team-memory.md'), 'utf8');
    expect(rendered).not.toContain('mem:');

    const listed = JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as Listed[];
    const texts = listed.map((entry) => `${entry.section}: ${entry.text}`);
    // Only the explicit request ("From now on …") is written by mem itself (issue 26). The rule and
    // the correction said without asking were nudged to the agent, which recorded nothing here: they
    // wait in the inbox for a person. The test command nobody mentioned goes nowhere (only logged).
    expect(texts).toEqual(['Conventions: Always use pnpm instead of npm in this repo.']);
    const pending = JSON.parse(runMem(['candidates', '--pending', '--json'], { cwd: repo }).stdout) as {
      text: string;
      section: string;
    }[];
    const waiting = pending.map((c) => c.text).join('\n');
    expect(waiting).toMatch(/never commit directly to main/i);
    expect(waiting).toMatch(/vitest instead of jest/i);
    expect(waiting).not.toContain('pnpm test');
    for (const entry of listed) {
      expect(entry.file).toBe('.claude/rules/mem-team-memory.md');
      expect(entry.personal).toBe(false);
      expect(entry.provenance.author).toBe('Dana Lead');
      expect(entry.provenance.session).toBe(session.slice(0, 8));
      expect(rendered.split('\n')[entry.line - 1]).toBe(`- ${entry.text}`);
      expect(memory).toContain(`mem:id=${entry.id}`);
    }

    // The team step has no remote to send to: the memory waits, pending, and sync still exits 0.
    expect(runMem(['sync'], { cwd: repo }).status).toBe(0);
    expect(runMem(['status', '--json'], { cwd: repo }).stdout).toMatch(/"pending":\s*true/);

    // The key is nowhere under the repository: working tree, .memory/, .git/, the team store,
    // and (compressed, so read through git) every git object.
    const leaks = walk(repo).filter((file) => readFileSync(file).includes(GITHUB_TOKEN));
    expect(leaks).toEqual([]);
    const objects = gitObjects(join(repo, '.git'));
    expect(objects).toContain('title: Widget service');
    expect(objects).not.toContain(GITHUB_TOKEN);
    expect(readFileSync(transcript, 'utf8')).toContain(GITHUB_TOKEN);

    // `mem candidates --rejected` explains what was left out, the key without its value.
    const rejected = runMem(['candidates', '--rejected'], { cwd: repo });
    expect(rejected.status).toBe(0);
    expect(rejected.stdout).toContain('secret: looks like a credential');
    expect(rejected.stdout).toContain('(text withheld: it contained a secret)');
    expect(rejected.stdout).not.toContain(GITHUB_TOKEN);
    const json = JSON.parse(runMem(['candidates', '--rejected', '--json'], { cwd: repo }).stdout) as {
      verdict: string;
      reasons: { code: string }[];
      text: string | null;
      session: string | null;
    }[];
    const secret = json.filter((c) => c.reasons.some((r) => r.code === 'secret'));
    expect(secret.length).toBeGreaterThanOrEqual(1);
    for (const c of secret) expect(c.text).toBeNull();
    for (const c of json) expect(c.verdict === 'rejected' || c.verdict === 'flagged').toBe(true);
    expect(JSON.stringify(json)).not.toContain(GITHUB_TOKEN);
  });
});
