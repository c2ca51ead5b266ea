/** A command's flag table (cli/flags/) as oclif flags, for its --help and the command reference. */
import { Flags } from '@oclif/core';
import type { FlagTable } from '../flags/flag-table.js';

type Char = Parameters<typeof Flags.boolean>[0] extends infer O ? (O extends { char?: infer C } ? C : never) : never;

/** Returns `table`'s flags as oclif declares them; the command's own entry parses them (cli/flags/parse-command-line.ts). */
export function oclifFlags(table: FlagTable) {
  return Object.fromEntries(
    Object.entries(table).map(([name, spec]) => {
      const common = {
        description: spec.description,
        ...(spec.short === undefined ? {} : { char: spec.short as Char }),
        ...(spec.exclusive === undefined ? {} : { exclusive: [...spec.exclusive] }),
      };
      if (spec.type === 'boolean') return [name, Flags.boolean(common)];
      if (spec.type === 'integer')
        return [
          name,
          Flags.integer({ ...common, ...(spec.default === undefined ? {} : { default: Number(spec.default) }) }),
        ];
      return [
        name,
        spec.multiple === true
          ? Flags.string({ ...common, multiple: true })
          : Flags.string({ ...common, ...(spec.default === undefined ? {} : { default: spec.default }) }),
      ];
    }),
  );
}
