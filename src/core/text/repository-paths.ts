/** The repository paths a text names, as the anchor engine's finder reads them (core/anchors/find-references.ts). */
import { findReferences } from '../anchors/find-references.js';

/** Returns the paths `text` names (code spans, bare `dir/file.ext`, file names), each once, in order; never throws. */
export function findRepositoryPaths(text: string): string[] {
  return findReferences(text).flatMap((reference) => (reference.kind === 'path' ? [reference.value] : []));
}
