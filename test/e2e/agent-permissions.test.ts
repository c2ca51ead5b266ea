/** `mem init` lets the agent run mem remember/search/candidates without a prompt; uninstall takes exactly those back. */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, makeRepo, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const settings = (repo: string) =>
  JSON.parse(readFileSync(join(repo, '.claude', 'settings.json'), 'utf8')) as {
    permissions?: { allow?: string[]; deny?: string[] };
  };

describe('agent permissions', () => {
  it("adds the three narrow allow rules once, keeps the user's own, and uninstall removes only its own", () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.claude'));
    // The user already allowed one of them and has rules of their own.
    writeFileSync(
      join(repo, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['Bash(npm test:*)'], deny: ['Read(.env)'] } }, null, 2),
    );
    const init = runMem(['init', '--yes'], { cwd: repo });
    expect(init.status, init.stderr).toBe(0);
    const allow = settings(repo).permissions?.allow ?? [];
    const mine = allow.filter((rule) => /^Bash\(.* (remember|search|candidates):\*\)$/.test(rule));
    expect(mine).toHaveLength(3);
    expect(allow[0]).toBe('Bash(npm test:*)');
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    expect(settings(repo).permissions?.allow).toEqual(allow);

    expect(runMem(['uninstall'], { cwd: repo }).status).toBe(0);
    expect(settings(repo).permissions).toEqual({ allow: ['Bash(npm test:*)'], deny: ['Read(.env)'] });
  });

  it("removes the rules that came with a teammate's committed hooks, and keeps the user's own", () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'alice');
    mkdirSync(join(alice, '.claude'));
    writeFileSync(
      join(alice, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { allow: ['Bash(npm test:*)'] } }, null, 2),
    );
    expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
    // Alice has mem on PATH: her rules name `mem`, where Bob's init will name its own command line.
    const aliceSettings = settings(alice) as Record<string, unknown> & { permissions: { allow: string[] } };
    aliceSettings.permissions.allow = aliceSettings.permissions.allow.map((rule) =>
      rule.replace(/^Bash\(.* (remember|search|candidates):\*\)$/, 'Bash(mem $1:*)'),
    );
    writeFileSync(join(alice, '.claude', 'settings.json'), `${JSON.stringify(aliceSettings, null, 2)}\n`);
    git(alice, ['add', '-A']);
    git(alice, ['commit', '-q', '-m', 'set up mem']);
    git(alice, ['push', '-q', '--no-verify', 'origin', 'main']);

    const bob = cloneAs(remote, 'bob');
    expect(runMem(['init', '--yes'], { cwd: bob }).status).toBe(0);
    expect(runMem(['uninstall'], { cwd: bob }).status).toBe(0);
    const left = readFileSync(join(bob, '.claude', 'settings.json'), 'utf8');
    expect(left).not.toMatch(/remember|search|candidates/);
    expect(left).not.toContain('hook');
    expect(settings(bob).permissions?.allow).toEqual(['Bash(npm test:*)']);
  });
});
