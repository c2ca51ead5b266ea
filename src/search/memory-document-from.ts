/**
 * A search document from a piece of markdown: the text a human reads (comments removed) and, from
 * mem's metadata comment when the piece carries one, the entry's id, author and date. The comment
 * is read by its one parser, core/memory-file/mem-comment.ts.
 */
import { findMemComment, provenanceFromAttributes } from '../core/memory-file/mem-comment.js';
import type { ParsedDocument } from './memory-document.js';
import { stripComments } from './strip-comments.js';

/**
 * Returns the document for `raw` (the source, comments included) shown as `shown` (default: `raw`),
 * or null when it has no letter or digit to find; never throws.
 */
export function memoryDocumentFrom(
  raw: string,
  section: string,
  line: number,
  shown: string = raw,
): ParsedDocument | null {
  const text = stripComments(shown);
  if (text === '' || !/[\p{L}\p{N}]/u.test(text)) return null;
  const doc: ParsedDocument = { text, section, line };
  const comment = findMemComment(raw);
  if (comment === null) return doc;
  const provenance = provenanceFromAttributes(comment.attributes);
  if (provenance.at) doc.date = provenance.at;
  if (provenance.author) doc.author = provenance.author;
  if (comment.attributes['id']) doc.memId = comment.attributes['id'];
  return doc;
}

/**
 * The `fence` of a fenced code block whose info string's first word is `lang` (null or undefined: none) and whose
 * body is `body` (its lines joined by "\n"); both markdown readers call it so they count alike.
 */
export function codeFence(lang: string | null | undefined, body: string): NonNullable<ParsedDocument['fence']> {
  const kept = body.trimEnd();
  return { lang: lang ?? '', lines: kept === '' ? 0 : kept.split('\n').length };
}
