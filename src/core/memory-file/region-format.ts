/**
 * The format of mem's managed region in CLAUDE.md (and AGENTS.md, CLAUDE.local.md).
 *
 * ```markdown
 * <!-- mem:begin (managed by mem: edit freely, keep the id comments) -->
 * ## Conventions
 *
 * - Use pnpm, not npm. <!-- mem:id=01j9z3k4 by=alice at=2025-01-02T10:00:00Z s=5f2c -->
 * - Tests need `docker compose up db` first. <!-- mem:id=01j9z3m7 by=bob at=2025-01-03T09:12:00Z -->
 *   Multi-line items keep their continuation lines (indented by 2) and nested lists.
 * - A bullet a human typed without a comment is an entry too (id derived from its text).
 *
 * ## Gotchas
 *
 * - Never edit `src/gen/`: it is generated. <!-- mem:id=01j9z3q0 by=alice at=2025-01-04T08:00:00Z -->
 * <!-- mem:end -->
 * ```
 *
 * Rules:
 * - Markers are whole lines starting at column 0: the begin line starts with `<!-- mem:begin` and
 *   ends with `-->` (the words in between are a hint for humans), the end line is exactly
 *   `<!-- mem:end -->` (trailing blanks allowed). Outside the region, marker-looking lines inside
 *   fenced code blocks (``` or ~~~) are ignored, so a README may show the format.
 * - The region is created at the end of the file, after one blank line, with the file's line ending
 *   (CRLF or LF); if the file had no final newline the end marker has none either.
 * - The body (the lines between the markers) holds `## <Section>` headings, each followed by list
 *   items. Section order follows the taxonomy (a parameter, default `DEFAULT_SECTIONS`); empty
 *   sections may be omitted. Free text, sub-headings and comments in the body are kept as written.
 * - An entry is one top-level list item (`-`, `*`, `+` or `1.`) with its continuation lines. Its
 *   hidden comment `<!-- mem:k=v ... -->` sits at the end of the item's first line and carries
 *   `id`, and provenance `by` (author), `at` (ISO time), `s` (agent session), `c` (team commit).
 *   Values are percent-encoded outside `[A-Za-z0-9._~:@+/-]`, so they never contain spaces, `>` or
 *   `-->`. Claude Code strips HTML comments before the model reads the file.
 * - An item without a comment gets the id `h-` + 12 hex digits of SHA-256 over its normalized text
 *   (NFKC, lower case, collapsed whitespace): every clone computes the same id.
 * - A conflict is one item `- ⚠ mem conflict <id>: …` with a `<!-- mem:conflict id=… -->` comment and
 *   one nested item per version (`ours`, `theirs`, `base`), each with `<!-- mem:side=… id=… … -->`
 *   (see conflict-item.ts). Free-text conflicts use git-style `<<<<<<<` / `|||||||` / `=======` /
 *   `>>>>>>>` lines.
 * - Bodies exchanged with the team branch (`regionBody` / `replaceRegionBody`) use LF line endings.
 */

/** The begin marker line mem writes (without line ending). */
export const BEGIN_MARKER = '<!-- mem:begin (managed by mem: edit freely, keep the id comments) -->';
/** The end marker line mem writes (without line ending). */
export const END_MARKER = '<!-- mem:end -->';

const BEGIN_RE = /^<!-- mem:begin(?:[ \t][^\r\n]*)?-->[ \t]*\r?\n?$/;
const END_RE = /^<!-- mem:end[ \t]*-->[ \t]*\r?\n?$/;

/** Returns true when `line` (with or without its line ending) is a begin marker. */
export function isBeginMarker(line: string): boolean {
  return BEGIN_RE.test(line);
}

/** Returns true when `line` (with or without its line ending) is an end marker. */
export function isEndMarker(line: string): boolean {
  return END_RE.test(line);
}
