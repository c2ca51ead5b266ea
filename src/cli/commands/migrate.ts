import { BaseCommand } from './base-command.js';
import { Flags } from '@oclif/core';
import { MemError } from '../../core/errors.js';
import { findRepoRoot } from '../../core/git/repo-root.js';

/** `mem migrate`: move an old managed region out of CLAUDE.md into the team memory, once. */
export default class Migrate extends BaseCommand {
  static override summary =
    'Move the memory of an old managed region in CLAUDE.md/AGENTS.md to the team memory, and remove the region.';
  static override description =
    'Earlier versions of mem kept memory inside a marked region of the tracked CLAUDE.md. This moves its entries (ids kept) into the team memory, which mem sync shares through refs/mem/team, and cuts the region out of the file, bytes outside it untouched. Commit the file afterwards. mem init does the same.';
  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '{files, imported}';

  static override examples = ['<%= config.bin %> migrate'];
  static override flags = { json: Flags.boolean({ description: 'print what was done as JSON' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(Migrate);
    const root = findRepoRoot(process.cwd());
    if (!root) throw new MemError('NOT_A_GIT_REPO', 'mem migrate must run inside a git repository');
    const [{ migrateOldRegions }, { loadConfig }] = await Promise.all([
      import('../../team/migrate-region.js'),
      import('../../core/config/load-config.js'),
    ]);
    const result = await migrateOldRegions(root, loadConfig(root));
    if (flags.json) return this.printJson(result);
    if (result.files.length === 0) this.log('nothing to migrate: no old managed region in CLAUDE.md or AGENTS.md');
    else
      this.log(
        `moved ${result.imported} entr${result.imported === 1 ? 'y' : 'ies'} to team memory and removed the region from ${result.files.join(', ')}: commit ${result.files.join(' and ')}; \`mem sync\` shares the entries`,
      );
  }
}
