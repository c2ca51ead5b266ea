/**
 * Memory that knows when it is wrong, end to end with real clones: an entry anchored to a file,
 * the file deleted (or moved) and committed, the next session's rendered memory qualifying it,
 * and `mem check --since` failing a pull request's check with the reason and the commit.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, runMem } from '../helpers/temp-repo.js';
import { startPayload } from '../helpers/hook-payloads.js';
import { makeTeam, readRendered } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

type Checked = {
  id: string;
  text: string;
  status: string;
  anchors: Array<{ kind: string; value: string; status: string; renamedTo?: string }>;
  reasons: string[];
};

function commitFile(dir: string, path: string, text: string | null, message: string): void {
  if (text === null) git(dir, ['rm', '-q', path]);
  else {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
    git(dir, ['add', path]);
  }
  git(dir, ['commit', '-q', '-m', message]);
}

function sessionStart(dir: string): void {
  const result = runMem(['hook', 'session-start'], {
    cwd: dir,
    stdin: startPayload('5e55100', join(dir, '..', 'none.jsonl'), dir, 'startup'),
  });
  expect(result.status, result.stderr).toBe(0);
}

describe('anchored entries going stale', () => {
  it('qualifies a deleted file in the next session, and mem check --since fails with the reason and the commit', () => {
    const team = makeTeam();
    const dir = team.alice;
    commitFile(dir, 'src/db.ts', 'export const db = 1;\n', 'Add the database module');
    commitFile(dir, 'package.json', '{"scripts":{"itest":"vitest run"}}\n', 'Add scripts');
    expect(
      runMem(
        [
          'remember',
          'Database access goes through `src/db.ts`; run `npm run itest` before pushing.',
          '--section',
          'Gotchas',
        ],
        { cwd: dir },
      ).status,
    ).toBe(0);
    expect(
      runMem(['remember', 'Answer in short paragraphs without headings.', '--section', 'Preferences'], { cwd: dir })
        .status,
    ).toBe(0);
    sessionStart(dir);
    expect(readRendered(dir)).toContain(
      '- Database access goes through `src/db.ts`; run `npm run itest` before pushing.\n',
    );
    expect(runMem(['check'], { cwd: dir }).status).toBe(0);

    const base = git(dir, ['rev-parse', 'HEAD']);
    commitFile(dir, 'src/db.ts', null, 'Remove the old database module');
    sessionStart(dir);
    const rendered = readRendered(dir);
    expect(rendered).toContain(
      '- Database access goes through `src/db.ts`; run `npm run itest` before pushing. (may be outdated: `src/db.ts` no longer exists)\n',
    );
    expect(rendered).toContain('- Answer in short paragraphs without headings.\n');
    expect(rendered).not.toMatch(/mem:|m[0-9a-f]{10}/);

    const check = runMem(['check', '--since', base, '--json'], { cwd: dir });
    expect(check.status).toBe(1);
    const [entry, ...rest] = JSON.parse(check.stdout) as Checked[];
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      status: 'stale',
      text: expect.stringContaining('src/db.ts'),
      anchors: expect.arrayContaining([
        { kind: 'path', value: 'src/db.ts', status: 'stale' },
        { kind: 'script', value: 'itest', status: 'fresh' },
      ]),
    });
    expect(entry?.reasons).toEqual([
      expect.stringMatching(/^`src\/db\.ts` no longer exists \(in [0-9a-f]{7} "Remove the old database module"\)$/),
    ]);
    const human = runMem(['check', '--since', base], { cwd: dir });
    expect(human.status).toBe(1);
    expect(human.stdout).toContain('`src/db.ts` no longer exists');
    // Commits after the one that broke it do not hide it; a revision after it does not list it.
    expect(runMem(['check', '--since', 'HEAD'], { cwd: dir }).status).toBe(0);
  });

  it('says where a moved file went', () => {
    const team = makeTeam();
    const dir = team.alice;
    commitFile(
      dir,
      'src/db.ts',
      'export const db = 1;\n// the one place that opens connections\n',
      'Add the database module',
    );
    expect(
      runMem(['remember', 'Database access goes through `src/db.ts`, never raw drivers.', '--section', 'Conventions'], {
        cwd: dir,
      }).status,
    ).toBe(0);
    mkdirSync(join(dir, 'src', 'storage'), { recursive: true });
    git(dir, ['mv', 'src/db.ts', 'src/storage/db.ts']);
    git(dir, ['commit', '-q', '-m', 'Move the database module']);
    const [entry] = JSON.parse(runMem(['check', '--json'], { cwd: dir }).stdout) as Checked[];
    expect(entry?.anchors).toEqual([
      { kind: 'path', value: 'src/db.ts', status: 'stale', renamedTo: 'src/storage/db.ts' },
    ]);
    sessionStart(dir);
    expect(readRendered(dir)).toContain('(may be outdated: `src/db.ts` moved to `src/storage/db.ts`)');
  });
});

describe('mem check in CI', () => {
  it('checks a fresh clone against the fetched team ref: the pull request deleting a file fails with the reason', () => {
    const team = makeTeam();
    const dir = team.alice;
    commitFile(dir, 'src/db.ts', 'export const db = 1;\n', 'Add the database module');
    git(dir, ['push', '-q', '--no-verify', 'origin', 'main']);
    expect(
      runMem(['remember', 'Database access goes through `src/db.ts` only.', '--section', 'Conventions'], { cwd: dir })
        .status,
    ).toBe(0);
    expect(runMem(['sync'], { cwd: dir }).status).toBe(0);

    // CI: a plain clone of the pull request, no mem init, the team ref fetched.
    const ci = join(team.bob, '..', 'ci');
    git(join(team.bob, '..'), ['clone', '-q', team.remote, ci]);
    git(ci, ['config', 'user.name', 'ci']);
    git(ci, ['config', 'user.email', 'ci@example.com']);
    git(ci, ['fetch', '-q', 'origin', 'refs/mem/team:refs/mem/team']);
    expect(runMem(['check', '--since', 'origin/main'], { cwd: ci }).status).toBe(0);
    commitFile(ci, 'src/db.ts', null, 'Drop the database module');
    const check = runMem(['check', '--since', 'origin/main'], { cwd: ci });
    expect(check.status).toBe(1);
    expect(check.stdout).toMatch(
      /stale m[0-9a-f]+: Database access goes through `src\/db\.ts` only\.\n {2}- `src\/db\.ts` no longer exists \(in [0-9a-f]{7} "Drop the database module"\)/,
    );
  });
});
