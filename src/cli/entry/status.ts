/**
 * `mem status` (dispatched by bin/run.js before oclif loads, like list): at a year's scale oclif's
 * start-up was most of what separated it from its 2.5× budget. The oclif command
 * (cli/commands/status.ts) is its help and runs this too.
 */
import { describeError, EXIT, isMemError } from '../../core/errors.js';
import { readStatus } from '../status/status.js';
import { renderStatus } from '../status/render-status.js';
import { STATUS_FLAGS } from '../flags/status-flags.js';
import { parseCommandLine } from '../flags/parse-command-line.js';

/** Runs `mem status` with `argv` (after "status"), prints the status, and returns the exit code (0 even when it reports problems). */
export async function runStatusCli(argv: string[]): Promise<number> {
  const line = parseCommandLine('status', argv, STATUS_FLAGS);
  if ('refusal' in line) {
    process.stderr.write(line.refusal);
    return EXIT.usage;
  }
  const { values } = line;
  try {
    const status = await readStatus(process.cwd());
    const text = values.json === true ? `${JSON.stringify(status, null, 2)}\n` : `${renderStatus(status)}\n`;
    await new Promise<void>((done) => process.stdout.write(text, () => done()));
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`mem status: ${describeError(error)}\n`);
    return isMemError(error) ? error.exitCode : EXIT.failure;
  }
}
