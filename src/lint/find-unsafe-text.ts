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
          message: `a secret (${secret.ruleId}) is loaded into every request the agent sends: remove it and rotate it`,
        });
      const injection = source.team ? findInjection(doc.text)[0] : undefined;
      if (injection)
        out.push({
          code: 'injection',
          level: 'error',
          ...at,
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
