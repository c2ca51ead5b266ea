import { Args, Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';

export default class Hook extends BaseCommand {
  static override summary = 'Agent integration: run a Claude Code hook (reads the hook JSON on stdin).';
  static override description = [
    'Events: session-start, user-prompt-submit, post-tool-use, pre-compact, stop (alias after-turn), subagent-stop, session-end.',
    'A hook never breaks the agent: it always exits 0 and prints nothing or one JSON object; problems are logged under .memory/state/ and shown by mem status.',
  ].join('\n\n');
  static override args = { event: Args.string({ description: 'hook event', required: true }) };
  static override flags = {
    agent: Flags.string({
      description:
        'the agent whose hook payload this is: claude (default), codex or gemini (what mem init writes for Codex and Gemini)',
    }),
  };
  static override examples = [
    'echo \'{"session_id":"abc","transcript_path":"/path/t.jsonl","cwd":"."}\' | <%= config.bin %> hook stop',
  ];

  /** bin/run.js runs `mem hook` through its own bundle (cli/entry/hook.ts: a hook never loads oclif); this class is its help. */
  async run(): Promise<void> {
    const { runHookCli } = await import('../entry/hook.js');
    await runHookCli(this.argv);
  }
}
