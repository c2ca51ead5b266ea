/**
 * Paths of another project on the user's machine, written short. A file that spells a path in full under the user's
 * home (`SCRIPT=~/Desktop/AI\ Interaction\ Analysis/scripts/search-conversations.py`) and elsewhere writes its tail
 * alone ("**Location:** `~/Desktop/AI Interaction Analysis/data/unified/`, wrapper CLI in
 * `scripts/search-conversations.py`", set 114's obsidian-qualia-coding) names that project's file by the short form:
 * the repository was never meant to hold it.
 */

import { escapeRegExp } from '../core/text/escape-regexp.js';

// One folder of a path, an escaped space (`AI\ Interaction`) being part of the name.
const PART = String.raw`(?:[^\s/"'\`()\\]|\\ )+`;
// Where the user's home starts a path: `~`, `$HOME`, `${HOME}`, or macOS's and Linux's home folders written from the root.
const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|/Users/${PART}|/home/${PART})`;

/** Whether `fileText` writes `reference` (a path from the repository's root) as the tail of a path under the user's home. */
export function isTailOfHomePath(reference: string, fileText: string): boolean {
  const bare = reference.replace(/^\.?\/+/, '').replace(/\/$/, '');
  if (bare === '') return false;
  const written = new RegExp(String.raw`(?<![\w.~$/-])${HOME}(?:/${PART})*/${escapeRegExp(bare)}(?![\w-]|\.\w)`);
  return written.test(fileText);
}
