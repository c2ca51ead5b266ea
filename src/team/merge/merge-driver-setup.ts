/**
 * What registering mem as a git merge driver writes, as pure values for `mem init` / `uninstall`:
 * the `.gitattributes` lines and the git config keys.
 */

/** The driver's name in `.gitattributes` (`merge=mem`) and git config (`merge.mem.*`). */
const MERGE_DRIVER_NAME = 'mem';

/** Returns the `.gitattributes` line routing `file` through mem's driver, e.g. `CLAUDE.md merge=mem`. */
export function gitattributesLine(file: string): string {
  return `${file.replace(/ /g, '[[:space:]]')} merge=${MERGE_DRIVER_NAME}`;
}

/** Returns the git config entries for the driver, given the shell command that runs mem (e.g. `mem` or `node "/abs/bin/run.js"`). */
export function mergeDriverConfig(memCommand: string): Record<string, string> {
  return {
    [`merge.${MERGE_DRIVER_NAME}.name`]: 'mem: entry-aware merge of memory markdown',
    [`merge.${MERGE_DRIVER_NAME}.driver`]: `${memCommand} merge-driver %O %A %B`,
  };
}
