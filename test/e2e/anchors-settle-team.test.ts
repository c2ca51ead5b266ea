/**
 * Settling stale entries is team-consistent: verify, rewrite and forget made in one clone settle
 * the entry in the other after a sync, and Alice verifying while Bob rewrites ends in Bob's text,
 * anchored again. Nothing is deleted without someone asking.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, runMem } from '../helpers/temp-repo.js';
import { makeTeam, readRendered } from '../unit/team/store/team-fixture.js';

afterAll(cleanupTempDirs);

type Stale = { id: string; text: string; rewrite: string | null };

function mem(dir: string, args: string[], status = 0): string {
  const result = runMem(args, { cwd: dir });
  expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(status);
  return result.stdout;
}

function commitFiles(dir: string, files: Record<string, string>, message: string): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  git(dir, ['add', '-A']);
  git(dir, ['commit', '-q', '-m', message]);
}

describe('stale entries settled across two clones', () => {
  it('verify, rewrite and forget each settle the entry for the teammate after a sync', () => {
    const team = makeTeam();
    const { alice, bob } = team;
    commitFiles(alice, { 'src/db.ts': 'db\n', 'lib/util.ts': 'util\n', 'docs/old.md': 'old\n' }, 'Add modules');
    git(alice, ['push', '-q', '--no-verify', 'origin', 'main']);
    mem(alice, ['remember', 'Database access goes through `src/db.ts` only.', '--section', 'Conventions']);
    mem(alice, ['remember', 'Shared helpers live in `lib/util.ts` and stay pure.', '--section', 'Conventions']);
    mem(alice, ['remember', 'The release checklist is in `docs/old.md` for every tag.', '--section', 'References']);
    mem(alice, ['sync']);

    // Bob's branch deletes one file, moves another, drops the third; he pulls, syncs and settles.
    git(bob, ['pull', '-q', '--no-rebase', 'origin', 'main']);
    git(bob, ['rm', '-q', 'src/db.ts', 'docs/old.md']);
    mkdirSync(join(bob, 'lib', 'shared'), { recursive: true });
    git(bob, ['mv', 'lib/util.ts', 'lib/shared/util.ts']);
    git(bob, ['commit', '-q', '-m', 'Restructure']);
    mem(bob, ['sync']);
    const stale = JSON.parse(mem(bob, ['review', '--stale', '--json'], 0)) as Stale[];
    expect(stale.map((entry) => entry.text).sort()).toEqual([
      'Database access goes through `src/db.ts` only.',
      'Shared helpers live in `lib/util.ts` and stay pure.',
      'The release checklist is in `docs/old.md` for every tag.',
    ]);
    const byWord = (word: string) => stale.find((entry) => entry.text.includes(word)) as Stale;
    expect(byWord('helpers').rewrite).toBe('Shared helpers live in `lib/shared/util.ts` and stay pure.');

    mem(bob, ['review', '--stale', '--resolve', byWord('helpers').id, '--take', 'rewrite'], 1);
    mem(bob, ['review', '--stale', '--resolve', byWord('checklist').id, '--take', 'forget'], 1);
    mem(bob, ['review', '--stale', '--resolve', byWord('Database').id, '--take', 'verify'], 0);
    expect(mem(bob, ['check'], 0)).toContain('nothing stale');
    mem(bob, ['sync']);

    // Alice, on Bob's code, gets the settled memory: nothing qualified, nothing stale, the forget kept.
    git(bob, ['push', '-q', '--no-verify', 'origin', 'main']);
    git(alice, ['pull', '-q', '--no-rebase', 'origin', 'main']);
    mem(alice, ['sync']);
    const rendered = readRendered(alice);
    expect(rendered).toContain('- Shared helpers live in `lib/shared/util.ts` and stay pure.\n');
    expect(rendered).toContain('- Database access goes through `src/db.ts` only.\n');
    expect(rendered).not.toContain('release checklist');
    expect(rendered).not.toContain('may be outdated');
    expect(mem(alice, ['check'], 0)).toContain('nothing stale');
  });

  it("Alice verifying while Bob rewrites ends in Bob's text, anchored again", () => {
    const team = makeTeam();
    const { alice, bob } = team;
    commitFiles(alice, { 'src/api/handlers.ts': 'h\n', 'src/http/handlers.ts': 'h2\n' }, 'Add handlers');
    git(alice, ['push', '-q', '--no-verify', 'origin', 'main']);
    mem(alice, ['remember', 'API handlers live in `src/api/handlers.ts`.', '--section', 'Conventions']);
    mem(alice, ['sync']);
    git(alice, ['rm', '-q', 'src/api/handlers.ts']);
    git(alice, ['commit', '-q', '-m', 'Drop the old handlers']);
    git(alice, ['push', '-q', '--no-verify', 'origin', 'main']);
    git(bob, ['pull', '-q', '--no-rebase', 'origin', 'main']);
    mem(bob, ['sync']);
    const [entry] = JSON.parse(mem(bob, ['review', '--stale', '--json'])) as Stale[];
    const [same] = JSON.parse(mem(alice, ['review', '--stale', '--json'])) as Stale[];
    expect(same?.id).toBe(entry?.id);

    mem(alice, ['review', '--stale', '--resolve', same!.id, '--take', 'verify']);
    mem(bob, [
      'review',
      '--stale',
      '--resolve',
      entry!.id,
      '--take',
      'rewrite',
      '--text',
      'API handlers live in `src/http/handlers.ts`.',
    ]);
    mem(alice, ['sync']);
    mem(bob, ['sync']);
    mem(alice, ['sync']);
    for (const dir of [alice, bob]) {
      expect(readRendered(dir)).toContain('- API handlers live in `src/http/handlers.ts`.\n');
      expect(readRendered(dir)).not.toContain('src/api/handlers.ts');
      expect(mem(dir, ['check'])).toContain('nothing stale');
    }
  });
});
