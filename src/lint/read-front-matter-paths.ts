/**
 * The `paths:` globs of a rules file's YAML front matter, as Claude Code reads them: a list or one
 * string (comma-separated); none, or only `**` (a trailing `/**` aside), means always loaded.
 * `keys` names the front-matter keys read: `paths` alone for what Claude Code loads; with `globs` (Cursor's key,
 * which Claude Code ignores, loading the file in every session) for the paths a file was written for; `excludeAgent`
 * (Copilot's key naming the agents a `.instructions.md` file is hidden from: `"code-review"`) read the same way.
 */

/** Returns the globs that make `text` a path-scoped rule, or null when it is always loaded; never throws. */
export function readFrontMatterPaths(
  text: string,
  keys: readonly ('paths' | 'globs' | 'excludeAgent')[] = ['paths'],
): string[] | null {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return null;
  const end = lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)\s*$/.test(line));
  if (end < 0) return null;
  const globs: string[] = [];
  const keyLine = new RegExp(`^(?:${keys.join('|')})\\s*:\\s*(.*)$`);
  for (let i = 1; i < end; i++) {
    const key = keyLine.exec(lines[i] ?? '');
    if (!key) continue;
    const inline = (key[1] ?? '').trim();
    // A comma inside braces is part of the glob (`src/**/*.{ts,tsx}`), not a separator.
    if (inline !== '') globs.push(...inline.replace(/^\[|\]$/g, '').split(/,(?![^{]*\})/));
    else
      for (let j = i + 1; j < end && /^\s+-|^-/.test(lines[j] ?? ''); j++)
        globs.push((lines[j] ?? '').replace(/^\s*-\s*/, ''));
  }
  const cleaned = globs
    .map((glob) =>
      glob
        .trim()
        .replace(/^["']|["']$/g, '')
        .trim(),
    )
    .filter((glob) => glob !== '' && glob !== '/**');
  return cleaned.length === 0 || cleaned.every((glob) => glob === '**') ? null : cleaned;
}
