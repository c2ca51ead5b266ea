// Which secrets are "prefix-shaped" (issue 26): a token of the text opens with the fixed literal
// prefix a gitleaks rule gives its secret (`sk_test_`, `NRII-`, `ghp_`, `xoxb-`, `AKIA`;
// scripts/literal-prefixes.mjs) and goes on with 8+ token characters. Such a key says what it is,
// so the gate must never write one. Read from the vendored gitleaks rule data, never from corpus rows.
//
// Two corrections (session 27), because the definition counted texts that are no keys: the prefix
// is taken where the rule's secret group opens (`secretGroup`: Sonar's rule captures `login|token`
// first and its secret second, so `login.microsoftonline.com/<tenant>` counted); and a literal
// start that is no credential mark by the importer's own test (`pat` of Airtable's tokens, `xox`,
// `dapi`, `EAA`: short enough to open words and host labels, `rabbitmq-host.pattern.com`) counts
// only before a generated body, one with a digit or a capital (`patfqpIZBPU6…`, `xoxp-2423…`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { isDistinctiveMark, isWeakMark, literalPrefixes } from '../scripts/literal-prefixes.mjs';
import { ROOT } from './lib.mjs';

// Words and schemes some rules start with mark no key (`curl …`, `https://…`, `sha256~…`).
const NOT_A_MARK = /^(?:curl|https?|sha256)$/i;

/** Every fixed prefix of gitleaks' secrets, with the rule it comes from and whether it is a mark. */
export function gitleaksPrefixes(tomlPath = join(ROOT, 'vendor', 'gitleaks', 'gitleaks.toml')) {
  const config = parse(readFileSync(tomlPath, 'utf8'));
  return config.rules.flatMap((rule) =>
    rule.regex
      ? literalPrefixes(rule.regex, rule.secretGroup ?? 1)
          .filter((p) => !NOT_A_MARK.test(p.prefix))
          .map((p) => ({ ...p, ruleId: rule.id, mark: isDistinctiveMark(p.prefix) || isWeakMark(p.prefix) }))
      : [],
  );
}

/** true when a token of `text` opens with one of `prefixes` and goes on with 8+ token characters. */
export function isPrefixShaped(text, prefixes) {
  return prefixes.some(({ prefix, ci, mark }) => {
    const haystack = ci ? text.toLowerCase() : text;
    const needle = ci ? prefix.toLowerCase() : prefix;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
      const startsToken = at === 0 || !/[A-Za-z0-9]/.test(text[at - 1]);
      const body = /^[A-Za-z0-9_\-+/=.]{8,}/.exec(text.slice(at + prefix.length))?.[0];
      if (startsToken && body !== undefined && (mark || /[A-Z0-9]/.test(body))) return true;
    }
    return false;
  });
}
