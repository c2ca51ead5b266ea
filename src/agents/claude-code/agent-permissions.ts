/**
 * The narrow Claude Code permission rules that let the agent follow the memory protocol without
 * a prompt on every call: `mem remember`, `mem search` and `mem candidates`, nothing else.
 * Added to `permissions.allow` of the project's settings in place (comments and layout kept);
 * `mem uninstall` removes exactly the rules init added (a rule the user had already is theirs).
 * Claude Code applies a project's permission rules once the user trusted the folder.
 */
import {
  appendToJsonArray,
  jsonValueAt,
  removeFromJsonArray,
  removeJsonKeyIfEmpty,
  type JSONPath,
} from '../../core/files/edit-json-settings.js';

const SUBCOMMANDS = ['remember', 'search', 'candidates'] as const;
const ALLOW: JSONPath = ['permissions', 'allow'];

/** Returns the allow rules for the shell command line that runs mem (e.g. `mem`). */
export function memAllowRules(commandLine: string): string[] {
  return SUBCOMMANDS.map((sub) => `Bash(${commandLine} ${sub}:*)`);
}

/** Returns true when `rule` is one of the allow rules init writes, for any way of invoking mem (`mem`, `node …/bin/run.js`). */
export function isMemAllowRule(rule: unknown): boolean {
  if (typeof rule !== 'string') return false;
  const match = /^Bash\((.+) (?:remember|search|candidates):\*\)$/.exec(rule);
  return match !== null && /(^|[\s/'"])mem['"]?$|bin\/run\.js['"]?$/.test(match[1]!);
}

/** Returns the rules in `text`'s permissions.allow that are mem's (isMemAllowRule). */
export function memAllowRulesIn(text: string): string[] {
  const present = jsonValueAt(text, ALLOW);
  return Array.isArray(present) ? present.filter(isMemAllowRule) : [];
}

/** Returns `text` (null: no file yet) with `rules` in permissions.allow, the rules added and the keys created. */
export function addAllowRules(
  text: string | null,
  rules: readonly string[],
): { text: string; added: string[]; created: JSONPath[] } {
  let next = text ?? '';
  const present = jsonValueAt(next, ALLOW);
  const have = new Set(
    Array.isArray(present) ? present.filter((rule): rule is string => typeof rule === 'string') : [],
  );
  const added: string[] = [];
  const created: JSONPath[] = [];
  for (const rule of rules) {
    if (have.has(rule)) continue;
    next = appendToJsonArray(next, ALLOW, rule, created);
    added.push(rule);
  }
  return { text: added.length === 0 ? (text ?? '') : next, added, created };
}

/** Returns `text` without `rules` in permissions.allow (keys in `created` go when left empty), and whether anything changed. */
export function removeAllowRules(
  text: string,
  rules: readonly string[],
  created: readonly JSONPath[] = [],
): { text: string; changed: boolean } {
  if (rules.length === 0) return { text, changed: false };
  const drop = new Set(rules);
  let next = removeFromJsonArray(text, ALLOW, (rule) => typeof rule === 'string' && drop.has(rule)).text;
  for (const path of [...created].reverse()) next = removeJsonKeyIfEmpty(next, path);
  return { text: next, changed: next !== text };
}
