/**
 * The write path of the managed region: splice entry edits into a whole file. Bytes before the
 * begin marker and after the end marker never change; inside, untouched items keep their bytes.
 */
import { DEFAULT_SECTIONS } from './entry.js';
import { MemError } from '../errors.js';
import { editBody } from './edit-body.js';
import type { RegionEdit, SkippedEdit } from './edit-body.js';
import { locateRegion } from './locate-region.js';
import type { RegionDamage } from './locate-region.js';
import { planRegionBudget } from './plan-region-budget.js';
import type { RegionEntry } from './parse-region-body.js';
import { BEGIN_MARKER, END_MARKER } from './region-format.js';
import { detectEol } from './split-lines.js';

export type RegionEditOptions = {
  /** Section taxonomy in display order (config `region.sections`); default DEFAULT_SECTIONS. */
  sections?: readonly string[];
  /** Region line budget (config `region.maxLines`): entries past it are reported in `overflow`. */
  maxLines?: number;
};

export type RegionEditResult = {
  text: string;
  changed: boolean;
  applied: RegionEdit[];
  skipped: SkippedEdit[];
  /** Entries beyond `maxLines`, lowest value last; empty without a budget. Nothing is dropped. */
  overflow: RegionEntry[];
  /** Lines of the region after the edits, markers included (0 when there is no region). */
  regionLines: number;
};

/** Returns the error thrown when an edit meets damaged markers. */
export function regionDamagedError(damage: RegionDamage, file = 'CLAUDE.md'): MemError {
  return new MemError('REGION_DAMAGED', `${file}: ${damage.message}`, {
    hint: 'Run `mem status` to see the damage; mem repairs the markers without losing an entry, or fix them by hand.',
  });
}

/** Returns the file with the edits spliced in (creating the region at the end when absent); throws MemError REGION_DAMAGED on damaged markers. */
export function applyRegionEdits(
  fileText: string,
  edits: readonly RegionEdit[],
  options: RegionEditOptions = {},
): RegionEditResult {
  const sections = options.sections ?? DEFAULT_SECTIONS;
  const location = locateRegion(fileText);
  if (location.damage !== null) throw regionDamagedError(location.damage);
  const eol = detectEol(fileText);
  const span = location.span;
  const body = span === null ? '' : fileText.slice(span.bodyStart, span.bodyEnd);
  const result = editBody(body, edits, { sections, eol });
  const changed = result.body !== body;
  let text = fileText;
  if (changed)
    text =
      span === null
        ? appendRegion(fileText, result.body, eol)
        : fileText.slice(0, span.bodyStart) + result.body + fileText.slice(span.bodyEnd);
  const exists = span !== null || changed;
  const plan =
    options.maxLines === undefined || !exists ? null : planRegionBudget(result.body, options.maxLines, sections);
  return {
    text,
    changed,
    applied: result.applied,
    skipped: result.skipped,
    overflow: plan?.overflow ?? [],
    regionLines: exists ? 2 + countLines(result.body) : 0,
  };
}

/** Returns `fileText` with a new region holding `body` appended after one blank line, in the file's line ending. */
export function appendRegion(fileText: string, body: string, eol: string): string {
  const finalNewline = fileText === '' || fileText.endsWith('\n');
  let prefix = fileText;
  if (prefix !== '') {
    if (!prefix.endsWith('\n')) prefix += eol;
    if (!/(^|\n)[ \t]*\r?\n$/.test(prefix)) prefix += eol;
  }
  return `${prefix}${BEGIN_MARKER}${eol}${body}${END_MARKER}${finalNewline ? eol : ''}`;
}

function countLines(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return text !== '' && !text.endsWith('\n') ? count + 1 : count;
}
