/**
 * The stricter reading of a tool preference that `mem lint` asks of two hand-written rules before
 * it calls them contradictory. The quality gate's finder (core/text/find-contradiction.ts) reads
 * any mention of a tool outside a negation as preferring it, which suits a memory entry of one
 * line; in a whole agent file it took "look up the version on npm" for a choice of npm and
 * "do NOT use `pnpm add`" for a rejection of pnpm. Here a rule commits to a tool only when it
 * tells the agent to use it or to not use it, and the subject keeps its granularity: a command
 * (`pnpm add`) is not its tool (`pnpm`). Kept apart from the finder's stance rather than built on it:
 * the gate's tests assert that looser, tool-level reading of one-line entries, and lint asks both
 * (find-contradictions.ts), this one as the confirmation.
 */
import { ALTERNATIVES } from '../core/text/find-contradiction.js';
import { comparableWords, jaccard } from '../core/text/text-similarity.js';

type Commitments = { use: ReadonlySet<string>; avoid: ReadonlySet<string>; chosen: ReadonlySet<string> };

const TOOLS = [...new Set(ALTERNATIVES.flat())].filter((tool) => !tool.includes(' '));
const TOOL = TOOLS.join('|');
// A word after a tool's name that is English, not a subcommand: "use pnpm for installs", "npm or yarn".
const NOT_A_SUBCOMMAND = new Set(
  'for in to with when or and nor on at as here there instead only anymore at all everywhere itself commands command scripts script is are was because since so then but which that'.split(
    ' ',
  ),
);
// After the subject of a negation, what may follow and leave the negation about the subject itself:
// the end of the clause, another tool, a reason. Anything else qualifies how or when ("do not run
// yarn install as overlapping background tasks", "don't run vitest directly").
const BARE_REJECTION_END = new RegExp(
  String.raw`^(?:$|[,;:.!?)(\u2014\u2013]|-\s|(?:or|nor|and)\s+(?:${TOOL})\b|(?:instead|anymore|at all|here|in this (?:repo(?:sitory)?|project|codebase))\b|(?:because|since|as (?:it|they|this|that))\b)`,
);
// A sentence with a condition commits to nothing unconditionally.
const CONDITION = /\b(?:if|unless|except|when|whenever|while|until|only for|only in)\b/;
const NEGATION =
  /\b(?:never|don't|dont|do not|does not|must not|should not|shouldn't|avoid|not|no|instead of|rather than)\s+(?:(?:use|using|run|running|call|invoke|install with)\s+)?(?:the\s+)?$/;
// "not npm", "instead of npm" with no verb of use reject npm only against a rival the sentence
// chose ("use pnpm, not npm"): "deploys to Zapier's platform, not npm" speaks of the registry.
const BARE_NEGATION = /\b(?:not|no|instead of|rather than)\s+(?:the\s+)?$/;
// "prefer pnpm over npm": "over" ranks only after a choice.
const OVER = /\bprefer\b.*\bover\s+$/;
const DIRECTIVE =
  /(?:^|[,;:(—–]\s*|\b(?:always|must|should|please|then|and|only|we|to)\s+)(?:use|prefer|run|install with|switch to)\s+(?:the\s+)?$/;
// A command in a code span at the head of an item, or after "run" or a colon: the agent is told to
// run it. After "via" or "with" it is as often what the code does ("installed lazily via `npm install`").
const COMMAND_HEAD = /(?:^|[:\u2014\u2013(]|\brun)$/;

const isRival = (a: string, b: string) =>
  a !== b && ALTERNATIVES.some((group) => group.includes(a) && group.includes(b));

/** Reads the subject a tool mention names: the tool, or the tool and its subcommand (`pnpm add`). */
function subjectAt(sentence: string, tool: string, end: number): { subject: string; end: number } {
  const next = /^\s+([a-z][\w:-]*)/.exec(sentence.slice(end));
  if (next?.[1] === undefined || NOT_A_SUBCOMMAND.has(next[1])) return { subject: tool, end };
  return { subject: `${tool} ${next[1]}`, end: end + next[0].length };
}

/** Reads what `text` tells the agent to use and to not use, by subject; pure, never throws. */
function readCommitments(text: string): Commitments {
  const use = new Set<string>();
  const avoid = new Set<string>();
  const chosen = new Set<string>();
  const lower = text.toLowerCase().replace(/[*_"'“”]/g, '');
  for (const sentence of lower.split(/[.!?](?:\s+|$)|\n\s*\n/)) {
    if (CONDITION.test(sentence)) continue;
    for (const match of sentence.matchAll(new RegExp(String.raw`(\x60?)\b(${TOOL})\b(?![\w-])`, 'g'))) {
      const tool = match[2]!;
      const before = sentence.slice(0, match.index).replace(/\x60$/, '');
      const { subject, end } = subjectAt(sentence, tool, match.index + match[0].length);
      const after = sentence.slice(end).replace(/^\x60/, '').trimStart();
      if (NEGATION.test(before) || OVER.test(before)) {
        const rivalChosen = [...use].some((used) => isRival(used.split(' ')[0]!, tool));
        if (BARE_REJECTION_END.test(after) && (rivalChosen || !BARE_NEGATION.test(before))) avoid.add(subject);
      } else if (DIRECTIVE.test(before)) {
        use.add(subject);
        if (subject === tool) chosen.add(tool);
      } else if (match[1] === '\x60' && COMMAND_HEAD.test(before.trim())) use.add(subject);
    }
  }
  for (const subject of use) avoid.delete(subject);
  return { use, avoid, chosen };
}

const commitmentsOf = new Map<string, Commitments>();
function commitments(text: string): Commitments {
  let found = commitmentsOf.get(text);
  if (found === undefined) {
    found = readCommitments(text);
    commitmentsOf.set(text, found);
  }
  return found;
}

/** Whether `a` avoids what `b` says to use: the same subject, or the tool whose command `b` runs. */
function avoidsWhatOtherUses(a: Commitments, b: Commitments): boolean {
  for (const subject of a.avoid)
    for (const used of b.use)
      if (used === subject || (!subject.includes(' ') && used.startsWith(`${subject} `))) return true;
  return false;
}

const toolWords = new Set(TOOLS);
const restOf = (text: string) => new Set([...comparableWords(text)].filter((word) => !toolWords.has(word)));

/**
 * Returns true when one rule tells the agent not to use what the other tells it to use, or the two
 * choose rival tools of one group for the same job ("use yarn to install" / "use pnpm to install",
 * mostly the same other words); rules with a condition ("if", "when") commit to nothing here. Never throws.
 */
export function hasToolConflict(a: string, b: string): boolean {
  const ca = commitments(a);
  const cb = commitments(b);
  if (avoidsWhatOtherUses(ca, cb) || avoidsWhatOtherUses(cb, ca)) return true;
  for (const x of ca.chosen)
    for (const y of cb.chosen)
      if (isRival(x, y) && !ca.chosen.has(y) && !cb.chosen.has(x) && jaccard(restOf(a), restOf(b)) >= 0.5) return true;
  return false;
}
