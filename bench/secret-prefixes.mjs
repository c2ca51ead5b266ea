// Which secrets are "prefix-shaped" (issue 26): the secret carries a fixed literal prefix one of
// gitleaks' rules gives it (`sk_test_`, `NRII-`, `ghp_`, `xoxb-`, `AKIA`; scripts/literal-prefixes.mjs).
// Such a key says what it is, so the gate must never write one. Read from the vendored gitleaks
// rule data, never from corpus rows.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { literalPrefixes } from '../scripts/literal-prefixes.mjs';
import { ROOT } from './lib.mjs';

export { isPrefixShaped } from '../scripts/literal-prefixes.mjs';

// Words and schemes some rules start with mark no key (`curl …`, `https://…`, `sha256~…`).
const NOT_A_MARK = /^(?:curl|https?|sha256)$/i;

/** Every fixed prefix of gitleaks' rules, with the rule it comes from. */
export function gitleaksPrefixes(tomlPath = join(ROOT, 'vendor', 'gitleaks', 'gitleaks.toml')) {
  const config = parse(readFileSync(tomlPath, 'utf8'));
  return config.rules.flatMap((rule) =>
    rule.regex
      ? literalPrefixes(rule.regex)
          .filter((p) => !NOT_A_MARK.test(p.prefix))
          .map((p) => ({ ...p, ruleId: rule.id }))
      : [],
  );
}
