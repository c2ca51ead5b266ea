/**
 * A new clone of a team with a long memory history: its first sync fetches the last team commits
 * only (a shallow team store), still receives every entry, knows who changed the recent ones, and
 * pushes from that store like any clone; its first background sync fetches the rest once and fills
 * in who changed the older entries. `mem blame` answers from what sync recorded.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem, testEnv } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

type Listed = {
  id: string;
  text: string;
  provenance: { author: string | null; at: string | null; session: string | null; commit?: string };
};

const entryPath = (id: string) => `entries/${createHash('sha1').update(id).digest('hex').slice(0, 2)}/${id}.json`;
const record = (text: string) => `${JSON.stringify({ section: 'Conventions', text }, null, 2)}\n`;

/** Appends commits to the remote's team ref with git fast-import: one old entry (and `oldEntries` more), `busy` reworded `count` times, then one recent entry. */
function appendHistory(remote: string, count: number, oldEntries = 0): void {
  const chunks: string[] = [];
  const head = git(remote, ['rev-parse', 'refs/mem/team']);
  let time = 1_750_000_000;
  const commit = (author: string, path: string, content: string, first = false) => {
    time += 60;
    const message = `mem: 1 memory change\n`;
    chunks.push(
      `commit refs/mem/team\nauthor ${author} <${author}@example.com> ${time} +0000\ncommitter ${author} <${author}@example.com> ${time} +0000\ndata ${Buffer.byteLength(message)}\n${message}`,
    );
    if (first) chunks.push(`from ${head}\n`);
    chunks.push(`M 100644 inline ${path}\ndata ${Buffer.byteLength(content)}\n${content}\n`);
  };
  commit('Erin', entryPath('mold0000001'), record('The legacy importer lives in tools/import, never in src.'), true);
  for (let i = 0; i < oldEntries; i += 1)
    commit(
      'Erin',
      entryPath(`mold${String(i).padStart(7, '0')}x`),
      record(`Legacy rule ${i}: the importer ${i} lives in tools/import-${i}.`),
    );
  for (let i = 0; i < count; i += 1)
    commit('Dave', entryPath('mbusy000001'), record(`Run make check-${i} before pushing the api.`));
  commit('Frank', entryPath('mnew0000001'), record('Release notes go in CHANGES.md, newest first.'));
  execFileSync('git', ['fast-import', '--quiet', '--date-format=raw'], {
    cwd: remote,
    input: chunks.join(''),
    env: testEnv(),
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

const list = (repo: string) => JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as Listed[];

/** Alice's clone with one synced entry, then `busy` more team commits (and `oldEntries` entries before them), then Bob's new clone and its first sync. */
function longHistoryTeam(busy: number, oldEntries = 0) {
  const remote = makeBareRemote();
  const alice = cloneAs(remote, 'Alice');
  runMem(['init', '--yes'], { cwd: alice });
  runMem(['remember', 'Use pnpm, never npm, in this repository.', '--section', 'Conventions'], { cwd: alice });
  expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
  appendHistory(remote, busy, oldEntries);
  const bob = cloneAs(remote, 'Bob');
  runMem(['init', '--yes'], { cwd: bob });
  return { remote, alice, bob, first: runMem(['sync'], { cwd: bob }) };
}

describe('a new clone of a long team history', () => {
  it('syncs from the last team commits only, receives everything, and pushes from there', () => {
    const { remote, alice, bob, first } = longHistoryTeam(700);
    expect(first.status).toBe(0);
    const store = join(bob, '.git', 'mem', 'store.git');
    expect(existsSync(join(store, 'shallow'))).toBe(true);
    expect(
      Number(git(bob, ['--git-dir', store, 'rev-list', '--count', 'refs/remotes/origin/mem/team'])),
    ).toBeLessThanOrEqual(500);

    const entries = list(bob);
    expect(entries.map((entry) => entry.text).sort()).toEqual([
      'Release notes go in CHANGES.md, newest first.',
      'Run make check-699 before pushing the api.',
      'The legacy importer lives in tools/import, never in src.',
      'Use pnpm, never npm, in this repository.',
    ]);
    // Recent changes carry their author and commit; what changed before the fetched history is not invented.
    const tip = git(remote, ['rev-parse', 'refs/mem/team']);
    expect(entries.find((entry) => entry.id === 'mnew0000001')?.provenance).toMatchObject({
      author: 'Frank',
      commit: tip,
    });
    expect(entries.find((entry) => entry.id === 'mbusy000001')?.provenance.author).toBe('Dave');
    expect(entries.find((entry) => entry.id === 'mold0000001')?.provenance.author).toBeNull();

    const blamed = runMem(['blame', 'mnew'], { cwd: bob });
    expect(blamed.status).toBe(0);
    expect(blamed.stdout).toContain('author:  Frank');
    expect(blamed.stdout).toContain(`commit:  ${tip}`);
    expect(runMem(['blame', 'mold'], { cwd: bob }).stdout).toContain('not recorded in this clone');
    const missing = runMem(['blame', 'mzzz'], { cwd: bob });
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('no memory has the id mzzz');

    // The detached after-turn step fetches the rest of the history once and fills in who changed the older entries.
    expect(runMem(['sync', '--after-turn'], { cwd: bob }).status).toBe(0);
    expect(existsSync(join(store, 'shallow'))).toBe(false);
    const old = list(bob).find((entry) => entry.id === 'mold0000001');
    expect(old?.provenance).toMatchObject({ author: 'Erin', commit: git(remote, ['rev-parse', 'refs/mem/team~701']) });
    expect(runMem(['blame', 'mold'], { cwd: bob }).stdout).toContain('author:  Erin');

    // Bob's store was shallow at first; his push still reaches Alice, with his name and the commit on it.
    runMem(['remember', 'Feature flags are read from flags.yaml only.', '--section', 'Conventions'], { cwd: bob });
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    const fromBob = list(alice).find((entry) => entry.text === 'Feature flags are read from flags.yaml only.');
    expect(fromBob?.provenance).toMatchObject({ author: 'Bob', commit: git(remote, ['rev-parse', 'refs/mem/team']) });
    const json = JSON.parse(runMem(['blame', fromBob!.id, '--json'], { cwd: alice }).stdout) as Listed;
    expect(json.provenance.author).toBe('Bob');
    expect(list(alice)).toHaveLength(5);
  }, 180_000);

  it('still sends one new entry after the background step filled in who wrote 300 older entries', () => {
    const { bob, first } = longHistoryTeam(600, 300);
    expect(first.status).toBe(0);
    expect(list(bob).find((entry) => entry.id === 'mold0000007x')?.provenance.author).toBeNull();
    expect(runMem(['sync', '--after-turn'], { cwd: bob }).status).toBe(0);
    expect(list(bob).find((entry) => entry.id === 'mold0000007x')?.provenance.author).toBe('Erin');
    runMem(['remember', 'Feature flags are read from flags.yaml only.', '--section', 'Conventions'], { cwd: bob });
    const bobs = runMem(['sync', '--json'], { cwd: bob });
    expect(bobs.status, bobs.stderr).toBe(0);
    expect(JSON.parse(bobs.stdout)).toMatchObject({ sent: 1 });
  }, 180_000);
});
