import { Args, Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT } from '../../core/errors.js';
import type { RememberOutcome } from '../../durable/remember.js';

/** `mem remember "<text>"`: add a memory through the quality filter. */
export default class Remember extends BaseCommand {
  static override summary = 'Remember a rule for every future session, through the same quality filter as the hooks.';
  static override description = [
    'The text is rewritten as a standalone rule, given a section (--section, or guessed from its wording), and checked by the quality filter. Exit 0 when remembered or already remembered; exit 1 when the filter refuses it (the reasons are printed) or it contradicts an entry (flagged: --force supersedes it).',
    'On a branch other than the default one the entry is scoped to that branch: seen there only (and in its worktrees), and team-wide once the branch lands. --team writes it team-wide at once; --branch <name> scopes it to another branch.',
    '--force overrides the soft rules (too short, vague, ephemeral…), never secrets, prompt injection, invisible Unicode or a question. --personal writes to CLAUDE.local.md, which is never shared.',
    'Quote a rule that contains backticks with single quotes: inside double quotes the shell runs them.',
  ].join('\n\n');
  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '{status: added|updated|duplicate|refused|contradiction|pending, id, text, section, personal, scope, files, reasons: [{code, explanation}], target: {id, text}|null, warnings}';

  static override examples = [
    '<%= config.bin %> remember "Use pnpm, not npm."',
    "<%= config.bin %> remember 'Tests need `docker compose up db` first' --section Gotchas",
    '<%= config.bin %> remember "Migrations are applied by the release job" --anchor db/migrations/',
    '<%= config.bin %> remember "Answer in short paragraphs" --personal',
  ];

  static override strict = false;
  static override args = {
    text: Args.string({ description: 'the rule to remember (quote it, or pass several words)', required: false }),
  };
  static override flags = {
    section: Flags.string({ char: 's', description: 'section to file it under (one of region.sections)' }),
    personal: Flags.boolean({ description: 'remember it for you only, in CLAUDE.local.md (never shared)' }),
    team: Flags.boolean({
      description: 'team-wide even on a feature branch (seen on every branch at once)',
      exclusive: ['branch', 'personal'],
    }),
    branch: Flags.string({
      description: 'scope it to this branch: seen only where HEAD is on it, until it lands',
      exclusive: ['team', 'personal'],
    }),
    force: Flags.boolean({
      char: 'f',
      description:
        'override soft filter rules and supersede a contradicted entry (never secrets, injection or a question)',
    }),
    anchor: Flags.string({
      description: 'a committed path or glob the rule is about (repeatable): `mem check` flags the entry when it goes',
      multiple: true,
    }),
    json: Flags.boolean({ description: 'print the outcome as JSON (its shape: README, command reference)' }),
  };

  async run(): Promise<void> {
    const { argv, flags } = await this.parse(Remember);
    const [{ rememberEntry }, { teamSharedMemory }] = await Promise.all([
      import('../../durable/remember.js'),
      import('../../team/shared-memory.js'),
    ]);
    const outcome = await rememberEntry(process.cwd(), (argv as string[]).join(' '), teamSharedMemory, {
      ...(flags.section === undefined ? {} : { section: flags.section }),
      personal: flags.personal,
      force: flags.force,
      env: process.env,
      ...(flags.team ? { scope: null } : flags.branch !== undefined ? { scope: flags.branch } : {}),
      ...(flags.anchor === undefined ? {} : { anchors: flags.anchor }),
    });
    for (const warning of outcome.warnings) process.stderr.write(`mem remember: warning: ${warning}\n`);
    process.exitCode = outcome.status === 'refused' || outcome.status === 'contradiction' ? EXIT.failure : EXIT.ok;
    if (flags.json) return this.printJson(outcome);
    const { out, err } = renderRemember(outcome);
    if (out) this.log(out);
    if (err) process.stderr.write(`${err}\n`);
  }
}

/** Returns what a human sees: the id on success (stdout), the reasons on refusal (stderr). */
function renderRemember(outcome: RememberOutcome): { out: string; err: string } {
  const where = outcome.personal
    ? 'CLAUDE.local.md, personal'
    : outcome.scope !== null
      ? `${outcome.section}, on branch ${outcome.scope} until it lands`
      : outcome.section;
  switch (outcome.status) {
    case 'added':
      return { out: `remembered as ${outcome.id ?? '?'} (${where}): ${outcome.text ?? ''}`, err: '' };
    case 'updated':
      return { out: `updated ${outcome.id ?? '?'} (${where}): ${outcome.text ?? ''}`, err: '' };
    case 'duplicate':
      return {
        out: `already remembered as ${outcome.id ?? outcome.target?.id ?? '?'}${outcome.target ? `: ${outcome.target.text}` : ''}`,
        err: '',
      };
    case 'contradiction':
      return {
        out: '',
        err: [
          `mem remember: not remembered: it contradicts ${outcome.target?.id ?? 'an existing entry'}${outcome.target ? `: ${outcome.target.text}` : ''}`,
          ...outcome.reasons
            .filter((reason) => reason.code !== 'contradiction')
            .map((reason) => `  ${reason.code}: ${reason.explanation}`),
          `  hint: run again with --force to replace that entry, or \`mem forget ${outcome.target?.id ?? '<id>'}\` first.`,
        ].join('\n'),
      };
    case 'pending':
      return {
        out: `held for review${outcome.id ? ` as ${outcome.id}` : ''} (pending, not remembered): ${outcome.text ?? ''}`,
        err: [
          ...outcome.reasons.map((reason) => `  ${reason.code}: ${reason.explanation}`),
          `  hint: a person accepts it with \`mem candidates --accept ${outcome.id ?? '<id>'}\` or drops it with --reject.`,
        ].join('\n'),
      };
    case 'refused':
      return {
        out: '',
        err: [
          `mem remember: not remembered:`,
          ...outcome.reasons.map((reason) => `  ${reason.code}: ${reason.explanation}`),
          ...(outcome.reasons.some((reason) => ['secret', 'injection', 'invisible-unicode'].includes(reason.code))
            ? []
            : ['  hint: reword it, or use --force to override these rules.']),
        ].join('\n'),
      };
  }
}
