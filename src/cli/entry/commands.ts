/** oclif's explicit command map: every command the CLI ships, by id. */
import Demo from '../commands/demo.js';
import Hook from '../commands/hook.js';
import Init from '../commands/init.js';
import Review from '../commands/review.js';
import Status from '../commands/status.js';
import Sync from '../commands/sync.js';
import Uninstall from '../commands/uninstall.js';
import Search from '../commands/search.js';
import List from '../commands/list.js';
import Remember from '../commands/remember.js';
import Check from '../commands/check.js';
import Forget from '../commands/forget.js';
import Candidates from '../commands/candidates.js';
import Render from '../commands/render.js';
import Migrate from '../commands/migrate.js';
import Blame from '../commands/blame.js';
import Compact from '../commands/compact.js';
import Lint from '../commands/lint.js';
import HandoffShare from '../commands/handoff/share.js';
import HandoffUnshare from '../commands/handoff/unshare.js';
import HandoffList from '../commands/handoff/list.js';
import HandoffShow from '../commands/handoff/show.js';

export const COMMANDS = {
  review: Review,
  search: Search,
  demo: Demo,
  hook: Hook,
  init: Init,
  status: Status,
  sync: Sync,
  uninstall: Uninstall,
  list: List,
  remember: Remember,
  check: Check,
  forget: Forget,
  candidates: Candidates,
  render: Render,
  migrate: Migrate,
  blame: Blame,
  compact: Compact,
  lint: Lint,
  'handoff:share': HandoffShare,
  'handoff:unshare': HandoffUnshare,
  'handoff:list': HandoffList,
  'handoff:show': HandoffShow,
};
