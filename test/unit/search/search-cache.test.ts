import { mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { searchMemory } from '../../../src/search/search-memory.js';
import { recallForPrompt } from '../../../src/search/recall.js';
import { openSearchIndex, SEARCH_CACHE_FILE } from '../../../src/search/index-store.js';
import { defaultConfig } from '../../../src/core/config/schema.js';
import { cleanupTempDirs, makeRepo } from '../../helpers/temp-repo.js';
// @ts-expect-error plain ESM helper shared with the quality bench
import { writeTeamMemory } from '../../../bench/search-quality.mjs';

afterEach(cleanupTempDirs);

const cacheOf = (root: string) => join(root, '.memory', 'cache', SEARCH_CACHE_FILE);

function repoWith(files: Record<string, string>): string {
  const root = makeRepo();
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('search cache', () => {
  it('builds, stays warm, picks up a changed file and forgets a deleted one', async () => {
    const root = repoWith({
      'CLAUDE.md': '## Gotchas\n- Tests need docker first.\n',
      'api/CLAUDE.md': '- Migrations run with pnpm migrate.\n',
    });
    expect((await openSearchIndex(root, {})).state).toBe('rebuilt');
    expect((await openSearchIndex(root, {})).state).toBe('warm');
    writeFileSync(join(root, 'CLAUDE.md'), '## Gotchas\n- Tests need redis first.\n');
    const after = await searchMemory(root, 'redis');
    expect(after.indexState).toBe('updated');
    expect(after.results[0]?.text).toBe('Tests need redis first.');
    expect((await searchMemory(root, 'docker')).results).toEqual([]);
    rmSync(join(root, 'api', 'CLAUDE.md'));
    expect((await searchMemory(root, 'migrations')).results).toEqual([]);
  });

  it('a touched but unchanged file keeps its documents; a corrupt or foreign cache is rebuilt', async () => {
    const root = repoWith({ 'CLAUDE.md': '- Use pnpm, not npm.\n' });
    await openSearchIndex(root, {});
    utimesSync(join(root, 'CLAUDE.md'), new Date(), new Date(Date.now() + 5000));
    expect((await openSearchIndex(root, {})).state).toBe('warm');
    const bytes = readFileSync(cacheOf(root));
    writeFileSync(cacheOf(root), bytes.subarray(0, bytes.length >> 1));
    const outcome = await searchMemory(root, 'pnpm');
    expect(outcome.indexState).toBe('rebuilt');
    expect(outcome.results).toHaveLength(1);
    writeFileSync(cacheOf(root), Buffer.from([0, 1, 2, 3, 255]));
    expect((await searchMemory(root, 'pnpm')).results).toHaveLength(1);
  });

  it('notices an edit that keeps the size and restores the modification time', async () => {
    const root = repoWith({ 'CLAUDE.md': '- Tests need docker first.\n' });
    const file = join(root, 'CLAUDE.md');
    const SAME_TIME = 1_700_000_000; // whole seconds: restored exactly, as `touch -r` or `cp -p` would
    utimesSync(file, SAME_TIME, SAME_TIME);
    expect((await searchMemory(root, 'docker')).results).toHaveLength(1);
    writeFileSync(file, '- Tests need redis! first.\n'); // the same number of bytes
    utimesSync(file, SAME_TIME, SAME_TIME);
    expect(statSync(file).size).toBe('- Tests need docker first.\n'.length);
    expect((await searchMemory(root, 'redis')).results[0]?.text).toBe('Tests need redis! first.');
    expect((await searchMemory(root, 'docker')).results).toEqual([]);
  });

  it('skips binary files with a note and survives invalid UTF-8', async () => {
    const root = repoWith({ 'CLAUDE.md': '- Use pnpm.\n' });
    writeFileSync(join(root, 'AGENTS.md'), Buffer.from([0x2d, 0x20, 0xff, 0xfe, 0x61, 0x0a]));
    mkdirSync(join(root, 'bin'), { recursive: true });
    writeFileSync(join(root, 'bin', 'CLAUDE.md'), Buffer.from([0, 1, 2, 3]));
    const outcome = await searchMemory(root, 'pnpm');
    expect(outcome.results.length).toBeGreaterThan(0);
    expect(outcome.warnings.join('\n')).toContain('bin/CLAUDE.md: binary file');
  });

  it('indexes the shared memory working copy, not its rendering, and does not show an entry twice', async () => {
    const root = repoWith({
      'CLAUDE.md': '## Commands\n- Use pnpm, not npm. <!-- mem:id=c1 by=alice -->\n',
      '.claude/rules/mem-team-memory.md':
        '# Team memory\n\n## Commands\n\n- Use pnpm, not npm.\n- Seed demo data with pnpm seed.\n',
    });
    writeTeamMemory(
      root,
      '## Commands\n- Use pnpm, not npm. <!-- mem:id=c1 by=alice -->\n- Seed demo data with pnpm seed. <!-- mem:id=t4 by=grace at=2026-11-28T15:00:00Z -->\n',
    );
    const first = await searchMemory(root, 'pnpm');
    expect(first.results.map((r) => [r.kind, r.file, r.text, r.author])).toEqual([
      ['durable', 'CLAUDE.md', 'Use pnpm, not npm.', 'alice'],
      ['team', '.memory/state/team-memory.md', 'Seed demo data with pnpm seed.', 'grace'],
    ]);
    writeTeamMemory(root, '## Gotchas\n- Delete .turbo when the cache is corrupt. <!-- mem:id=t5 -->\n');
    expect((await searchMemory(root, 'turbo')).results.map((r) => [r.file, r.line, r.id])).toEqual([
      ['.memory/state/team-memory.md', 3, 't5'],
    ]);
    expect((await searchMemory(root, 'seed')).results).toEqual([]);
  });

  it('recall offers a shared entry written since the rendering the agent loaded, never one the rendering holds', async () => {
    const root = repoWith({
      '.claude/rules/mem-team-memory.md':
        '# Team memory\n\n## Gotchas\n\n- Database migrations run with pnpm migrate from services/api.\n',
    });
    writeTeamMemory(
      root,
      '## Gotchas\n- Database migrations run with pnpm migrate from services/api. <!-- mem:id=t1 -->\n- Migrations of the orders table need a maintenance window first. <!-- mem:id=t2 -->\n',
    );
    const input = { root, sessionId: 's1', config: defaultConfig(), deadlineMs: Date.now() + 10_000 };
    const text = await recallForPrompt({
      ...input,
      prompt: 'add a database migration for the orders table and run the migrations',
    });
    expect(text).toContain('maintenance window');
    expect(text).toContain('(team memory, Gotchas)');
    expect(text).not.toContain('pnpm migrate');
  });

  it('recall adds only new, relevant memories that are not already loaded, once per session', async () => {
    const root = repoWith({
      'CLAUDE.md': '## Gotchas\n- Integration tests need docker compose up db first.\n',
      'services/api/CLAUDE.md': '- Database migrations live in services/api/migrations and run with pnpm migrate.\n',
    });
    // Default settings: the recall threshold scales with the corpus, so two files are enough.
    const config = defaultConfig();
    const input = { root, sessionId: 's1', config, deadlineMs: Date.now() + 10_000 };
    expect(await recallForPrompt({ ...input, prompt: 'hi' })).toBeNull();
    expect(await recallForPrompt({ ...input, prompt: 'thanks!' })).toBeNull();
    const text = await recallForPrompt({
      ...input,
      prompt: 'add a migration for the orders table, how do I run migrations?',
    });
    expect(text).toContain('Database migrations live');
    expect(text).not.toContain('docker compose');
    expect(await recallForPrompt({ ...input, prompt: 'run the migrations again' })).toBeNull();
    expect(existsSync(join(root, '.memory', 'state', 'recall', 's1.json'))).toBe(true);
    expect(await recallForPrompt({ ...input, sessionId: '../../x', prompt: 'run the migrations again' })).toContain(
      'migrations',
    );
  });
});
