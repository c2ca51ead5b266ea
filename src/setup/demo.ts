/**
 * `mem demo`: a throw-away sandbox (a bare remote and two clones, Alice and Bob) driven through
 * the real CLI, real hooks and real git, printing what mem recorded at each step.
 */
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { RENDERED_FILE } from '../core/shared-memory-file.js';
import { memBinPath } from '../core/mem-command.js';
import { aliceSession, bobSession, type DemoTurn } from './demo-sessions.js';
import { narrateTurn, narrateVerdicts, type DemoCandidate } from './demo-narration.js';
import { indent } from './demo-text.js';

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
    if (!allow.includes(result.status ?? -1))
      throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`);
    return result;
  };
  const mem = (cwd: string, args: string[], stdin = '', allow: number[] = [0]) => {
    const result = spawnSync(process.execPath, [memBinPath(), ...args], { cwd, env, input: stdin, encoding: 'utf8' });
    if (!allow.includes(result.status ?? -1))
      throw new Error(`mem ${args.join(' ')} failed (${result.status}):\n${result.stderr}${result.stdout}`);
    return result;
  };
  const gitAs = (cwd: string, args: string[]) => sh(cwd, 'git', args).stdout.trim();

  // Note: the sandbox's PATH has `mem` (a link to this installation), as a user's would after
  // npm install -g: init writes the portable `mem hook …` commands and the output shows them.
  const width = 80;
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
    say(indent('(In a terminal, without --yes, mem init shows this plan first and asks before changing anything.)'));
    gitAs(alice, ['add', '-A']);
    gitAs(alice, ['commit', '-q', '-m', 'Acme CLI with mem']);
    gitAs(alice, ['push', '-q', 'origin', 'main']);

    const bob = join(sandbox, 'bob');
    sh(sandbox, 'git', ['clone', '-q', remote, bob]);
    configureUser(gitAs, bob, 'Bob');
    mem(bob, ['init', '--yes']);

    heading(say, "2. Alice's Claude Code session, replayed through the real hooks (what was said and done)");
    const aliceTranscript = join(sandbox, 'alice-session.jsonl');
    replaySession(
      mem,
      alice,
      aliceTranscript,
      'a11ce000-demo-4000-8000-000000000001',
      aliceSession(alice),
      'Alice',
      say,
      width,
    );
    say(indent('(Each Stop hook exited 0 and printed nothing: the agent never waits for mem.)'));

    heading(say, 'The handoff her next session starts from (.memory/sessions/)');
    say(
      indent(
        readFileSync(join(alice, '.memory', 'sessions', readdirSync(join(alice, '.memory', 'sessions'))[0]!), 'utf8'),
      ),
    );
    say(indent('(The closing "ok thanks, let\'s stop here for today" is not the latest request: the task is.)'));
    heading(say, 'What her agent reads: .claude/rules/mem-team-memory.md (ignored by git); CLAUDE.md untouched');
    mem(alice, ['render']);
    say(indent(withoutComment(rendered(alice))));
    say(
      `  CLAUDE.md unchanged: ${readFileSync(join(alice, 'CLAUDE.md'), 'utf8') === HUMAN_CLAUDE_MD ? 'yes' : 'NO'}; git status: ${gitAs(alice, ['status', '--porcelain']) || '(clean)'}`,
    );
    say(`  the pasted token is on disk in the repo: ${containsInTree(alice, 'ghp_8Fq2ZkR4') ? 'YES (bug)' : 'no'}`);
    heading(say, 'What waits for her, and what was left out: $ mem candidates');
    say(indent(mem(alice, ['candidates']).stdout));

    heading(say, "3. Bob's session, the same day, learns a gotcha in the same repository");
    replaySession(
      mem,
      bob,
      join(sandbox, 'bob-session.jsonl'),
      'b0b00000-demo-4000-8000-000000000002',
      bobSession(bob),
      'Bob',
      say,
      width,
    );

    heading(say, '4. Both push code as usual; the pre-push hook runs `mem sync`');
    writeFileSync(join(alice, 'src', 'export.ts'), 'export function run() { return 1; }\n');
    gitAs(alice, ['add', '-A']);
    gitAs(alice, ['commit', '-q', '-m', 'export: --json (with the memory it taught)']);
    say(indent(`$ git push   (Alice)\n${sh(alice, 'git', ['push', 'origin', 'main']).stderr}`));
    writeFileSync(join(bob, 'README.md'), '# Acme\n');
    gitAs(bob, ['add', '-A']);
    gitAs(bob, ['commit', '-q', '-m', 'readme (with the memory it taught)']);
    say(indent('$ git pull --rebase && git push   (Bob; mem changed no tracked file, so nothing is in the way)'));
    gitAs(bob, ['pull', '-q', '--rebase', 'origin', 'main']);
    say(indent(sh(bob, 'git', ['push', 'origin', 'main']).stderr));
    mem(alice, ['sync', '--quiet']);
    mem(bob, ['sync', '--quiet']);
    heading(
      say,
      "Bob's agent now reads Alice's memory and his own, no conflict (refs/mem/team: merged entry by entry)",
    );
    say(
      indent(
        rendered(bob)
          .split('\n')
          .filter((line) => line.startsWith('#') || line.startsWith('- '))
          .join('\n'),
      ),
    );

    heading(say, '5. A real conflict: both reword the same entry, each in their own words');
    const aliceWords = 'Always use pnpm 9, never npm or yarn, in this repo.';
    const bobWords = 'Always use pnpm (workspaces), never npm, in this repo.';
    say(
      indent(
        `Alice edits the line in her .claude/rules/mem-team-memory.md to:\n  - ${aliceWords}\nBob edits the same line in his to:\n  - ${bobWords}\nAlice syncs first; then Bob:`,
      ),
    );
    rewordFirstEntry(alice, aliceWords);
    rewordFirstEntry(bob, bobWords);
    mem(alice, ['sync', '--quiet'], '', [0, 3]);
    const bobSync = mem(bob, ['sync'], '', [0, 3]);
    say(indent(`$ mem sync   (exit ${bobSync.status}: a conflict awaits review)\n${bobSync.stdout}${bobSync.stderr}`));
    // The interactive review, exactly as it runs in a terminal; Bob's answer is shown where he types it.
    const answers = ['t'];
    const review = mem(bob, ['review', '--interactive'], answers.map((answer) => `${answer}\n`).join(''), [0, 3]);
    say(
      indent(`$ mem review\n${typedAnswers(review.stdout, answers, "   ← Bob types t: keep theirs, Alice's wording")}`),
    );
    mem(bob, ['sync', '--quiet'], '', [0, 3]);
    mem(alice, ['sync', '--quiet'], '', [0, 3]);
    const settled =
      rendered(alice)
        .split('\n')
        .find((line) => line.includes('pnpm')) ?? '(missing)';
    say(indent(`After the next sync both agents read Alice's wording, and nobody is asked again:\n  ${settled}`));

    heading(say, '6. Search all memory: $ mem search "docker db tests"');
    say(indent(mem(bob, ['search', 'docker db tests', '--limit', '3'], '', [0, 1]).stdout));

    heading(say, "7. Alice's next session starts with her handoff (SessionStart additionalContext)");
    const start = mem(
      alice,
      ['hook', 'session-start'],
      JSON.stringify({
        session_id: 'a11ce000-demo-4000-8000-000000000003',
        transcript_path: join(sandbox, 'new.jsonl'),
        cwd: alice,
        hook_event_name: 'SessionStart',
        source: 'startup',
      }),
    );
    const context = start.stdout
      ? (JSON.parse(start.stdout) as { hookSpecificOutput: { additionalContext: string } }).hookSpecificOutput
          .additionalContext
      : '(nothing injected)';
    say(indent(context.split('\n').slice(0, 12).join('\n')));
    say(indent('…'));
    say(
      `\nDone. ${options.keep ? `The sandbox is kept: ${sandbox}` : 'The sandbox was removed (use --keep to look around).'}`,
    );
    return sandbox;
  } finally {
    if (!options.keep) rmSync(sandbox, { recursive: true, force: true });
  }
}

/** Returns the review's output with each answer shown after its prompt, as a terminal would echo it. */
function typedAnswers(output: string, answers: readonly string[], note: string): string {
  let next = 0;
  return output.replace(/\? (?=\S|$)/gm, (prompt) =>
    next < answers.length ? `${prompt}${answers[next++]}${next === 1 ? note : ''}\n` : prompt,
  );
}

type MemRunner = (
  cwd: string,
  args: string[],
  stdin?: string,
  allow?: number[],
) => { stdout: string; stderr: string; status: number | null };

function replaySession(
  mem: MemRunner,
  repo: string,
  transcript: string,
  sessionId: string,
  turns: DemoTurn[],
  user: string,
  say: (text: string) => void,
  width: number,
): void {
  writeFileSync(transcript, '');
  mem(
    repo,
    ['hook', 'session-start'],
    JSON.stringify({
      session_id: sessionId,
      transcript_path: transcript,
      cwd: repo,
      hook_event_name: 'SessionStart',
      source: 'startup',
    }),
  );
  const seen = new Set<string>();
  for (const [index, turn] of turns.entries()) {
    appendFileSync(transcript, turn.lines.map((line) => `${JSON.stringify(line)}\n`).join(''));
    const result = mem(
      repo,
      ['hook', 'stop'],
      JSON.stringify({
        session_id: sessionId,
        transcript_path: transcript,
        cwd: repo,
        hook_event_name: 'Stop',
        stop_hook_active: false,
        last_assistant_message: turn.last,
      }),
    );
    if (result.stdout.trim() !== '') say(`  (the Stop hook printed: ${result.stdout.trim()})`);
    // What this turn changed: the verdicts not seen after the turns before (the log lists newest first).
    const records = JSON.parse(
      mem(repo, ['candidates', '--json', '--session', sessionId.slice(0, 8), '--limit', '1000']).stdout,
    ) as DemoCandidate[];
    const fresh = records.filter((record) => !seen.has(JSON.stringify(record))).reverse();
    for (const record of records) seen.add(JSON.stringify(record));
    if (index > 0) say('');
    say([...narrateTurn(turn.lines, user, width), ...narrateVerdicts(fresh, width)].join('\n'));
  }
  mem(
    repo,
    ['hook', 'session-end'],
    JSON.stringify({
      session_id: sessionId,
      transcript_path: transcript,
      cwd: repo,
      hook_event_name: 'SessionEnd',
      reason: 'prompt_input_exit',
    }),
  );
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

/** The rendered file without its first line, a long comment saying it is rendered and ignored. */
function withoutComment(text: string): string {
  return text.replace(/^<!--.*-->\n/, '');
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
  writeFileSync(
    globalConfig,
    '[init]\n\tdefaultBranch = main\n[commit]\n\tgpgsign = false\n[gc]\n\tauto = 0\n[advice]\n\tdetachedHead = false\n',
  );
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env))
    if (!key.startsWith('GIT_') && !key.startsWith('CLAUDE')) env[key] = value;
  // A home of its own: nothing of the user's (~/.codex, ~/.claude) leaks into the story or is touched.
  const home = join(sandbox, 'home');
  mkdirSync(home, { recursive: true });
  const bin = join(sandbox, 'bin');
  mkdirSync(bin, { recursive: true });
  let path = env['PATH'] ?? '';
  try {
    symlinkSync(memBinPath(), join(bin, 'mem'));
    path = `${bin}${delimiter}${path}`;
  } catch {
    // Note: without symlinks (some Windows set-ups) init writes node + bin/run.js by absolute path instead.
  }
  return {
    ...env,
    PATH: path,
    HOME: home,
    USERPROFILE: home,
    GIT_CONFIG_GLOBAL: globalConfig,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
    MEM_NO_BACKGROUND_SYNC: '1',
    NO_COLOR: '1',
  };
}

function heading(say: (text: string) => void, text: string): void {
  say(`\n== ${text}`);
}
