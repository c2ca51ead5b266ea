/**
 * `mem hook <event>`: what the agent calls at every turn. Loaded by bin/run.js before oclif
 * (cli/commands/hook.ts is its help), it reads stdin, runs the hook under a hard watchdog and always exits 0 with nothing or
 * one JSON object on stdout.
 */
import { runHook, HOOK_DEADLINES_MS } from '../../turn/run-hook.js';
import { HOOK_EVENTS, resolveHookEvent } from '../../agents/hook-event.js';
import { readHookStdin } from './read-hook-stdin.js';

/** Payloads beyond this are not a hook payload (a prompt of MBs still fits). */
const MAX_STDIN_BYTES = 32 * 1024 * 1024;
/** After the internal deadline, the watchdog allows this long for the current write to finish. */
const WATCHDOG_GRACE_MS = 3_000;

/**
 * Runs the hook named by argv[0]; sets the exit code to 0 in every case. Returns whether the run
 * was a typical one of its event (bin/run.js keeps the code cache of such a run).
 */
export async function runHookCli(argv: string[]): Promise<{ typicalRun: boolean }> {
  const startedAt = Date.now();
  process.exitCode = 0;
  let typicalRun = false;
  if (process.env['MEM_DISABLE_HOOKS'] === '1') return { typicalRun };
  const event = resolveHookEvent(argv[0]);
  // Note: the agent never sends an unknown event; a person who mistyped one gets a line on stderr
  // (stdout stays empty and the exit 0, as for any hook).
  if (event === null)
    process.stderr.write(
      `mem hook: ${JSON.stringify(argv[0] ?? '')} is not a hook event; the events are ${Object.keys(HOOK_EVENTS).join(', ')} (and after-turn for stop)\n`,
    );
  const budget = event ? HOOK_DEADLINES_MS[event] : 1_000;
  // Note: the watchdog exits without printing: a late or partial JSON object is worse than none.
  setTimeout(() => process.exit(0), budget + WATCHDOG_GRACE_MS).unref();
  try {
    // Note: stdin gets the whole budget; a payload that is not whole by then is not a payload.
    const input = await readHookStdin(startedAt + budget, MAX_STDIN_BYTES);
    // An oversized payload is reported as not-JSON rather than half-parsed.
    const stdin = input.oversized ? '\u0000oversized' : input.text;
    const result = await runHook({
      eventArg: argv[0],
      agentArg: agentArgument(argv.slice(1)),
      stdin,
      stdinTimedOut: input.timedOut,
      cwd: process.cwd(),
      env: process.env,
      startedAt,
    });
    typicalRun = result.typicalRun;
    if (result.output) await write(`${result.output}\n`);
  } catch {
    /* runHook logs its own problems; anything here must still not break the agent */
  }
  process.exitCode = 0;
  return { typicalRun };
}

/** `--agent codex` or `--agent=codex` after the event (what `mem init` writes for Codex and Gemini). */
function agentArgument(rest: string[]): string | undefined {
  for (let index = 0; index < rest.length; index += 1) {
    const word = rest[index] ?? '';
    if (word === '--agent') return rest[index + 1];
    if (word.startsWith('--agent=')) return word.slice('--agent='.length);
  }
  return undefined;
}

function write(text: string): Promise<void> {
  return new Promise((resolve) => {
    process.stdout.write(text, () => resolve());
  });
}
