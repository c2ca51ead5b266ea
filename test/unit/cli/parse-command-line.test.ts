/**
 * The commands bin/run.js starts without oclif read their command line from one flag table each
 * (cli/flags/), the same table their --help shows; a bad command line is refused in oclif's words.
 */
import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../../src/cli/flags/parse-command-line.js';
import { oclifFlags } from '../../../src/cli/commands/oclif-flags.js';
import { LIST_FLAGS } from '../../../src/cli/flags/list-flags.js';
import { SEARCH_FLAGS } from '../../../src/cli/flags/search-flags.js';
import { LINT_FLAGS } from '../../../src/cli/flags/lint-flags.js';

const HINT = (command: string) => `  hint: mem ${command} --help lists its flags and arguments.\n`;

describe('parseCommandLine', () => {
  it('reads long and short flags, values inline or after, and gives defaults', () => {
    expect(parseCommandLine('list', ['-s', 'Commands', '--json'], LIST_FLAGS)).toEqual({
      values: { section: 'Commands', json: true },
      positionals: [],
    });
    expect(parseCommandLine('lint', ['--dir=packages/a'], LINT_FLAGS)).toEqual({
      values: { dir: 'packages/a', agent: 'all' },
      positionals: [],
    });
  });

  it('takes the words of a query, repeated flags and words after --', () => {
    const line = parseCommandLine(
      'search',
      ['docker', '-k', 'team', '--kind', 'rules', 'tests', '--', '-5'],
      SEARCH_FLAGS,
      true,
    );
    expect(line).toEqual({
      values: { kind: ['team', 'rules'], limit: '10' },
      positionals: ['docker', 'tests', '-5'],
    });
  });

  it.each([
    [['--bogus'], 'Nonexistent flag: --bogus'],
    [['--section'], 'Flag --section expects a value'],
    [['stray'], 'Unexpected argument: stray'],
    [['--branch', 'x', '--all-branches'], '--branch=x cannot also be provided when using --all-branches'],
  ])('refuses %j in oclif words, with the hint', (argv, reason) => {
    expect(parseCommandLine('list', argv, LIST_FLAGS)).toEqual({ refusal: `mem list: ${reason}\n${HINT('list')}` });
  });

  it('refuses a number that is not a whole number', () => {
    expect(parseCommandLine('search', ['--limit', 'ten', 'docker'], SEARCH_FLAGS, true)).toEqual({
      refusal: `mem search: Expected an integer but received: ten\n${HINT('search')}`,
    });
  });
});

describe('oclifFlags', () => {
  it('shows each flag of the table with its kind, short name, default and exclusions', () => {
    const shown = oclifFlags({ ...LIST_FLAGS, ...SEARCH_FLAGS });
    expect(shown['section']).toMatchObject({
      type: 'option',
      char: 's',
      description: SEARCH_FLAGS.section.description,
    });
    expect(shown['branch']).toMatchObject({ type: 'option', exclusive: ['all-branches'] });
    expect(shown['json']).toMatchObject({ type: 'boolean' });
    expect(shown['limit']).toMatchObject({ type: 'option', char: 'n', default: 10 });
    expect(shown['kind']).toMatchObject({ type: 'option', multiple: true });
    expect(Object.keys(shown)).toEqual(Object.keys({ ...LIST_FLAGS, ...SEARCH_FLAGS }));
  });
});
