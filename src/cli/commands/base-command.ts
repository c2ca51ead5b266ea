/**
 * The shared shell of mem's commands: one place maps failures to exit codes and messages
 * (MemError → its exit code and hint; anything else → "internal error, please report").
 */
import { Command } from '@oclif/core';
import { describeError, isMemError, EXIT } from '../../core/errors.js';

export abstract class BaseCommand extends Command {
  protected override async catch(error: Error & { exitCode?: number; oclif?: { exit?: number } }): Promise<unknown> {
    // oclif's own exits (help, --version, this.exit) and flag parsing errors keep oclif's handling.
    if (!isMemError(error) && (error.oclif !== undefined || error.constructor?.name === 'ExitError')) return super.catch(error);
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
