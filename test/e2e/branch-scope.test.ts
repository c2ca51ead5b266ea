/**
 * Branch-scoped memory through the built CLI, with a bare remote and several clones (issue 31):
 * what Alice learns on feature/x is seen only where HEAD is on feature/x until the branch lands
 * (by merge commit, rebase or squash), then every clone on main sees it exactly once; a branch
 * deleted without landing goes to review; two clones promoting at once make one promotion; a clone
 * with scope.branches off behaves as before.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MEM_BIN,
  cleanupTempDirs,
  cloneAs,
  git,
  makeBareRemote,
  runMem,
  testEnv,
  type MemResult,
} from '../helpers/temp-repo.js';
import { appendLines, eventPayload, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterAll(cleanupTempDirs);

const RULE = 'The new payments API lives in src/payments/v2; never call the old client from it.';
const rendered = (dir: string) =>
  existsSync(join(dir, '.claude/rules/mem-team-memory.md'))
    ? readFileSync(join(dir, '.claude/rules/mem-team-memory.md'), 'utf8')
    : '';
const count = (text: string, part: string) => text.split(part).length - 1;

function ok(result: MemResult): MemResult {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** Alice sets mem up on main; Bob and Carol clone after that and run init. */
function team(): { remote: string; alice: string; bob: string; carol: string } {
  const remote = makeBareRemote();
  const alice = cloneAs(remote, 'alice');
  ok(runMem(['init', '--yes'], { cwd: alice }));
  git(alice, ['add', '-A']);
  git(alice, ['commit', '-q', '-m', 'Set up mem']);
  git(alice, ['push', '-q', 'origin', 'main']);
  const bob = cloneAs(remote, 'bob');
  ok(runMem(['init', '--yes'], { cwd: bob }));
  const carol = cloneAs(remote, 'carol');
  ok(runMem(['init', '--yes'], { cwd: carol }));
  return { remote, alice, bob, carol };
}

function commitFile(dir: string, file: string, text: string): void {
  writeFileSync(join(dir, file), text);
  git(dir, ['add', file]);
  git(dir, ['commit', '-q', '-m', `add ${file}`]);
}

/** Alice starts feature/x, learns the rule there, commits and pushes the branch (its pre-push hook syncs). */
function aliceLearnsOnFeature(alice: string): string {
  git(alice, ['checkout', '-q', '-b', 'feature/x']);
  const outcome = JSON.parse(
    ok(runMem(['remember', RULE, '--section', 'Conventions', '--json'], { cwd: alice })).stdout,
  ) as { id: string; scope: string | null };
  expect(outcome.scope).toBe('feature/x');
  commitFile(alice, 'payments-v2.ts', 'export const v2 = true;\n');
  commitFile(alice, 'payments-v2-client.ts', 'export const client = 2;\n');
  git(alice, ['push', '-q', '-u', 'origin', 'feature/x']);
  ok(runMem(['sync'], { cwd: alice }));
  return outcome.id;
}

function search(dir: string, query: string): string[] {
  return (JSON.parse(ok(runMem(['search', query, '--json'], { cwd: dir })).stdout) as Array<{ text: string }>).map(
    (result) => result.text,
  );
}

function recall(dir: string, prompt: string): string {
  const result = ok(
    runMem(['hook', 'user-prompt-submit'], {
      cwd: dir,
      stdin: eventPayload('UserPromptSubmit', 's1', join(dir, '..', 'none.jsonl'), dir, { prompt }),
    }),
  );
  return result.stdout;
}

function teamHead(remote: string): string {
  return git(remote, ['rev-parse', 'refs/mem/team']);
}

describe('branch-scoped memory', () => {
  it('is seen on its branch only: not by Bob on main (rendered, recall, search), by Carol on feature/x after one sync', () => {
    const { alice, bob, carol } = team();
    aliceLearnsOnFeature(alice);
    expect(rendered(alice)).toContain(RULE);

    ok(runMem(['sync'], { cwd: bob }));
    expect(rendered(bob)).not.toContain('payments');
    expect(search(bob, 'payments API client')).toEqual([]);
    expect(recall(bob, 'where does the new payments API live? can I call the old client?')).not.toContain('payments');
    // Shared on the team ref like any other entry: listed with its branch when asked.
    const all = JSON.parse(ok(runMem(['list', '--all-branches', '--json'], { cwd: bob })).stdout) as Array<{
      text: string;
      scope: string | null;
    }>;
    expect(all.find((entry) => entry.text === RULE)?.scope).toBe('feature/x');
    expect(ok(runMem(['list'], { cwd: bob })).stdout).not.toContain('payments');
    // Status counts it without calling it left out for lack of room.
    const status = ok(runMem(['status'], { cwd: bob })).stdout;
    expect(status).toContain(
      'team memory: 1 entry, 1 of them on other branches (seen there until they land), rendered to',
    );
    expect(status).not.toContain('team.renderMaxChars');

    git(carol, ['fetch', '-q']);
    git(carol, ['checkout', '-q', 'feature/x']);
    ok(runMem(['sync'], { cwd: carol }));
    expect(count(rendered(carol), RULE)).toBe(1);
    expect(search(carol, 'payments API client')).toContain(RULE);
    expect(ok(runMem(['list'], { cwd: carol })).stdout).toContain('branch feature/x');
    // Back on main, Carol's session start renders without it.
    git(carol, ['checkout', '-q', 'main']);
    ok(runMem(['render'], { cwd: carol }));
    expect(rendered(carol)).not.toContain('payments');
  });

  it('scopes what a session on a feature branch learns (the Stop hook), and leaves what it learns on main team-wide', () => {
    const { alice } = team();
    git(alice, ['checkout', '-q', '-b', 'feature/just']);
    const transcript = join(alice, '..', 'claude.jsonl');
    appendLines(transcript, [
      userLine('From now on always use the `just` recipes instead of raw cargo commands in this repo.', 'feature/just'),
    ]);
    ok(runMem(['hook', 'stop'], { cwd: alice, stdin: stopPayload('c0ffee00-claude', transcript, alice) }));
    git(alice, ['checkout', '-q', 'main']);
    const onMain = join(alice, '..', 'main.jsonl');
    appendLines(onMain, [userLine('From now on always run `make lint` before committing in this repo.')]);
    ok(runMem(['hook', 'stop'], { cwd: alice, stdin: stopPayload('c0ffee01-claude', onMain, alice) }));
    const listed = JSON.parse(ok(runMem(['list', '--all-branches', '--json'], { cwd: alice })).stdout) as Array<{
      text: string;
      scope: string | null;
    }>;
    expect(listed.map((entry) => [entry.text.includes('just') ? 'just' : 'lint', entry.scope]).sort()).toEqual([
      ['just', 'feature/just'],
      ['lint', null],
    ]);
  });

  it('is shared by the worktrees of its branch, and not seen by another worktree of the same clone', () => {
    const { alice, bob } = team();
    aliceLearnsOnFeature(alice);
    git(alice, ['checkout', '-q', 'main']);
    ok(runMem(['render'], { cwd: alice }));
    expect(rendered(alice)).not.toContain('payments');
    // Bob works on feature/x in a linked worktree of his clone; his main checkout stays on main.
    git(bob, ['fetch', '-q']);
    const tree = join(bob, '..', 'bob-feature-x');
    git(bob, ['worktree', 'add', '-q', tree, 'feature/x']);
    ok(runMem(['sync'], { cwd: tree }));
    expect(count(rendered(tree), RULE)).toBe(1);
    ok(runMem(['sync'], { cwd: bob }));
    expect(rendered(bob)).not.toContain('payments');
  });

  for (const how of ['merge commit', 'rebase', 'squash'] as const) {
    it(`is team-wide once the branch lands by ${how}: every clone on main sees it exactly once after its next sync`, () => {
      const { remote, alice, bob, carol } = team();
      aliceLearnsOnFeature(alice);
      ok(runMem(['sync'], { cwd: bob }));
      expect(rendered(bob)).not.toContain('payments');
      // Main moves on meanwhile, so rebase and squash merges make new commits.
      commitFile(bob, 'other.txt', 'other work\n');
      git(bob, ['push', '-q', 'origin', 'main']);

      git(alice, ['checkout', '-q', 'main']);
      git(alice, ['pull', '-q', '--no-rebase', 'origin', 'main']);
      if (how === 'merge commit') git(alice, ['merge', '-q', '--no-ff', 'feature/x', '-m', 'Merge feature/x']);
      else if (how === 'rebase')
        for (const commit of git(alice, ['rev-list', '--reverse', 'main..feature/x']).split('\n'))
          git(alice, ['cherry-pick', commit]);
      else {
        git(alice, ['merge', '-q', '--squash', 'feature/x']);
        git(alice, ['commit', '-q', '-m', 'feature/x (squashed)']);
      }
      git(alice, ['push', '-q', 'origin', 'main']);
      const before = teamHead(remote);
      const synced = ok(runMem(['sync'], { cwd: alice }));
      expect(synced.stdout).toContain('feature/x landed: 1 entry is team-wide now');
      expect(count(rendered(alice), RULE)).toBe(1);
      // One commit on the team ref records the promotion.
      expect(git(remote, ['rev-list', '--count', `${before}..refs/mem/team`])).toBe('1');

      git(bob, ['pull', '-q', '--no-rebase', 'origin', 'main']);
      ok(runMem(['sync'], { cwd: bob }));
      expect(count(rendered(bob), RULE)).toBe(1);
      ok(runMem(['sync'], { cwd: carol }));
      expect(count(rendered(carol), RULE)).toBe(1);
      expect(search(bob, 'payments API client')).toEqual([RULE]);
      const listed = JSON.parse(ok(runMem(['list', '--json'], { cwd: carol })).stdout) as Array<{
        text: string;
        scope: string | null;
      }>;
      expect(listed.filter((entry) => entry.text === RULE).map((entry) => entry.scope)).toEqual([null]);
    });
  }

  it('puts the entries of a branch deleted on the remote without landing in the review queue, never away', () => {
    const { alice } = team();
    git(alice, ['checkout', '-q', '-b', 'feature/dead-end']);
    ok(
      runMem(
        [
          'remember',
          'The experimental cache layer lives in src/cache/experimental, behind the CACHE_V2 flag.',
          '--section',
          'Conventions',
        ],
        { cwd: alice },
      ),
    );
    commitFile(alice, 'cache.ts', 'export const cache = 1;\n');
    git(alice, ['push', '-q', '-u', 'origin', 'feature/dead-end']);
    git(alice, ['checkout', '-q', 'main']);
    git(alice, ['push', '-q', 'origin', '--delete', 'feature/dead-end']);
    const synced = ok(runMem(['sync'], { cwd: alice }));
    expect(synced.stderr).toContain('mem review --branches');
    // mem status says so too, until someone decides.
    expect(ok(runMem(['status'], { cwd: alice })).stdout).toContain(
      'Branches that did not land: 1 (feature/dead-end, deleted on the remote, 1 entry): promote, keep or forget their entries with `mem review --branches`',
    );
    const status = JSON.parse(ok(runMem(['status', '--json'], { cwd: alice })).stdout) as {
      memory: { abandonedBranches: unknown[] };
    };
    expect(status.memory.abandonedBranches).toEqual([{ branch: 'feature/dead-end', reason: 'gone', entries: 1 }]);
    const waiting = JSON.parse(ok(runMem(['review', '--branches', '--json'], { cwd: alice })).stdout) as Array<{
      branch: string;
      reason: string;
      entries: Array<{ text: string }>;
    }>;
    expect(waiting).toEqual([
      {
        branch: 'feature/dead-end',
        reason: 'gone',
        entries: [
          expect.objectContaining({
            text: 'The experimental cache layer lives in src/cache/experimental, behind the CACHE_V2 flag.',
          }),
        ],
      },
    ]);
    // Still there on the branch; a person decides: promote makes it team-wide.
    expect(JSON.parse(ok(runMem(['list', '--all-branches', '--json'], { cwd: alice })).stdout)).toHaveLength(1);
    ok(runMem(['review', '--branch', 'feature/dead-end', '--take', 'promote'], { cwd: alice }));
    expect(rendered(alice)).toContain('experimental cache layer');
    expect(JSON.parse(ok(runMem(['review', '--branches', '--json'], { cwd: alice })).stdout)).toEqual([]);
    expect(ok(runMem(['status'], { cwd: alice })).stdout).not.toContain('did not land');
  });

  it('records one promotion when two clones promote at once', async () => {
    const { remote, alice, carol } = team();
    aliceLearnsOnFeature(alice);
    // Carol works on feature/x too: her clone knows the branch had work of its own.
    git(carol, ['fetch', '-q']);
    git(carol, ['checkout', '-q', 'feature/x']);
    ok(runMem(['sync'], { cwd: carol }));
    git(alice, ['checkout', '-q', 'main']);
    git(alice, ['merge', '-q', '--no-ff', 'feature/x', '-m', 'Merge feature/x']);
    git(alice, ['push', '-q', 'origin', 'main']);
    git(carol, ['checkout', '-q', 'main']);
    git(carol, ['pull', '-q', '--no-rebase', 'origin', 'main']);
    const before = teamHead(remote);
    const [a, c] = await Promise.all([memAsync(['sync'], alice), memAsync(['sync'], carol)]);
    expect(a.status, a.stderr).toBe(0);
    expect(c.status, c.stderr).toBe(0);
    // Both clones saw the branch land and promoted it in their working copy…
    for (const run of [a, c]) expect(run.stdout).toContain('feature/x landed');
    ok(runMem(['sync'], { cwd: alice }));
    ok(runMem(['sync'], { cwd: carol }));
    // …and the team ref records it once: the second clone's merge finds the same change there, and sends nothing.
    expect(git(remote, ['rev-list', '--count', `${before}..refs/mem/team`])).toBe('1');
    for (const dir of [alice, carol]) expect(count(rendered(dir), RULE)).toBe(1);
  });

  it('behaves as before with scope.branches off: team-wide from any branch, every entry seen', () => {
    const { alice, bob } = team();
    aliceLearnsOnFeature(alice);
    const config = JSON.parse(readFileSync(join(bob, '.memory/config.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(
      join(bob, '.memory/config.json'),
      `${JSON.stringify({ ...config, scope: { branches: 'off' } }, null, 2)}\n`,
    );
    ok(runMem(['sync'], { cwd: bob }));
    expect(count(rendered(bob), RULE)).toBe(1);
    git(bob, ['checkout', '-q', '-b', 'feature/bob']);
    const outcome = JSON.parse(
      ok(
        runMem(['remember', 'Run the linter with pnpm lint before every push.', '--section', 'Commands', '--json'], {
          cwd: bob,
        }),
      ).stdout,
    ) as { scope: string | null };
    expect(outcome.scope).toBeNull();
    ok(runMem(['sync'], { cwd: bob }));
    ok(runMem(['sync'], { cwd: alice }));
    git(alice, ['checkout', '-q', 'main']);
    ok(runMem(['render'], { cwd: alice }));
    expect(rendered(alice)).toContain('pnpm lint');
  });
});

function memAsync(args: string[], cwd: string): Promise<MemResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MEM_BIN, ...args], { cwd, env: testEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status: status ?? -1, stdout, stderr }));
  });
}
