/**
 * `mem check` (dispatched by bin/run.js before oclif loads, like lint: a CI step, and the agent's
 * way to find stale memories; oclif's start-up alone was ~0.6× `node -e 0` of its 3× budget at
 * 3,000 anchored entries). The oclif command (cli/commands/check.ts) is its help and runs this too.
 */
import { CHECK_FLAGS } from '../flags/check-flags.js';
import { parseCommandLine } from '../flags/parse-command-line.js';
import { describeError, EXIT, isMemError } from '../../core/errors.js';
import { checkMemory } from '../check/check-memory.js';
import { renderCheck } from '../check/render-check.js';

/** Runs `mem check` with `argv` (after "check"), writes its output, and returns the exit code: 1 when anything is stale, 2 on bad usage. */
export async function runCheckCli(argv: string[]): Promise<number> {
  const line = parseCommandLine('check', argv, CHECK_FLAGS);
  if ('refusal' in line) {
    process.stderr.write(line.refusal);
    return EXIT.usage;
  }
  const { values } = line;
  try {
    const outcome = await checkMemory(process.cwd(), {
      ...(values.since === undefined ? {} : { since: values.since }),
      all: values.all === true,
      files: values.files === true,
    });
    const text =
      values.json === true
        ? `${JSON.stringify(values.files === true ? { entries: outcome.entries, files: outcome.files } : outcome.entries, null, 2)}\n`
        : `${renderCheck(outcome)}\n`;
    await new Promise<void>((done) => process.stdout.write(text, () => done()));
    return outcome.stale > 0 ? EXIT.failure : EXIT.ok;
  } catch (error) {
    if (!isMemError(error)) throw error;
    process.stderr.write(`mem check: ${describeError(error)}\n`);
    return error.exitCode;
  }
}
