/**
 * `mem check`, `lint`, `list` and `status` run from their own entries before oclif loads; their
 * oclif commands only show --help. A flag --help shows must be one the command accepts, with the
 * same kind and short name, and the command must accept no flag --help does not show.
 */
import { describe, expect, it } from 'vitest';
import Check from '../../../src/cli/commands/check.js';
import Lint from '../../../src/cli/commands/lint.js';
import List from '../../../src/cli/commands/list.js';
import Status from '../../../src/cli/commands/status.js';
import { CHECK_OPTIONS } from '../../../src/cli/entry/check.js';
import { LINT_OPTIONS } from '../../../src/cli/entry/lint.js';
import { LIST_OPTIONS } from '../../../src/cli/entry/list.js';
import { STATUS_OPTIONS } from '../../../src/cli/entry/status.js';

type Accepted = Record<string, { type: 'boolean' | 'string'; short?: string }>;
type Shown = Record<string, { type: 'boolean' | 'option'; char?: string }>;

const shape = (flags: Shown) =>
  Object.fromEntries(
    Object.entries(flags).map(([name, flag]) => [
      name,
      { type: flag.type === 'boolean' ? 'boolean' : 'string', short: flag.char },
    ]),
  );
const accepted = (options: Accepted) =>
  Object.fromEntries(
    Object.entries(options).map(([name, option]) => [name, { type: option.type, short: option.short }]),
  );

describe('the flags --help shows are the flags a command accepts', () => {
  it.each([
    ['check', Check.flags, CHECK_OPTIONS],
    ['lint', Lint.flags, LINT_OPTIONS],
    ['list', List.flags, LIST_OPTIONS],
    ['status', Status.flags, STATUS_OPTIONS],
  ])('mem %s', (_command, shown, options) => {
    expect(accepted(options as Accepted)).toEqual(shape(shown as unknown as Shown));
  });
});
