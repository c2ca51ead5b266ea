/**
 * The shared memory's working copy (`.memory/state/team-memory.md`: the team ref's entries plus
 * this clone's unsynced ones, in mem's region format) as search documents. Read with core's own
 * region reader, not as generic markdown, because a conflict item is one entry: generic parsing
 * makes its headline and each version (base, ours, theirs) separate hits, the stale base among
 * them. Here a conflict is one document carrying both current versions and marked as in conflict;
 * the base is left out (it is what both sides changed).
 */
import type { Conflict } from '../core/memory-file/conflict-item.js';
import { locateRegion } from '../core/memory-file/locate-region.js';
import { parseRegionBody } from '../core/memory-file/parse-region-body.js';
import { toLf } from '../core/memory-file/split-lines.js';
import type { ParsedDocument, ParsedFile } from './memory-document.js';
import { stripComments } from './strip-comments.js';

/** Returns one document per entry and one per conflict of the working copy's text; never throws. */
export function parseTeamMemory(text: string): ParsedFile {
  const span = locateRegion(text).span;
  if (span === null) return { documents: [], conditional: false };
  const lineOffset = countLines(text.slice(0, span.bodyStart));
  const parsed = parseRegionBody(toLf(text.slice(span.bodyStart, span.bodyEnd)), lineOffset);
  const documents: ParsedDocument[] = [];
  for (const entry of parsed.entries) {
    const doc: ParsedDocument = { text: entry.text, section: entry.section, line: entry.line, memId: entry.id };
    if (entry.provenance.at !== undefined) doc.date = entry.provenance.at;
    if (entry.provenance.author !== undefined) doc.author = entry.provenance.author;
    if (entry.provenance.scope !== undefined) doc.scope = entry.provenance.scope;
    documents.push(doc);
  }
  for (const conflict of parsed.conflicts) {
    const doc = conflictDocument(conflict);
    if (doc !== null) documents.push(doc);
  }
  return { documents: documents.sort((a, b) => a.line - b.line), conditional: false };
}

function conflictDocument(conflict: Conflict): ParsedDocument | null {
  const ours = conflict.kind === 'text' ? cleanText(conflict.text?.ours) : (conflict.ours?.text ?? null);
  const theirs = conflict.kind === 'text' ? cleanText(conflict.text?.theirs) : (conflict.theirs?.text ?? null);
  if (ours === null && theirs === null) return null;
  const doc: ParsedDocument = {
    // The indexed text holds both versions, so a word of either finds the entry.
    text: [ours, theirs].filter((side): side is string => side !== null).join(' / '),
    section: conflict.section,
    line: conflict.line,
    conflict: { ours, theirs },
  };
  if (conflict.kind === 'entry') doc.memId = conflict.id;
  // The newer version's date and both authors: who a human must ask.
  const sides = [conflict.ours, conflict.theirs].filter((side) => side !== null);
  const dates = sides
    .map((side) => side.provenance.at)
    .filter((at): at is string => at !== undefined)
    .sort();
  const authors = [
    ...new Set(sides.map((side) => side.provenance.author).filter((by): by is string => by !== undefined)),
  ];
  if (dates.length > 0) doc.date = dates.at(-1)!;
  if (authors.length > 0) doc.author = authors.join(', ');
  return doc;
}

function cleanText(text: string | undefined): string | null {
  const clean = text === undefined ? '' : stripComments(text.replace(/^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+/gm, ''));
  return clean === '' ? null : clean;
}

function countLines(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}
