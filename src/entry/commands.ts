/** oclif's explicit command map: every command the CLI ships, by id. */
import Hook from '../commands/hook.js';
import Init from '../commands/init.js';
import Status from '../commands/status.js';
import Uninstall from '../commands/uninstall.js';

export const COMMANDS = {
  hook: Hook,
  init: Init,
  status: Status,
  uninstall: Uninstall,
};
