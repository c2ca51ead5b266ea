/**
 * Two loaded rules that contradict each other ("always X" against "never X", two rival tools for
 * the same job), found by the quality gate's contradiction finder (core/text/find-contradiction.ts)
 * and kept only on strong evidence: the same subject at the same granularity, one rule telling the
 * agent to use it and the other not to, neither under a condition (has-tool-conflict.ts), or two
 * rules worded alike but for "always" and "never". A human reads each finding; a wrong one costs
 * more trust than a missed one.
 */
import { isContradiction, isOppositePolarity } from '../core/text/find-contradiction.js';
import { comparableWords } from '../core/text/text-similarity.js';
import type { LintFinding } from './lint-report.js';
import type { LintSource } from './lint-document.js';
import { hasToolConflict } from './has-tool-conflict.js';

// PRESCRIBES and NEGATING_HEADING are asked of the lower-cased text (see the note in find-duplicates.ts).
// Rules are short; a paragraph of prose or a code block states no single preference to contradict.
const MAX_CHARS = 300;
// A rule tells the agent what to do; a line that only describes (a package catalogue's "Postgres
// implementation of …", a block's `pip install uv`) prescribes nothing another file could contradict.
const PRESCRIBES =
  /\b(?:always|never|must|should|shall|don't|dont|do not|avoid|prefer|instead|rather than|only|use|run)\b/;

// Items under a heading that is only a negation ("## Do NOT", "Don'ts", "Anti-patterns", "Common
// mistakes") state the opposite of what they say: "- Use npm or yarn" there forbids npm. Their
// stance is left unread. A heading that names a topic ("Avoid props drilling with composition") is no list of don'ts.
const NEGATING_HEADING =
  /^[^\p{L}]*(?:don'?ts?|do not|never|avoid|anti-?patterns?|(?:common )?(?:mistakes|pitfalls)(?: to avoid)?|things to avoid|what not to do|forbidden|prohibited|bad practices)[^\p{L}]*$/u;

// A rule that names both what to avoid and what to do instead ("No direct REST API calls — use
// the SDK", "Use the SDK rather than REST calls") has two polarities: its "no" and another's "use"
// may say the same thing. Only the first clauses are compared ("Always swallow errors — use abort
// signals" and "Never swallow errors — …" still contradict).
const SECOND_STANCE =
  /\b(?:rather than|instead of)\b|[;\u2014\u2013]\s*(?:use|prefer)\b|\s-\s+(?:use|prefer)\b|\binstead\s*[.!]?$/i;
// What a rule's polarity word governs: the text up to where it turns to what to do instead.
const firstClause = (text: string) => text.slice(0, SECOND_STANCE.exec(text)?.index ?? text.length);
const isPlainlyOpposite = (a: string, b: string) => isOppositePolarity(firstClause(a), firstClause(b));

type Rule = { file: string; scope: string; line: number; text: string; words: ReadonlySet<string> };

/** Returns one finding per rule that contradicts a rule of another, earlier loaded file of the same scope; never throws. */
export function findContradictions(sources: readonly LintSource[]): LintFinding[] {
  const rules: Rule[] = [];
  for (const source of sources)
    for (const doc of source.documents)
      if (
        doc.text.length <= MAX_CHARS &&
        doc.code !== true &&
        PRESCRIBES.test(doc.text.toLowerCase()) &&
        !NEGATING_HEADING.test((doc.section.split(' > ').at(-1) ?? '').toLowerCase())
      )
        rules.push({
          file: source.path,
          scope: source.scope,
          line: doc.line,
          text: doc.text,
          words: comparableWords(doc.text),
        });
  const postings = new Map<string, number[]>();
  const out: LintFinding[] = [];
  for (const [index, rule] of rules.entries()) {
    const seen = new Set<number>();
    let found: Rule | undefined;
    for (const word of rule.words) {
      for (const otherIndex of postings.get(word) ?? []) {
        if (seen.has(otherIndex)) continue;
        seen.add(otherIndex);
        const other = rules[otherIndex]!;
        if (
          other.file !== rule.file &&
          other.scope === rule.scope &&
          (isContradiction(rule.text, other.text) || isContradiction(other.text, rule.text)) &&
          (isPlainlyOpposite(rule.text, other.text) || hasToolConflict(rule.text, other.text))
        ) {
          found = other;
          break;
        }
      }
      if (found) break;
    }
    if (found)
      out.push({
        code: 'contradiction',
        level: 'warning',
        file: rule.file,
        line: rule.line,
        message: 'contradicts a rule of another loaded file: the agent gets both',
        related: { file: found.file, line: found.line },
      });
    for (const word of rule.words) {
      const list = postings.get(word);
      if (list) list.push(index);
      else postings.set(word, [index]);
    }
  }
  return out;
}
