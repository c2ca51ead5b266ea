/**
 * The quality filter's rules: a named, ordered list, each returning a reason code when the
 * candidate breaks it. Hard rules (secret, injection, invisible Unicode, question) can never be forced.
 */
import type { Entry } from '../../core/memory-file/entry.js';
import type { Config } from '../../core/config/schema.js';
import type { Candidate } from '../../core/memory-file/candidate.js';
import { isContradiction, restatesToolPreference } from '../../core/text/find-contradiction.js';
import { findInjection, findInvisibleUnicode } from '../../core/safety/scan-injection.js';
import { findSecrets } from '../../core/safety/scan-secrets.js';
import { comparableWords, containment, jaccard } from '../../core/text/text-similarity.js';
import { memoizeByText } from '../../core/text/memoize-by-text.js';
import { testPrefiltered } from '../../core/safety/prefilter/prefilter.js';
import type { ReasonCode } from './verdict.js';

export type FilterConfig = Config['filter'];

export type RuleContext = { existing: readonly Entry[]; config: FilterConfig };

export type RuleHit = { code: ReasonCode; targetId?: string; supersede?: boolean };

export type FilterRule = {
  code: ReasonCode;
  /** A hard rule rejects even with `force`. */
  hard: boolean;
  check: (candidate: Candidate, context: RuleContext) => RuleHit | undefined;
};

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** Length in Latin-equivalent characters: a CJK character carries about as much as two letters. */
function effectiveLength(text: string): number {
  return text.length + (text.match(CJK)?.length ?? 0);
}

function wordCount(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const latin = text
    .replace(CJK, ' ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}`]/u.test(w)).length;
  return latin + Math.floor(cjk / 2);
}

const HARNESS =
  /<\/?(?:system-reminder|user-prompt-submit-hook|command-name|command-message|local-command-stdout|task-notification|user-memory-input|mem-context|function_results|tool_result)\b|^Caveat: The messages below/i;

const QUESTION_START =
  /^(?:(?:what|why|how|where|when|which|who|whose|can|could|would|will|shall|may|might|is|are|was|were|do|does|did|have|has|should|any\s+idea)\s+(?:you|we|i|it|there|the|this|that|they|he|she|a|an|our|my|your|anyone|somebody)|(?:what|why|how|where|when|which|who)\s+(?:do|does|did|is|are|was|were|can|could|should|would|will|has|have))\b/i;
// The user's own how-to question anywhere in the text, also inside a table or code it hands over
// ("… {How can I … ?} …" with "fill in the steps"): no agent file asks one (0 in 140 real files).
const HOW_DO_I = /\bhow\s+(?:can|do|would|could|should|might)\s+I\b[^?\n]{1,120}\?/i;

/** true when `text` ends as a question (in any script) or asks the user's own how-to question. */
function isDirectQuestion(text: string): boolean {
  return /[?？]$/.test(text) || /(?:吗|ですか|ますか|か)[。.]?$/.test(text) || testPrefiltered(HOW_DO_I, text);
}
// "When you change a query you have to run …": a conditional rule, not a question without its mark.
const CONDITIONAL_RULE =
  /^(?:when|where|once|after|before)\s+(?:you|we)\b[^?]*\b(?:have\s+to|has\s+to|must|need\s+to|always|never|make\s+sure|remember\s+to)\b/i;

const GENERIC_WORDS = new Set([
  'code',
  'good',
  'clean',
  'careful',
  'properly',
  'proper',
  'best',
  'practice',
  'practices',
  'thing',
  'things',
  'stuff',
  'work',
  'works',
  'better',
  'quality',
  'sure',
  'right',
  'correct',
  'correctly',
  'nice',
  'well',
  'everything',
  'anything',
  'something',
  'way',
  'again',
  'just',
  'really',
  'very',
  'also',
  'make',
  'be',
  'it',
  'this',
  'that',
  'them',
  'these',
  'those',
  'here',
  'there',
  'one',
  'ones',
  'now',
  'then',
  'instead',
  'kind',
  'lot',
  'bit',
  'not',
  'use',
  'do',
  'does',
  'did',
  'done',
  'doing',
  'like',
  'same',
  'before',
  'thank',
  'thanks',
  'ok',
  'okay',
  'yes',
  'no',
  'great',
  'perfect',
  'cool',
  'fine',
  'keep',
  'mind',
  'important',
  'remember',
  'care',
  'attention',
  'mistake',
  'mistakes',
  'again',
  'i',
  'me',
  'my',
  'he',
  'she',
  'they',
  'what',
  'said',
  'told',
  'say',
  'tell',
]);

const SPECIFIC_TOKEN = /`[^`]+`|[\w.-]+\/[\w./-]*|\b\w+\.(?:[a-z]{1,5})\b|\d|\b[a-z]+[A-Z]\w*|(?:^|\s)--?[a-z]/;

// "Do that again", "it works": what it is about was said before.
const POINTS_BACK =
  /^(?:(?:please\s+)?(?:do|don't\s+do|do\s+not\s+do|never\s+do|stop\s+doing|avoid|repeat|undo|fix|redo)\s+(?:that|this|it|them)(?:\s+again)?|(?:it|that|this|they|these|those)\s+(?:is|was|are|were|does|did|should|must|needs?|works?|has|looks?|seems?)\b)/i;

/** Returns true when a rule says nothing a future session could act on. */
function isTooVague(text: string): boolean {
  if ((text.match(CJK)?.length ?? 0) > 0) return effectiveLength(text) < 10;
  if (testPrefiltered(POINTS_BACK, text.trim())) {
    return !SPECIFIC_TOKEN.test(text) || text.split(/\s+/).length < 6;
  }
  if (SPECIFIC_TOKEN.test(text)) return false;
  // "Never edit it by hand.": the thing it is about was in another sentence.
  if (
    /^(?:(?:please\s+)?(?:always|never|don'?t|do\s+not)\s+)?\w+\s+(?:it|this|that|them|those)\b/i.test(text.trim()) &&
    text.split(/\s+/).length <= 6
  )
    return true;
  const content = [...comparableWords(text)].filter((word) => !GENERIC_WORDS.has(word) && word.length > 2);
  return content.length < 2;
}

// Classes only: no required factors, so it runs on every candidate (qualityPatterns leaves it out).
const COMMIT_HASH = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/;

const EPHEMERAL: readonly RegExp[] = [
  /\b(?:today|tonight|tomorrow|yesterday|right\s+now|for\s+now|for\s+the\s+(?:moment|time\s+being)|temporarily|just\s+now|so\s+far|later\s+today|at\s+the\s+moment|this\s+(?:morning|afternoon|evening|week|sprint|time|session|conversation|chat|task|ticket|issue|bug|pr|pull\s+request|branch|commit|refactor|change|run|step|iteration|attempt)|(?:the|this)\s+(?:above|previous|last)\s+(?:error|output|step|message|command)|next\s+step|until\s+(?:tomorrow|next\s+week|monday|tuesday|wednesday|thursday|friday|the\s+release)|wip)\b/i,
  /(?:^|\s)#\d+\b/,
  /\b(?:lines?|ln|l\.)\s*\d+\b/i,
  /\b(?:pr|pull\s+request|issue|ticket|bug|jira)\s*#?\s*[A-Z]*-?\d+/i,
  COMMIT_HASH,
  /\b\d{4}-\d{2}-\d{2}\b/,
  /\btypos?\b/i,
  // "… for this." at the end: about the thing being worked on.
  /\bfor\s+this(?:\s+one)?\s*[.!]*$/i,
  // "Don't commit yet", "not yet": a hold on the current work, lifted once it is reviewed.
  /\b(?:not|don'?t|dont|do\s+not|doesn'?t|isn'?t|aren'?t)\b[^.;!?]{0,40}\byet\b|\bnoch\s+nicht\b|\b(?:todavía|aún)\s+no\b|\bpas\s+encore\b|先别|先不要/i,
  /今日|今回|今は|とりあえず|一旦|这次|今天|暂时|先这样|\bheute\b|\bvorerst\b|\bdiesmal\b|aujourd'hui|pour\s+l'instant|cette\s+fois|\bhoy\b|por\s+ahora|esta\s+vez/i,
  // A ticket id (LUM-218, OPS-5521), not a standard's name (UTF-8, RFC-9457, SHA-256).
  /\b(?!(?:UTF|ISO|RFC|SHA|ES|ECMA|PEP|HTTP|TLS|SSL|AES|MD|CVE|WCAG|JSR|JEP|KEP|AIP|IEEE|ANSI|POSIX|X|IE)-)[A-Z][A-Z0-9]{1,9}-\d{1,6}\b/,
  // Progress on the work at hand: "LUM-218 is done; LUM-219 is next", "Progress: …".
  /^progress\s*:|\b(?:is|are)\s+(?:done|finished|next|in\s+progress|blocked)\b/i,
  // The user will do it: "I'll do that after the change window on thursday".
  /\bI'?ll\s+(?:do|handle|take\s+care\s+of|write|fix|apply|merge|deploy|run|review)\s+(?:it|that|this|them|those)\b|\b(?:after|by|until|next|this|coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\bchange\s+window\b/i,
];

/** Returns true when the candidate only makes sense for the current task. */
function isEphemeral(text: string): boolean {
  const withoutCode = text.replace(/`[^`]*`/g, ' ');
  return EPHEMERAL.some((pattern) => testPrefiltered(pattern, withoutCode));
}

/** Returns the best-matching existing entry by similarity, with the similarity and containments. */
function closestEntry(
  text: string,
  existing: readonly Entry[],
): { entry: Entry; similarity: number; inside: number; covers: number } | undefined {
  const words = comparableWords(text);
  let best: { entry: Entry; similarity: number; inside: number; covers: number } | undefined;
  for (const entry of existing) {
    const other = comparableWords(entry.text);
    const similarity = jaccard(words, other);
    const inside = containment(words, other);
    const covers = containment(other, words);
    const score = Math.max(similarity, Math.min(inside, covers) * 0.99);
    if (best === undefined || score > Math.max(best.similarity, Math.min(best.inside, best.covers) * 0.99))
      best = { entry, similarity, inside, covers };
  }
  return best;
}

const normalised = memoizeByText((text: string): string =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim(),
);

/** The rules in the order they are checked and reported. */
export const FILTER_RULES: readonly FilterRule[] = [
  {
    code: 'secret',
    hard: true,
    check: (c, { config }) =>
      findSecrets(c.text, { entropyBits: config.secretEntropyBits, minTokenLength: config.secretMinTokenLength })
        .length > 0
        ? { code: 'secret' }
        : undefined,
  },
  {
    code: 'injection',
    hard: true,
    check: (c) => (findInjection(c.text).length > 0 ? { code: 'injection' } : undefined),
  },
  {
    code: 'invisible-unicode',
    hard: true,
    check: (c) => (findInvisibleUnicode(c.text).length > 0 ? { code: 'invisible-unicode' } : undefined),
  },
  // Hard: a direct question, stored, is put to the model at every session start (the
  // "distraction" attack of prompt-injection sets), so no human override makes one a memory.
  // Only text that ends as a question, or asks the user's own how-to question: rules that merely
  // start like one ("When a task …, split it") are for the soft rule below.
  { code: 'question', hard: true, check: (c) => (isDirectQuestion(c.text.trim()) ? { code: 'question' } : undefined) },
  {
    code: 'tool-output',
    hard: false,
    check: (c) => (c.origin === 'tool' || testPrefiltered(HARNESS, c.text) ? { code: 'tool-output' } : undefined),
  },
  {
    code: 'question',
    hard: false,
    check: (c) => {
      const text = c.text.trim();
      return testPrefiltered(QUESTION_START, text) && !testPrefiltered(CONDITIONAL_RULE, text)
        ? { code: 'question' }
        : undefined;
    },
  },
  {
    code: 'too-short',
    hard: false,
    check: (c, { config }) =>
      effectiveLength(c.text) < config.minChars || wordCount(c.text) < config.minWords
        ? { code: 'too-short' }
        : undefined,
  },
  {
    code: 'too-long',
    hard: false,
    check: (c, { config }) => (c.text.length > config.maxChars ? { code: 'too-long' } : undefined),
  },
  { code: 'too-vague', hard: false, check: (c) => (isTooVague(c.text) ? { code: 'too-vague' } : undefined) },
  { code: 'ephemeral', hard: false, check: (c) => (isEphemeral(c.text) ? { code: 'ephemeral' } : undefined) },
  {
    code: 'contradiction',
    hard: false,
    check: (c, { existing }) => {
      const target = existing.find(
        (entry) => normalised(entry.text) !== normalised(c.text) && isContradiction(c.text, entry.text),
      );
      return target ? { code: 'contradiction', targetId: target.id } : undefined;
    },
  },
  {
    code: 'duplicate',
    hard: false,
    check: (c, { existing }) => {
      const target = existing.find((entry) => normalised(entry.text) === normalised(c.text));
      return target ? { code: 'duplicate', targetId: target.id } : undefined;
    },
  },
  {
    code: 'near-duplicate',
    hard: false,
    check: (c, { existing, config }) => {
      // A shorter restatement of a tool preference already recorded adds nothing: merge it.
      const restated = existing.find(
        (entry) => normalised(entry.text) !== normalised(c.text) && restatesToolPreference(c.text, entry.text),
      );
      if (restated !== undefined) return { code: 'near-duplicate', targetId: restated.id, supersede: false };
      const best = closestEntry(c.text, existing);
      if (best === undefined || normalised(best.entry.text) === normalised(c.text)) return undefined;
      const threshold = config.nearDuplicateSimilarity;
      const wordsC = comparableWords(c.text).size;
      const wordsE = comparableWords(best.entry.text).size;
      // The entry already says everything the candidate says: nothing new, merge.
      if (best.similarity >= threshold || (best.inside >= 0.999 && wordsC >= 2)) {
        return { code: 'near-duplicate', targetId: best.entry.id, supersede: best.inside < 0.999 && wordsC > wordsE };
      }
      // The candidate says everything the entry says, and a little more: a sharper rewording.
      if (best.covers >= 0.999 && wordsE >= 2 && best.similarity >= threshold / 2) {
        return { code: 'near-duplicate', targetId: best.entry.id, supersede: true };
      }
      return undefined;
    },
  },
];

/** The patterns above that run behind their required factors, for the build's table (turn/gated-patterns.ts). */
export const qualityPatterns = (): RegExp[] => [
  POINTS_BACK,
  ...EPHEMERAL.filter((pattern) => pattern !== COMMIT_HASH),
  HARNESS,
  QUESTION_START,
  CONDITIONAL_RULE,
  HOW_DO_I,
];
