import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT, MemError } from '../../core/errors.js';
import { requireSetUp } from '../../core/set-up.js';
import type { ReviewConflict } from '../../team/review.js';
import { renderConflict } from '../review/render-conflict.js';
import { outputWidth, wrapText } from '../../core/text/wrap-text.js';
import { nodeChildProcess, nodeReadlinePromises } from '../../core/lazy-builtins.js';
import { terminalSafe } from '../../core/text/terminal-safe.js';

export default class Review extends BaseCommand {
  static override summary = 'Walk through memory conflicts: keep your version, theirs, both, or edit.';
  static override description = [
    'In a terminal, shows one conflict at a time from your side: "Your version" and the teammate\'s ("Alice\'s version"), who made each and when, and a word-level diff, then asks [m]ine / [t]heirs / [b]oth / [e]dit in $EDITOR / [s]kip / [q]uit. Without a terminal use --list, --json, or --resolve ID --take mine|theirs|both|edit (edit with --text; ours is an alias of mine).',
    'Entries of a branch that was deleted on the remote without landing, or that nothing touched for scope.abandonDays, wait here too: --branches lists them; --branch NAME --take promote (team-wide now), keep (stay on the branch) or forget.',
    'With --stale, walks the entries whose files, scripts or targets no longer exist at HEAD (see mem check): [v]erify (still true: anchored again at HEAD), [r]ewrite (new text, anchored again; where git saw the path move, the rewrite to the new path is offered), [f]orget. Without a terminal: --stale --json lists them, --stale --resolve ID --take verify|rewrite|forget [--text] settles one (rewrite without --text takes the pending rewrite).',
    "With --held, lists the teammates' entries the injection gate held (one weak sign; not in this clone's memory until a person decides), each with the rule that held it, and in a terminal asks [l]et in / [k]eep out / [s]kip / [q]uit. Without a terminal: --let-in ID or --keep-out ID. Only a person lets one in: run by an agent, --let-in is refused. Entries the gate refused outright stay quarantined.",
    'A settlement is an ordinary change of the team memory: the next mem sync (or push) shares it, and no clone is asked again. Exit 3 while conflicts remain.',
  ].join('\n\n');

  /** The --json shape, for the README reference (not --help). */
  static jsonShape =
    '[{id, section, base, ours, theirs, versions: [{label, mine, author, at, commit, scope, section, text}], diff}]; with --resolve: {resolved, remaining}; with --held: [{id, section, text, reasons, at, author, keptOut}]; with --let-in/--keep-out: {id, take, waiting}';

  static override examples = [
    '<%= config.bin %> review',
    '<%= config.bin %> review --json',
    '<%= config.bin %> review --resolve 01j9z3k4 --take theirs',
    '<%= config.bin %> review --resolve 01j9z3k4 --take edit --text "Use pnpm 9 everywhere."',
    '<%= config.bin %> review --stale --resolve m3f9a1c2 --take rewrite',
    '<%= config.bin %> review --held',
    '<%= config.bin %> review --let-in m7c1d2e3',
  ];

  static override flags = {
    list: Flags.boolean({ description: 'list open conflicts: both versions in full and their word-level difference' }),
    json: Flags.boolean({ description: 'print open conflicts as JSON (its shape: README, command reference)' }),
    resolve: Flags.string({
      description: 'id of the conflict to settle (with --take)',
      dependsOn: ['take'],
      exclusive: ['branch'],
    }),
    take: Flags.string({
      description:
        'which version to keep (ours = mine); for --branch: promote, keep or forget; for --stale: verify, rewrite or forget',
      options: ['mine', 'theirs', 'both', 'edit', 'ours', 'promote', 'keep', 'forget', 'verify', 'rewrite'],
    }),
    stale: Flags.boolean({
      description:
        'walk the stale entries (their files, scripts or targets are gone at HEAD): verify, rewrite or forget',
      exclusive: ['branch', 'branches'],
    }),
    branches: Flags.boolean({ description: 'list the branches that did not land whose entries await a decision' }),
    branch: Flags.string({
      description: 'the abandoned branch to settle (with --take promote|keep|forget)',
      dependsOn: ['take'],
    }),
    text: Flags.string({ description: 'the settled text, with --take edit' }),
    held: Flags.boolean({
      description: "the teammates' entries the injection gate held for a person: let in or keep out",
      exclusive: ['branch', 'branches', 'stale', 'resolve'],
    }),
    'let-in': Flags.string({
      description: "let the held team entry with this id into this clone's memory (a person only)",
      exclusive: ['keep-out', 'branch', 'branches', 'stale', 'resolve'],
    }),
    'keep-out': Flags.string({
      description: "keep the held team entry with this id out of this clone's memory (a person only)",
      exclusive: ['let-in', 'branch', 'branches', 'stale', 'resolve'],
    }),
    interactive: Flags.boolean({
      description:
        'ask even without a terminal, reading one answer a line from standard input (for scripts and mem demo)',
      exclusive: ['list', 'json', 'resolve'],
    }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Review);
    const root = requireSetUp(process.cwd());
    // Loaded here, not at the top: every oclif command would otherwise pay for parsing the merge code.
    const { listReviewConflicts, resolveReviewConflict } = await import('../../team/review.js');
    if (flags.branch !== undefined || flags.branches)
      return this.branchesReview(root, flags.branch, flags.take, flags.json);
    if (flags.stale) return this.staleReview(root, flags);
    if (flags.held || flags['let-in'] !== undefined || flags['keep-out'] !== undefined)
      return this.heldReview(root, flags['let-in'], flags['keep-out'], flags);
    if (flags.take !== undefined && flags.resolve === undefined)
      throw new MemError('USAGE', '--take needs --resolve ID (a conflict) or --branch NAME (an abandoned branch)');
    if (flags.resolve !== undefined && flags.take !== undefined) {
      if (['promote', 'keep', 'forget'].includes(flags.take))
        throw new MemError('USAGE', `--take ${flags.take} settles a branch: use it with --branch NAME`, {
          hint: 'A conflict takes mine, theirs, both or edit.',
        });
      if (flags.take === 'edit' && (flags.text === undefined || flags.text.trim() === ''))
        throw new MemError('USAGE', '--take edit needs --text "the settled text"');
      const choice =
        flags.take === 'edit'
          ? { text: (flags.text ?? '').trim() }
          : (flags.take as 'mine' | 'ours' | 'theirs' | 'both');
      const { resolved, remaining } = await resolveReviewConflict(root, flags.resolve, choice);
      if (flags.json) this.printJson({ resolved, remaining });
      else
        this.log(`resolved ${resolved} (${flags.take}); ${remaining.length} conflict(s) left. \`mem sync\` shares it.`);
      process.exitCode = remaining.length > 0 ? EXIT.conflicts : EXIT.ok;
      return;
    }
    const conflicts = listReviewConflicts(root);
    if (flags.json) {
      this.printJson(conflicts);
    } else if (flags.list || (!flags.interactive && (!process.stdin.isTTY || !process.stdout.isTTY))) {
      if (conflicts.length === 0) this.log('no memory conflicts');
      for (const [index, conflict] of conflicts.entries()) {
        if (index > 0) this.log('');
        this.log(
          renderConflict(
            conflict,
            `${conflict.id} (${conflict.section || 'no section'})`,
            outputWidth(process.stdout),
          ).join('\n'),
        );
      }
      if (conflicts.length > 0)
        this.log(
          [
            '',
            ...wrapText(
              `${conflicts.length} conflict(s). Settle them with \`mem review\` in a terminal, or \`mem review --resolve <id> --take mine|theirs|both\`.`,
              outputWidth(process.stdout),
            ),
          ].join('\n'),
        );
      await this.noteHeld(root);
    } else {
      const { left, interrupted } = await this.interactive(root, conflicts);
      await this.noteHeld(root);
      // Note: 130 is what a shell reports for a command stopped by Ctrl+C (128 + SIGINT).
      process.exitCode = interrupted ? 130 : left > 0 ? EXIT.conflicts : EXIT.ok;
      return;
    }
    process.exitCode = conflicts.length > 0 ? EXIT.conflicts : EXIT.ok;
  }

  /** One line when teammates' entries wait for a person: `mem review` alone shows conflicts. */
  private async noteHeld(root: string): Promise<void> {
    const { listHeldEntries } = await import('../../team/held-state.js');
    const waiting = listHeldEntries(root).length;
    if (waiting > 0)
      this.log(
        `\n${waiting} team entr${waiting === 1 ? 'y waits' : 'ies wait'} for review (held by the injection gate): \`mem review --held\`.`,
      );
  }

  /** `--held` lists the held team entries (or walks them in a terminal); `--let-in ID` / `--keep-out ID` settles one. */
  private async heldReview(
    root: string,
    letIn: string | undefined,
    keepOut: string | undefined,
    flags: { json: boolean; list: boolean; interactive: boolean },
  ): Promise<void> {
    const { listHeldEntries } = await import('../../team/held-state.js');
    const { decideHeldEntry } = await import('../../team/decide-held-entry.js');
    const given = letIn ?? keepOut;
    if (given !== undefined) {
      const outcome = await decideHeldEntry(root, given, letIn !== undefined ? 'let-in' : 'keep-out', {
        env: process.env,
      });
      if (flags.json) return this.printJson(outcome);
      this.log(
        `${outcome.take === 'let-in' ? "let in (now in this clone's memory)" : 'kept out'}: ${outcome.id}; ${outcome.waiting.length} team entr${outcome.waiting.length === 1 ? 'y waits' : 'ies wait'} for review.`,
      );
      return;
    }
    const held = listHeldEntries(root, { all: true });
    if (flags.json) return this.printJson(held);
    const describe = (entry: (typeof held)[number]) =>
      [
        `${entry.id} (${entry.section || 'no section'})${entry.author === null ? '' : `, from ${terminalSafe(entry.author)}`}${entry.keptOut ? ', kept out' : ''}`,
        `  held by: ${entry.reasons.join(', ') || 'the injection gate'}`,
        `  ${terminalSafe(entry.text.replace(/\s*\n\s*/g, ' '))}`,
      ].join('\n');
    const waiting = held.filter((entry) => !entry.keptOut);
    if (flags.list || waiting.length === 0 || (!flags.interactive && (!process.stdin.isTTY || !process.stdout.isTTY))) {
      this.log(
        held.length === 0
          ? 'no team entries wait for review'
          : `${held.map(describe).join('\n\n')}\n\nLet one in with \`mem review --let-in <id>\` (a person, not an agent), or keep it out with \`mem review --keep-out <id>\` (a person too).`,
      );
      return;
    }
    const rl = nodeReadlinePromises().createInterface({ input: process.stdin, output: process.stdout });
    const lines = rl[Symbol.asyncIterator]();
    try {
      for (const entry of waiting) {
        this.log(`\n${describe(entry)}`);
        process.stdout.write('[l]et in / [k]eep out / [s]kip / [q]uit? ');
        const next = await lines.next();
        const answer = next.done ? 'q' : String(next.value).trim().toLowerCase();
        if (answer.startsWith('q')) break;
        const take = answer.startsWith('l') ? 'let-in' : answer.startsWith('k') ? 'keep-out' : null;
        if (take === null) continue;
        try {
          await decideHeldEntry(root, entry.id, take, { env: process.env });
        } catch (error) {
          this.log(`not settled: ${(error as Error).message}`);
        }
      }
    } finally {
      rl.close();
    }
    const left = listHeldEntries(root).length;
    this.log(`${left} team entr${left === 1 ? 'y waits' : 'ies wait'} for review.`);
  }

  /** `--stale`: lists the stale entries, settles one (`--resolve ID --take verify|rewrite|forget`), or walks them in a terminal. */
  private async staleReview(
    root: string,
    flags: {
      resolve?: string | undefined;
      take?: string | undefined;
      text?: string | undefined;
      json: boolean;
      list: boolean;
      interactive: boolean;
    },
  ): Promise<void> {
    const { listStaleEntries, settleStaleEntry } = await import('../../durable/settle-stale.js');
    const { teamSharedMemory } = await import('../../team/shared-memory.js');
    const choiceOf = (take: string | undefined, text: string | undefined) => {
      if (take !== 'verify' && take !== 'rewrite' && take !== 'forget')
        throw new MemError('USAGE', `--stale takes verify, rewrite or forget, not ${take ?? 'nothing'}`, {
          hint: 'Example: mem review --stale --resolve m3f9a1c2 --take verify',
        });
      return take === 'rewrite' && text !== undefined && text.trim() !== '' ? { text: text.trim() } : take;
    };
    if (flags.resolve !== undefined) {
      const remaining = await settleStaleEntry(root, flags.resolve, choiceOf(flags.take, flags.text), teamSharedMemory);
      if (flags.json) this.printJson({ resolved: flags.resolve, remaining });
      else
        this.log(
          `${flags.take === 'verify' ? 'verified' : flags.take === 'forget' ? 'forgot' : 'rewrote'} ${flags.resolve}; ${remaining.length} stale entr${remaining.length === 1 ? 'y' : 'ies'} left. \`mem sync\` shares it.`,
        );
      process.exitCode = remaining.length > 0 ? EXIT.failure : EXIT.ok;
      return;
    }
    let stale = await listStaleEntries(root);
    if (flags.json) return this.printJson(stale);
    const describe = (entry: (typeof stale)[number]) =>
      [
        `${entry.id} (${entry.section}): ${entry.text.replace(/\s*\n\s*/g, ' ')}`,
        ...entry.reasons.map((reason) => `  - ${reason}`),
        ...(entry.rewrite === null ? [] : [`  pending rewrite: ${entry.rewrite}`]),
      ].join('\n');
    if (flags.list || (!flags.interactive && (!process.stdin.isTTY || !process.stdout.isTTY))) {
      this.log(
        stale.length === 0
          ? 'no stale memories'
          : `${stale.map(describe).join('\n\n')}\n\nSettle one with \`mem review --stale --resolve <id> --take verify|rewrite|forget\` (rewrite: --text, or the pending rewrite).`,
      );
      process.exitCode = stale.length > 0 ? EXIT.failure : EXIT.ok;
      return;
    }
    const rl = nodeReadlinePromises().createInterface({ input: process.stdin, output: process.stdout });
    const lines = rl[Symbol.asyncIterator]();
    const ask = async (prompt: string): Promise<string> => {
      process.stdout.write(prompt);
      const next = await lines.next();
      return next.done ? 'q' : String(next.value).trim();
    };
    try {
      for (const entry of [...stale]) {
        this.log(`\n${describe(entry)}`);
        const answer = (await ask('[v]erify (still true) / [r]ewrite / [f]orget / [s]kip / [q]uit? ')).toLowerCase();
        if (answer.startsWith('q')) break;
        if (answer.startsWith('v')) stale = await settleStaleEntry(root, entry.id, 'verify', teamSharedMemory);
        else if (answer.startsWith('f')) stale = await settleStaleEntry(root, entry.id, 'forget', teamSharedMemory);
        else if (answer.startsWith('r')) {
          const text = await ask(entry.rewrite === null ? 'new text: ' : `new text (Enter takes: ${entry.rewrite}): `);
          stale = await settleStaleEntry(root, entry.id, text === '' ? 'rewrite' : { text }, teamSharedMemory);
        }
      }
    } finally {
      rl.close();
    }
    this.log(`${stale.length} stale entr${stale.length === 1 ? 'y' : 'ies'} left.`);
    process.exitCode = stale.length > 0 ? EXIT.failure : EXIT.ok;
  }

  /** `--branches` lists the abandoned branches; `--branch NAME --take promote|keep|forget` settles one. */
  private async branchesReview(
    root: string,
    branch: string | undefined,
    take: string | undefined,
    json: boolean,
  ): Promise<void> {
    const { listAbandonedBranches, settleAbandonedBranch } = await import('../../team/review.js');
    if (branch === undefined) {
      const waiting = listAbandonedBranches(root);
      if (json) return this.printJson(waiting);
      if (waiting.length === 0) this.log('no branch entries await a decision');
      for (const item of waiting) {
        this.log(
          `${item.branch} (${item.reason === 'gone' ? 'deleted on the remote without landing' : 'untouched for a long time'}): ${item.entries.length} entr${item.entries.length === 1 ? 'y' : 'ies'}`,
        );
        for (const entry of item.entries)
          this.log(`  ${entry.id.slice(0, 8)}  ${entry.text.replace(/\s*\n\s*/g, ' ')}`);
      }
      if (waiting.length > 0) this.log('\nSettle one with `mem review --branch <name> --take promote|keep|forget`.');
      return;
    }
    if (take !== 'promote' && take !== 'keep' && take !== 'forget')
      throw new MemError('USAGE', `--branch takes promote, keep or forget, not ${take ?? 'nothing'}`, {
        hint: `Example: mem review --branch ${branch} --take promote`,
      });
    let remaining;
    if (take === 'forget') {
      const waiting = listAbandonedBranches(root).find((item) => item.branch === branch);
      if (waiting === undefined)
        throw new MemError('NOT_FOUND', `no entries of branch "${branch}" await a decision`, {
          hint: 'Run `mem review --branches` to see the branches that do.',
        });
      const { forgetEntry } = await import('../../durable/forget.js');
      const { teamSharedMemory } = await import('../../team/shared-memory.js');
      remaining = await settleAbandonedBranch(root, branch, 'keep', new Date());
      for (const entry of waiting.entries) await forgetEntry(root, entry.id, teamSharedMemory);
    } else remaining = await settleAbandonedBranch(root, branch, take, new Date());
    if (json) return this.printJson({ branch, take, remaining });
    this.log(
      `${take === 'promote' ? 'promoted' : take === 'keep' ? 'kept on the branch' : 'forgot'} the entries of ${branch}; ${remaining.length} branch(es) left.${take === 'keep' ? '' : ' `mem sync` shares it.'}`,
    );
  }

  private async interactive(
    root: string,
    conflicts: ReviewConflict[],
  ): Promise<{ left: number; interrupted: boolean }> {
    const { resolveReviewConflict } = await import('../../team/review.js');
    if (conflicts.length === 0) {
      this.log('no memory conflicts');
      return { left: 0, interrupted: false };
    }
    const rl = nodeReadlinePromises().createInterface({ input: process.stdin, output: process.stdout });
    // Ctrl+C at a prompt stops the review: the conflict on screen stays as it is (answers already
    // given were saved one by one and are kept).
    let interrupted = false;
    rl.on('SIGINT', () => {
      interrupted = true;
      rl.close();
    });
    // Note: an async line iterator buffers answers typed ahead (or pasted) instead of dropping them
    // between prompts, and ends cleanly on Ctrl+D, which counts as quit.
    const lines = rl[Symbol.asyncIterator]();
    const ask = async (prompt: string): Promise<string> => {
      process.stdout.write(prompt);
      const next = await lines.next();
      return next.done ? 'q' : String(next.value);
    };
    let left = conflicts.length;
    const stopped = (): { left: number; interrupted: boolean } => {
      if (!interrupted) return { left, interrupted: false };
      const settled = conflicts.length - left;
      this.log(
        `\ninterrupted: ${settled === 0 ? 'nothing changed' : `the ${settled} conflict(s) settled before are kept, the rest left as they are`}; ${left} conflict(s) left.`,
      );
      return { left, interrupted: true };
    };
    try {
      for (const [index, conflict] of conflicts.entries()) {
        this.log(
          `\n${renderConflict(conflict, `Conflict ${index + 1} of ${conflicts.length}: ${conflict.id} (${conflict.section || 'no section'})`, outputWidth(process.stdout)).join('\n')}`,
        );
        for (;;) {
          const answer = (await ask('[m]ine / [t]heirs / [b]oth / [e]dit / [s]kip / [q]uit? ')).trim().toLowerCase();
          if (answer === 'q') return stopped();
          if (answer === 's') break;
          const take =
            answer === 'm' || answer === 'o' ? 'mine' : answer === 't' ? 'theirs' : answer === 'b' ? 'both' : null;
          if (take) {
            left = (await resolveReviewConflict(root, conflict.id, take)).remaining.length;
            break;
          }
          if (answer === 'e') {
            const text = editInEditor(conflict.ours ?? conflict.theirs ?? '');
            if (text === null) {
              this.log('editor failed; conflict left as it is');
              continue;
            }
            left = (await resolveReviewConflict(root, conflict.id, { text })).remaining.length;
            break;
          }
        }
      }
    } finally {
      rl.close();
    }
    this.log(
      `${left} conflict(s) left.${left < conflicts.length ? ' `mem sync` (or your next push) shares the resolutions.' : ''}`,
    );
    return { left, interrupted: false };
  }
}

function editInEditor(initial: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'mem-review-'));
  const file = join(dir, 'entry.md');
  try {
    writeFileSync(file, `${initial}\n`);
    const editor = process.env['VISUAL'] ?? process.env['EDITOR'] ?? 'vi';
    const result = nodeChildProcess().spawnSync(`${editor} "${file}"`, { stdio: 'inherit', shell: true });
    if (result.status !== 0) return null;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
