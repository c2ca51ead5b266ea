/**
 * What git's history says of package scripts a command names and no package.json defines now: the
 * evidence that a bare `pnpm X` / `yarn X` meant a script of this repository (and not a dependency's
 * binary, a builtin or another project's script) is that a package.json here once defined X. Pure:
 * git's output comes in as text.
 */

/**
 * Returns, from `git log -p --format=%x01%h %ct` over package.json files (newest commit first), the
 * newest commit that removed a line `"X": "<command>"` for each of `names`; a value shaped like a
 * version (`^1.2.0`, `workspace:*`, `npm:…`) is a dependency, not a script. Never throws.
 */
export function parseRemovedScripts(log: string, names: readonly string[]): ReadonlyMap<string, string> {
  const wanted = new Set(names);
  const removed = new Map<string, string>();
  for (const chunk of log.split('\x01').slice(1)) {
    const [head = '', ...lines] = chunk.split('\n');
    const commit = head.trim().split(' ')[0] ?? '';
    for (const line of lines) {
      const match = /^-\s*"([^"]+)"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(line);
      if (match === null) continue;
      const [, name = '', value = ''] = match;
      if (wanted.has(name) && !removed.has(name) && !VERSION_LIKE.test(value)) removed.set(name, commit);
    }
  }
  return removed;
}

/** A dependency's version or source, not a command: `^1.2.0`, `~1`, `>=2`, `*`, `latest`, `workspace:*`, `npm:x@1`, `file:../x`, a URL. */
const VERSION_LIKE =
  /^(?:[\^~<>=*]|\d|v\d|latest$|next$|workspace:|npm:|file:|link:|portal:|catalog:|git[+:]|https?:|github:)/;
