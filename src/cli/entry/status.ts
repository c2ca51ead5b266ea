/**
 * `mem status` (dispatched by bin/run.js before oclif loads, like list): at a year's scale oclif's
 * start-up was most of what separated it from its 2.5× budget. The oclif command
 * (cli/commands/status.ts) is its help and runs this too.
 */
import { parseArgs } from 'node:util';
import { describeError, EXIT, isMemError } from '../../core/errors.js';
import { readStatus } from '../status/status.js';
import { renderStatus } from '../status/render-status.js';
import { argvHint, describeArgvError } from './describe-argv-error.js';

/** What `mem status` accepts; the same flags its oclif command shows in --help (test/unit/cli/entry-flags.test.ts). */
export const STATUS_OPTIONS = { json: { type: 'boolean' } } as const;

/** Runs `mem status` with `argv` (after "status"), prints the status, and returns the exit code (0 even when it reports problems). */
export async function runStatusCli(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: STATUS_OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    process.stderr.write(`mem status: ${describeArgvError(error as Error)}\n${argvHint('status')}`);
    return EXIT.usage;
  }
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
