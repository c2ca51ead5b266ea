/** A command line `node:util` parseArgs refused, in the words oclif used for it, for the entries bin/run.js starts without oclif. */

/** Returns the refusal as oclif worded it ("Nonexistent flag: --bogus", "Flag --section expects a value"). */
export function describeArgvError(error: Error & { code?: string }): string {
  const option = /'(?:-\w, )?(--?[\w-]+)/.exec(error.message)?.[1] ?? '';
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `Nonexistent flag: ${option}`;
  if (error.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && error.message.endsWith('argument missing'))
    return `Flag ${option} expects a value`;
  if (error.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL')
    return `Unexpected argument: ${/'([^']*)'/.exec(error.message)?.[1] ?? ''}`;
  return error.message;
}

/** The hint under a refused command line. */
export function argvHint(command: string): string {
  return `  hint: mem ${command} --help lists its flags and arguments.\n`;
}
