/**
 * One table of flags per command. The commands bin/run.js starts without oclif (check, lint, list,
 * search, status, sync) parse their command line from it (parse-command-line.ts), and their oclif
 * classes show it in --help (cli/commands/oclif-flags.ts): a flag is declared once.
 * Note: no oclif import here, so the entries' bundles stay free of it.
 */

export interface FlagSpec {
  /** An `integer` is read as text and refused unless it is a whole number (its range is the command's to check). */
  readonly type: 'boolean' | 'string' | 'integer';
  readonly description: string;
  readonly short?: string;
  readonly default?: string;
  readonly multiple?: boolean;
  /** Flags that cannot be given together with this one. */
  readonly exclusive?: readonly string[];
}

export type FlagTable = Readonly<Record<string, FlagSpec>>;
