/**
 * A day of git for a team (issue 11): Alice and Bob with mem, Carol without it, one bare remote,
 * real git commands and the hooks exactly as Claude Code and git run them (the commands committed
 * in .claude/settings.json, through `sh -c`; the installed pre-push hook). After every step: git
 * shows no change made by mem, no git command stops because of a file mem touched, and every
 * remembered entry reaches every clone with mem.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { distinctRule, ruleToken } from '../helpers/distinct-rules.js';
import { MEM_BIN, cleanupTempDirs, cloneAs, git, makeBareRemote, makeTempDir, testEnv } from '../helpers/temp-repo.js';
import { teamEntryTexts } from '../helpers/raw-team-commit.js';

afterAll(cleanupTempDirs);

const RENDERED = '.claude/rules/mem-team-memory.md';
const SYSTEM_PATH = (process.env['PATH'] ?? '')
  .split(':')
  .filter((dir) => dir !== '' && spawnSync('sh', ['-c', `[ -x "${dir}/mem" ]`]).status !== 0)
  .join(':');

/** A directory with `mem` in it, as `npm link` would put it on PATH. */
function memOnPath(): string {
  const bin = makeTempDir('mem-bin-');
  symlinkSync(MEM_BIN, join(bin, 'mem'));
  return bin;
}

type Person = { name: string; dir: string; env: NodeJS.ProcessEnv };

function person(remote: string, name: string, withMem: boolean, bin: string): Person {
  const dir = cloneAs(remote, name);
  const path = withMem ? `${bin}:${SYSTEM_PATH}` : withoutMem();
  return {
    name,
    dir,
    env: testEnv({
      PATH: path,
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: `${name}@example.com`,
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: `${name}@example.com`,
    }),
  };
}

/** PATH with git and sh but without any mem. */
function withoutMem(): string {
  return SYSTEM_PATH;
}

function sh(who: Person, command: string, input = ''): { status: number; stdout: string; stderr: string } {
  const result = spawnSync('sh', ['-c', command], {
    cwd: who.dir,
    env: who.env,
    input,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

function run(who: Person, command: string, input = ''): string {
  const result = sh(who, command, input);
  expect(result.status, `${who.name}$ ${command}\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** git status shows nothing mem made: only what the step itself changed on purpose. */
function expectClean(who: Person): void {
  expect(git(who.dir, ['status', '--porcelain'], who.env), `${who.name}: git status`).toBe('');
}

function rendered(who: Person): string {
  return readFileSync(join(who.dir, RENDERED), 'utf8');
}

/** Runs every hook command committed in .claude/settings.json for `event`, as Claude Code does. */
function claudeHook(
  who: Person,
  event: string,
  payload: Record<string, unknown>,
): { status: number; stdout: string; stderr: string }[] {
  const settings = JSON.parse(readFileSync(join(who.dir, '.claude', 'settings.json'), 'utf8')) as {
    hooks: Record<string, Array<{ hooks: Array<{ command: string; args?: string[] }> }>>;
  };
  const out = [];
  for (const group of settings.hooks[event] ?? []) {
    for (const handler of group.hooks) {
      const input = JSON.stringify({
        session_id: `${who.name}-session`,
        transcript_path: join(who.dir, 'no-transcript.jsonl'),
        cwd: who.dir,
        hook_event_name: event,
        ...payload,
      });
      if (handler.args) {
        const result = spawnSync(handler.command, handler.args, {
          cwd: who.dir,
          env: who.env,
          input,
          encoding: 'utf8',
        });
        out.push({
          status: result.status ?? -1,
          stdout: result.stdout ?? '',
          stderr: result.stderr ?? String(result.error ?? ''),
        });
      } else out.push(sh(who, handler.command, input));
    }
  }
  return out;
}

function commitFile(who: Person, file: string, text: string, message: string): void {
  writeFileSync(join(who.dir, file), text);
  run(who, `git add ${file} && git commit -q -m "${message}"`);
}

function setUpTeam(): { remote: string; alice: Person; bob: Person; carol: Person } {
  const remote = makeBareRemote();
  const bin = memOnPath();
  const alice = person(remote, 'alice', true, bin);
  run(alice, 'mem init --yes');
  run(alice, 'git add -A && git commit -q -m "Set up mem" && git push -q origin main');
  expectClean(alice);
  const bob = person(remote, 'bob', true, bin);
  run(bob, 'mem init --yes');
  expectClean(bob);
  const carol = person(remote, 'carol', false, bin);
  return { remote, alice, bob, carol };
}

describe('a day of git with team memory', () => {
  it('keeps every clone clean, shares every entry, and settles a conflict once', () => {
    const { alice, bob, carol } = setUpTeam();
    // The committed files name no machine path: the hook commands say `mem`.
    const committed = readFileSync(join(alice.dir, '.claude', 'settings.json'), 'utf8');
    expect(committed).not.toMatch(/run\.js|\/usr\/|\/home\/|\/tmp\//);

    // Morning: both remember things in the same section.
    run(alice, 'mem remember "Always run make lint before pushing." --section Conventions');
    run(alice, 'mem remember "Tests need docker compose up db first." --section Gotchas');
    run(bob, 'mem remember "Use pnpm for every install, never npm." --section Conventions');
    expectClean(alice);
    expectClean(bob);

    // Alice pushes code; the pre-push hook shares her memory.
    commitFile(alice, 'app.txt', 'v1\n', 'app v1');
    run(alice, 'git push -q origin main');
    expectClean(alice);

    // Bob is behind: his push is rejected; pull --rebase works (mem left nothing unstaged); push again.
    commitFile(bob, 'bob.txt', 'bob\n', 'bob work');
    expect(sh(bob, 'git push -q origin main').status).not.toBe(0);
    expectClean(bob);
    run(bob, 'git pull -q --rebase origin main');
    run(bob, 'git push -q origin main');
    expectClean(bob);

    // Alice pulls; a session start renders what the team knows.
    run(alice, 'git pull -q --rebase origin main');
    claudeHook(alice, 'SessionStart', { source: 'startup' });
    for (const who of [alice, bob]) {
      run(who, 'mem sync');
      const text = rendered(who);
      for (const rule of [
        'Always run make lint before pushing.',
        'Tests need docker compose up db first.',
        'Use pnpm for every install, never npm.',
      ])
        expect(text, who.name).toContain(rule);
      expect(text).not.toContain('mem:');
      expectClean(who);
    }

    // Both reword the same entry by hand in the rendered file, differently.
    writeFileSync(
      join(alice.dir, RENDERED),
      rendered(alice).replace(
        'Tests need docker compose up db first.',
        'Tests need `docker compose up db` and the seed data first.',
      ),
    );
    writeFileSync(
      join(bob.dir, RENDERED),
      rendered(bob).replace('Tests need docker compose up db first.', 'Tests need the db container first (`make db`).'),
    );
    commitFile(alice, 'app.txt', 'v2\n', 'app v2');
    run(alice, 'git push -q origin main');
    const bobSync = sh(bob, 'mem sync');
    expect(bobSync.status, bobSync.stderr).toBe(3);
    const review = JSON.parse(sh(bob, 'mem review --json').stdout) as Array<{
      id: string;
      versions: Array<{ label: string; text: string | null; mine: boolean }>;
      diff: string;
    }>;
    expect(review).toHaveLength(1);
    const labels = review[0]?.versions.map((version) => version.label).sort();
    expect(labels?.[0]).toMatch(/^Your version/);
    expect(labels?.[1]).toMatch(/^alice's version/);
    expect(review[0]?.diff).toMatch(/\[-|\{\+/);
    expect(rendered(bob)).toMatch(/Your version.*db container/);
    expect(rendered(bob)).toMatch(/alice's version.*seed data/);
    run(bob, `mem review --resolve ${review[0]?.id} --take mine`);
    run(bob, 'mem sync');
    expectClean(bob);
    // The settlement reaches Alice; she is never asked.
    run(alice, 'mem sync');
    expect(JSON.parse(run(alice, 'mem review --json'))).toEqual([]);
    expect(rendered(alice)).toContain('Tests need the db container first (`make db`).');
    expect(rendered(alice)).not.toContain('seed data');
    expectClean(alice);

    // Bob rebases a feature branch whose code conflicts; a turn ends mid-rebase.
    run(bob, 'git checkout -q -b feature && printf "feature\\n" > app.txt && git commit -qam "feature app"');
    commitFile(alice, 'app.txt', 'v3\n', 'app v3');
    run(alice, 'git push -q origin main');
    run(bob, 'git fetch -q origin');
    expect(sh(bob, 'git rebase -q origin/main').status).not.toBe(0);
    for (const result of claudeHook(bob, 'Stop', { stop_hook_active: false })) expect(result.status).toBe(0);
    expect(git(bob.dir, ['status', '--porcelain'], bob.env)).toBe('UU app.txt');
    run(bob, 'printf "merged\\n" > app.txt && git add app.txt && GIT_EDITOR=true git rebase --continue');
    expectClean(bob);

    // Stash, switch branches, a worktree: memory follows, git never complains.
    writeFileSync(join(bob.dir, 'bob.txt'), 'wip\n');
    run(bob, 'git stash -q && git checkout -q main && git stash pop -q && git checkout -q -- bob.txt');
    expectClean(bob);
    const worktree = join(makeTempDir('mem-wt-'), 'wt');
    run(bob, `git worktree add -q ${worktree} -b wt-branch`);
    const bobWt: Person = { ...bob, dir: worktree };
    // A worktree on its own branch: --team makes the rule team-wide (branch scope would keep it on wt-branch).
    run(bobWt, 'mem remember "Worktrees use one team memory; run mem sync from any of them." --section Gotchas --team');
    run(bobWt, 'mem sync');
    expectClean(bobWt);
    run(alice, 'mem sync');
    expect(rendered(alice)).toContain('Worktrees use one team memory');

    // Carol has no mem: her hooks and her push succeed silently.
    run(carol, 'git pull -q --rebase origin main');
    for (const event of ['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact', 'SessionEnd']) {
      for (const result of claudeHook(carol, event, { source: 'startup', prompt: 'hello' })) {
        expect(result, `${event}`).toEqual({ status: 0, stdout: '', stderr: '' });
      }
    }
    commitFile(carol, 'carol.txt', 'carol\n', 'carol work');
    const carolPush = sh(carol, 'git push -q origin main');
    expect(carolPush).toMatchObject({ status: 0, stderr: '' });
    expectClean(carol);
  }, 600_000);
});

describe('many clones at once', () => {
  it('20 clones pushing memory concurrently in rounds lose nothing and converge', async () => {
    const remote = makeBareRemote();
    const bin = memOnPath();
    const clones: Person[] = [];
    const first = person(remote, 'c0', true, bin);
    run(first, 'mem init --yes && git add -A && git commit -q -m "Set up mem" && git push -q origin main');
    clones.push(first);
    for (let i = 1; i < 20; i += 1) {
      const clone = person(remote, `c${i}`, true, bin);
      run(clone, 'mem init --yes');
      clones.push(clone);
    }
    const rounds = 2;
    const expected: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, clone] of clones.entries()) {
        // Distinct rules: the quality filter would merge near-duplicates into one entry.
        const token = ruleToken(round * clones.length + index);
        expected.push(token);
        run(
          clone,
          `mem remember ${JSON.stringify(distinctRule(round * clones.length + index).replace(/`/g, ''))} --section Conventions --force`,
        );
      }
      await Promise.all(
        clones.map(
          (clone) =>
            new Promise<void>((resolve) => {
              const child = spawn('sh', ['-c', 'mem sync --quiet'], {
                cwd: clone.dir,
                env: clone.env,
                stdio: 'ignore',
              });
              child.on('close', () => resolve());
            }),
        ),
      );
    }
    // Whoever gave up after the bounded retries catches up on the next sync.
    for (let pass = 0; pass < 2; pass += 1) for (const clone of clones) run(clone, 'mem sync --quiet');
    // Every clone reads the same memory (each lists its own additions first, so compare as sets).
    const entriesOf = (clone: Person) =>
      rendered(clone)
        .split('\n')
        .filter((line) => line.startsWith('- '))
        .sort();
    const reference = entriesOf(clones[0] as Person);
    expect(reference).toHaveLength(expected.length);
    for (const token of expected) expect(reference.join('\n')).toContain(token);
    for (const clone of clones) expect(entriesOf(clone)).toEqual(reference);
    expect(teamEntryTexts(remote).size).toBe(expected.length);
  }, 900_000);
});
