/**
 * `mem merge-driver %O %A %B`: git's merge-driver contract. Reads base, ours and theirs, writes the
 * merged file to the ours path, exits 0 when clean and 1 when conflicts remain (git then reports
 * the file as conflicted, with both versions visible in it). Loaded before oclif: git may run it
 * for every merge that touches CLAUDE.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { mergeMarkdownFile } from '../../team/merge/merge-markdown-file.js';
import { mergeText } from '../../team/merge/merge-text.js';
import { detectEol } from '../../core/memory-file/split-lines.js';

const USAGE = `Usage: mem merge-driver <base> <ours> <theirs>

Git merge driver for CLAUDE.md / AGENTS.md (register with \`mem init\`):
  git config merge.mem.driver "mem merge-driver %O %A %B"
  echo "CLAUDE.md merge=mem" >> .gitattributes
Writes the merge to <ours>; exit 0 when clean, 1 when conflicts remain, 2 on bad arguments.
`;

/** Returns the exit code: 0 clean, 1 conflicts remain (or the merge itself failed), 2 bad arguments or unreadable files. */
export async function runMergeDriverCli(argv: string[]): Promise<number> {
  if (argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(USAGE);
    return 0;
  }
  const [basePath, oursPath, theirsPath] = argv;
  if (basePath === undefined || oursPath === undefined || theirsPath === undefined || argv.length > 5) {
    process.stderr.write(`mem merge-driver: expected 3 paths (git's %O %A %B), got ${argv.length}.\n\n${USAGE}`);
    return 2;
  }
  let base: string;
  let ours: string;
  let theirs: string;
  try {
    base = readFileSync(basePath, 'utf8');
    ours = readFileSync(oursPath, 'utf8');
    theirs = readFileSync(theirsPath, 'utf8');
  } catch (error) {
    process.stderr.write(`mem merge-driver: cannot read the merge inputs: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  let text: string;
  let clean: boolean;
  try {
    ({ text, clean } = mergeMarkdownFile(base, ours, theirs));
  } catch (error) {
    // Never leave ours silently standing in for the merge: fall back to a plain line merge.
    process.stderr.write(`mem merge-driver: entry-aware merge failed (${error instanceof Error ? error.message : String(error)}); falling back to a line merge.\n`);
    const fallback = mergeText(ours, base, theirs, { eol: detectEol(ours), withBase: false });
    text = fallback.text;
    clean = fallback.conflicts === 0;
  }
  try {
    writeFileSync(oursPath, text);
  } catch (error) {
    process.stderr.write(`mem merge-driver: cannot write ${oursPath}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  return clean ? 0 : 1;
}
