/** `mem init` and `mem uninstall` on real repositories: merge, idempotence, exact reversal. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeBareRemote, makeRepo, cloneAs, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const OTHER_TOOL_SETTINGS = {
  permissions: { allow: ['Bash(npm test)'] },
  hooks: {
    Stop: [{ hooks: [{ type: 'command', command: 'other-tool notify', timeout: 5 }] }],
    PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] }],
  },
};

function snapshotFiles(repo: string, files: string[]): Record<string, string | null> {
  return Object.fromEntries(
    files.map((file) => [file, existsSync(join(repo, file)) ? readFileSync(join(repo, file), 'utf8') : null]),
  );
}

const TRACKED = [
  '.claude/settings.json',
  '.memory/config.json',
  '.memory/.gitignore',
  '.gitattributes',
  '.git/info/exclude',
  '.git/hooks/pre-push',
  '.git/config',
];

describe('mem init', () => {
  it('merges into existing Claude settings, keeps other hooks, and is idempotent', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.claude'));
    writeFileSync(join(repo, '.claude', 'settings.json'), JSON.stringify(OTHER_TOOL_SETTINGS, null, 2));

    const first = runMem(['init', '--yes'], { cwd: repo });
    expect(first.status).toBe(0);
    const settings = JSON.parse(readFileSync(join(repo, '.claude', 'settings.json'), 'utf8'));
    // The user's rules stay first and whole; mem adds only its three narrow agent rules after them.
    expect(settings.permissions.allow.slice(0, OTHER_TOOL_SETTINGS.permissions.allow.length)).toEqual(
      OTHER_TOOL_SETTINGS.permissions.allow,
    );
    expect(settings.permissions.allow.slice(OTHER_TOOL_SETTINGS.permissions.allow.length)).toEqual(
      ['remember', 'search', 'candidates'].map((sub) => expect.stringMatching(new RegExp(`^Bash\\(.* ${sub}:\\*\\)$`))),
    );
    expect(settings.hooks.PreToolUse).toEqual(OTHER_TOOL_SETTINGS.hooks.PreToolUse);
    expect(settings.hooks.Stop[0]).toEqual(OTHER_TOOL_SETTINGS.hooks.Stop[0]);
    expect(JSON.stringify(settings.hooks.Stop[1])).toContain('hook stop');
    for (const event of ['SessionStart', 'UserPromptSubmit', 'PreCompact', 'SessionEnd']) {
      expect(JSON.stringify(settings.hooks[event])).toContain('hook');
    }

    const afterFirst = snapshotFiles(repo, TRACKED);
    const second = runMem(['init', '--yes', '--json'], { cwd: repo });
    expect(second.status).toBe(0);
    const report = JSON.parse(second.stdout) as { steps: { step: string; changed: boolean }[] };
    expect(report.steps.filter((step) => step.changed)).toEqual([]);
    expect(snapshotFiles(repo, TRACKED)).toEqual(afterFirst);
  });

  it('writes exec-form hooks when asked (Claude Code ≥ 2.1.139)', () => {
    const repo = makeRepo();
    runMem(['init', '--yes', '--exec-form'], { cwd: repo });
    const settings = JSON.parse(readFileSync(join(repo, '.claude', 'settings.json'), 'utf8'));
    const handler = settings.hooks.Stop[0].hooks[0];
    expect(handler.args.slice(-2)).toEqual(['hook', 'stop']);
  });

  it('works in a repository with no commits and no remote', () => {
    const repo = makeRepo({ commit: false });
    const result = runMem(['init', '--yes'], { cwd: repo });
    expect(result.status).toBe(0);
    expect(JSON.parse(readFileSync(join(repo, '.memory', 'config.json'), 'utf8')).version).toBe(1);
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).toContain('CLAUDE.local.md');
    expect(readFileSync(join(repo, '.memory', '.gitignore'), 'utf8')).toContain('sessions/');
  });

  it('keeps the config a teammate committed, and validates it', () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    runMem(['init', '--yes'], { cwd: alice });
    const config = JSON.parse(readFileSync(join(alice, '.memory', 'config.json'), 'utf8'));
    config.region.sections = ['Conventions', 'Commands', 'Security'];
    writeFileSync(join(alice, '.memory', 'config.json'), `${JSON.stringify(config, null, 2)}\n`);
    git(alice, ['add', '.memory', '.claude', '.gitattributes']);
    git(alice, ['commit', '-q', '-m', 'set up mem']);
    git(alice, ['push', '-q', '--no-verify', 'origin', 'main']);

    const bob = cloneAs(remote, 'bob');
    const before = readFileSync(join(bob, '.memory', 'config.json'), 'utf8');
    const result = runMem(['init', '--yes'], { cwd: bob });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/ok +\.memory\/config\.json +kept as it is/);
    expect(readFileSync(join(bob, '.memory', 'config.json'), 'utf8')).toBe(before);
    expect(git(bob, ['status', '--porcelain'])).toBe('');
  });

  it('refuses an invalid config with the key, the expectation and the file, changing nothing', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.memory'));
    writeFileSync(join(repo, '.memory', 'config.json'), '{"version": 1, "filter": {"maxChars": -5}, "colour": "blue"}');
    const before = snapshotFiles(repo, TRACKED);
    const result = runMem(['init', '--yes'], { cwd: repo });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('.memory/config.json');
    expect(result.stderr).toContain('filter.maxChars: expected at least 1, found -5');
    expect(result.stderr).toContain('unknown key(s) "colour"');
    expect(snapshotFiles(repo, TRACKED)).toEqual(before);
  });

  it('refuses a broken .claude/settings.json without touching it', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.claude'));
    writeFileSync(join(repo, '.claude', 'settings.json'), '{ "hooks": [ }');
    const result = runMem(['init', '--yes'], { cwd: repo });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('.claude/settings.json cannot be read: value expected at line 1');
    expect(readFileSync(join(repo, '.claude', 'settings.json'), 'utf8')).toBe('{ "hooks": [ }');
    expect(existsSync(join(repo, '.memory'))).toBe(false);
  });

  it('fails clearly outside a git repository', () => {
    const result = runMem(['init', '--yes'], { cwd: '/' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not inside a git repository');
  });
});

describe('mem uninstall', () => {
  it('removes exactly what init added and keeps everything else', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.claude'));
    writeFileSync(join(repo, '.claude', 'settings.json'), `${JSON.stringify(OTHER_TOOL_SETTINGS, null, 2)}\n`);
    writeFileSync(join(repo, '.gitattributes'), '*.png binary\n');
    writeFileSync(join(repo, '.git', 'hooks', 'pre-push'), '#!/bin/sh\necho existing hook\n', { mode: 0o755 });
    const before = snapshotFiles(repo, TRACKED);

    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    expect(snapshotFiles(repo, TRACKED)).not.toEqual(before);
    const result = runMem(['uninstall'], { cwd: repo });
    expect(result.status).toBe(0);
    const after = snapshotFiles(repo, TRACKED);
    expect(JSON.parse(after['.claude/settings.json']!)).toEqual(OTHER_TOOL_SETTINGS);
    expect(after['.gitattributes']).toBe(before['.gitattributes']);
    expect(after['.git/hooks/pre-push']).toBe(before['.git/hooks/pre-push']);
    expect(after['.git/info/exclude']).toBe(before['.git/info/exclude']);
    expect(after['.memory/config.json']).toBeNull();
    // git config exits 1 when no key matches: the merge driver settings are gone.
    expect(() => git(repo, ['config', '--get-regexp', '^merge\\.mem\\.'])).toThrow();
  });

  it('keeps an edited config and the memory in CLAUDE.md', () => {
    const repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    writeFileSync(join(repo, '.memory', 'config.json'), '{ "version": 1 }\n');
    writeFileSync(join(repo, 'CLAUDE.md'), '# Rules\n\n- keep me\n');
    runMem(['uninstall'], { cwd: repo });
    expect(readFileSync(join(repo, '.memory', 'config.json'), 'utf8')).toBe('{ "version": 1 }\n');
    expect(readFileSync(join(repo, 'CLAUDE.md'), 'utf8')).toBe('# Rules\n\n- keep me\n');
    expect(existsSync(join(repo, '.claude', 'settings.json'))).toBe(false);
  });
  it("keeps this clone's unsynced shared memory unless --purge, and --purge removes the rendered file too", () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    git(repo, ['add', '-A']);
    git(repo, ['commit', '-q', '-m', 'Set up mem']);
    expect(runMem(['remember', 'Always run the database migrations with make migrate.'], { cwd: repo }).status).toBe(0);
    const working = join(repo, '.memory', 'state', 'team-memory.md');
    expect(readFileSync(working, 'utf8')).toContain('make migrate');

    const kept = runMem(['uninstall'], { cwd: repo });
    expect(kept.status).toBe(0);
    // Never synced, so this file is the only copy of the entry: uninstall must not delete it.
    expect(readFileSync(working, 'utf8')).toContain('make migrate');
    expect(kept.stdout).toContain('--purge');
    // What uninstall removed shows as deletions of committed files; nothing of mem is left untracked.
    expect(git(repo, ['status', '--porcelain'])).not.toMatch(/^\?\?/m);

    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    expect(runMem(['list'], { cwd: repo }).stdout).toContain('make migrate');
    expect(runMem(['render'], { cwd: repo }).status).toBe(0);
    expect(existsSync(join(repo, '.claude', 'rules', 'mem-team-memory.md'))).toBe(true);

    expect(runMem(['uninstall', '--purge'], { cwd: repo }).status).toBe(0);
    expect(existsSync(working)).toBe(false);
    expect(existsSync(join(repo, '.claude', 'rules', 'mem-team-memory.md'))).toBe(false);
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).not.toContain('mem-team-memory.md');
    expect(git(repo, ['status', '--porcelain'])).not.toMatch(/^\?\?/m);
  });

  it('removes the rendered memory the agent loads, and --purge after an uninstall removes the rest', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    expect(runMem(['remember', 'Always run the database migrations with make migrate.'], { cwd: repo }).status).toBe(0);
    expect(runMem(['render'], { cwd: repo }).status).toBe(0);
    const rendered = join(repo, '.claude', 'rules', 'mem-team-memory.md');
    expect(readFileSync(rendered, 'utf8')).toContain('make migrate');

    const plain = runMem(['uninstall'], { cwd: repo });
    expect(plain.status).toBe(0);
    // Claude Code loads every file under .claude/rules/: nothing of mem may be left for it to read.
    expect(existsSync(rendered)).toBe(false);
    expect(existsSync(join(repo, '.claude'))).toBe(false);
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).not.toContain('mem-team-memory.md');
    expect(plain.stdout).toMatch(/mem-team-memory\.md: removed.*no longer loads/);

    // What the uninstall kept (the unsynced entry, the team store) is still mem's: --purge removes it.
    const purge = runMem(['uninstall', '--purge'], { cwd: repo });
    expect(purge.status, purge.stderr).toBe(0);
    expect(purge.stdout).toContain('.memory/state/team-memory.md');
    expect(existsSync(join(repo, '.memory'))).toBe(false);
    expect(existsSync(join(repo, '.git', 'mem'))).toBe(false);
    expect(git(repo, ['status', '--porcelain', '--ignored'])).toBe('');
    // Nothing of mem is left now, and uninstall says so.
    expect(runMem(['uninstall', '--purge'], { cwd: repo }).status).toBe(2);
  });

  it('keeps a rendered memory file edited by hand, says where, and --purge removes it', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    expect(runMem(['remember', 'Always run the database migrations with make migrate.'], { cwd: repo }).status).toBe(0);
    expect(runMem(['render'], { cwd: repo }).status).toBe(0);
    const rendered = join(repo, '.claude', 'rules', 'mem-team-memory.md');
    writeFileSync(rendered, `${readFileSync(rendered, 'utf8')}- Never edit the generated files in src/gen by hand.\n`);

    const plain = runMem(['uninstall'], { cwd: repo });
    expect(plain.status).toBe(0);
    expect(readFileSync(rendered, 'utf8')).toContain('src/gen');
    expect(plain.stdout).toMatch(
      /Kept on purpose:[^]*mem-team-memory\.md: edited by hand[^]*Claude Code still loads it/,
    );
    expect(git(repo, ['status', '--porcelain'])).not.toContain('.claude');

    expect(runMem(['uninstall', '--purge'], { cwd: repo }).status).toBe(0);
    expect(existsSync(rendered)).toBe(false);
    expect(readFileSync(join(repo, '.git', 'info', 'exclude'), 'utf8')).not.toContain('mem-team-memory.md');
  });
});
