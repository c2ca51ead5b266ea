/** `mem init --agent` and `mem uninstall` for Codex CLI and Gemini CLI, on real repositories. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, runMem } from '../helpers/temp-repo.js';

afterEach(cleanupTempDirs);

const read = (repo: string, file: string) =>
  existsSync(join(repo, file)) ? readFileSync(join(repo, file), 'utf8') : null;

describe('mem init --agent', () => {
  it("writes each agent's hooks under its own event names, tells Codex users about trust, and uninstall leaves nothing behind", () => {
    const repo = makeRepo();
    const before = git(repo, ['status', '--porcelain', '--ignored']);
    const init = runMem(['init', '--yes', '--agent', 'claude,codex,gemini'], { cwd: repo });
    expect(init.status).toBe(0);
    expect(init.stdout).toMatch(
      /created\s+\.codex\/hooks\.json\s+mem's Codex CLI hooks: SessionStart, UserPromptSubmit, Stop, PreCompact, SessionEnd/,
    );
    expect(init.stdout).toMatch(
      /created\s+\.gemini\/settings\.json\s+mem's Gemini CLI hooks: SessionStart, BeforeAgent, AfterAgent, PreCompress, SessionEnd/,
    );
    expect(init.stdout).toMatch(
      /git add .*\.codex\/hooks\.json.*\.gemini\/settings\.json|git add .*\.gemini\/settings\.json.*\.codex\/hooks\.json/,
    );
    expect(init.stdout).toMatch(/Codex CLI: .*trusted project.*\/hooks/);

    const codex = JSON.parse(read(repo, '.codex/hooks.json')!);
    expect(Object.keys(codex.hooks)).toEqual(['SessionStart', 'UserPromptSubmit', 'Stop', 'PreCompact', 'SessionEnd']);
    expect(codex.hooks.SessionStart[0].matcher).toBe('startup|resume|clear');
    expect(codex.hooks.Stop[0].hooks[0]).toMatchObject({ type: 'command', timeout: 30 });
    expect(codex.hooks.Stop[0].hooks[0].command).toBe(
      'command -v mem >/dev/null 2>&1 && mem hook stop --agent codex || true',
    );

    const gemini = JSON.parse(read(repo, '.gemini/settings.json')!);
    expect(Object.keys(gemini.hooks)).toEqual([
      'SessionStart',
      'BeforeAgent',
      'AfterAgent',
      'PreCompress',
      'SessionEnd',
    ]);
    expect(gemini.hooks.AfterAgent[0].hooks[0]).toMatchObject({ type: 'command', name: 'mem-stop', timeout: 30_000 });
    expect(gemini.hooks.BeforeAgent[0].hooks[0].command).toContain('mem hook user-prompt-submit --agent gemini');
    // Gemini CLI loads the rendered team memory as a context file (git ignores it), beside GEMINI.md.
    expect(gemini.context.fileName).toEqual(['GEMINI.md', '.claude/rules/mem-team-memory.md']);
    expect(init.stdout).toContain(
      'Gemini loads the rendered team memory (.claude/rules/mem-team-memory.md, in context.fileName)',
    );
    expect(read(repo, '.claude/settings.json')).toContain('hook stop');

    // Idempotent: a second init changes none of the three files.
    const files = ['.codex/hooks.json', '.gemini/settings.json', '.claude/settings.json'].map((file) =>
      read(repo, file),
    );
    expect(runMem(['init', '--yes', '--agent', 'claude,codex,gemini'], { cwd: repo }).status).toBe(0);
    expect(
      ['.codex/hooks.json', '.gemini/settings.json', '.claude/settings.json'].map((file) => read(repo, file)),
    ).toEqual(files);

    expect(runMem(['uninstall'], { cwd: repo }).status).toBe(0);
    expect(existsSync(join(repo, '.codex'))).toBe(false);
    expect(existsSync(join(repo, '.gemini'))).toBe(false);
    expect(git(repo, ['status', '--porcelain', '--ignored'])).toBe(before);
  });

  it('says which shared file git ignores, and how to share it, instead of dropping it from the git add line', () => {
    const repo = makeRepo();
    writeFileSync(join(repo, '.gitignore'), 'node_modules/\n.codex\n');
    git(repo, ['add', '.gitignore']);
    git(repo, ['commit', '-q', '-m', 'ignore codex']);
    const init = runMem(['init', '--yes', '--agent', 'claude,codex,gemini'], { cwd: repo });
    expect(init.status).toBe(0);
    expect(init.stdout).toMatch(/created\s+\.codex\/hooks\.json\s+.*git ignores it \(\.gitignore:2: \.codex\)/);
    expect(init.stdout).toMatch(/git add .*\.gemini\/settings\.json/);
    expect(init.stdout).not.toMatch(/^ {2}git add [^\n]*\.codex/m);
    expect(init.stdout).toContain(
      'Not shared: git ignores .codex/hooks.json (.gitignore:2: .codex), so your teammates will not get it. To share it: git add -f .codex/hooks.json',
    );
    const json = JSON.parse(runMem(['init', '--json', '--agent', 'claude,codex,gemini'], { cwd: repo }).stdout) as {
      ignored: unknown;
    };
    expect(json.ignored).toEqual([{ path: '.codex/hooks.json', rule: '.gitignore:2: .codex' }]);

    // Once shared the way it says, nothing is left to warn about.
    git(repo, ['add', '-f', '.codex/hooks.json']);
    const again = runMem(['init', '--yes', '--agent', 'claude,codex,gemini'], { cwd: repo });
    expect(again.stdout).not.toContain('Not shared');
    expect(again.stdout).not.toContain('git ignores');
  });

  it("adds the rendered team memory to the team's own context.fileName list, and uninstall gives the file back byte for byte", () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.gemini'));
    const original =
      '{\n  "context": {\n    "fileName": ["AGENTS.md", "GEMINI.md"],\n    "includeDirectoryTree": false\n  }\n}\n';
    writeFileSync(join(repo, '.gemini', 'settings.json'), original);
    expect(runMem(['init', '--yes', '--agent', 'gemini'], { cwd: repo }).status).toBe(0);
    const merged = JSON.parse(read(repo, '.gemini/settings.json')!);
    expect(merged.context).toEqual({
      fileName: ['AGENTS.md', 'GEMINI.md', '.claude/rules/mem-team-memory.md'],
      includeDirectoryTree: false,
    });
    expect(runMem(['uninstall'], { cwd: repo }).status).toBe(0);
    expect(read(repo, '.gemini/settings.json')).toBe(original);
  });

  it('leaves a single context.fileName name alone and says what to add', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.gemini'));
    writeFileSync(join(repo, '.gemini', 'settings.json'), '{ "context": { "fileName": "AGENTS.md" } }\n');
    const init = runMem(['init', '--yes', '--agent', 'gemini'], { cwd: repo });
    expect(init.status).toBe(0);
    expect(init.stdout).toContain('add .claude/rules/mem-team-memory.md to context.fileName yourself');
    expect(JSON.parse(read(repo, '.gemini/settings.json')!).context).toEqual({ fileName: 'AGENTS.md' });
  });

  it("keeps a teammate's settings and hooks, and uninstall gives the file back byte for byte", () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.gemini'));
    // Four-space indentation and key order that JSON.stringify would not reproduce.
    const original =
      '{\n    "theme": "GitHub",\n    "hooks": {\n        "AfterAgent": [ { "hooks": [ { "type": "command", "name": "notify", "command": "notify-send done" } ] } ]\n    }\n}\n';
    writeFileSync(join(repo, '.gemini', 'settings.json'), original);
    expect(runMem(['init', '--yes', '--agent', 'gemini'], { cwd: repo }).status).toBe(0);
    const merged = JSON.parse(read(repo, '.gemini/settings.json')!);
    expect(merged.theme).toBe('GitHub');
    expect(merged.hooks.AfterAgent).toHaveLength(2);
    expect(merged.hooks.AfterAgent[0].hooks[0].name).toBe('notify');
    expect(read(repo, '.claude/settings.json')).toBeNull();
    expect(runMem(['uninstall'], { cwd: repo }).status).toBe(0);
    expect(read(repo, '.gemini/settings.json')).toBe(original);
  });

  it('keeps comments in a hooks file and gives it back byte for byte', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.codex'));
    const original =
      '// team hooks\n{\n\t"hooks": {\n\t\t/* guard every shell call */\n\t\t"PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "guard.sh" }] }]\n\t}\n}\n';
    writeFileSync(join(repo, '.codex', 'hooks.json'), original);
    expect(runMem(['init', '--yes', '--agent', 'codex'], { cwd: repo }).status).toBe(0);
    const edited = read(repo, '.codex/hooks.json')!;
    expect(edited).toContain('/* guard every shell call */');
    expect(edited).toContain('--agent codex');
    expect(runMem(['uninstall'], { cwd: repo }).status).toBe(0);
    expect(read(repo, '.codex/hooks.json')).toBe(original);
  });

  it("removes only mem's handlers from a hooks file edited after init", () => {
    const repo = makeRepo();
    expect(runMem(['init', '--yes', '--agent', 'codex'], { cwd: repo }).status).toBe(0);
    const doc = JSON.parse(read(repo, '.codex/hooks.json')!);
    doc.hooks.PreToolUse = [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] }];
    writeFileSync(join(repo, '.codex', 'hooks.json'), JSON.stringify(doc, null, 2));
    expect(runMem(['uninstall'], { cwd: repo }).status).toBe(0);
    expect(JSON.parse(read(repo, '.codex/hooks.json')!)).toEqual({
      hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] }] },
    });
  });

  it('sets up the agents whose folder the repository has when no agent is named', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.gemini'));
    const init = runMem(['init', '--yes', '--json'], { cwd: repo });
    expect(init.status).toBe(0);
    expect(JSON.parse(init.stdout).agents).toEqual(['claude', 'gemini']);
    expect(read(repo, '.gemini/settings.json')).toContain('--agent gemini');
    expect(read(repo, '.codex/hooks.json')).toBeNull();
  });

  it('names the agents it finds on this machine without setting them up', () => {
    const repo = makeRepo();
    const bin = join(repo, '..', 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'codex'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const home = join(repo, '..', 'home');
    mkdirSync(join(home, '.gemini'), { recursive: true });
    const init = runMem(['init', '--yes'], { cwd: repo, env: { PATH: `${bin}:/usr/bin:/bin`, HOME: home } });
    expect(init.status).toBe(0);
    expect(init.stdout).toContain(
      'Codex CLI is here too (`codex` on PATH): mem init --agent claude,codex sets it up as well.',
    );
    expect(init.stdout).toContain(
      'Gemini CLI is here too (~/.gemini/): mem init --agent claude,gemini sets it up as well.',
    );
    expect(read(repo, '.codex/hooks.json')).toBeNull();
  });

  it('stops before changing anything on a hooks file it cannot read, and names an unknown agent', () => {
    const repo = makeRepo();
    mkdirSync(join(repo, '.codex'));
    writeFileSync(join(repo, '.codex', 'hooks.json'), '{ "hooks": [ "not", "an object" ] }');
    const bad = runMem(['init', '--yes', '--agent', 'claude,codex'], { cwd: repo });
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain('.codex/hooks.json cannot be read');
    expect(existsSync(join(repo, '.memory'))).toBe(false);
    expect(existsSync(join(repo, '.claude'))).toBe(false);

    const unknown = runMem(['init', '--yes', '--agent', 'claude,cursor'], { cwd: repo });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown agent "cursor"');
  });
});

describe('mem status for agents', () => {
  it("shows what keeps Codex from running mem's hooks: the project's trust and each hook's", () => {
    const repo = makeRepo();
    const codexHome = join(repo, '..', 'codex-home');
    mkdirSync(codexHome);
    const env = { CODEX_HOME: codexHome };
    expect(runMem(['init', '--yes', '--agent', 'claude,codex'], { cwd: repo, env }).status).toBe(0);
    let status = JSON.parse(runMem(['status', '--json'], { cwd: repo, env }).stdout);
    const codex = status.agents.find((agent: { agent: string }) => agent.agent === 'codex');
    expect(codex).toMatchObject({
      hooksFile: '.codex/hooks.json',
      memHooks: 5,
      codex: { projectTrust: null, trustedHooks: 0 },
    });
    expect(codex.advice.join(' ')).toContain('/hooks');
    expect(runMem(['status'], { cwd: repo, env }).stdout).toContain(
      'Agent Codex CLI: 5 mem hooks in .codex/hooks.json; project not yet trusted, 0/5 hooks trusted',
    );

    // What Codex writes to config.toml when the user trusts the folder and, in /hooks, four of the five hooks.
    const hooksJson = join(repo, '.codex', 'hooks.json');
    const events = ['session_start', 'user_prompt_submit', 'stop', 'pre_compact'];
    writeFileSync(
      join(codexHome, 'config.toml'),
      [
        `[projects."${repo}"]`,
        'trust_level = "trusted"',
        '',
        ...events.flatMap((event) => [
          `[hooks.state."${hooksJson}:${event}:0:0"]`,
          'trusted_hash = "sha256:0123abcd"',
          '',
        ]),
      ].join('\n'),
    );
    status = JSON.parse(runMem(['status', '--json'], { cwd: repo, env }).stdout);
    const trusted = status.agents.find((agent: { agent: string }) => agent.agent === 'codex');
    expect(trusted.codex).toEqual({ projectTrust: 'trusted', trustedHooks: 4 });
    expect(trusted.advice).toEqual([expect.stringContaining("1 of mem's 5 Codex hooks have no trust entry")]);
    expect(status.agents.find((agent: { agent: string }) => agent.agent === 'claude')).toMatchObject({
      memHooks: 5,
      advice: [],
    });
  });
});
