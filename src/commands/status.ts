import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';

export default class Status extends BaseCommand {
  static override summary = 'What is pending: sessions, hook runs and errors, unsynced changes, conflicts, sync failures.';
  static override examples = ['<%= config.bin %> status', '<%= config.bin %> status --json'];
  static override flags = { json: Flags.boolean({ description: 'print the status as JSON (stable shape, see README)' }) };

  async run(): Promise<void> {
    const { flags } = await this.parse(Status);
    const { readStatus } = await import('../app/status.js');
    const { renderStatus } = await import('./render-status.js');
    const status = await readStatus(process.cwd());
    if (flags.json) return this.printJson(status);
    this.log(renderStatus(status));
  }
}
