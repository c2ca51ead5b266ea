/**
 * Explicit memory requests in a prompt the user typed: "remember: …", "from now on …", "note for
 * the future: …", "… ; remember that.", a `#` memory line, in the languages the corpus holds. Each
 * comes back as the one sentence to keep, with the request's own words taken off, or as a request
 * whose rule is not self-contained (it leans on another sentence, it is cut off), which mem never
 * writes by itself. Pasted text holds no request of the user's (see isPastedText).
 */
import { isPastedText } from './is-pasted-text.js';
import { rewriteAsRule } from './rewrite-rule.js';
import { correctSignalTypos } from '../notice/correct-signal-typos.js';
import { isScopedToTask } from '../notice/notice-lasting.js';
import { mayMatchText, testPrefiltered } from '../../core/safety/prefilter/prefilter.js';
import { CJK_LEAD_IN, LEAD_INS, OPENER, requestLeadIn, TRAILER, withoutOpener } from '../../core/text/request-words.js';

type MemoryRequest = {
  /** The rule, cleaned: no "remember that", no "from now on" left dangling. */
  text: string;
  /** true when the rule reads on its own: a complete sentence that names what it is about. */
  selfContained: boolean;
};

/** A request said after a task in the same sentence: "fix it, and from now on …". */
const EMBEDDED =
  /(?:[,;:—–]\s*|\s-\s+|\s(?:and|but|also)\s+)((?:and\s+)?(?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|remember\s+that|please\s+remember\s+that|note\s+for\s+the\s+future)\b.*)$/i;

/** "Remember that." alone: the request is for the sentence before it. */
const STANDALONE =
  /^(?:please\s+)?(?:remember|note|keep\s+in\s+mind|don'?t\s+forget)\s+(?:this|that|it)(?:\s+for\s+(?:the\s+)?future)?[.!]*$/i;

/** A `#` memory line (Claude Code's memory shortcut, typed as a one-line prompt). */
const MEMORY_LINE = /^#\s+(?=\S)(?!#)/;

// Not self-contained: a pronoun standing for something said before, or a sentence cut off at a
// word that needs more after it ("Now we need the Makefile and the.").
const LEANS_BACK = /^(?:it|this|that|these|those|they|them|he|she|here|there|so|which)\b(?!\s*[-:])/i;
const CUT_OFF =
  /\b(?:the|a|an|and|or|to|of|with|for|from|that|which|but|if|than|der|die|das|und|oder|les|et|ou|los|las|y|dan|atau|yang)[.!…]*$/i;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/** true when the rule reads on its own: a complete sentence that does not lean on another one. */
function isSelfContained(text: string): boolean {
  return isCompleteSentence(text) && !testPrefiltered(LEANS_BACK, text.trim());
}

/** true for a complete sentence: enough words, not a question, not cut off, code spans and brackets closed. */
export function isCompleteSentence(text: string): boolean {
  const body = text.replace(/`[^`]*`/g, 'code').trim();
  if (/[?？]$/.test(body) || (text.match(/`/g)?.length ?? 0) % 2 === 1) return false;
  if ((body.match(/\(/g)?.length ?? 0) !== (body.match(/\)/g)?.length ?? 0)) return false;
  const cjk = body.match(CJK)?.length ?? 0;
  const words =
    body
      .replace(CJK, ' ')
      .split(/\s+/)
      .filter((word) => /[\p{L}\p{N}]/u.test(word)).length + Math.floor(cjk / 2);
  if (words < 3) return false;
  return !CUT_OFF.test(body);
}

/** Sentences of one line: split after . ! ? and full-width stops, never inside a `code span`. */
function sentencesOf(line: string): string[] {
  const masked = line.replace(/`[^`]*`/g, (span) => `\`${'x'.repeat(span.length - 2)}\``);
  const out: string[] = [];
  let start = 0;
  for (const match of masked.matchAll(/(?<=[.!?])\s+(?=[\p{Lu}"'`(¡¿])|(?<=[。！？])/gu)) {
    out.push(line.slice(start, match.index).trim());
    start = match.index + match[0].length;
  }
  out.push(line.slice(start).trim());
  return out.filter((sentence) => sentence !== '');
}

// German puts the verb before the subject after a fronted "ab jetzt", "künftig": "schreiben wir …".
const GERMAN_INVERSION = /^([a-zäöüß]+)\s+(wir|ich|man|du|ihr)\s+/u;

function request(rule: string): MemoryRequest | undefined {
  const bare = (mayMatchText(TRAILER, rule) ? rule.replace(TRAILER, '') : rule).replace(/^(?:that|to)\s+(?=\S)/i, '');
  const text = rewriteAsRule(bare.replace(GERMAN_INVERSION, '$2 $1 '));
  if (text === '' || !/[\p{L}\p{N}]/u.test(text)) return undefined;
  // "From now on until the end of this task, …" asks for something for now: the inbox, not memory.
  return { text, selfContained: isSelfContained(text) && !isScopedToTask(text) };
}

/** The request a sentence carries, or undefined. `before`: the sentence before it, for "Remember that." */
function requestIn(raw: string, before: string | undefined): MemoryRequest | undefined {
  // "Rember that …" is a request as typed fast.
  const sentence = correctSignalTypos(withoutOpener(raw).trim());
  if (testPrefiltered(STANDALONE, sentence))
    return before === undefined || /[?？]\s*$/.test(before) ? undefined : request(withoutOpener(before));
  const lead = requestLeadIn(sentence);
  if (lead !== undefined) return request(sentence.slice(lead.length));
  if (testPrefiltered(TRAILER, sentence)) return request(sentence);
  const embedded = mayMatchText(EMBEDDED, sentence) ? EMBEDDED.exec(sentence)?.[1] : undefined;
  if (embedded !== undefined) return requestIn(embedded.replace(/^and\s+/i, ''), undefined);
  return undefined;
}

/** Returns the explicit memory requests the user typed in `prompt` (none for pasted text), in order; never throws. */
export function findMemoryRequests(prompt: string): MemoryRequest[] {
  const text = prompt.trim();
  if (MEMORY_LINE.test(text) && !text.includes('\n')) {
    const rule = request(text.replace(MEMORY_LINE, ''));
    return rule ? [rule] : [];
  }
  if (text === '' || isPastedText(text)) return [];
  const out: MemoryRequest[] = [];
  for (const line of text.split(/\r?\n/)) {
    const sentences = sentencesOf(line.replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, ''));
    sentences.forEach((sentence, index) => {
      const found = requestIn(sentence, index > 0 ? sentences[index - 1] : undefined);
      if (found && !out.some((other) => other.text === found.text)) out.push(found);
    });
  }
  return out;
}

/** The patterns above that run behind their required factors, for the build's table (turn/gated-patterns.ts). */
export function requestPatterns(): RegExp[] {
  return [OPENER, ...LEAD_INS, CJK_LEAD_IN, TRAILER, EMBEDDED, STANDALONE, LEANS_BACK];
}
