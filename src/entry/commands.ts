/** oclif's explicit command map: every command the CLI ships, by id. */
import Hook from '../commands/hook.js';
import Init from '../commands/init.js';
import Review from '../commands/review.js';
import Status from '../commands/status.js';
import Sync from '../commands/sync.js';
import Uninstall from '../commands/uninstall.js';
import Search from '../commands/search.js';

export const COMMANDS = {
  review: Review,
  search: Search,
  hook: Hook,
  init: Init,
  status: Status,
  sync: Sync,
  uninstall: Uninstall,
};
