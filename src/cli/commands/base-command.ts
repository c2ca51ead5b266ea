/**
 * The shared shell of mem's commands: one place maps failures to exit codes and messages
 * (MemError → its exit code and hint; anything else → "internal error, please report").
 */
import { Command } from '@oclif/core';
import { describeError, isMemError, EXIT } from '../../core/errors.js';

export abstract class BaseCommand extends Command {
  protected override async catch(
    error: Error & { exitCode?: number; oclif?: { exit?: number }; parse?: unknown },
  ): Promise<unknown> {
    // A flag or argument oclif's parser refused: said in mem's own words, exit 2.
    if (error.parse !== undefined) {
      const what = error.message
        .split('\n')
        .map((line) => line.replace(/^\s*(?:›\s*)?(?:Error:\s*)?/, '').trim())
        .filter((line) => line !== '' && !/^(?:The following errors? occurred:|See more help with --help)$/.test(line))
        .join('; ');
      process.stderr.write(
        `mem ${this.id ?? ''}: ${what}\n  hint: mem ${this.id ?? ''} --help lists its flags and arguments.\n`
          .replaceAll('mem : ', 'mem: ')
          .replace('mem  --help', 'mem --help'),
      );
      process.exitCode = EXIT.usage;
      // The arguments were parsed (and refused): oclif must not warn that the command never parsed them.
      this.parsed = true;
      return undefined;
    }
    // oclif's own exits (help, --version, this.exit) keep oclif's handling.
    if (!isMemError(error) && (error.oclif !== undefined || error.constructor?.name === 'ExitError'))
      return super.catch(error);
    // Note: the prefix names the command, so messages never start with it ("mem search: needs a query").
    process.stderr.write(`mem ${this.id ?? ''}: ${describeError(error)}\n`.replace('mem : ', 'mem: '));
    process.exitCode = isMemError(error) ? error.exitCode : EXIT.failure;
    return undefined;
  }

  /** Prints `value` as pretty JSON on stdout. */
  protected printJson(value: unknown): void {
    process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }
}
