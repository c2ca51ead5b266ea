/**
 * Exchange of the region body with the team branch. Bodies travel with LF line endings; the file
 * keeps its own (CRLF files stay CRLF).
 */
import { appendRegion, regionDamagedError } from './apply-region-edits.js';
import { locateRegion, type RegionDamage, type RegionSpan } from './locate-region.js';
import { detectEol, toLf, withEol } from './split-lines.js';

type Located = { span: RegionSpan | null; damage: RegionDamage | null };

/**
 * The region of the text last located: a sync reads the working copy's body, then replaces the
 * body in the same text (2.4 MB at 20,000 entries, searched once instead of twice).
 */
let last: { text: string; location: Located } | null = null;

function locate(fileText: string): Located {
  if (last !== null && last.text === fileText) return last.location;
  const { span, damage } = locateRegion(fileText);
  last = { text: fileText, location: { span, damage } };
  return last.location;
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
