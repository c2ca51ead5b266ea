import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT, MemError } from '../../core/errors.js';
import { AGENT_IDS, AGENT_LABELS, parseAgentList, type AgentId } from '../../agents/agent-id.js';

export default class Init extends BaseCommand {
  static override summary = 'Set up mem in this repository (idempotent).';
  static override description = [
    "Creates .memory/config.json (kept when a teammate committed one), ignore rules for local state, mem's Claude Code hooks in .claude/settings.json (edited in place: the rest of the file keeps its bytes), a pre-push hook that runs mem sync (chained with an existing hook; core.hooksPath and husky respected), and the merge driver that merges CLAUDE.md/AGENTS.md entry by entry.",
    'In a terminal it first shows each file and what changes in it, and asks once; --yes (or no terminal) applies without asking. It ends with the git add line for the files your team shares. Running it twice changes nothing.',
    'Agents: --agent claude,codex,gemini sets up exactly those (Codex CLI: .codex/hooks.json; Gemini CLI: .gemini/settings.json). Without it, init sets up Claude Code and every agent whose folder the repository has (.codex/, .gemini/), and names the other agents it finds on this machine (their folder in your home, their command on PATH) with the --agent line that adds them.',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '{root, steps: [{step, changed, detail}], changes: [{step, path, action: create|edit|none, what, shared, fileMode?}], gitAdd: [path], ignored: [{path, rule}], agents: [claude|codex|gemini], notices: [text], hints: [text]}; with --dry-run: {root, changes}';
  static override examples = [
    '<%= config.bin %> init',
    '<%= config.bin %> init --yes',
    '<%= config.bin %> init --agent claude,codex,gemini',
    '<%= config.bin %> init --dry-run',
  ];
  static override flags = {
    yes: Flags.boolean({ char: 'y', description: 'apply without asking' }),
    'dry-run': Flags.boolean({ description: 'show what would change, change nothing' }),
    json: Flags.boolean({ description: 'print what was done as JSON (implies --yes)' }),
    agent: Flags.string({
      description: `comma-separated agents to set up: ${AGENT_IDS.join(', ')} (default: Claude Code and the agents found)`,
    }),
    'exec-form': Flags.boolean({
      description:
        'write Claude Code hooks in exec form (command + args, Claude Code ≥ 2.1.139; no shell, so a clone without mem installed gets a failing hook); default: the shell form, which every version runs and which does nothing where mem is not installed',
      allowNo: true,
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Init);
    const { planInit } = await import('../../setup/init.js');
    const { renderChanges, renderNextSteps } = await import('../../setup/render-init.js');
    const options: Parameters<typeof planInit>[0] = { cwd: process.cwd(), env: process.env };
    if (flags['exec-form'] !== undefined) options.execForm = flags['exec-form'];
    const interactive = !flags.yes && !flags.json && process.stdin.isTTY === true && process.stdout.isTTY === true;
    if (flags.agent !== undefined) options.agents = agentsFromFlag(flags.agent);
    const plan = planInit(options);

    if (flags['dry-run'] || interactive) {
      if (flags.json) return this.printJson({ root: plan.root, changes: plan.changes });
      if (plan.changes.every((change) => change.action === 'none')) {
        this.log(`mem is already set up in ${plan.root}: nothing to change.`);
        return;
      }
      this.log(
        [
          `mem init will make these changes in ${plan.root}:`,
          '',
          ...renderChanges(plan.changes, false),
          ...plan.hints.map((hint) => `  ${hint}`),
          '',
        ].join('\n'),
      );
      if (flags['dry-run']) return;
      const { askYesNo } = await import('../prompts/confirm.js');
      if (!(await askYesNo('Make these changes?', true))) {
        this.log('Nothing was changed.');
        process.exitCode = EXIT.failure;
        return;
      }
    }

    const report = await plan.apply();
    if (flags.json) return this.printJson(report);
    // Whoever answered has just read the plan: say it is done rather than show it again.
    const done = interactive
      ? [`Done: mem is set up in ${report.root}.`]
      : [
          `mem is set up in ${report.root}:`,
          '',
          ...renderChanges(report.changes, true),
          ...report.hints.map((hint) => `  ${hint}`),
        ];
    this.log(
      [
        ...done,
        ...renderNextSteps(
          report.gitAdd,
          report.notices,
          report.agents.map((agent) => AGENT_LABELS[agent]).join(', '),
          report.ignored,
        ),
      ].join('\n'),
    );
  }
}

function agentsFromFlag(text: string): AgentId[] {
  const { agents, unknown } = parseAgentList(text);
  if (unknown.length > 0 || agents.length === 0) {
    throw new MemError(
      'USAGE',
      `--agent: ${unknown.length > 0 ? `unknown agent ${unknown.map((name) => JSON.stringify(name)).join(', ')}` : 'no agent named'}`,
      {
        hint: `Name one or more of ${AGENT_IDS.join(', ')}, comma-separated: mem init --agent claude,codex`,
      },
    );
  }
  return agents;
}
