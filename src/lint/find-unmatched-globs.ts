/**
 * A path-scoped rules file whose `paths:` globs match no file of the repository: Claude Code loads
 * it only once the agent reads a matching file, so it never loads (a folder renamed, a typo, a glob
 * of another repository). Globs are Claude Code's: `**`, `*`, `?` and `{a,b}`, from the repository root.
 */
import type { AgentLoad, LintFinding } from './lint-report.js';

/**
 * Returns a finding per path-scoped rules file none of whose globs matches a file; `matches` answers for one glob (braces
 * expanded); `unfetched`: the folders of git submodules not checked out (`.gitmodules` paths without their `.git`),
 * whose files a glob may be written for; never throws.
 */
export function findUnmatchedGlobs(
  loads: readonly AgentLoad[],
  matches: (glob: string) => boolean,
  unfetched: () => readonly string[] = () => [],
): LintFinding[] {
  const out: LintFinding[] = [];
  const seen = new Set<string>();
  for (const file of loads.flatMap((load) => load.scoped)) {
    if (seen.has(file.path) || file.globs === undefined) continue;
    seen.add(file.path);
    const globs = file.globs.map((glob) => glob.replace(/^\.?\//, ''));
    if (globs.every(isFileTypeGlob) || globs.some((glob) => expandBraces(glob).some(matches))) continue;
    // A submodule's files are absent until `git submodule update --init`: rules for them wait there (set 144's
    // ai_embedded_development, whose generated `.claude/rules/bluetooth.md` scopes `**/*gatt*.c` to its `firmware` submodule).
    const absent = unfetched();
    if (globs.some((glob) => absent.some((folder) => mayReachInto(glob, folder)))) continue;
    out.push({
      code: 'unmatched-paths',
      level: 'warning',
      file: file.path,
      line: 0,
      message: `its paths: (${globs.join(', ')}) match no file of the repository: Claude Code never loads it`,
    });
  }
  return out;
}

/** Whether `glob` can match a file under `folder`: its part before the first wildcard leads into the folder or stops above it. */
function mayReachInto(glob: string, folder: string): boolean {
  const fixed = glob.slice(0, glob.search(/[*?[{]|$/));
  return fixed.startsWith(`${folder}/`) || `${folder}/`.startsWith(fixed);
}

/**
 * Whether `glob` names a kind of file wherever it lies (`*.sql` under `**`, `*.{tf,tfvars,hcl}`), no folder nor name: a rule
 * for files of that type, waiting for the first one (set 126's docusaurus-plugins, whose oh-my-agent kit installs
 * database and infrastructure rules in a repository without SQL or Terraform yet). A folder or a name can go stale.
 */
function isFileTypeGlob(glob: string): boolean {
  return /^(?:\*\*\/)?\*\.(?:\w+|\{\w+(?:,\w+)*\})$/.test(glob);
}

/** Returns the globs `glob` stands for with each `{a,b}` expanded (nested braces too); never throws. */
export function expandBraces(glob: string): string[] {
  const open = glob.indexOf('{');
  if (open < 0) return [glob];
  let depth = 0;
  const commas: number[] = [];
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === '{') depth++;
    else if (glob[i] === ',' && depth === 1) commas.push(i);
    else if (glob[i] === '}' && --depth === 0) {
      const bounds = [open, ...commas, i];
      const rest = expandBraces(glob.slice(i + 1));
      return bounds.slice(1).flatMap((end, k) => {
        const choice = glob.slice((bounds[k] ?? open) + 1, end);
        return expandBraces(glob.slice(0, open) + choice).flatMap((head) => rest.map((tail) => head + tail));
      });
    }
  }
  return [glob];
}
