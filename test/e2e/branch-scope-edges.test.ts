/**
 * Branch scope at its edges, through the built CLI with real repositories (issue 31): a branch rule
 * that contradicts a team-wide one overrides it on the branch (and says so), a line typed into the
 * rendered file on a branch belongs to the branch, a detached HEAD mid-rebase is the branch being
 * rebased while any other detached HEAD writes nothing by itself, and a repository whose default
 * branch is master (with a stale origin/HEAD) promotes without a "did not land" warning.
 */
import { existsSync, readFileSync, appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import {
  MEM_BIN,
  cleanupTempDirs,
  cloneAs,
  git,
  makeBareRemote,
  makeRepo,
  makeTempDir,
  runMem,
  testEnv,
  type MemResult,
} from '../helpers/temp-repo.js';
import { appendLines, startPayload, stopPayload, userLine } from '../helpers/hook-payloads.js';
import { writeFileSync } from 'node:fs';

afterAll(cleanupTempDirs);

const RULES = '.claude/rules/mem-team-memory.md';
const rendered = (dir: string) => (existsSync(join(dir, RULES)) ? readFileSync(join(dir, RULES), 'utf8') : '');

function ok(result: MemResult): MemResult {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}

/** A sync that leaves conflicts for review exits 3. */
function syncWithConflicts(dir: string): MemResult {
  const result = runMem(['sync'], { cwd: dir });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(3);
  return result;
}

function listed(dir: string): Array<{ text: string; scope: string | null }> {
  return JSON.parse(ok(runMem(['list', '--all-branches', '--json'], { cwd: dir })).stdout) as Array<{
    text: string;
    scope: string | null;
  }>;
}

function repoWithMem(): string {
  const dir = makeRepo();
  ok(runMem(['init', '--yes'], { cwd: dir }));
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', 'Set up mem']);
  return dir;
}

describe('branch scope at its edges', { timeout: 120_000 }, () => {
  it('shows a branch rule that contradicts a team-wide one instead of it on the branch, marked; main keeps the team rule', () => {
    const dir = repoWithMem();
    ok(runMem(['remember', 'Use pnpm for installs in this repo.', '--section', 'Commands'], { cwd: dir }));
    ok(runMem(['remember', 'Always run make lint before pushing.', '--section', 'Commands'], { cwd: dir }));
    git(dir, ['checkout', '-q', '-b', 'feature/yarn']);
    const outcome = JSON.parse(
      ok(runMem(['remember', 'Use yarn for installs in this repo.', '--section', 'Commands', '--json'], { cwd: dir }))
        .stdout,
    ) as { status: string; scope: string | null };
    expect(outcome).toMatchObject({ status: 'added', scope: 'feature/yarn' });
    ok(runMem(['render'], { cwd: dir }));
    const onBranch = rendered(dir);
    expect(onBranch).toContain(
      '- Use yarn for installs in this repo. (on this branch, instead of the team-wide rule: "Use pnpm for installs in this repo.")',
    );
    expect(onBranch).not.toContain('- Use pnpm for installs');
    expect(onBranch).toContain('- Always run make lint before pushing.');
    // Search says the same, and so does the memory Codex's session start gets.
    const found = (
      JSON.parse(ok(runMem(['search', 'installs in this repo', '--json'], { cwd: dir })).stdout) as Array<{
        text: string;
      }>
    ).map((result) => result.text);
    expect(found).toEqual(['Use yarn for installs in this repo.']);
    const codex = JSON.parse(
      ok(
        runMem(['hook', 'session-start', '--agent', 'codex'], {
          cwd: dir,
          stdin: startPayload('019a7c2e-codex-1', join(dir, '..', 'none.jsonl'), dir, 'startup'),
        }),
      ).stdout,
    ) as { hookSpecificOutput: { additionalContext: string } };
    expect(codex.hookSpecificOutput.additionalContext).toContain(
      '- Use yarn for installs in this repo. (on this branch, instead of the team-wide rule: "Use pnpm for installs in this repo.")',
    );
    expect(codex.hookSpecificOutput.additionalContext).not.toContain('- Use pnpm');
    // Not a conflict while the branch is open: nothing waits in review.
    expect(runMem(['review', '--list'], { cwd: dir }).stdout).not.toContain('pnpm');
    // Reading the file back (a person touched another line) changes neither entry.
    writeFileSync(
      join(dir, RULES),
      onBranch.replace('- Always run make lint before pushing.', '- Always run make lint before every push.'),
    );
    ok(runMem(['render'], { cwd: dir }));
    expect(
      listed(dir)
        .map((entry) => entry.text)
        .sort(),
    ).toEqual([
      'Always run make lint before every push.',
      'Use pnpm for installs in this repo.',
      'Use yarn for installs in this repo.',
    ]);
    git(dir, ['checkout', '-q', 'main']);
    ok(runMem(['render'], { cwd: dir }));
    expect(rendered(dir)).toContain('- Use pnpm for installs in this repo.\n');
    expect(rendered(dir)).not.toContain('yarn');
    expect(
      (
        JSON.parse(ok(runMem(['search', 'installs in this repo', '--json'], { cwd: dir })).stdout) as Array<{
          text: string;
        }>
      ).map((result) => result.text),
    ).toEqual(['Use pnpm for installs in this repo.']);
  });

  it('scopes a line a person adds to the rendered file on a branch to that branch', () => {
    const dir = repoWithMem();
    ok(runMem(['remember', 'Always run make lint before pushing.', '--section', 'Commands'], { cwd: dir }));
    git(dir, ['checkout', '-q', '-b', 'feature/parser']);
    ok(runMem(['render'], { cwd: dir }));
    appendFileSync(join(dir, RULES), '- The v3 parser lives in src/parse/v3; the v2 one is frozen.\n');
    ok(runMem(['render'], { cwd: dir }));
    expect(listed(dir)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          text: 'The v3 parser lives in src/parse/v3; the v2 one is frozen.',
          scope: 'feature/parser',
        }),
      ]),
    );
    git(dir, ['checkout', '-q', 'main']);
    ok(runMem(['render'], { cwd: dir }));
    expect(rendered(dir)).not.toContain('v3 parser');
    // On main, a typed line stays team-wide.
    appendFileSync(join(dir, RULES), '- Release notes go in CHANGELOG.md under Unreleased.\n');
    ok(runMem(['render'], { cwd: dir }));
    expect(listed(dir).find((entry) => entry.text.startsWith('Release notes'))?.scope).toBeNull();
  });

  it('treats a detached HEAD mid-rebase as the branch being rebased, and writes nothing by itself on any other detached HEAD', () => {
    const dir = repoWithMem();
    git(dir, ['checkout', '-q', '-b', 'feature/rebased']);
    writeFileSync(join(dir, 'a.txt'), 'a\n');
    git(dir, ['add', 'a.txt']);
    git(dir, ['commit', '-q', '-m', 'a']);
    git(dir, ['checkout', '-q', 'main']);
    writeFileSync(join(dir, 'b.txt'), 'b\n');
    git(dir, ['add', 'b.txt']);
    git(dir, ['commit', '-q', '-m', 'b']);
    git(dir, ['checkout', '-q', 'feature/rebased']);
    // git runs --exec with HEAD detached between the picks.
    const mem = `"${process.execPath}" "${join(import.meta.dirname, '..', '..', 'bin', 'run.js')}"`;
    git(dir, [
      'rebase',
      '-q',
      '--exec',
      `${mem} remember "The rebased feature keeps its fixtures in test/fixtures/rebased." --section Conventions`,
      'main',
    ]);
    expect(listed(dir).find((entry) => entry.text.includes('test/fixtures/rebased'))?.scope).toBe('feature/rebased');
    // So is a bisect started on the branch: git checks out commits detached until it is reset.
    for (const name of ['c', 'd', 'e']) {
      writeFileSync(join(dir, `${name}.txt`), `${name}\n`);
      git(dir, ['add', `${name}.txt`]);
      git(dir, ['commit', '-q', '-m', name]);
    }
    git(dir, ['bisect', 'start', 'feature/rebased', 'main']);
    expect(git(dir, ['rev-parse', '--abbrev-ref', 'HEAD'])).toBe('HEAD');
    const bisecting = JSON.parse(
      ok(
        runMem(
          [
            'remember',
            'The bisect helper script lives in scripts/bisect-check.sh.',
            '--section',
            'References',
            '--json',
          ],
          { cwd: dir },
        ),
      ).stdout,
    ) as { scope: string | null };
    expect(bisecting.scope).toBe('feature/rebased');
    git(dir, ['bisect', 'reset']);

    // A plain detached HEAD (a tag, a commit, a CI checkout): what a session learns waits for a person.
    git(dir, ['checkout', '-q', '--detach', 'main']);
    const transcript = join(makeTempDir(), 'claude.jsonl');
    appendLines(transcript, [
      userLine('From now on always use the `just` recipes instead of raw cargo commands in this repo.', 'HEAD'),
    ]);
    ok(runMem(['hook', 'stop'], { cwd: dir, stdin: stopPayload('c0ffee02-claude', transcript, dir) }));
    expect(
      listed(dir)
        .map((entry) => entry.text)
        .join('\n'),
    ).not.toContain('just');
    const pending = JSON.parse(ok(runMem(['candidates', '--json'], { cwd: dir })).stdout) as Array<{
      status: string;
      text: string | null;
    }>;
    expect(
      pending
        .filter((item) => item.status === 'pending')
        .map((item) => item.text)
        .join('\n'),
    ).toContain('just');
    // A person's own mem remember there is team-wide, and says how to scope it.
    const remembered = JSON.parse(
      ok(runMem(['remember', 'Tag builds are made by make release.', '--section', 'Commands', '--json'], { cwd: dir }))
        .stdout,
    ) as { scope: string | null; warnings: string[] };
    expect(remembered.scope).toBeNull();
    expect(remembered.warnings.join('\n')).toContain('HEAD is detached');
  });

  it('promotes without a "did not land" warning where the default branch is master and origin/HEAD names a branch the remote does not have', () => {
    const parent = makeTempDir('mem-remote-');
    const remote = join(parent, 'remote.git');
    git(parent, ['init', '-q', '--bare', '-b', 'master', remote]);
    const seed = makeRepo({ name: 'seed' });
    git(seed, ['branch', '-m', 'master']);
    git(seed, ['remote', 'add', 'origin', remote]);
    git(seed, ['push', '-q', 'origin', 'master']);
    const alice = cloneAs(remote, 'alice');
    // The server repository was created with main and the team pushes master: newer git records
    // the server's HEAD as origin/HEAD at clone or fetch, naming a branch that does not exist.
    git(alice, ['symbolic-ref', 'refs/remotes/origin/HEAD', 'refs/remotes/origin/main']);
    ok(runMem(['init', '--yes'], { cwd: alice }));
    git(alice, ['add', '-A']);
    git(alice, ['commit', '-q', '-m', 'Set up mem']);
    git(alice, ['push', '-q', 'origin', 'master']);
    const onMaster = JSON.parse(
      ok(
        runMem(['remember', 'Always run make lint before pushing.', '--section', 'Commands', '--json'], { cwd: alice }),
      ).stdout,
    ) as { scope: string | null };
    expect(onMaster.scope).toBeNull();

    git(alice, ['checkout', '-q', '-b', 'feature/x']);
    ok(
      runMem(['remember', 'The new payments API lives in src/payments/v2.', '--section', 'Conventions'], {
        cwd: alice,
      }),
    );
    writeFileSync(join(alice, 'v2.ts'), 'export const v2 = true;\n');
    git(alice, ['add', 'v2.ts']);
    git(alice, ['commit', '-q', '-m', 'v2']);
    git(alice, ['push', '-q', '-u', 'origin', 'feature/x']);
    ok(runMem(['sync'], { cwd: alice }));
    git(alice, ['checkout', '-q', 'master']);
    git(alice, ['merge', '-q', '--no-ff', 'feature/x', '-m', 'Merge feature/x']);
    git(alice, ['push', '-q', 'origin', 'master']);
    git(alice, ['push', '-q', 'origin', '--delete', 'feature/x']);
    const synced = ok(runMem(['sync'], { cwd: alice }));
    expect(synced.stderr).not.toContain('did not land');
    expect(listed(alice).map((entry) => entry.scope)).toEqual([null, null]);
    expect(rendered(alice)).toContain('src/payments/v2');
    expect(JSON.parse(ok(runMem(['review', '--branches', '--json'], { cwd: alice })).stdout)).toEqual([]);
  });

  it('sends a landed branch entry that still contradicts a team-wide one to mem review as a conflict naming the branch, in every clone', () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    ok(runMem(['init', '--yes'], { cwd: alice }));
    git(alice, ['add', '-A']);
    git(alice, ['commit', '-q', '-m', 'Set up mem']);
    git(alice, ['push', '-q', 'origin', 'main']);
    const bob = cloneAs(remote, 'bob');
    ok(runMem(['init', '--yes'], { cwd: bob }));
    ok(runMem(['remember', 'Use pnpm for installs in this repo.', '--section', 'Commands'], { cwd: bob }));
    ok(runMem(['sync'], { cwd: bob }));
    ok(runMem(['sync'], { cwd: alice }));
    git(alice, ['checkout', '-q', '-b', 'feature/yarn']);
    ok(runMem(['remember', 'Use yarn for installs in this repo.', '--section', 'Commands'], { cwd: alice }));
    writeFileSync(join(alice, 'yarn.lock'), '# yarn\n');
    git(alice, ['add', 'yarn.lock']);
    git(alice, ['commit', '-q', '-m', 'yarn']);
    git(alice, ['push', '-q', '-u', 'origin', 'feature/yarn']);
    ok(runMem(['sync'], { cwd: alice }));
    git(alice, ['checkout', '-q', 'main']);
    git(alice, ['merge', '-q', '--no-ff', 'feature/yarn', '-m', 'Merge feature/yarn']);
    git(alice, ['push', '-q', 'origin', 'main']);
    const synced = syncWithConflicts(alice);
    expect(synced.stderr).toContain('1 entry of feature/yarn contradicts a team-wide entry: run `mem review`');
    // Not both rules side by side as fact: one conflict, shown with both versions.
    for (const dir of [alice, bob]) {
      syncWithConflicts(dir);
      expect(rendered(dir)).not.toMatch(/^- Use (?:pnpm|yarn) for installs/m);
      expect(rendered(dir)).toContain('Two versions of this memory wait for a decision');
      const conflicts = JSON.parse(runMem(['review', '--json'], { cwd: dir }).stdout) as Array<{
        id: string;
        versions: Array<{ text: string; scope: string | null }>;
      }>;
      expect(conflicts).toHaveLength(1);
      expect(conflicts[0]?.versions.map((version) => [version.text, version.scope]).sort()).toEqual([
        ['Use pnpm for installs in this repo.', null],
        ['Use yarn for installs in this repo.', 'feature/yarn'],
      ]);
      expect(runMem(['review', '--list'], { cwd: dir }).stdout).toContain('on branch feature/yarn');
    }
    // Settling it keeps the branch's rule team-wide (the branch has landed).
    const id = (
      JSON.parse(runMem(['review', '--json'], { cwd: bob }).stdout) as Array<{
        id: string;
        versions: Array<{ scope: string | null; mine: boolean }>;
      }>
    )[0];
    const take = id?.versions.find((version) => version.scope !== null)?.mine === true ? 'mine' : 'theirs';
    ok(runMem(['review', '--resolve', id?.id ?? '', '--take', take], { cwd: bob }));
    expect(listed(bob).map((entry) => [entry.text, entry.scope])).toEqual([
      ['Use yarn for installs in this repo.', null],
    ]);
  });

  it('keeps a conflict between two versions of a branch entry on that branch, each version naming it', () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    ok(runMem(['init', '--yes'], { cwd: alice }));
    git(alice, ['add', '-A']);
    git(alice, ['commit', '-q', '-m', 'Set up mem']);
    git(alice, ['push', '-q', 'origin', 'main']);
    git(alice, ['checkout', '-q', '-b', 'feature/x']);
    ok(runMem(['remember', 'The payments client retries three times.', '--section', 'Conventions'], { cwd: alice }));
    git(alice, ['push', '-q', '-u', 'origin', 'feature/x']);
    ok(runMem(['sync'], { cwd: alice }));
    const carol = cloneAs(remote, 'carol');
    ok(runMem(['init', '--yes'], { cwd: carol }));
    git(carol, ['checkout', '-q', 'feature/x']);
    ok(runMem(['sync'], { cwd: carol }));
    // Both reword the entry in their rendered file.
    writeFileSync(
      join(alice, RULES),
      rendered(alice).replace('retries three times.', 'retries five times with backoff.'),
    );
    writeFileSync(join(carol, RULES), rendered(carol).replace('retries three times.', 'never retries a charge.'));
    ok(runMem(['sync'], { cwd: alice }));
    syncWithConflicts(carol);
    const conflicts = JSON.parse(runMem(['review', '--json'], { cwd: carol }).stdout) as Array<{
      id: string;
      versions: Array<{ scope: string | null }>;
    }>;
    expect(conflicts.flatMap((conflict) => conflict.versions.map((version) => version.scope))).toEqual([
      'feature/x',
      'feature/x',
    ]);
    expect(rendered(carol)).toContain('on branch feature/x');
    // Main does not see the branch's disagreement; settling it keeps the entry on the branch.
    git(carol, ['checkout', '-q', 'main']);
    ok(runMem(['render'], { cwd: carol }));
    expect(rendered(carol)).not.toContain('payments');
    ok(runMem(['review', '--resolve', conflicts[0]?.id ?? '', '--take', 'mine'], { cwd: carol }));
    expect(listed(carol).map((entry) => [entry.text, entry.scope])).toEqual([
      ['The payments client never retries a charge.', 'feature/x'],
    ]);
  });

  it('makes one conflict in one commit when two clones promote a contradicting branch at once', async () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    ok(runMem(['init', '--yes'], { cwd: alice }));
    git(alice, ['add', '-A']);
    git(alice, ['commit', '-q', '-m', 'Set up mem']);
    git(alice, ['push', '-q', 'origin', 'main']);
    ok(runMem(['remember', 'Use pnpm for installs in this repo.', '--section', 'Commands'], { cwd: alice }));
    ok(runMem(['sync'], { cwd: alice }));
    const carol = cloneAs(remote, 'carol');
    ok(runMem(['init', '--yes'], { cwd: carol }));
    git(alice, ['checkout', '-q', '-b', 'feature/yarn']);
    ok(runMem(['remember', 'Use yarn for installs in this repo.', '--section', 'Commands'], { cwd: alice }));
    writeFileSync(join(alice, 'yarn.lock'), '# yarn\n');
    git(alice, ['add', 'yarn.lock']);
    git(alice, ['commit', '-q', '-m', 'yarn']);
    git(alice, ['push', '-q', '-u', 'origin', 'feature/yarn']);
    ok(runMem(['sync'], { cwd: alice }));
    git(carol, ['fetch', '-q']);
    git(carol, ['checkout', '-q', 'feature/yarn']);
    ok(runMem(['sync'], { cwd: carol }));
    git(alice, ['checkout', '-q', 'main']);
    git(alice, ['merge', '-q', '--no-ff', 'feature/yarn', '-m', 'Merge feature/yarn']);
    git(alice, ['push', '-q', 'origin', 'main']);
    git(carol, ['checkout', '-q', 'main']);
    git(carol, ['pull', '-q', '--no-rebase', 'origin', 'main']);
    const before = git(remote, ['rev-parse', 'refs/mem/team']);
    const runs = await Promise.all([alice, carol].map((dir) => memAsync(['sync'], dir)));
    for (const run of runs) expect(run.stdout).toContain('feature/yarn landed');
    for (const dir of [alice, carol]) syncWithConflicts(dir);
    expect(git(remote, ['rev-list', '--count', `${before}..refs/mem/team`])).toBe('1');
    for (const dir of [alice, carol]) {
      const conflicts = JSON.parse(runMem(['review', '--json'], { cwd: dir }).stdout) as Array<{
        versions: Array<{ text: string }>;
      }>;
      expect(conflicts.map((conflict) => conflict.versions.map((version) => version.text).sort())).toEqual([
        ['Use pnpm for installs in this repo.', 'Use yarn for installs in this repo.'],
      ]);
    }
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
