import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT, MemError } from '../../core/errors.js';
import { requireSetUp } from '../../core/set-up.js';
import type { ReviewConflict } from '../../team/review.js';
import { renderConflict } from '../review/render-conflict.js';
import { outputWidth, wrapText } from '../../core/text/wrap-text.js';

export default class Review extends BaseCommand {
  static override summary = 'Walk through memory conflicts: keep your version, theirs, both, or edit.';
  static override description = [
    'In a terminal, shows one conflict at a time from your side: "Your version" and the teammate\'s ("Alice\'s version"), who made each and when, and a word-level diff, then asks [m]ine / [t]heirs / [b]oth / [e]dit in $EDITOR / [s]kip / [q]uit. Without a terminal use --list, --json, or --resolve ID --take mine|theirs|both|edit (edit with --text; ours is an alias of mine).',
    'A settlement is an ordinary change of the team memory: the next mem sync (or push) shares it, and no clone is asked again. Exit 3 while conflicts remain.',
  ].join('\n\n');

  /** The --json shape, for the README reference (not --help). */
  static jsonShape = '[{id, section, base, ours, theirs, versions: [{label, mine, author, at, commit, section, text}], diff}]; with --resolve: {resolved, remaining}';

  static override examples = [
    '<%= config.bin %> review',
    '<%= config.bin %> review --json',
    '<%= config.bin %> review --resolve 01j9z3k4 --take theirs',
    '<%= config.bin %> review --resolve 01j9z3k4 --take edit --text "Use pnpm 9 everywhere."',
  ];

  static override flags = {
    list: Flags.boolean({ description: 'list open conflicts: both versions in full and their word-level difference' }),
    json: Flags.boolean({ description: 'print open conflicts as JSON (its shape: README, command reference)' }),
    resolve: Flags.string({ description: 'id of the conflict to settle (with --take)', dependsOn: ['take'] }),
    take: Flags.string({ description: 'which version to keep (ours = mine)', options: ['mine', 'theirs', 'both', 'edit', 'ours'], dependsOn: ['resolve'] }),
    text: Flags.string({ description: 'the settled text, with --take edit' }),
    interactive: Flags.boolean({ description: 'ask even without a terminal, reading one answer a line from standard input (for scripts and mem demo)', exclusive: ['list', 'json', 'resolve'] }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Review);
    const root = requireSetUp(process.cwd());
    // Loaded here, not at the top: every oclif command would otherwise pay for parsing the merge code.
    const { listReviewConflicts, resolveReviewConflict } = await import('../../team/review.js');
    if (flags.resolve !== undefined && flags.take !== undefined) {
      if (flags.take === 'edit' && (flags.text === undefined || flags.text.trim() === '')) throw new MemError('USAGE', '--take edit needs --text "the settled text"');
      const choice = flags.take === 'edit' ? { text: (flags.text ?? '').trim() } : (flags.take as 'mine' | 'ours' | 'theirs' | 'both');
      const remaining = await resolveReviewConflict(root, flags.resolve, choice);
      if (flags.json) this.printJson({ resolved: flags.resolve, remaining });
      else this.log(`resolved ${flags.resolve} (${flags.take}); ${remaining.length} conflict(s) left. \`mem sync\` shares it.`);
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
        this.log(renderConflict(conflict, `${conflict.id} (${conflict.section || 'no section'})`, outputWidth(process.stdout)).join('\n'));
      }
      if (conflicts.length > 0) this.log(['', ...wrapText(`${conflicts.length} conflict(s). Settle them with \`mem review\` in a terminal, or \`mem review --resolve <id> --take mine|theirs|both\`.`, outputWidth(process.stdout))].join('\n'));
    } else {
      const { left, interrupted } = await this.interactive(root, conflicts);
      // Note: 130 is what a shell reports for a command stopped by Ctrl+C (128 + SIGINT).
      process.exitCode = interrupted ? 130 : left > 0 ? EXIT.conflicts : EXIT.ok;
      return;
    }
    process.exitCode = conflicts.length > 0 ? EXIT.conflicts : EXIT.ok;
  }

  private async interactive(root: string, conflicts: ReviewConflict[]): Promise<{ left: number; interrupted: boolean }> {
    const { resolveReviewConflict } = await import('../../team/review.js');
    if (conflicts.length === 0) {
      this.log('no memory conflicts');
      return { left: 0, interrupted: false };
    }
    const rl = createInterface({ input: process.stdin, output: process.stdout });
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
      this.log(`\ninterrupted: ${settled === 0 ? 'nothing changed' : `the ${settled} conflict(s) settled before are kept, the rest left as they are`}; ${left} conflict(s) left.`);
      return { left, interrupted: true };
    };
    try {
      for (const [index, conflict] of conflicts.entries()) {
        this.log(`\n${renderConflict(conflict, `Conflict ${index + 1} of ${conflicts.length}: ${conflict.id} (${conflict.section || 'no section'})`, outputWidth(process.stdout)).join('\n')}`);
        for (;;) {
          const answer = (await ask('[m]ine / [t]heirs / [b]oth / [e]dit / [s]kip / [q]uit? ')).trim().toLowerCase();
          if (answer === 'q') return stopped();
          if (answer === 's') break;
          const take = answer === 'm' || answer === 'o' ? 'mine' : answer === 't' ? 'theirs' : answer === 'b' ? 'both' : null;
          if (take) {
            left = (await resolveReviewConflict(root, conflict.id, take)).length;
            break;
          }
          if (answer === 'e') {
            const text = editInEditor(conflict.ours ?? conflict.theirs ?? '');
            if (text === null) {
              this.log('editor failed; conflict left as it is');
              continue;
            }
            left = (await resolveReviewConflict(root, conflict.id, { text })).length;
            break;
          }
        }
      }
    } finally {
      rl.close();
    }
    this.log(`${left} conflict(s) left.${left < conflicts.length ? ' `mem sync` (or your next push) shares the resolutions.' : ''}`);
    return { left, interrupted: false };
  }
}

function editInEditor(initial: string): string | null {
  const dir = mkdtempSync(join(tmpdir(), 'mem-review-'));
  const file = join(dir, 'entry.md');
  try {
    writeFileSync(file, `${initial}\n`);
    const editor = process.env['VISUAL'] ?? process.env['EDITOR'] ?? 'vi';
    const result = spawnSync(`${editor} "${file}"`, { stdio: 'inherit', shell: true });
    if (result.status !== 0) return null;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
