/**
 * Secrets and prompt injection in loaded files, found by the gates that keep them out of mem's own
 * memory (core/safety/): what an agent loads at start-up is in every request it sends. Secrets and
 * invisible Unicode are looked for everywhere, in a hand-written file only the definite formats
 * (is-definite-secret.ts); injection only in the team memory, text that came from other people's
 * sessions: a hand-written agent file addresses the model by design, and the injection gate read
 * 15 of 17 such instructions in the real corpus as attacks (bench/README.md).
 */
import { findInjection, findInvisibleUnicode } from '../core/safety/scan-injection.js';
import { findSecrets } from '../core/safety/scan-secrets.js';
import type { LintFinding } from './lint-report.js';
import type { LintSource } from './lint-document.js';
import { isDefiniteSecret } from './is-definite-secret.js';

/** Returns a finding per document of `sources` that holds a secret, an injection or invisible Unicode; never prints the secret; never throws. */
export function findUnsafeText(sources: readonly LintSource[]): LintFinding[] {
  const out: LintFinding[] = [];
  for (const source of sources) {
    const lines = source.text?.split('\n') ?? [];
    for (const doc of source.documents) {
      const at = { file: source.path, line: doc.line };
      const secret = findSecrets(doc.text).find(
        (found) =>
          source.team || isDefiniteSecret(found.ruleId, doc.text.slice(found.start, found.end), doc.text, found.start),
      );
      if (secret)
        out.push({
          code: 'secret',
          level: 'error',
          ...at,
          line: lineHolding(doc.text.slice(secret.start, secret.end), doc.line, lines),
          message: `a secret (${secret.ruleId}) is loaded into every request the agent sends: remove it and rotate it`,
        });
      const injection = source.team ? findInjection(doc.text)[0] : undefined;
      if (injection)
        out.push({
          code: 'injection',
          level: 'error',
          ...at,
          line: lineHolding(doc.text.slice(injection.start, injection.end), doc.line, lines),
          message: `text shaped like a prompt injection (${injection.category}: ${injection.ruleId}) is loaded as instructions`,
        });
      if (findInvisibleUnicode(doc.text).length > 0)
        out.push({
          code: 'invisible-unicode',
          level: 'warning',
          ...at,
          message: 'invisible Unicode characters: the agent reads text a reviewer cannot see',
        });
    }
  }
  return out;
}

/**
 * The 1-based line of the file, from the document's first on, that holds the start of `found` (its first 24 characters:
 * a match the document joined across lines starts on one of them), so a secret in line 8 of a code block or a
 * paragraph's second line is reported where an editor shows it; the document's own line when the file does not have it
 * as written.
 */
function lineHolding(found: string, from: number, lines: readonly string[]): number {
  const start = found.slice(0, 24).split(/\s/)[0] ?? '';
  if (start === '') return from;
  for (let index = from - 1; index < lines.length; index++) if (lines[index]!.includes(start)) return index + 1;
  return from;
}
