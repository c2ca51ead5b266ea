/**
 * A store the file says lives apart from this repository, an Obsidian vault or a wiki ("Project knowledge base lives in a
 * separate Obsidian vault", set 202's musicreps, whose docs commit b6971e04 moved `guides/` and `backlogs/` out to one and
 * rewrote the CLAUDE.md to send the agent there): the folders the text places in it are that store's, not gone from here.
 */
import type { LintDocument } from './lint-document.js';
import { escapeRegExp } from '../core/text/escape-regexp.js';
import { offsetsOf } from './text-offsets.js';

// "lives in a separate Obsidian vault", "kept in an external wiki": the kind of store the text says stands apart.
const SEPARATE_STORE = /\b(?:separate|external)\s+(?:[\w-]+\s+){0,2}?(vault|wiki)s?\b/gi;

/** Returns the kinds of store (`vault`, `wiki`) `text` says live apart from the repository; never throws. */
export function separateStoreKinds(text: string): string[] {
  return [...new Set([...text.matchAll(SEPARATE_STORE)].map((match) => (match[1] ?? '').toLowerCase()))];
}

/**
 * Whether every mention of `reference` in `doc` is placed in a store of `kinds` (separateStoreKinds): the words right
 * before it in its sentence put it there ("each workstream has its own in the docs vault under `backlogs/`", "the
 * vault's `guides/`"), or it is an item of a list whose lead-in sends the reader to the store ("check the docs vault for
 * relevant conventions and recent decisions in your area:" over "- `guides/` — architecture, coding style"). `leadIn`: the
 * list's lead-in paragraph, if any. "Put notes in the vault and code in `src/`" leaves `src/` checked.
 */
export function isPlacedInSeparateStore(
  reference: string,
  doc: LintDocument,
  leadIn: LintDocument | undefined,
  kinds: readonly string[],
): boolean {
  if (kinds.length === 0 || doc.code === true) return false;
  const store = `(?:[\\w-]+\\s+){0,2}(?:${kinds.map(escapeRegExp).join('|')})`;
  if (
    leadIn !== undefined &&
    new RegExp(
      `\\b(?:in|into|under|inside|from|check|see|search|read|open)\\s+(?:the|your|our)\\s+${store}\\b[^.!?]*:[*_\\s]*$`,
      'i',
    ).test(leadIn.text.trim())
  )
    return true;
  const placed = new RegExp(
    `\\b(?:in|into|under|inside|from|to)\\s+(?:the|your|our)\\s+${store}(?:['’]s|\\s+(?:under|at|in))?\\s*[\`*'"(]*$`,
    'i',
  );
  const offsets = offsetsOf(reference, doc.text);
  return (
    offsets.length > 0 &&
    offsets.every((at) => placed.test(doc.text.slice(Math.max(0, at - 120), at).replace(/\s+/g, ' ')))
  );
}
