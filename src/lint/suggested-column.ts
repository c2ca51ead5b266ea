import { tableCells } from '../core/text/table-cells.js';
import type { LintDocument } from './lint-document.js';

// A column heading that offers places rather than names what is there: "Suggested Location", "Proposed file". Or one
// whose cells are what a program is given, as a decision table's first column ("| Input Path | Decision | Action |",
// set 153's ilude/dotfiles: a path hook's sample inputs `claude/skills/test.py`, `claude\skills\test.py`).
const SUGGESTED =
  /\b(?:suggested|proposed|recommended|preferred|planned|intended)\s+(?:locations?|places?|homes?|files?|paths?|modules?|destinations?)\b|^\s*(?:(?:sample|example)\s+)?inputs?(?:\s+(?:paths?|files?))?\s*$/i;

/**
 * Whether `reference` sits, in the table row `doc` (read from the file as written, `lines`), in a column whose heading
 * offers a place to put something or names the inputs a program is given (SUGGESTED): set 140's invoice, "## Where to
 * Define Constants", "| String Type | Suggested Location |" over "| Invoice statuses | `src/Invoice/InvoiceStatus.php`
 * (enum or constants class) |", a class to create there, which git never had. The heading is the row opening the
 * table (the one above its `|---|` row).
 */
export function isInSuggestedColumn(reference: string, doc: LintDocument, lines: readonly string[]): boolean {
  const row = lines[doc.line - 1] ?? '';
  if (!row.trimStart().startsWith('|')) return false;
  let top = doc.line - 1;
  while (top > 0 && (lines[top - 1] ?? '').trimStart().startsWith('|')) top--;
  if (!/^\s*\|?\s*:?-{3,}/.test(lines[top + 1] ?? '')) return false;
  const column = tableCells(row).findIndex((cell) => cell.includes(reference));
  return column >= 0 && SUGGESTED.test(tableCells(lines[top] ?? '')[column] ?? '');
}
