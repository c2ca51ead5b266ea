/**
 * Query-time synonyms for the abbreviations developers use interchangeably. Only queries are
 * expanded (the index stays literal), so a memory is shown with the words it was written in.
 */
import { normalizeTerm } from './normalize-term.js';

const GROUPS: readonly (readonly string[])[] = [
  ['db', 'database', 'postgres', 'sql'],
  ['repo', 'repository'],
  ['deps', 'dependency', 'package', 'pnpm', 'npm', 'yarn'],
  ['config', 'configuration', 'settings'],
  ['env', 'environment'],
  ['auth', 'authentication', 'login'],
  ['k8s', 'kubernetes'],
  ['js', 'javascript'],
  ['ts', 'typescript'],
  ['docs', 'documentation'],
  ['dir', 'directory', 'folder'],
  ['test', 'spec'],
  ['deploy', 'release'],
  ['lint', 'eslint'],
  ['format', 'prettier'],
  ['install', 'setup'],
  ['delete', 'remove'],
  ['error', 'failure', 'fails'],
  ['slow', 'timeout'],
  ['secret', 'credentials', 'token'],
];

const BY_TERM = new Map<string, readonly string[]>();
for (const words of GROUPS) {
  const group = words.map((word) => normalizeTerm(word) ?? word);
  for (const term of group) BY_TERM.set(term, group);
}

/** Returns the other spellings of a normalized term (empty when none); never fails. */
export function synonymsOf(term: string): readonly string[] {
  const group = BY_TERM.get(term);
  return group ? group.filter((other) => other !== term) : [];
}
