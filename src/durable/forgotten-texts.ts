/**
 * Texts forgotten in this clone, so a later turn that replays an older transcript (a resumed or
 * copied session re-reading what the user once said) can tell "said again" from "forgotten".
 * Tombstones guard ids; a replayed candidate gets a fresh id, so only its text can be matched.
 * Local state, secret-free (entries passed the filter; redacted once more anyway).
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { redactSecrets } from '../core/safety/scan-secrets.js';
import { textSimilarity } from '../core/text/text-similarity.js';
import { normalizeForIdentity } from '../core/memory-file/hand-entry-id.js';
import { readHookRecords } from '../core/hook-log.js';
import { memoryPaths } from '../core/layout.js';

export type ForgottenText = { id: string; text: string; at: string };

/** Returns the path of the forgotten-texts log. */
function forgottenTextsPath(root: string): string {
  return join(memoryPaths(root).stateDir, 'forgotten.jsonl');
}

/** Appends the forgotten entries' texts; throws on I/O failure. */
export function recordForgottenTexts(root: string, entries: readonly ForgottenText[]): void {
  if (entries.length === 0) return;
  const path = forgottenTextsPath(root);
  mkdirSync(dirname(path), { recursive: true });
  appendFileSync(
    path,
    entries.map((entry) => `${JSON.stringify({ ...entry, text: redactSecrets(entry.text).slice(0, 500) })}\n`).join(''),
  );
}

/** Returns the texts forgotten in this clone, oldest first (empty when none); never throws. */
export function readForgottenTexts(root: string): ForgottenText[] {
  return (readHookRecords(forgottenTextsPath(root), 256 * 1024) as unknown[]).filter(
    (record): record is ForgottenText =>
      typeof record === 'object' && record !== null && typeof (record as ForgottenText).text === 'string',
  );
}

/**
 * Returns the forgotten entry `text` repeats (same normalised text, or word similarity at least
 * `similarity`), or undefined; never throws. For the Stop hook: such a candidate was forgotten on
 * purpose and should not come back from a replayed transcript.
 */
export function findForgotten(
  text: string,
  forgotten: readonly ForgottenText[],
  similarity = 0.8,
): ForgottenText | undefined {
  const key = normalizeForIdentity(text).replace(/[.。!]+$/u, '');
  return forgotten.find(
    (entry) =>
      normalizeForIdentity(entry.text).replace(/[.。!]+$/u, '') === key ||
      textSimilarity(entry.text, text) >= similarity,
  );
}
