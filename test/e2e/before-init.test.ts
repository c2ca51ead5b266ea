/**
 * What a user meets before `mem init`, and with a broken config: commands refuse with the hint
 * to run mem init (exit 2) and write nothing; a broken config is reported with what it does to
 * the hooks and what to fix, where.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, makeRepo, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

/** Every file under `repo`, .git included (minus git's own index and logs, which reads may refresh). */
function allFiles(repo: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(`${relative(repo, full)} ${statSync(full).size}`);
    }
  };
  walk(repo);
  return out.filter((file) => !/^\.git\/(index|logs\/)/.test(file)).sort();
}

const COMMANDS = [
  ['sync'],
  ['sync', '--json'],
  ['list'],
  ['candidates'],
  ['review', '--list'],
  ['remember', 'Always use pnpm, never npm'],
  ['forget', 'pnpm'],
  ['uninstall'],
  ['render'],
  ['render', '--into', 'CLAUDE.md'],
];

describe('before mem init', () => {
  for (const args of COMMANDS) {
    it(`mem ${args.join(' ')} refuses with the hint to run mem init and writes nothing`, () => {
      const repo = makeRepo();
      const before = allFiles(repo);
      const result = runMem(args, { cwd: repo });
      expect(result.status).toBe(2);
      expect(result.stderr).toContain('mem init');
      expect(result.stderr).not.toMatch(/^mem( \w+)?: mem /m);
      expect(result.stdout).toBe('');
      expect(allFiles(repo)).toEqual(before);
    });
  }

  it('mem status says so and writes nothing either; the pre-push sync never blocks a push', () => {
    const repo = makeRepo();
    const before = allFiles(repo);
    const status = runMem(['status'], { cwd: repo });
    expect(status.status).toBe(0);
    expect(status.stdout).toContain('(not set up yet: run mem init)');
    expect(runMem(['sync', '--quiet'], { cwd: repo, env: { MEM_IN_PRE_PUSH: '1' } }).status).toBe(0);
    expect(allFiles(repo)).toEqual(before);
  });
});

describe('a broken config', () => {
  it("a key this mem does not know (a newer teammate's setting) does not stop the hooks; mem status lists it (issue 29.16)", () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const file = join(repo, '.memory', 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    config['futureFeature'] = { enabled: true };
    writeFileSync(file, JSON.stringify(config, null, 2));
    const transcript = join(repo, '..', 'future.jsonl');
    writeFileSync(
      transcript,
      `${JSON.stringify({ type: 'user', message: { role: 'user', content: 'Fix the login bug in src/auth.ts.' }, timestamp: new Date().toISOString() })}\n`,
    );
    const payload = { session_id: 'future-key-1', transcript_path: transcript, cwd: repo, hook_event_name: 'Stop' };
    const hook = runMem(['hook', 'stop'], { cwd: repo, stdin: JSON.stringify(payload) });
    expect(hook.status).toBe(0);
    expect(existsSync(join(repo, '.memory', 'sessions'))).toBe(true);
    const status = runMem(['status'], { cwd: repo });
    expect(status.stdout).not.toContain('Config INVALID');
    expect(status.stdout).toContain('unknown key(s) futureFeature: this mem ignores them');
    expect(status.stdout).not.toMatch(/stop CONFIG_INVALID/);
  });

  it('a JSON syntax error is reported with its line and column', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    writeFileSync(join(repo, '.memory', 'config.json'), '{\n  "version": 1,\n  "filter": { "minChars": 12, }\n}\n');
    const status = runMem(['status'], { cwd: repo });
    expect(status.stdout).toMatch(/Config INVALID: \.memory\/config\.json:3:\d+ is not valid JSON/);
    expect(status.stdout).toContain('Fix the JSON syntax at the line and column above');
  });

  it('is reported by mem status with what the hooks do and what to fix', () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const file = join(repo, '.memory', 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8')) as { filter: Record<string, unknown> };
    config.filter['minChars'] = 'twelve';
    writeFileSync(file, JSON.stringify(config, null, 2));

    const payload = {
      session_id: 'broken-config-1',
      transcript_path: join(repo, '..', 'none.jsonl'),
      cwd: repo,
      hook_event_name: 'Stop',
    };
    const hook = runMem(['hook', 'stop'], { cwd: repo, stdin: JSON.stringify(payload) });
    expect(hook.status).toBe(0);
    expect(existsSync(join(repo, '.memory', 'sessions'))).toBe(false);

    const status = runMem(['status'], { cwd: repo });
    expect(status.stdout).toContain('Config INVALID: .memory/config.json has 1 invalid setting(s):');
    expect(status.stdout).toContain('filter.minChars: expected number, found "twelve"');
    expect(status.stdout).toContain('every hook fails with CONFIG_INVALID and records nothing');
    expect(status.stdout).toContain('Fix the key(s) above in .memory/config.json');
    expect(status.stdout).not.toContain('defaults in use');
    expect(status.stdout).toMatch(/stop CONFIG_INVALID/);
  });
});
