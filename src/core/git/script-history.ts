/**
 * What git's history says of package scripts and make targets a command names and no manifest defines
 * now: the evidence that a bare `pnpm X` / `yarn X` meant a script of this repository (and not a
 * dependency's binary, a builtin or another project's script), or a `make X` one of its targets, is
 * that a package.json (a Makefile) here once defined X. Pure: git's output comes in as text.
 */

/** The script names and make targets asked of git's history, by kind. */
export type DefinitionNames = { script: readonly string[]; make: readonly string[] };
/** Of the names asked, those a package.json (a Makefile) lost, by kind: name → removing commit. */
export type RemovedDefinitions = { script: ReadonlyMap<string, string>; make: ReadonlyMap<string, string> };

/**
 * Splits one `git log -p --format=%x01…` over package.json files and Makefiles into a log per kind:
 * each commit's header in both, each file's diff in its own kind's, so each parser reads only its files.
 */
export function splitManifestLog(log: string): { script: string; make: string } {
  const script: string[] = [];
  const make: string[] = [];
  let into: string[] | null = null;
  for (const line of log.split('\n')) {
    if (line.startsWith('\x01')) {
      script.push(line);
      make.push(line);
      into = null;
    } else if (line.startsWith('diff --git ')) {
      into = /\/package\.json"?$/.test(line) ? script : make;
      into.push(line);
    } else into?.push(line);
  }
  return { script: script.join('\n'), make: make.join('\n') };
}

/**
 * Returns, from `git log -p --format=%x01%h %ct` over package.json files (newest commit first), the
 * newest commit that removed a line `"X": "<command>"` for each of `names`; a value shaped like a
 * version (`^1.2.0`, `workspace:*`, `npm:…`) is a dependency, not a script. Never throws.
 */
export function parseRemovedScripts(log: string, names: readonly string[]): ReadonlyMap<string, string> {
  return parseRemoved(log, names, (line) => {
    const match = /^[-+]\s*"([^"]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(line);
    return match === null || VERSION_LIKE.test(match[2] ?? '') ? [] : [match[1] ?? ''];
  });
}

/** Returns, from `git log -p` over Makefiles, the newest commit that removed a rule line `X:` (or `a X b:`) for each of `names`. */
export function parseRemovedTargets(log: string, names: readonly string[]): ReadonlyMap<string, string> {
  return parseRemoved(log, names, (line) => {
    const match = /^[-+]([^\s:#=\t-][^:#=]*?)\s*::?(?!=)/.exec(line);
    return match === null ? [] : (match[1] ?? '').split(/\s+/);
  });
}

function parseRemoved(
  log: string,
  names: readonly string[],
  defined: (line: string) => readonly string[],
): ReadonlyMap<string, string> {
  const wanted = new Set(names);
  const removed = new Map<string, string>();
  // The newest commit that touches a name decides: one that also adds it (moved to another file, `*.mk`) leaves it defined.
  const decided = new Set<string>();
  for (const chunk of log.split('\x01').slice(1)) {
    const [head = '', ...lines] = chunk.split('\n');
    const commit = head.trim().split(' ')[0] ?? '';
    const minus = new Set<string>();
    const plus = new Set<string>();
    for (const line of lines)
      for (const name of defined(line)) if (wanted.has(name)) (line.startsWith('+') ? plus : minus).add(name);
    for (const name of new Set([...minus, ...plus])) {
      if (decided.has(name)) continue;
      decided.add(name);
      if (!plus.has(name)) removed.set(name, commit);
    }
  }
  return removed;
}

/** A dependency's version or source, not a command: `^1.2.0`, `~1`, `>=2`, `*`, `latest`, `workspace:*`, `npm:x@1`, `file:../x`, a URL. */
const VERSION_LIKE =
  /^(?:[\^~<>=*]|\d|v\d|latest$|next$|workspace:|npm:|file:|link:|portal:|catalog:|git[+:]|https?:|github:)/;
