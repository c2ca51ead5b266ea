/**
 * The search cache's delta: files changed since the main index was built are indexed in a small
 * delta beside it, the main index's stale documents are masked, and past a threshold the delta is
 * compacted into a new main index. What a user must never notice: any difference in results.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  openSearchIndex,
  SEARCH_CACHE_FILE,
  SEARCH_DELTA_FILE,
  type CompactionPolicy,
} from '../../../src/search/index-store.js';
import { searchMemory } from '../../../src/search/search-memory.js';
import { queryTerms } from '../../../src/search/query-terms.js';
import { rankResults } from '../../../src/search/rank-results.js';
import { cleanupTempDirs, makeTempDir } from '../../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const NOW = Date.parse('2026-12-01T00:00:00Z');
const cacheDir = (root: string) => join(root, '.memory', 'cache');
const mainOf = (root: string) => join(cacheDir(root), SEARCH_CACHE_FILE);
const deltaOf = (root: string) => join(cacheDir(root), SEARCH_DELTA_FILE);

let clock = Date.parse('2026-01-01T00:00:00Z');
/** Writes a file with a new mtime every time: two edits within one clock tick and of one size must still be seen. */
function write(root: string, path: string, text: string): void {
  const abs = join(root, path);
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, text);
  clock += 1000;
  utimesSync(abs, new Date(clock), new Date(clock));
}

function repoWith(files: Record<string, string>): string {
  const root = makeTempDir();
  for (const [path, text] of Object.entries(files)) write(root, path, text);
  return root;
}

/** Search results as a user sees them (file, line, text, score), plus how the cache was found. */
async function search(root: string, query: string, compaction?: CompactionPolicy) {
  const terms = queryTerms(query);
  const index = await openSearchIndex(root, { preload: terms, ...(compaction ? { compaction } : {}) });
  const ranked = rankResults(index.query(terms), (id) => index.resolve(id), {
    query,
    termCount: terms.length,
    nowMs: NOW,
    limit: 50,
    filters: {},
    localMemIds: index.localMemIds,
  });
  return {
    state: index.state,
    results: ranked.map((r) => ({ at: `${r.file}:${r.line}`, text: r.text, score: r.score })),
  };
}

/** The same search against a cache rebuilt from scratch, leaving the cache under test as it was. */
async function searchFresh(root: string, query: string) {
  const saved = [mainOf(root), deltaOf(root)].map(
    (file) => [file, existsSync(file) ? readFileSync(file) : null] as const,
  );
  rmSync(cacheDir(root), { recursive: true, force: true });
  try {
    const outcome = await search(root, query);
    expect(outcome.state).toBe('rebuilt');
    return outcome.results;
  } finally {
    rmSync(cacheDir(root), { recursive: true, force: true });
    mkdirSync(cacheDir(root), { recursive: true });
    for (const [file, bytes] of saved) if (bytes) writeFileSync(file, bytes);
  }
}

/** Scores equal up to floating-point noise (a masked index sums field lengths in another order). */
function expectSameResults(
  actual: { at: string; text: string; score: number }[],
  expected: { at: string; text: string; score: number }[],
): void {
  expect(actual.map((r) => [r.at, r.text])).toEqual(expected.map((r) => [r.at, r.text]));
  actual.forEach((r, i) => expect(Math.abs(r.score - expected[i]!.score)).toBeLessThanOrEqual(0.0015));
}

describe('search cache delta', () => {
  it('after an edit, finds the new text and not the old, without rewriting the main index', async () => {
    const root = repoWith({
      'CLAUDE.md': '## Gotchas\n- Tests need docker first.\n- Use pnpm, not npm.\n',
      'api/CLAUDE.md': '- Migrations run with pnpm migrate.\n',
    });
    expect((await search(root, 'docker')).state).toBe('rebuilt');
    const main = readFileSync(mainOf(root));
    write(root, 'CLAUDE.md', '## Gotchas\n- Tests need redis first.\n- Use pnpm, not npm.\n');
    const after = await search(root, 'redis');
    expect(after.state).toBe('updated');
    expect(after.results.map((r) => r.text)).toEqual(['Tests need redis first.']);
    expect((await search(root, 'docker')).results).toEqual([]);
    expect(readFileSync(mainOf(root)).equals(main)).toBe(true);
    expect(existsSync(deltaOf(root))).toBe(true);
    // Warm with a delta: same answers, nothing written.
    const again = await search(root, 'pnpm');
    expect(again.state).toBe('warm');
    expectSameResults(again.results, await searchFresh(root, 'pnpm'));
  });

  it('deleting a file removes its results; bringing back the indexed version unmasks it', async () => {
    const text = '- Migrations run with pnpm migrate.\n';
    const root = repoWith({ 'CLAUDE.md': '- Use pnpm, not npm.\n', 'api/CLAUDE.md': text });
    expect((await search(root, 'migrations')).results).toHaveLength(1);
    rmSync(join(root, 'api', 'CLAUDE.md'));
    const gone = await search(root, 'migrations');
    expect(gone.state).toBe('updated');
    expect(gone.results).toEqual([]);
    expect((await search(root, 'pnpm')).results.map((r) => r.at)).toEqual(['CLAUDE.md:1']);
    write(root, 'api/CLAUDE.md', text);
    expect((await search(root, 'migrations')).results.map((r) => r.at)).toEqual(['api/CLAUDE.md:1']);
    expectSameResults((await search(root, 'pnpm')).results, await searchFresh(root, 'pnpm'));
  });

  it('many successive edits past the compaction threshold still give the results of a fresh build', async () => {
    const policy: CompactionPolicy = { minDocs: 8, share: 0.1, maxFiles: 3 };
    const root = repoWith({
      'CLAUDE.md': '- Use pnpm, not npm.\n',
      'api/CLAUDE.md': '- Run migrations with pnpm migrate.\n',
    });
    await search(root, 'pnpm', policy);
    let compactions = 0;
    for (let i = 0; i < 30; i++) {
      const path =
        i % 3 === 0
          ? `.memory/sessions/2026-11-${String(1 + i).padStart(2, '0')}-s.md`
          : i % 3 === 1
            ? 'CLAUDE.md'
            : 'api/CLAUDE.md';
      write(root, path, `## Notes\n- Edit ${i}: pnpm cache step ${i}.\n- Redis timeout raised to ${i}s.\n`);
      const hadDelta = existsSync(deltaOf(root));
      const outcome = await search(root, `step ${i}`, policy);
      expect(outcome.state).toBe('updated');
      expect(outcome.results[0]?.text).toBe(`Edit ${i}: pnpm cache step ${i}.`);
      if (hadDelta && !existsSync(deltaOf(root))) compactions += 1;
    }
    expect(compactions).toBeGreaterThan(2);
    for (const query of ['pnpm', 'redis timeout', 'migrations', 'edit 7']) {
      expectSameResults((await search(root, query, policy)).results, await searchFresh(root, query));
    }
  });

  it('a corrupt delta, or one written for another build of the main index, is ignored and replaced', async () => {
    const root = repoWith({
      'CLAUDE.md': '- Use pnpm, not npm.\n',
      'api/CLAUDE.md': '- Run migrations with pnpm migrate.\n',
    });
    await search(root, 'pnpm');
    write(root, 'CLAUDE.md', '- Use yarn, not npm.\n');
    expect((await search(root, 'yarn')).results[0]?.text).toBe('Use yarn, not npm.');
    const delta = readFileSync(deltaOf(root));

    writeFileSync(deltaOf(root), delta.subarray(0, delta.length >> 1));
    const truncated = await search(root, 'yarn');
    expect(truncated.state).toBe('updated');
    expect(truncated.results[0]?.text).toBe('Use yarn, not npm.');
    expect((await search(root, 'pnpm')).results.map((r) => r.text)).not.toContain('Use pnpm, not npm.');

    // Same size, damaged blobs: the header still parses, the index inside does not.
    const damaged = Buffer.from(delta);
    damaged.fill(0xff, damaged.length - 200);
    writeFileSync(deltaOf(root), damaged);
    expect((await searchMemory(root, 'yarn')).results[0]?.text).toBe('Use yarn, not npm.');

    // A main index rebuilt behind the delta's back: the delta no longer applies.
    writeFileSync(deltaOf(root), delta);
    rmSync(mainOf(root));
    expect((await search(root, 'pnpm')).state).toBe('rebuilt');
    writeFileSync(deltaOf(root), delta);
    const foreign = await search(root, 'yarn');
    expect(foreign.state).toBe('warm');
    expect(foreign.results[0]?.text).toBe('Use yarn, not npm.');
  });

  it('random sequences of edits give the results of a fresh full build (property)', async () => {
    const FILES = [
      'CLAUDE.md',
      'api/CLAUDE.md',
      '.claude/rules/db.md',
      '.memory/sessions/2026-11-01-a.md',
      '.memory/sessions/2026-11-02-b.md',
      'AGENTS.md',
    ];
    const WORDS = [
      'docker',
      'postgres',
      'migration',
      'redis',
      'timeout',
      'pnpm',
      'lockfile',
      'webhook',
      'retry',
      'stripe',
      'flaky',
      'snapshot',
      'deploy',
      'staging',
    ];
    const QUERIES = [
      'docker postgres',
      'redis timeout',
      'pnpm',
      'migrations',
      'webhok retry',
      'flak',
      'staging deploy stripe',
    ];
    const entry = fc
      .array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 6 })
      .map((words) => `- ${words.join(' ')}.`);
    const op = fc.record({
      kind: fc.constantFrom('write', 'write', 'append', 'delete'),
      file: fc.constantFrom(...FILES),
      entries: fc.array(entry, { minLength: 1, maxLength: 5 }),
    });
    const policy: CompactionPolicy = { minDocs: 6, share: 0.1, maxFiles: 2 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...QUERIES),
        async (ops, query) => {
          const root = repoWith({ 'CLAUDE.md': '## Commands\n- Use pnpm, not npm.\n- Tests need docker first.\n' });
          await search(root, query, policy);
          for (const { kind, file, entries } of ops) {
            const abs = join(root, file);
            if (kind === 'delete') rmSync(abs, { force: true });
            else
              write(
                root,
                file,
                `${kind === 'append' && existsSync(abs) ? readFileSync(abs, 'utf8') : '## Notes\n'}${entries.join('\n')}\n`,
              );
            const fresh = await searchFresh(root, query);
            const updated = await search(root, query, policy);
            // A cache that fell back to a rebuild would hide a broken delta or compaction.
            expect(updated.state).not.toBe('rebuilt');
            expectSameResults(updated.results, fresh);
            // The same answers again from the cache files alone (the warm path reads the delta from disk).
            const warm = await search(root, query, policy);
            expect(warm.state).toBe('warm');
            expectSameResults(warm.results, fresh);
          }
        },
      ),
      { numRuns: 40, seed: 20261201 },
    );
  });
});
