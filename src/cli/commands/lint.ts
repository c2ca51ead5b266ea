import { Command } from '@oclif/core';
import { oclifFlags } from './oclif-flags.js';
import { LINT_FLAGS } from '../flags/lint-flags.js';

/** `mem lint`: what each agent loads at start-up, measured, and the problems in it. */
export default class Lint extends Command {
  static override summary =
    'Show what Claude Code, Codex and Gemini CLI load at start-up (files, bytes, tokens) and check it.';
  static override description = [
    "Per agent, the files it loads when started at the repository root (or in --dir): the CLAUDE.md hierarchy with its @ imports and .claude/rules (path-scoped ones apart), the AGENTS.md chain under Codex's byte cap, the GEMINI.md hierarchy with context.fileName; bytes and estimated tokens (bytes/4) each and in total.",
    'Findings carry file:line, a level (info, warning, error) and a stable code (docs/lint.md). Exit 1 when a finding at or above --max-level exists (default: lint.maxLevel in .memory/config.json, else error), 0 otherwise, 2 on bad usage. Reads only; works without mem init.',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '{dir, tokenEstimate, agents: [{agent, dir, files: [{path, reason, bytes, tokens, importedFrom?, globs?, keptBytes?}], scoped: [...], bytes, tokens, capBytes?}], findings: [{code, level, file, line, message, related?: {file, line}}], counts: {info, warning, error}}';
  static override examples = [
    '<%= config.bin %> lint',
    '<%= config.bin %> lint --agent codex --dir packages/api',
    '<%= config.bin %> lint --json --max-level warning',
  ];
  static override flags = oclifFlags(LINT_FLAGS);

  /** bin/run.js runs `mem lint` through its own bundle (cli/entry/lint.ts, no oclif); this class is its help. */
  async run(): Promise<void> {
    const { runLintCli } = await import('../entry/lint.js');
    process.exitCode = await runLintCli(this.argv);
  }
}
