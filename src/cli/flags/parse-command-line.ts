/**
 * Reads a command line against a command's flag table (flag-table.ts) with `node:util`'s parseArgs,
 * for the commands bin/run.js starts without oclif, and words a refusal as oclif does, so that every
 * command refuses bad input in the same words.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { FlagSpec, FlagTable } from './flag-table.js';

type ValueOf<S extends FlagSpec> = S['type'] extends 'boolean'
  ? boolean
  : S['multiple'] extends true
    ? string[]
    : string;

/** The values of a parsed command line: a flag not given is absent, unless the table gives it a default. */
export type FlagValues<T extends FlagTable> = {
  [K in keyof T as T[K] extends { default: string } ? K : never]: ValueOf<T[K]>;
} & {
  [K in keyof T as T[K] extends { default: string } ? never : K]?: ValueOf<T[K]>;
};

export type CommandLine<T extends FlagTable> = { values: FlagValues<T>; positionals: string[] } | { refusal: string };

/**
 * Returns the flags and arguments of `args` (the words after the command's name), or the refusal to
 * print on stderr: an unknown flag, a flag without its value, an argument where none is taken, a
 * number that is not one, or two flags that exclude each other. Never throws.
 */
export function parseCommandLine<T extends FlagTable>(
  command: string,
  args: string[],
  table: T,
  takesArguments = false,
): CommandLine<T> {
  const options: ParseArgsConfig['options'] = {};
  for (const [name, spec] of Object.entries(table)) {
    options[name] = {
      type: spec.type === 'boolean' ? 'boolean' : 'string',
      ...(spec.short === undefined ? {} : { short: spec.short }),
      ...(spec.multiple === true ? { multiple: true } : {}),
      ...(spec.default === undefined ? {} : { default: spec.default }),
    };
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: takesArguments });
  } catch (error) {
    return { refusal: refusal(command, describeArgvError(error as Error)) };
  }
  const values = parsed.values as Record<string, unknown>;
  for (const [name, spec] of Object.entries(table)) {
    const value = values[name];
    if (spec.type === 'integer' && typeof value === 'string' && !/^\d+$/.test(value))
      return { refusal: refusal(command, `Expected an integer but received: ${value}`) };
    for (const other of spec.exclusive ?? []) {
      if (value !== undefined && values[other] !== undefined)
        return {
          refusal: refusal(
            command,
            `--${name}${typeof value === 'string' ? `=${value}` : ''} cannot also be provided when using --${other}`,
          ),
        };
    }
  }
  return { values: values as FlagValues<T>, positionals: parsed.positionals };
}

function refusal(command: string, reason: string): string {
  return `mem ${command}: ${reason}\n  hint: mem ${command} --help lists its flags and arguments.\n`;
}

/** Returns the refusal as oclif worded it ("Nonexistent flag: --bogus", "Flag --section expects a value"). */
function describeArgvError(error: Error & { code?: string }): string {
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Nonexistent flag: ${option}`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && error.message.endsWith('argument missing'))
    return `Flag ${option} expects a value`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `Unexpected argument: ${/'([^']*)'/.exec(error.message)?.[1] ?? ''}`;
  return error.message;
}
