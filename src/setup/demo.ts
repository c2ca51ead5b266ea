/**
 * `mem demo`: a throw-away sandbox (a bare remote and two clones, Alice and Bob) driven through
 * the real CLI, real hooks and real git, printing what mem recorded at each step.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RENDERED_FILE } from '../core/shared-memory-file.js';
import { memBinPath } from '../core/mem-command.js';
import { aliceSession, bobSession, type DemoTurn } from './demo-sessions.js';

export type DemoOptions = { keep: boolean; print: (text: string) => void };

const HUMAN_CLAUDE_MD = `---
description: project instructions
---
# Acme CLI

Read @docs/architecture.md before changing the export pipeline.

## House rules (written by humans)

- Keep functions small.
- Ask before adding a dependency.

\`\`\`sh
# not a heading, and <!-- not a comment -->
pnpm build
\`\`\`
`;

/** Runs the demo and returns the sandbox path (deleted unless `keep`); throws when a step fails unexpectedly. */
export function runDemo(options: DemoOptions): string {
  const say = options.print;
  const sandbox = mkdtempSync(join(tmpdir(), 'mem-demo-'));
  const env = sandboxEnv(sandbox);
  const sh = (cwd: string, command: string, args: string[], allow: number[] = [0]) => {
    const result = spawnSync(command, args, { cwd, env, encoding: 'utf8' });
    if (!allow.includes(result.status ?? -1)) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`);
    return result;
  };
  const mem = (cwd: string, args: string[], stdin = '', allow: number[] = [0]) => {
    const result = spawnSync(process.execPath, [memBinPath(), ...args], { cwd, env, input: stdin, encoding: 'utf8' });
    if (!allow.includes(result.status ?? -1)) throw new Error(`mem ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`);
    return result;
  };
  const gitAs = (cwd: string, args: string[]) => sh(cwd, 'git', args).stdout.trim();

  try {
    say(`mem demo: a throw-away sandbox in ${sandbox}\n`);
    const remote = join(sandbox, 'remote.git');
    sh(sandbox, 'git', ['init', '-q', '--bare', '-b', 'main', remote]);
    const alice = join(sandbox, 'alice');
    sh(sandbox, 'git', ['clone', '-q', remote, alice]);
    configureUser(gitAs, alice, 'Alice');
    mkdirSync(join(alice, 'src'), { recursive: true });
    writeFileSync(join(alice, 'CLAUDE.md'), HUMAN_CLAUDE_MD);
    writeFileSync(join(alice, 'src', 'export.ts'), 'export function run() {}\n');

    heading(say, '1. Alice sets up mem: $ mem init --yes');
    say(indent(mem(alice, ['init', '--yes']).stdout));
    gitAs(alice, ['add', '-A']);
    gitAs(alice, ['commit', '-q', '-m', 'Acme CLI with mem']);
    gitAs(alice, ['push', '-q', 'origin', 'main']);

    const bob = join(sandbox, 'bob');
    sh(sandbox, 'git', ['clone', '-q', remote, bob]);
    configureUser(gitAs, bob, 'Bob');
    mem(bob, ['init', '--yes']);

    heading(say, "2. Alice's Claude Code session, replayed through the real hooks");
    const aliceTranscript = join(sandbox, 'alice-session.jsonl');
    replaySession(mem, alice, aliceTranscript, 'a11ce000-demo-4000-8000-000000000001', aliceSession(alice), say);

    heading(say, 'The session handoff the next session starts from (.memory/sessions/)');
    say(indent(readFileSync(join(alice, '.memory', 'sessions', readdirSync(join(alice, '.memory', 'sessions'))[0]!), 'utf8')));
    heading(say, "What the agent reads: .claude/rules/mem-team-memory.md (ignored by git, no metadata); CLAUDE.md is untouched");
    mem(alice, ['render']);
    say(indent(rendered(alice)));
    say(`  CLAUDE.md unchanged: ${readFileSync(join(alice, 'CLAUDE.md'), 'utf8') === HUMAN_CLAUDE_MD ? 'yes' : 'NO'}; git status: ${gitAs(alice, ['status', '--porcelain']) || '(clean)'}`);
    say(`  the pasted token is on disk in the repo: ${containsInTree(alice, 'ghp_8Fq2ZkR4') ? 'YES (bug)' : 'no'}`);
    heading(say, 'Why some things were not remembered: $ mem candidates --rejected');
    say(indent(mem(alice, ['candidates', '--rejected']).stdout));

    heading(say, "3. Bob's session, the same day, learns a gotcha in the same repository");
    replaySession(mem, bob, join(sandbox, 'bob-session.jsonl'), 'b0b00000-demo-4000-8000-000000000002', bobSession(bob), say);

    heading(say, '4. Both push code as usual; the pre-push hook runs `mem sync`');
    writeFileSync(join(alice, 'src', 'export.ts'), 'export function run() { return 1; }\n');
    gitAs(alice, ['add', '-A']);
    gitAs(alice, ['commit', '-q', '-m', 'export: --json (with the memory it taught)']);
    say(indent(sh(alice, 'git', ['push', 'origin', 'main']).stderr));
    writeFileSync(join(bob, 'README.md'), '# Acme\n');
    gitAs(bob, ['add', '-A']);
    gitAs(bob, ['commit', '-q', '-m', 'readme (with the memory it taught)']);
    say(indent('$ git pull --rebase   (mem changed no tracked file, so nothing is in the way)'));
    gitAs(bob, ['pull', '-q', '--rebase', 'origin', 'main']);
    say(indent(sh(bob, 'git', ['push', 'origin', 'main']).stderr));
    mem(alice, ['sync', '--quiet']);
    mem(bob, ['sync', '--quiet']);
    heading(say, "Bob's agent now reads Alice's and Bob's memory, without a conflict (refs/mem/team: one file per entry)");
    say(indent(rendered(bob)));

    heading(say, '5. A real conflict: both reword the same entry differently');
    rewordFirstEntry(alice, 'Always use pnpm 9, never npm or yarn, in this repo.');
    rewordFirstEntry(bob, 'Always use pnpm (workspaces), never npm, in this repo.');
    mem(alice, ['sync', '--quiet'], '', [0, 3]);
    const bobSync = mem(bob, ['sync'], '', [0, 3]);
    say(indent(`$ mem sync   (exit ${bobSync.status}: conflicts await review)\n${bobSync.stdout}${bobSync.stderr}`));
    say(indent(`$ mem review --list\n${mem(bob, ['review', '--list'], '', [0, 3]).stdout}`));
    const conflicts = JSON.parse(mem(bob, ['review', '--json'], '', [0, 3]).stdout) as { id: string }[];
    for (const conflict of conflicts) mem(bob, ['review', '--resolve', conflict.id, '--take', 'theirs'], '', [0, 3]);
    mem(bob, ['sync', '--quiet'], '', [0, 3]);
    mem(alice, ['sync', '--quiet'], '', [0, 3]);
    say(indent(`Bob kept Alice's wording with \`mem review --resolve <id> --take theirs\`; after sync Alice reads:\n${rendered(alice)}`));

    heading(say, '6. Search all memory: $ mem search "docker db tests"');
    say(indent(mem(bob, ['search', 'docker db tests', '--limit', '3'], '', [0, 1]).stdout));

    heading(say, "7. Alice's next session starts with her handoff (SessionStart additionalContext)");
    const start = mem(alice, ['hook', 'session-start'], JSON.stringify({ session_id: 'a11ce000-demo-4000-8000-000000000003', transcript_path: join(sandbox, 'new.jsonl'), cwd: alice, hook_event_name: 'SessionStart', source: 'startup' }));
    const context = start.stdout ? (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput.additionalContext : '(nothing injected)';
    say(indent(context.split('\n').slice(0, 16).join('\n')));
    say(indent('…'));
    say(`\nDone. ${options.keep ? `The sandbox is kept: ${sandbox}` : 'The sandbox was removed (use --keep to look around).'}`);
    return sandbox;
  } finally {
    if (!options.keep) rmSync(sandbox, { recursive: true, force: true });
  }
}

type MemRunner = (cwd: string, args: string[], stdin?: string, allow?: number[]) => { stdout: string; stderr: string; status: number | null };

function replaySession(mem: MemRunner, repo: string, transcript: string, sessionId: string, turns: DemoTurn[], say: (text: string) => void): void {
  writeFileSync(transcript, '');
  mem(repo, ['hook', 'session-start'], JSON.stringify({ session_id: sessionId, transcript_path: transcript, cwd: repo, hook_event_name: 'SessionStart', source: 'startup' }));
  for (const turn of turns) {
    appendFileSync(transcript, turn.lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const result = mem(repo, ['hook', 'stop'], JSON.stringify({ session_id: sessionId, transcript_path: transcript, cwd: repo, hook_event_name: 'Stop', stop_hook_active: false, last_assistant_message: turn.last }));
    say(`  user: ${turn.say}\n    → mem hook stop: exit ${result.status}, stdout ${result.stdout ? JSON.stringify(result.stdout) : '(empty)'}`);
  }
  mem(repo, ['hook', 'session-end'], JSON.stringify({ session_id: sessionId, transcript_path: transcript, cwd: repo, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' }));
}

/** A human edits the line in the rendered file; mem reads the edit back at the next sync. */
function rewordFirstEntry(repo: string, text: string): void {
  const file = join(repo, RENDERED_FILE);
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => /^- .*pnpm/.test(line));
  if (index === -1) return;
  lines[index] = `- ${text}`;
  writeFileSync(file, lines.join('\n'));
}

function rendered(repo: string): string {
  try {
    return readFileSync(join(repo, RENDERED_FILE), 'utf8');
  } catch {
    return '(not rendered yet)';
  }
}

function containsInTree(dir: string, needle: string): boolean {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (containsInTree(full, needle)) return true;
    } else if (entry.isFile() && readFileSync(full).includes(needle)) {
      return true;
    }
  }
  return false;
}

function configureUser(gitAs: (cwd: string, args: string[]) => string, repo: string, name: string): void {
  gitAs(repo, ['config', 'user.name', name]);
  gitAs(repo, ['config', 'user.email', `${name.toLowerCase()}@example.com`]);
}

function sandboxEnv(sandbox: string): NodeJS.ProcessEnv {
  const globalConfig = join(sandbox, 'gitconfig');
  writeFileSync(globalConfig, '[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n[gc]\n\tauto = 0\n[advice]\n\tdetachedHead = false\n');
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_') && !key.startsWith('CLAUDE')) env[key] = value;
  return { ...env, GIT_CONFIG_GLOBAL: globalConfig, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', MEM_NO_BACKGROUND_SYNC: '1', NO_COLOR: '1' };
}

function heading(say: (text: string) => void, text: string): void {
  say(`\n== ${text}`);
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
