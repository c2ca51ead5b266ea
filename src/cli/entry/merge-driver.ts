/**
 * `mem merge-driver %O %A %B`: git's merge-driver contract. Reads base, ours and theirs, writes the
 * merged file to the ours path, exits 0 when clean and 1 when conflicts remain (git then reports
 * the file as conflicted, with both versions visible in it). Loaded before oclif: git may run it
 * for every merge that touches CLAUDE.md.
 */
import { writeFileSync } from 'node:fs';
import { readRegularFileBytesSync } from '../../core/files/read-regular-file.js';
import { runGit } from '../../core/git/run-git.js';
import { mergeMarkdownFile } from '../../team/merge/merge-markdown-file.js';
import { MAX_ENTRY_AWARE_BYTES, planDriverMerge, type DriverInput } from '../../team/merge/plan-driver-merge.js';

const USAGE = `Usage: mem merge-driver <base> <ours> <theirs>

Git merge driver for CLAUDE.md / AGENTS.md (register with \`mem init\`):
  git config merge.mem.driver "mem merge-driver %O %A %B"
  echo "CLAUDE.md merge=mem" >> .gitattributes
Writes the merge to <ours>; exit 0 when clean, 1 when conflicts remain, 2 on bad arguments.
Input that is not UTF-8 text, or past 5,000 lines or 1 MiB, is merged line by line by
git merge-file (bytes as they are); a FIFO or a device as input is refused (exit 2).
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
  let plan;
  try {
    const read = (name: DriverInput['name'], path: string): DriverInput => ({
      name,
      read: readRegularFileBytesSync(path, MAX_ENTRY_AWARE_BYTES),
    });
    plan = planDriverMerge([read('base', basePath), read('ours', oursPath), read('theirs', theirsPath)]);
  } catch (error) {
    process.stderr.write(
      `mem merge-driver: cannot read the merge inputs: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  if (plan.kind === 'refuse') {
    process.stderr.write(`mem merge-driver: ${plan.why}; nothing was merged and ${oursPath} is as it was.\n`);
    return 2;
  }
  if (plan.kind === 'line') {
    process.stderr.write(
      `mem merge-driver: ${plan.why}; merged line by line by git merge-file instead, every other byte as it was.\n`,
    );
    return lineMerge(basePath, oursPath, theirsPath);
  }
  let text: string;
  let clean: boolean;
  try {
    ({ text, clean } = mergeMarkdownFile(plan.base, plan.ours, plan.theirs));
  } catch (error) {
    // Never leave ours silently standing in for the merge: fall back to git's line merge.
    process.stderr.write(
      `mem merge-driver: entry-aware merge failed (${error instanceof Error ? error.message : String(error)}); merged line by line by git merge-file instead.\n`,
    );
    return lineMerge(basePath, oursPath, theirsPath);
  }
  try {
    writeFileSync(oursPath, text);
  } catch (error) {
    process.stderr.write(
      `mem merge-driver: cannot write ${oursPath}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 2;
  }
  return clean ? 0 : 1;
}

/** git's own line merge into `oursPath`, bytes as they are; returns 0 clean, 1 conflicts, 2 when git could not merge. */
async function lineMerge(basePath: string, oursPath: string, theirsPath: string): Promise<number> {
  const run = await runGit(
    ['merge-file', '-L', 'ours', '-L', 'base', '-L', 'theirs', '--', oursPath, basePath, theirsPath],
    { cwd: process.cwd() },
  );
  // Note: git merge-file exits with the number of conflicts (at most 127), and -1 (255) on error.
  if (run.status !== null && run.status >= 0 && run.status <= 127) return run.status === 0 ? 0 : 1;
  process.stderr.write(
    `mem merge-driver: git merge-file failed: ${(run.spawnError ?? run.stderr).trim() || `exit ${run.status}`}\n`,
  );
  return 2;
}
