/**
 * Detects when a candidate says the opposite of an existing entry: "always X" against "never X",
 * or "use npm" against "use pnpm, not npm". A contradiction is flagged for a human, never
 * resolved silently.
 */
import { PACKAGE_MANAGERS } from './folder-runners.js';
import { memoizeByText } from './memoize-by-text.js';
import { comparableWords, jaccard } from './text-similarity.js';

/** Tools that stand in for each other: preferring one contradicts preferring another. */
export const ALTERNATIVES: readonly (readonly string[])[] = [
  PACKAGE_MANAGERS,
  ['jest', 'vitest', 'mocha', 'ava', 'jasmine'],
  ['pytest', 'unittest', 'nose'],
  ['pip', 'poetry', 'uv', 'pipenv', 'conda'],
  ['tabs', 'spaces'],
  ['eslint', 'biome', 'oxlint'],
  ['webpack', 'vite', 'esbuild', 'rollup', 'parcel', 'turbopack'],
  ['rebase', 'merge'],
  ['single quotes', 'double quotes'],
  ['camelcase', 'snake_case', 'kebab-case', 'pascalcase'],
  ['mysql', 'postgres', 'postgresql', 'sqlite', 'mongodb'],
  ['axios', 'fetch', 'got', 'ky'],
];

type Stance = { preferred: ReadonlySet<string>; rejected: ReadonlySet<string> };

const TOOL_WORDS = new Set(ALTERNATIVES.flat());

function toolsIn(text: string): string[] {
  const lower = ` ${text.toLowerCase().replace(/[`*_"'.,;:!()]/g, ' ')} `;
  return [...TOOL_WORDS].filter((tool) => lower.includes(` ${tool} `));
}

/**
 * Reads which tools a rule prefers and which it rejects ("use pnpm, not npm"); shared, read-only.
 * Note: lint/has-tool-conflict.ts reads a second, stricter stance on purpose. This one is the
 * gate's, for a memory entry of one line: any tool it names outside a negation is preferred, by
 * tool ("uses pnpm" states the choice). `mem lint` confirms each contradiction this finder finds
 * in a whole agent file with that reading, where only a directive ("use X", "do not use X")
 * commits and a command (`pnpm add`) is not its tool. Neither is expressible through the other
 * without changing findings: the gate's tests assert the tool-level reading here.
 */
const stanceOf = memoizeByText(readStance);

// A negation rejects the tools of its own clause, and only when what it negates is a tool or the
// use of one: "never use npm", "pnpm, not npm", "avoid yarn". "Tests that do not need Postgres",
// "do not remove them without re-running npm" or "evidence, not claims" reject no tool.
const NEGATION = /\b(?:not|never|don't|dont|do not|avoid|instead of|rather than|over|no longer|stop using)\b/g;
const PREFER_VERB = /\b(?:prefer|prefers|preferred|favou?r|choose|pick|use|using)\b/;
const USE_VERB = /^(?:use|using|run|running|invoke|call|install|installing|rely on|switch to|choose|pick|introduce)\b/;
// A clause ends at a colon, semicolon or dash; a sentence at a full stop followed by a space.
const CLAUSE_END = /[:;—–]|\s-\s|$/;
// A negation of how or when a tool runs rejects no tool: "do not run yarn install as overlapping
// background tasks", "never run npm test in parallel" say nothing against `yarn test` elsewhere.
const MANNER =
  /\b(?:as (?:a |an )?(?:overlapping|parallel|background|concurrent|separate)|in parallel|concurrently|simultaneously|at the same time|in the background|twice|while)\b/;

const IS_PACKAGE_MANAGER = new Set(PACKAGE_MANAGERS);
// What may follow a package manager's name and still mean the tool itself: its own install verbs, or English.
const TOOL_ITSELF =
  /^(?:$|[^a-z0-9]|(?:install|i|add|ci|update|upgrade|for|in|to|with|when|or|and|on|at|as|here|there|anymore|instead|commands?|scripts?|directly|itself|anywhere|at all)\b)/;

/** Whether every mention of package manager `tool` in `clause` runs one named script (`yarn dev-server`). */
function namesOnlyAScript(clause: string, tool: string): boolean {
  if (!IS_PACKAGE_MANAGER.has(tool)) return false;
  const mentions = [...clause.matchAll(new RegExp(`(?:^|[^\\w-])${tool}(?![\\w-])`, 'g'))];
  return (
    mentions.length > 0 &&
    mentions.every((mention) => {
      const after = clause.slice((mention.index ?? 0) + mention[0].length);
      const next = after.replace(/^\s+(?:run\s+)?/, '');
      return after.startsWith(' ') && !TOOL_ITSELF.test(next);
    })
  );
}

function readStance(text: string): Stance {
  const lower = text.toLowerCase().replace(/[`*_"']/g, '');
  const preferred = new Set<string>();
  const rejected = new Set<string>();
  // Sentence by sentence: "Never invoke ./node_modules/.bin/*. Always run them through pnpm" prefers pnpm.
  for (const sentence of lower.split(/[.!?](?:\s+|$)|\n\s*\n/)) {
    const own = new Set<string>();
    let rest = '';
    let from = 0;
    for (const match of sentence.matchAll(NEGATION)) {
      // "over" ranks only after a choice ("prefer pnpm over npm", "pnpm over npm"): helpers that
      // "abstract over PostgreSQL and SQLite" reject neither.
      const before = sentence.slice(0, match.index);
      if (match[0] === 'over' && !PREFER_VERB.test(before) && toolsIn(before).length === 0) continue;
      const after = sentence.slice(match.index + match[0].length).trimStart();
      const clause = after.slice(0, CLAUSE_END.exec(after)?.index ?? after.length);
      if (!USE_VERB.test(clause) && !toolsIn(clause).some((tool) => clause.startsWith(tool))) continue;
      if (MANNER.test(clause)) continue;
      // "do NOT use `yarn start-server-and-test`" rejects that script, not yarn: `yarn test` elsewhere stands.
      const tools = toolsIn(clause).filter((tool) => !namesOnlyAScript(clause, tool));
      // "don't use npm, use pnpm instead": the tool named with "instead" is the preferred one.
      const instead = /\b(?:use|prefer|run)\s+(.+?)\s+instead\b/.exec(after);
      const insteadTools = new Set(instead?.[1] ? toolsIn(instead[1]) : []);
      for (const tool of tools)
        if (insteadTools.has(tool)) preferred.add(tool);
        else own.add(tool);
      const clauseEnd = sentence.length - after.length + clause.length;
      if (match.index >= from) rest += sentence.slice(from, match.index);
      from = Math.max(from, clauseEnd);
    }
    rest += sentence.slice(from);
    for (const tool of own) rejected.add(tool);
    for (const tool of toolsIn(rest)) if (!own.has(tool)) preferred.add(tool);
  }
  for (const tool of preferred) rejected.delete(tool);
  return { preferred, rejected };
}

function polarity(text: string): 'always' | 'never' | undefined {
  const lower = text.toLowerCase().trim();
  if (/^(?:never|don't|dont|do not|avoid|no)\b/.test(lower)) return 'never';
  if (/^(?:always|use|prefer|do)\b/.test(lower)) return 'always';
  return undefined;
}

function sameGroup(a: string, b: string): boolean {
  return a !== b && ALTERNATIVES.some((group) => group.includes(a) && group.includes(b));
}

/** Returns true when `candidate` contradicts `existing`; never throws. */
export function isContradiction(candidate: string, existing: string): boolean {
  const c = stanceOf(candidate);
  const pc = polarity(candidate);
  // Every test below needs a tool in the candidate or a stated polarity.
  if (c.preferred.size === 0 && c.rejected.size === 0 && pc === undefined) return false;
  const e = stanceOf(existing);
  for (const tool of c.preferred) if (e.rejected.has(tool)) return true;
  for (const tool of c.rejected) if (e.preferred.has(tool)) return true;
  // "Use yarn for installs" against "Use pnpm for installs": rivals preferred in otherwise similar rules.
  for (const a of c.preferred)
    for (const b of e.preferred) {
      if (sameGroup(a, b) && !c.preferred.has(b) && !e.preferred.has(a)) {
        const rest = (text: string) => new Set([...comparableWords(text)].filter((w) => !TOOL_WORDS.has(w)));
        if (jaccard(rest(candidate), rest(existing)) >= 0.3) return true;
      }
    }
  return isOppositePolarity(candidate, existing);
}

/**
 * Returns true when one rule starts "always"/"use"/"do" and the other "never"/"don't"/"avoid" and
 * the rest of their words are mostly the same ("Always X" against "Never X"); never throws.
 */
export function isOppositePolarity(a: string, b: string): boolean {
  const pa = polarity(a);
  const pb = polarity(b);
  if (!pa || !pb || pa === pb) return false;
  const strip = (text: string) => {
    const words = new Set(comparableWords(text));
    for (const w of ['not', 'use', 'prefer']) words.delete(w);
    return words;
  };
  return jaccard(strip(a), strip(b)) >= 0.6;
}

// Words that add nothing to a tool preference: "use pnpm for everything" says just "use pnpm".
// Compared after the same stemming as the rules' words ("everything" becomes "everyth").
const FILLER = comparableWords(
  'use using everything anything only just always here repo project codebase thing things stuff every time not',
);

/**
 * Returns true when `candidate` only restates part of the tool preference `existing` already
 * states ("use pnpm for everything" against "we use pnpm, never npm or yarn"); never throws.
 */
export function restatesToolPreference(candidate: string, existing: string): boolean {
  const c = stanceOf(candidate);
  if (c.preferred.size === 0) return false;
  const e = stanceOf(existing);
  for (const tool of c.preferred) if (!e.preferred.has(tool)) return false;
  for (const tool of c.rejected) if (!e.rejected.has(tool)) return false;
  const rest = [...comparableWords(candidate)].filter((word) => !TOOL_WORDS.has(word) && !FILLER.has(word));
  return rest.length === 0;
}
