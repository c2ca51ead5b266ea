/**
 * `mem init` then `mem uninstall` leaves the repository byte for byte as it was: every file of the
 * working tree with its mode, the clone's git config, info/exclude and hooks. One fixture folder
 * per repository shape (fixtures/setup/): inline arrays, comments and tabs, CRLF, files without a
 * final newline, other tools' hooks, a shared hooks folder, husky's pre-push without its x bit.
 */
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'jsonc-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, PROJECT_ROOT, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const CASES = join(PROJECT_ROOT, 'fixtures', 'setup');
type Case = { hooksPath?: string; modes?: Record<string, string>; exclude?: string };

/** A committed repository built from the fixture folder `name`. */
function repoFromCase(name: string): string {
  const repo = makeRepo();
  const dir = join(CASES, name);
  const options = existsSync(join(dir, 'case.json'))
    ? (JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8')) as Case)
    : {};
  cpSync(join(dir, 'repo'), repo, { recursive: true });
  for (const [file, mode] of Object.entries(options.modes ?? {})) chmodSync(join(repo, file), parseInt(mode, 8));
  if (options.hooksPath !== undefined) {
    mkdirSync(join(repo, options.hooksPath), { recursive: true });
    git(repo, ['config', 'core.hooksPath', options.hooksPath]);
  }
  if (options.exclude !== undefined) writeFileSync(join(repo, '.git', 'info', 'exclude'), options.exclude);
  git(repo, ['add', '-A']);
  git(repo, ['commit', '-q', '-m', 'the project before mem']);
  return repo;
}

/** Every file mem could touch: the working tree (without .git) and the clone's config, exclude and hooks. */
function snapshot(repo: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (full === join(repo, '.git')) continue;
      if (entry.isDirectory()) walk(full);
      else out[relative(repo, full)] = `${(statSync(full).mode & 0o777).toString(8)} ${readFileSync(full, 'latin1')}`;
    }
  };
  walk(repo);
  for (const file of ['.git/config', '.git/info/exclude']) out[file] = readFileSync(join(repo, file), 'latin1');
  for (const hook of readdirSync(join(repo, '.git', 'hooks')).filter((name) => !name.endsWith('.sample')))
    out[`.git/hooks/${hook}`] = readFileSync(join(repo, '.git', 'hooks', hook), 'latin1');
  return out;
}

/** Runs one turn's hooks, so that mem's local state (.memory/state, .memory/cache) exists. */
function runHooks(repo: string): void {
  const base = { session_id: 'exact-1', transcript_path: join(repo, '..', 'none.jsonl'), cwd: repo };
  expect(
    runMem(['hook', 'session-start'], {
      cwd: repo,
      stdin: JSON.stringify({ ...base, hook_event_name: 'SessionStart', source: 'startup' }),
    }).status,
  ).toBe(0);
  expect(
    runMem(['hook', 'user-prompt-submit'], {
      cwd: repo,
      stdin: JSON.stringify({ ...base, hook_event_name: 'UserPromptSubmit', prompt: 'how do we run the tests?' }),
    }).status,
  ).toBe(0);
}

describe('mem uninstall after mem init', () => {
  for (const name of readdirSync(CASES).filter((entry) => statSync(join(CASES, entry)).isDirectory())) {
    it(`gives back ${name} byte for byte`, () => {
      const repo = repoFromCase(name);
      const before = snapshot(repo);
      const settingsBefore = existsSync(join(repo, '.claude', 'settings.json'))
        ? readFileSync(join(repo, '.claude', 'settings.json'), 'utf8')
        : null;

      expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
      const settings = readFileSync(join(repo, '.claude', 'settings.json'), 'utf8');
      const value = parse(settings) as { hooks: Record<string, unknown[]> };
      expect(JSON.stringify(value.hooks['Stop'])).toContain('hook stop');
      if (settingsBefore !== null) {
        // Everything that was there is still there, as it was written.
        const original = parse(settingsBefore) as Record<string, unknown>;
        for (const [key, item] of Object.entries(original))
          if (key !== 'hooks' && key !== 'permissions') expect((value as Record<string, unknown>)[key]).toEqual(item);
        // permissions: the user's rules as they were, then mem's three narrow agent rules (issue 10).
        const permissions = (value as { permissions?: { allow?: string[] } }).permissions;
        const before = (original['permissions'] ?? {}) as { allow?: string[] };
        expect(permissions?.allow?.slice(0, before.allow?.length ?? 0)).toEqual(before.allow ?? []);
        expect(permissions?.allow?.slice(before.allow?.length ?? 0)).toHaveLength(3);
      }
      runHooks(repo);
      expect(existsSync(join(repo, '.memory', 'state'))).toBe(true);

      const uninstall = runMem(['uninstall'], { cwd: repo });
      expect(uninstall.stderr).toBe('');
      expect(uninstall.status).toBe(0);
      expect(snapshot(repo)).toEqual(before);
      expect(git(repo, ['status', '--porcelain', '--ignored'])).toBe('');
    });
  }
});
