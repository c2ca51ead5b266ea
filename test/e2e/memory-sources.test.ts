/**
 * Where memory may and may not come from: Claude Code's auto memory offers its team topics to the
 * pending inbox (never `user` ones, never modified), and a rule a human already wrote in CLAUDE.md
 * is not a new memory.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, makeTempDir, runMem } from '../helpers/temp-repo.js';
import { startPayload } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

const topic = (type: string, name: string, body: string) =>
  `---\nname: ${name}\ndescription: ${name}\nmetadata:\n  type: ${type}\n---\n\n${body}\n\n**Why:** the user said so.\n`;

describe('memory sources', () => {
  it("offers auto memory's project, feedback and reference topics as pending, never user ones, and leaves the files alone", () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    // Claude Code keeps a project's transcripts and its memory/ folder side by side.
    const project = join(makeTempDir('mem-claude-home-'), '.claude', 'projects', '-tmp-repo');
    const memory = join(project, 'memory');
    mkdirSync(memory, { recursive: true });
    const files: Record<string, string> = {
      'MEMORY.md': '- [Integration tests](integration-tests.md)\n',
      'integration-tests.md': topic(
        'feedback',
        'integration-tests',
        'Integration tests must hit a real database, never mocks.',
      ),
      'release-freeze.md': topic(
        'project',
        'release-freeze',
        'Non-critical merges are frozen while the mobile release branch is cut.',
      ),
      'grafana.md': topic('reference', 'grafana', 'Latency dashboards live in Grafana under the "api-latency" board.'),
      'about-me.md': topic('user', 'about-me', 'The user is a data scientist new to the React side of the codebase.'),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(memory, name), text);
    const transcript = join(project, 'dddd4444-5555-6666-7777-888899990000.jsonl');
    writeFileSync(transcript, '');

    const start = runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload('dddd4444-5555-6666-7777-888899990000', transcript, repo, 'startup'),
    });
    expect(start.status).toBe(0);
    const pending = JSON.parse(runMem(['candidates', '--pending', '--json'], { cwd: repo }).stdout) as {
      text: string;
      source: string;
      from: string;
      section: string;
    }[];
    expect(pending.map((c) => c.text).sort()).toEqual([
      'Integration tests must hit a real database, never mocks.',
      'Latency dashboards live in Grafana under the "api-latency" board.',
      'Non-critical merges are frozen while the mobile release branch is cut.',
    ]);
    expect(pending.every((c) => c.source === 'auto-memory' && c.from.startsWith('Claude Code auto memory: '))).toBe(
      true,
    );
    expect(start.stdout).toContain('3 memory candidates await review in the pending inbox');
    // Nothing written by itself, nothing changed in Claude's folder.
    expect(JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout)).toEqual([]);
    for (const [name, text] of Object.entries(files)) expect(readFileSync(join(memory, name), 'utf8')).toBe(text);
    expect(readdirSync(memory).sort()).toEqual(Object.keys(files).sort());
    // The next session does not offer them again.
    runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload('eeee5555-6666-7777-8888-999900001111', transcript, repo, 'startup'),
    });
    expect(JSON.parse(runMem(['candidates', '--pending', '--json'], { cwd: repo }).stdout)).toHaveLength(3);
  });

  it('reads only regular, small auto memory files: a FIFO, a 300 MB file and a symlink to /dev/zero are skipped, the rest offered', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const project = join(makeTempDir('mem-claude-home-'), '.claude', 'projects', '-tmp-repo');
    const memory = join(project, 'memory');
    mkdirSync(memory, { recursive: true });
    writeFileSync(
      join(memory, 'integration-tests.md'),
      topic('feedback', 'integration-tests', 'Integration tests must hit a real database, never mocks.'),
    );
    // Opening a FIFO for reading waits for a writer that never comes.
    execFileSync('mkfifo', [join(memory, 'fifo.md')]);
    // A valid topic at its head, then 300 MB of holes: sparse, so cheap on disk.
    const big = join(memory, 'huge.md');
    writeFileSync(big, topic('project', 'huge', 'Deploys go through the release train, never by hand.'));
    truncateSync(big, 300 * 1024 * 1024);
    symlinkSync('/dev/zero', join(memory, 'zero.md'));
    const transcript = join(project, 'ffff6666-7777-8888-9999-000011112222.jsonl');
    writeFileSync(transcript, '');

    // Note: the timeout only keeps a hang from stalling the suite; before the fix the FIFO never let go.
    const start = runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: startPayload('ffff6666-7777-8888-9999-000011112222', transcript, repo, 'startup'),
      timeoutMs: 60_000,
    });
    expect(start.status).toBe(0);
    expect(start.stdout).toContain('1 memory candidate awaits review in the pending inbox');
    const pending = JSON.parse(runMem(['candidates', '--pending', '--json'], { cwd: repo }).stdout) as {
      text: string;
    }[];
    expect(pending.map((c) => c.text)).toEqual(['Integration tests must hit a real database, never mocks.']);
    // What was left unread is said where a user looks.
    const status = runMem(['status'], { cwd: repo });
    expect(status.stdout).toContain('fifo.md not read (not a regular file)');
    expect(status.stdout).toContain('huge.md not read (larger than 64 KiB)');
    expect(status.stdout).toContain('zero.md not read (not a regular file)');
  });

  it('refuses a memory that a human-written CLAUDE.md line already says, and says why', () => {
    const repo = makeRepo();
    writeFileSync(
      join(repo, 'CLAUDE.md'),
      '# Billing service\n\n## Rules\n\n- Money is always integer cents, never floats.\n',
    );
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const refused = runMem(['remember', '--json', 'Money is always integer cents, never floats.'], { cwd: repo });
    expect(refused.status).toBe(1);
    const outcome = JSON.parse(refused.stdout) as { status: string; reasons: { code: string; explanation: string }[] };
    expect(outcome.status).toBe('refused');
    expect(outcome.reasons.map((r) => r.code)).toEqual(['in-claude-md']);
    expect(JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout)).toEqual([]);
    // Something new is still remembered.
    expect(runMem(['remember', 'Invoices are numbered per tenant, never globally.'], { cwd: repo }).status).toBe(0);
  });
});
