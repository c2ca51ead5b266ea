/**
 * Agent files a translation tool writes from another: `translations/de/AGENTS.md` beside the `AGENTS.md` it is the
 * German of (set 122's edgeai-for-beginners: Co-op Translator keeps 55 languages' copies of the root's AGENTS.md under
 * `translations/<language>/`, and its workflow rewrites them each time the source changes). Codex started in a
 * language's folder loads both; the lines the tool leaves as they are (commands, code, names) match the source's by
 * design, and the maintainers edit the source, never a copy. What a copy says wrong (a script no package.json
 * defines) is still reported: the fix is the source's, and the next translation carries it.
 */

// `<translations folder>/<language tag>/<the source's path>`: a language tag is BCP 47's shape (`de`, `pcm`, `pt-BR`,
// `zh-Hant`), and the folder one a repository keeps translations in.
const TRANSLATED_PATH =
  /^(?:(.+)\/)?(?:translations?|i18n|l10n|locales?|languages?)\/[a-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*\/(.+)$/;

/**
 * Returns whether one of two files is the other translated (the test is symmetric): its path is the other's under a
 * translations folder's language folder, from the repository's root or from the folder holding the translations;
 * never throws.
 */
export function translationCopies(paths: readonly string[]): (a: string, b: string) => boolean {
  const known = new Set(paths);
  const pairs = new Set<string>();
  for (const path of paths) {
    const match = TRANSLATED_PATH.exec(path);
    if (match === null) continue;
    const [, folder, rest] = match;
    for (const source of [rest!, folder === undefined ? undefined : `${folder}/${rest!}`])
      if (source !== undefined && source !== path && known.has(source))
        pairs.add(`${path}\0${source}`).add(`${source}\0${path}`);
  }
  return (a, b) => pairs.size > 0 && pairs.has(`${a}\0${b}`);
}
