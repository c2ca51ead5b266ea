/** The `mem list` fast path takes the documented flag shapes and leaves everything else to oclif. */
import { describe, expect, it } from 'vitest';
import { parseListArgv } from '../../../src/cli/entry/list.js';

describe('parseListArgv', () => {
  it('reads the documented shapes', () => {
    expect(parseListArgv([])).toEqual({ json: false });
    expect(parseListArgv(['--json', '--personal'])).toEqual({ json: true, personal: true });
    expect(parseListArgv(['--section', 'Commands'])).toEqual({ json: false, section: 'Commands' });
    expect(parseListArgv(['-s', 'Commands', '--json'])).toEqual({ json: true, section: 'Commands' });
    expect(parseListArgv(['--section=Gotchas'])).toEqual({ json: false, section: 'Gotchas' });
  });

  it('leaves help, unknown flags, stray arguments and missing values to oclif', () => {
    for (const argv of [['--help'], ['--bogus'], ['extra'], ['--section'], ['--section', '--json'], ['--section='], ['-s', 'A', '-s', 'B'], ['-sCommands']]) {
      expect(parseListArgv(argv), argv.join(' ')).toBeNull();
    }
  });
});
