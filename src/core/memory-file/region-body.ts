/**
 * Exchange of the region body with the team branch. Bodies travel with LF line endings; the file
 * keeps its own (CRLF files stay CRLF).
 */
import { appendRegion, regionDamagedError } from './apply-region-edits.js';
import { locateRegionSpan, type RegionOffsets } from './locate-region.js';
import { detectEol, toLf, withEol } from './split-lines.js';

/**
 * The regions of the two texts last located: a sync reads the working copy's body (and the last
 * sync's copy of it), then replaces the body in the same text (2.4 MB at 20,000 entries, searched
 * once instead of twice).
 */
const located: Array<{ text: string; location: ReturnType<typeof locateRegionSpan> }> = [];

function locate(fileText: string): ReturnType<typeof locateRegionSpan> {
  const known = located.find((entry) => entry.text === fileText);
  if (known !== undefined) return known.location;
  const location = locateRegionSpan(fileText);
  located.unshift({ text: fileText, location });
  located.length = Math.min(located.length, 2);
  return location;
}

/**
 * Records where the region of `fileText` is, when the caller knows it without searching the text:
 * a plain file (plainRegionSpan) that differs from one whose region was found only in plain lines
 * of the body (a sync's snapshot, snapshot-line-diff.ts).
 */
export function knownRegion(fileText: string, span: RegionOffsets): void {
  located.unshift({ text: fileText, location: { span, damage: null } });
  located.length = Math.min(located.length, 2);
}

/** Returns the region body of `fileText` with LF line endings, or null when the file has no well-formed region. */
export function regionBody(fileText: string): string | null {
  const span = locate(fileText).span;
  return span === null ? null : toLf(fileText.slice(span.bodyStart, span.bodyEnd));
}

/** Returns the file with its region body replaced by `body` (LF or CRLF; written in the file's line ending), creating the region when absent; throws MemError REGION_DAMAGED on damaged markers. */
export function replaceRegionBody(fileText: string, body: string): string {
  const location = locate(fileText);
  if (location.damage !== null) throw regionDamagedError(location.damage);
  const eol = detectEol(fileText);
  let converted = withEol(toLf(body), eol);
  if (converted !== '' && !converted.endsWith('\n')) converted += eol;
  const span = location.span;
  if (span === null) return converted === '' ? fileText : appendRegion(fileText, converted, eol);
  if (fileText.slice(span.bodyStart, span.bodyEnd) === converted) return fileText;
  return fileText.slice(0, span.bodyStart) + converted + fileText.slice(span.bodyEnd);
}
