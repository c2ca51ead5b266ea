/**
 * `mem check` (dispatched by bin/run.js before oclif loads, like lint: a CI step, and the agent's
 * way to find stale memories; oclif's start-up alone was ~0.6× `node -e 0` of its 3× budget at
 * 3,000 anchored entries). The oclif command (cli/commands/check.ts) is its help and runs this too.
 */
import { parseArgs } from 'node:util';
import { describeError, EXIT, isMemError } from '../../core/errors.js';
import { checkMemory } from '../check/check-memory.js';
import { renderCheck } from '../check/render-check.js';

/** What `mem check` accepts; the same flags its oclif command shows in --help (test/unit/cli/entry-flags.test.ts). */
export const CHECK_OPTIONS = {
  since: { type: 'string' },
  all: { type: 'boolean' },
  files: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

const USAGE = 'mem check [--since <rev>] [--all] [--files] [--json] (mem check --help says more)';

/** Runs `mem check` with `argv` (after "check"), writes its output, and returns the exit code: 1 when anything is stale, 2 on bad usage. */
export async function runCheckCli(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: CHECK_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`mem check: ${(error as Error).message}\n  hint: ${USAGE}\n`);
    return EXIT.usage;
  }
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
