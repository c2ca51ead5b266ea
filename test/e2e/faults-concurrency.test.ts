/**
 * Nothing lost under contention (issue 9): concurrent Stop hooks with distinct rules, worktrees
 * syncing at once through their shared team store, and the temp file a killed writer leaves.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanupTempDirs,
  cloneAs,
  git,
  makeBareRemote,
  makeRepo,
  MEM_BIN,
  runMem,
  testEnv,
} from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';
import { distinctRule, ruleToken } from '../helpers/distinct-rules.js';

afterEach(cleanupTempDirs);

function startMem(
  cwd: string,
  args: string[],
  stdin = '',
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string }> {
  const child = spawn(process.execPath, [MEM_BIN, ...args], {
    cwd,
    env: testEnv(env),
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout })));
}

/** Every file of the remote team branch, whatever its layout. */
function teamBranchText(remote: string): string {
  const files = git(remote, ['ls-tree', '-r', '--name-only', 'refs/mem/team']).split('\n').filter(Boolean);
  return files.map((file) => git(remote, ['show', `refs/mem/team:${file}`])).join('\n');
}

describe('concurrent writers keep every rule', () => {
  it('16 Stop hooks at once, each with its own rule: all 16 are in the team memory', async () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    // The after-turn step on, as in real use: a Stop that found the lock busy for long hands its rule to it.
    const runs = Array.from({ length: 16 }, (_, i) => {
      const transcript = join(repo, '..', `rule-${i}.jsonl`);
      appendLines(transcript, [userLine(distinctRule(i))]);
      return startMem(repo, ['hook', 'stop'], stopPayload(`concurrent-${i}`, transcript, repo), {
        MEM_NO_BACKGROUND_SYNC: '0',
      });
    });
    const results = await Promise.all(runs);
    expect(results.map((result) => [result.code, result.stdout])).toEqual(Array(16).fill([0, '']));
    const memoryFile = join(repo, '.memory', 'state', 'team-memory.md');
    const missingFrom = (memory: string) =>
      Array.from({ length: 16 }, (_, i) => ruleToken(i)).filter((token) => !memory.includes(token));
    for (let waited = 0; waited < 60_000 && missingFrom(readFileSync(memoryFile, 'utf8')).length > 0; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(missingFrom(readFileSync(memoryFile, 'utf8'))).toEqual([]);
    const listed = JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as unknown[];
    expect(listed).toHaveLength(16);
  }, 240_000);

  it('three worktrees of one clone syncing at once all succeed, and the team branch holds every entry', async () => {
    const remote = makeBareRemote();
    const main = cloneAs(remote, 'alice');
    expect(runMem(['init', '--yes'], { cwd: main }).status).toBe(0);
    expect(runMem(['sync'], { cwd: main }).status).toBe(0);
    const trees = [main];
    for (const name of ['wt1', 'wt2']) {
      const dir = join(main, '..', name);
      git(main, ['worktree', 'add', '-q', '-b', name, dir]);
      expect(runMem(['init', '--yes'], { cwd: dir }).status).toBe(0);
      trees.push(dir);
    }
    const added: number[] = [];
    for (let round = 0; round < 2; round += 1) {
      trees.forEach((tree, w) => {
        const i = round * 3 + w;
        const remembered = runMem(['remember', distinctRule(i)], { cwd: tree });
        expect(remembered.status, remembered.stderr).toBe(0);
        added.push(i);
      });
      const reports = await Promise.all(trees.map((tree) => startMem(tree, ['sync', '--json'])));
      for (const report of reports) expect((JSON.parse(report.stdout) as { failure: unknown }).failure).toBeNull();
    }
    for (const tree of trees) expect(runMem(['sync'], { cwd: tree }).status).toBe(0);
    const shared = teamBranchText(remote);
    expect(added.map(ruleToken).filter((token) => !shared.includes(token))).toEqual([]);
    for (const tree of trees) {
      const memory = readFileSync(join(tree, '.memory', 'state', 'team-memory.md'), 'utf8');
      expect(added.map(ruleToken).filter((token) => !memory.includes(token))).toEqual([]);
    }
  });

  it('a temp file left by a killed writer is removed by the next hook; one of a live writer is not', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const orphan = join(repo, '.CLAUDE.md.999999.k1x2y3.tmp');
    const orphanState = join(repo, '.memory', 'state', '.hook-status.json.999999.k1x2y4.tmp');
    const live = join(repo, `.CLAUDE.md.${process.pid}.l1v2e3.tmp`);
    for (const file of [orphan, orphanState, live]) writeFileSync(file, 'half a write');
    const transcript = join(repo, '..', 'orphans.jsonl');
    appendLines(transcript, [userLine('Tidy the imports in the settings page.')]);
    expect(runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('orphans', transcript, repo) }).status).toBe(0);
    expect(existsSync(orphan)).toBe(false);
    expect(existsSync(orphanState)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});
