/**
 * Agent files that are symbolic links to nothing. Each client opens its file by name and finds no
 * text behind a dangling link, so it loads nothing there and says nothing of it: an `AGENTS.md ->
 * agent-docs/AGENTS.md` left behind when `agent-docs/` moved into a package (set 133's action-llama)
 * leaves Codex without its instructions at the root while the repository looks as if it had them.
 */
import { posix } from 'node:path';
import { AGENT_NAMES } from './agent-names.js';
import { AGENT_OF_FILE_NAME } from './classify-agent-file.js';
import type { LintFinding } from './lint-report.js';

/** An agent file of the repository (repository-relative) that is a symbolic link whose target does not exist. */
export type DanglingLink = { path: string; target: string };

/**
 * Returns a `broken-link` finding for each dangling link whose target the repository itself should
 * hold. A link to an absolute path or out of the repository is one each machine makes for itself, and
 * a link git ignores is a person's own: neither is the repository's to mend. But an absolute path that
 * ends in a file of this repository is its author's checkout (`/mnt/<disk>/LaTeXify/docs/AGENTS.md` for
 * `docs/AGENTS.md`, set 139's LaTeXify): committed, it leads nowhere in any other checkout.
 */
export function findBrokenLinks(
  links: readonly DanglingLink[],
  ignored: (paths: readonly string[]) => ReadonlySet<string>,
  exists: (path: string) => boolean,
): LintFinding[] {
  const inRepository = links.flatMap((link) => {
    if (posix.isAbsolute(link.target)) {
      const own = ownFileOf(link, exists);
      return own === undefined ? [] : [{ ...link, resolved: own, machine: true }];
    }
    if (link.target.startsWith('~') || /^[A-Za-z]:[\\/]/.test(link.target)) return [];
    const resolved = posix.normalize(posix.join(posix.dirname(link.path), link.target));
    return resolved === '..' || resolved.startsWith('../') ? [] : [{ ...link, resolved, machine: false }];
  });
  if (inRepository.length === 0) return [];
  const personal = ignored(inRepository.map((link) => link.path));
  return inRepository
    .filter((link) => !personal.has(link.path))
    .map((link) => {
      // A name the project's settings add (Gemini's context.fileName, Codex's fallbacks) is read by that one agent.
      const agent = AGENT_OF_FILE_NAME[posix.basename(link.path)];
      const reader = agent === undefined ? 'the agent reading it' : AGENT_NAMES[agent];
      return {
        code: 'broken-link',
        level: 'error' as const,
        file: link.path,
        line: 0,
        message: link.machine
          ? `${link.path} is a symbolic link to ${link.target}, a path of one machine's checkout: in any other, ${reader} loads nothing from it (link to ${posix.relative(posix.dirname(link.path), link.resolved)} instead)`
          : `${link.path} is a symbolic link to ${link.target}${link.resolved === link.target ? '' : ` (${link.resolved} from the repository root)`}, which does not exist: ${reader} loads nothing from it`,
      };
    });
}

/** The file of the repository an absolute link's target ends in (its longest such tail, not the link itself), or undefined. */
function ownFileOf(link: DanglingLink, exists: (path: string) => boolean): string | undefined {
  const parts = link.target.split('/').filter((part) => part !== '');
  for (let start = 1; start < parts.length; start++) {
    const tail = parts.slice(start).join('/');
    if (tail !== link.path && exists(tail)) return tail;
  }
  return undefined;
}
