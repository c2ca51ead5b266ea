/**
 * Two people added lines at the same spot of a hand-written file (git reports a conflict with an
 * empty base). When both added list items (or both added table rows), they are independent rules
 * and the merge keeps both, ours first. It refuses, leaving a conflict for a human, when the two
 * additions are one change made twice or two rules that contradict each other:
 * - an item both sides added word for word: the same change arrived twice (a cherry-pick, a rebase),
 *   so whatever else differs is one side's later edit of it, and only a human knows which is newer;
 * - the sides added the same items, one side's extended (`X` against `X, extended`, nothing else):
 *   one new rule written two ways, an edit/edit;
 * - `✅ use \`cmd\`` beside `❌ never use \`cmd\``.
 * An item and its extension among other, different additions are two people's own rules that happen
 * to overlap (`make test` and `make test (with coverage)` each next to other new commands): both are
 * kept, since dropping either loses a line its author wrote and keeping both loses nothing.
 */

const ITEM_RE = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S/;
const MARKER_RE = /^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/;
const THEMATIC_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*\r?\n?$/;
const CONTINUATION_RE = /^[ \t]+\S/;
const BLANK_RE = /^[ \t]*\r?\n?$/;
const TABLE_ROW_RE = /^[ \t]*\|.*\|[ \t]*\r?\n?$/;
const TABLE_DELIMITER_RE = /^[ \t]*\|[ \t:|-]+\|[ \t]*\r?\n?$/;
const CODE_SPAN_RE = /`[^`\n]+`/g;
// Words that turn a rule into its opposite ("do not use", "never", "❌").
const NEGATION_RE = /\bnot\b|\bnever\b|n't\b|\bdont\b|\bavoid\b|\bno longer\b|\bforbidden\b|❌|🚫/i;

/** Returns both sides' added lines merged (ours first), or null when a human must decide. */
export function resolveSameSpotAdditions(ours: readonly string[], theirs: readonly string[]): string[] | null {
  const ourRows = tableRows(ours);
  const theirRows = tableRows(theirs);
  if (ourRows !== null && theirRows !== null) {
    // A row is named by its first cell: two rows for the same name are one row written twice.
    const names = new Set(ourRows.map(firstCell));
    return theirRows.some((row) => names.has(firstCell(row))) ? null : [...ours, ...theirs];
  }
  const ourItems = listItems(ours)?.map(ruleOf);
  const theirItems = listItems(theirs)?.map(ruleOf);
  if (ourItems === undefined || theirItems === undefined) return null;
  // Note: each item is read once and compared through sets: thousands of additions a side made
  // every pair's words and code spans be worked out again (5,000 lines: 18 s).
  const ourWords = new Set(ourItems.map((rule) => rule.words));
  if (theirItems.some((rule) => ourWords.has(rule.words))) return null;
  if (hasContradiction(ourItems, theirItems)) return null;
  if (isOneListWrittenTwice(ourItems, theirItems)) return null;
  return [...ours, ...theirs];
}

/** An added item as the checks compare it: its words, whether it negates, its code spans. */
type Rule = { words: string; negates: boolean; spans: string[] };

function ruleOf(item: string): Rule {
  return {
    words: comparable(item.replace(MARKER_RE, '')),
    negates: NEGATION_RE.test(item),
    spans: (item.match(CODE_SPAN_RE) ?? []).map((span) => span.toLowerCase()),
  };
}

/** Returns the items of lines that are only list items (with their continuation lines), else null. */
function listItems(lines: readonly string[]): string[] | null {
  const first = lines[0];
  if (first === undefined || !isItemLine(first)) return null;
  const items: string[] = [];
  for (const line of lines) {
    if (isItemLine(line)) items.push(line.trim());
    else if (BLANK_RE.test(line)) continue;
    else if (CONTINUATION_RE.test(line) && items.length > 0) items[items.length - 1] += ` ${line.trim()}`;
    else return null;
  }
  return items;
}

function isItemLine(line: string): boolean {
  return ITEM_RE.test(line) && !THEMATIC_RE.test(line);
}

function tableRows(lines: readonly string[]): string[] | null {
  if (lines.length === 0 || !lines.every((line) => TABLE_ROW_RE.test(line) && !TABLE_DELIMITER_RE.test(line)))
    return null;
  return lines.map((line) => line.trim());
}

function firstCell(row: string): string {
  return comparable(row.replace(/^\|/, '').split('|')[0] ?? '');
}

/** Lowercased words only: `**Run tests**: \`make test\`` and `Run tests: make test` compare equal. */
function comparable(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** True when every item of each side is, or extends, or is extended by, an item of the other. */
function isOneListWrittenTwice(ours: readonly Rule[], theirs: readonly Rule[]): boolean {
  return (
    ours.every((x) => theirs.some((y) => isSameRule(x, y))) && theirs.every((y) => ours.some((x) => isSameRule(x, y)))
  );
}

/** True when one item is the other, or the other extended ("X" and "X, with coverage"). */
function isSameRule(x: Rule, y: Rule): boolean {
  const [a, b] = [x.words, y.words];
  return a === b || (a.startsWith(b) && a[b.length] === ' ') || (b.startsWith(a) && b[a.length] === ' ');
}

/** True when an item of one side and one of the other name the same code (a shared code span) and only one of them negates. */
function hasContradiction(ours: readonly Rule[], theirs: readonly Rule[]): boolean {
  const negation = new Map<string, Set<boolean>>();
  for (const rule of ours)
    for (const span of rule.spans) (negation.get(span) ?? negation.set(span, new Set()).get(span)!).add(rule.negates);
  return theirs.some((rule) => rule.spans.some((span) => negation.get(span)?.has(!rule.negates) === true));
}
