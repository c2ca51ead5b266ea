/**
 * `mem list` (dispatched by bin/run.js before oclif loads, like check and lint): at a year's scale
 * (3,000 entries) oclif's start-up alone was ~0.5× `node -e 0` in instructions, and its heap a
 * third of the listing's garbage collection, of a 2.5× budget. The oclif command
 * (cli/commands/list.ts) is its help and runs this too.
 */
import { describeError, EXIT, isMemError } from '../../core/errors.js';
import { LIST_FLAGS } from '../flags/list-flags.js';
import { parseCommandLine } from '../flags/parse-command-line.js';
import { outputWidth } from '../../core/text/output-width.js';
import { listOutput } from '../list/list-output.js';
import { printListing } from '../list/page-output.js';

/** Runs `mem list` with `argv` (after "list"), writes the listing, and returns the exit code. */
export async function runListCli(argv: string[]): Promise<number> {
  const line = parseCommandLine('list', argv, LIST_FLAGS);
  if ('refusal' in line) {
    process.stderr.write(line.refusal);
    return EXIT.usage;
  }
  const { values } = line;
  // Note: `mem list | head` closes the pipe early; like git, stop quietly, not with a stack trace.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  try {
    const json = values.json === true;
    const output = await listOutput({
      cwd: process.cwd(),
      json,
      // Note: a terminal's real width; 80 when piped, so a saved listing reads the same everywhere.
      width: outputWidth(process.stdout),
      ...(values.section === undefined ? {} : { section: values.section }),
      ...(values.personal === true ? { personal: true } : {}),
      ...(values.branch === undefined ? {} : { branch: values.branch }),
      ...(values['all-branches'] === true ? { allBranches: true } : {}),
    });
    for (const warning of output.warnings) process.stderr.write(warning);
    await printListing(output.stdout, { json });
    return EXIT.ok;
  } catch (error) {
    process.stderr.write(`mem list: ${describeError(error)}\n`);
    return isMemError(error) ? error.exitCode : EXIT.failure;
  }
}
