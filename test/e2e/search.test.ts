import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, makeTempDir, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const CLAUDE = `# Project

<!-- mem:begin -->
## Gotchas
- Integration tests need \`docker compose up db\` first. <!-- mem:id=g1 by=alice at=2026-11-20T10:00:00Z -->
## Commands
- Use pnpm, not npm. <!-- mem:id=c1 by=bob at=2026-09-02T10:00:00Z -->
<!-- mem:end -->
`;

function repo(): string {
  const root = makeRepo();
  writeFileSync(join(root, 'CLAUDE.md'), CLAUDE);
  mkdirSync(join(root, '.memory', 'sessions'), { recursive: true });
  writeFileSync(
    join(root, '.memory', 'sessions', '2026-11-25-a.md'),
    '# Session\n## Completed\n- Fixed the flaky cart test by waiting for the network.\n',
  );
  return root;
}

const cache = (root: string) => join(root, '.memory', 'cache', 'search-index.bin');

describe('mem search (built CLI)', () => {
  it('prints ranked results with marks, section, file:line and provenance', () => {
    const root = repo();
    const out = runMem(['search', 'docker', 'db'], { cwd: root });
    expect(out.status).toBe(0);
    expect(out.stdout).toContain('1. Integration tests need `**docker** compose up **db**` first.');
    expect(out.stdout).toContain('Project > Gotchas · CLAUDE.md:5 · durable · alice, 2026-11-20');
    expect(out.stdout).not.toContain('mem:id');
  });

  it('--json gives an array best first with the documented fields; filters narrow it', () => {
    const root = repo();
    const out = runMem(['search', 'flaky', 'cart', '--json'], { cwd: root });
    expect(out.status).toBe(0);
    const results = JSON.parse(out.stdout) as Array<Record<string, unknown>>;
    expect(results[0]).toMatchObject({
      file: '.memory/sessions/2026-11-25-a.md',
      line: 3,
      section: 'Session > Completed',
      kind: 'session',
    });
    expect(typeof results[0]?.['score']).toBe('number');
    const durable = JSON.parse(
      runMem(['search', 'pnpm', 'cart', '--json', '--kind', 'durable'], { cwd: root }).stdout,
    ) as Array<{ kind: string }>;
    expect(durable.map((r) => r.kind)).toEqual(['durable']);
    expect(JSON.parse(runMem(['search', 'pnpm', '--json', '--since', '2026-10-01'], { cwd: root }).stdout)).toEqual([]);
    expect(
      JSON.parse(runMem(['search', 'pnpm', '--json', '--section', 'commands', '--limit', '1'], { cwd: root }).stdout),
    ).toHaveLength(1);
  });

  it('bad input: empty query is a usage error; stop words, regex characters and a 10,000-character query are not crashes', () => {
    const root = repo();
    const empty = runMem(['search'], { cwd: root });
    expect(empty.status).toBe(2);
    expect(empty.stderr).toMatch(/^mem search: a query is needed/);
    const stop = runMem(['search', 'the', 'of', 'and'], { cwd: root });
    expect(stop.status).toBe(0);
    expect(stop.stdout).toMatch(/no matches: .* only common words/);
    const regex = runMem(['search', '.*+?^${}()|[]\\'], { cwd: root });
    expect(regex.status).toBe(0);
    expect(regex.stdout).toMatch(/no matches/);
    const long = runMem(['search', 'docker '.repeat(1500).slice(0, 10_000)], { cwd: root });
    expect(long.status).toBe(0);
    expect(long.stdout).toContain('docker');
    expect(runMem(['search', 'pnpm', '--since', 'yesterday'], { cwd: root }).status).toBe(2);
    expect(runMem(['search', 'pnpm', '--kind', 'nope'], { cwd: root }).status).toBe(2);
  });

  it('outside a git repository: a clear error, exit 2', () => {
    const out = runMem(['search', 'pnpm'], { cwd: makeTempDir() });
    expect(out.status).toBe(2);
    expect(out.stderr).toMatch(/not inside a git repository/);
  });

  it('picks up a changed file, rebuilds a deleted cache and ignores a corrupt or unreadable one', () => {
    const root = repo();
    expect(runMem(['search', 'pnpm'], { cwd: root }).stdout).toContain('Use **pnpm**');
    writeFileSync(join(root, 'CLAUDE.md'), CLAUDE.replace('Use pnpm, not npm.', 'Use yarn berry, not pnpm.'));
    expect(runMem(['search', 'yarn'], { cwd: root }).stdout).toContain('Use **yarn** berry');
    rmSync(cache(root));
    expect(runMem(['search', 'yarn'], { cwd: root }).stdout).toContain('Use **yarn** berry');
    writeFileSync(cache(root), 'MEMSRCH\n\u0000\u0000\u0000\u0010{garbage');
    expect(runMem(['search', 'docker'], { cwd: root }).stdout).toContain('**docker**');
    expect(readFileSync(cache(root)).length).toBeGreaterThan(100);
    if (process.getuid?.() !== 0) {
      chmodSync(cache(root), 0o000);
      const out = runMem(['search', 'docker'], { cwd: root });
      expect(out.status).toBe(0);
      expect(out.stdout).toContain('**docker**');
    }
  });

  it('after edits and deletes, finds the new text and never the old; a corrupt or unreadable delta is ignored', () => {
    const root = repo();
    const delta = join(root, '.memory', 'cache', 'search-delta.bin');
    const json = (query: string) =>
      JSON.parse(runMem(['search', query, '--json'], { cwd: root }).stdout) as { file: string; text: string }[];
    expect(json('pnpm').map((r) => r.text)).toEqual(['Use pnpm, not npm.']);
    const main = readFileSync(cache(root));
    writeFileSync(join(root, 'CLAUDE.md'), CLAUDE.replace('Use pnpm, not npm.', 'Use bun, not npm.'));
    expect(json('bun').map((r) => r.text)).toEqual(['Use bun, not npm.']);
    expect(json('pnpm').map((r) => r.text)).not.toContain('Use pnpm, not npm.');
    // Only the delta was written: the main index is the same file.
    expect(readFileSync(cache(root)).equals(main)).toBe(true);
    writeFileSync(join(root, 'CLAUDE.md'), CLAUDE.replace('Use pnpm, not npm.', 'Use deno, not npm.'));
    expect(json('deno').map((r) => r.text)).toEqual(['Use deno, not npm.']);
    expect(json('bun')).toEqual([]);
    rmSync(join(root, '.memory', 'sessions', '2026-11-25-a.md'));
    expect(json('flaky cart')).toEqual([]);
    writeFileSync(delta, readFileSync(delta).subarray(0, 40));
    expect(json('deno').map((r) => r.text)).toEqual(['Use deno, not npm.']);
    expect(json('flaky cart')).toEqual([]);
    if (process.getuid?.() !== 0) {
      chmodSync(delta, 0o000);
      const out = runMem(['search', 'docker'], { cwd: root });
      expect(out.status).toBe(0);
      expect(out.stdout).toContain('**docker**');
    }
  });

  it('a binary or invalid UTF-8 memory file and a deleted file are handled quietly', () => {
    const root = repo();
    writeFileSync(join(root, 'AGENTS.md'), Buffer.from([0x2d, 0x20, 0xc3, 0x28, 0x20, 0x70, 0x6e, 0x70, 0x6d, 0x0a]));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'assets', 'CLAUDE.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]));
    const out = runMem(['search', 'pnpm'], { cwd: root });
    expect(out.status).toBe(0);
    expect(out.stderr).toContain('skipped assets/CLAUDE.md: binary file');
    rmSync(join(root, '.memory', 'sessions', '2026-11-25-a.md'));
    const gone = runMem(['search', 'flaky', 'cart'], { cwd: root });
    expect(gone.status).toBe(0);
    expect(gone.stdout).toMatch(/no matches/);
  });
});
