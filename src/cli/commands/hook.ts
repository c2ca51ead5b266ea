import { Args } from '@oclif/core';
import { BaseCommand } from './base-command.js';

export default class Hook extends BaseCommand {
  static override summary = 'Agent integration: run a Claude Code hook (reads the hook JSON on stdin).';
  // Note: bin/run.js dispatches `mem hook` before oclif loads; this class exists for help and docs.
  static override description = [
    'Events: session-start, user-prompt-submit, post-tool-use, pre-compact, stop (alias after-turn), subagent-stop, session-end.',
    'A hook never breaks the agent: it always exits 0 and prints nothing or one JSON object; problems are logged under .memory/state/ and shown by mem status.',
  ].join('\n\n');
  static override args = { event: Args.string({ description: 'hook event', required: true }) };
  static override examples = ['echo \'{"session_id":"abc","transcript_path":"/path/t.jsonl","cwd":"."}\' | <%= config.bin %> hook stop'];

  async run(): Promise<void> {
    const { args } = await this.parse(Hook);
    const { runHookCli } = await import('../entry/hook.js');
    await runHookCli([args.event]);
  }
}
