import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Flags } from '@oclif/core';
import { BaseCommand } from './base-command.js';
import { EXIT, MemError } from '../../core/errors.js';
import { findRepoRoot } from '../../core/git/repo-root.js';
import type { ReviewConflict } from '../../team/review.js';

export default class Review extends BaseCommand {
  static override summary = 'Walk through memory conflicts: keep ours, theirs, both, or edit.';
  static override description = [
    'In a terminal, shows one conflict at a time with its base, ours and theirs versions and asks',
    '[o]urs / [t]heirs / [b]oth / [e]dit in $EDITOR / [s]kip / [q]uit. Without a terminal use --list, --json,',
    'or --resolve ID --take ours|theirs|both. A resolution is an ordinary change to CLAUDE.md; the next',
    '`mem sync` (or push) shares it. Exit 3 while conflicts remain.',
  ].join('\n');

  static override examples = [
    '<%= config.bin %> review',
    '<%= config.bin %> review --json',
    '<%= config.bin %> review --resolve 01j9z3k4 --take theirs',
  ];

  static override flags = {
    list: Flags.boolean({ description: 'list open conflicts, one per line' }),
    json: Flags.boolean({ description: 'print open conflicts as JSON: [{id, section, base, ours, theirs}]' }),
    resolve: Flags.string({ description: 'id of the conflict to settle (with --take)', dependsOn: ['take'] }),
    take: Flags.string({ description: 'which version to keep', options: ['ours', 'theirs', 'both'], dependsOn: ['resolve'] }),
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Review);
    const root = findRepoRoot(process.cwd());
    if (!root) throw new MemError('NOT_A_GIT_REPO', 'mem review must run inside a git repository');
    // Loaded here, not at the top: every oclif command would otherwise pay for parsing the merge code.
    const { listReviewConflicts, resolveReviewConflict } = await import('../../team/review.js');
    if (flags.resolve !== undefined && flags.take !== undefined) {
      const remaining = await resolveReviewConflict(root, flags.resolve, flags.take as 'ours' | 'theirs' | 'both');
      if (flags.json) this.printJson({ resolved: flags.resolve, remaining });
      else this.log(`resolved ${flags.resolve} (${flags.take}); ${remaining.length} conflict(s) left. \`mem sync\` shares it.`);
      process.exitCode = remaining.length > 0 ? EXIT.conflicts : EXIT.ok;
      return;
    }
    const conflicts = listReviewConflicts(root);
    if (flags.json) {
      this.printJson(conflicts);
    } else if (flags.list || !process.stdin.isTTY || !process.stdout.isTTY) {
      if (conflicts.length === 0) this.log('no memory conflicts');
      for (const conflict of conflicts) this.log(`${conflict.id}\t${conflict.section || '-'}\t${oneLine(conflict.ours)} <> ${oneLine(conflict.theirs)}`);
    } else {
      const left = await this.interactive(root, conflicts);
      process.exitCode = left > 0 ? EXIT.conflicts : EXIT.ok;
      return;
    }
    process.exitCode = conflicts.length > 0 ? EXIT.conflicts : EXIT.ok;
  }

  private async interactive(root: string, conflicts: ReviewConflict[]): Promise<number> {
    const { resolveReviewConflict } = await import('../../team/review.js');
    if (conflicts.length === 0) {
      this.log('no memory conflicts');
      return 0;
    }
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    // Note: an async line iterator buffers answers typed ahead (or pasted) instead of dropping them
    // between prompts, and ends cleanly on Ctrl+D, which counts as quit.
    const lines = rl[Symbol.asyncIterator]();
    const ask = async (prompt: string): Promise<string> => {
      process.stdout.write(prompt);
      const next = await lines.next();
      return next.done ? 'q' : String(next.value);
    };
    let left = conflicts.length;
    try {
      for (const [index, conflict] of conflicts.entries()) {
        this.log(`\nConflict ${index + 1} of ${conflicts.length}: ${conflict.id} (${conflict.section || 'no section'})`);
        this.log(`  base:   ${show(conflict.base)}`);
        this.log(`  ours:   ${show(conflict.ours)}`);
        this.log(`  theirs: ${show(conflict.theirs)}`);
        for (;;) {
          const answer = (await ask('[o]urs / [t]heirs / [b]oth / [e]dit / [s]kip / [q]uit? ')).trim().toLowerCase();
          if (answer === 'q') return left;
          if (answer === 's') break;
          const take = answer === 'o' ? 'ours' : answer === 't' ? 'theirs' : answer === 'b' ? 'both' : null;
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
    return left;
  }
}

function show(text: string | null): string {
  return text === null ? '(deleted / absent)' : text.replace(/\n/g, '\n          ');
}

function oneLine(text: string | null): string {
  if (text === null) return '(deleted)';
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 60 ? `${flat.slice(0, 59)}…` : flat;
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
