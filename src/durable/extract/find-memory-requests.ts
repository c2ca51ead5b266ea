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

type MemoryRequest = {
  /** The rule, cleaned: no "remember that", no "from now on" left dangling. */
  text: string;
  /** true when the rule reads on its own: a complete sentence that names what it is about. */
  selfContained: boolean;
};

// A short conversational opener in front of the request ("ok,", "also", "btw"); at least one, so
// that a text holding none of these words skips the pattern (withoutOpener).
const OPENER =
  /^(?:(?:ok(?:ay)?|so|also|and|oh|btw|hey|one more thing|one last thing|and also|plus|but)\b[,!.:]?\s+)+/i;

const withoutOpener = (text: string): string => (mayMatchText(OPENER, text) ? text.replace(OPENER, '') : text);
/** Lead-ins that ask for what follows to be kept; what follows is the rule (an optional "please" first). */
const LEAD_INS: readonly RegExp[] = [
  /^(?:(?:please|pls)[,]?\s+)?(?:remember|memori[sz]e|keep\s+in\s+mind|bear\s+in\s+mind|don'?t\s+forget|do\s+not\s+forget)(?:\s+(?:for\s+(?:the\s+)?(?:future|next\s+time|later)|this|forever))*(?:\s*(?:that\b|:|,|-|—|–)|(?=\s+(?:to\s+(?:always|never)|we|our|all|every|you|always|never)\b))\s*/i,
  /^(?:(?:please|pls)[,]?\s+)?note\s+(?:for|to)\s+(?:the\s+)?(?:future|later|next\s+time|self)\s*[:,-]?\s*/i,
  /^for\s+(?:future\s+reference|the\s+future|next\s+time)\s*[:,]?\s*/i,
  /^(?:from\s+now\s+on|going\s+forward|moving\s+forward|in\s+(?:the\s+)?future|henceforth|from\s+here\s+on(?:\s+out)?)\s*[:,]?\s*/i,
  /^(?:(?:please|pls)[,]?\s+)?(?:add|save|put|write)\s+(?:this|that|it|the\s+following)?\s*(?:to|in(?:to)?)\s+(?:your\s+|the\s+)?(?:memory|memories|CLAUDE\.md|notes)\s*[:,-]?\s*/i,
  // German, French, Spanish, Portuguese, Indonesian.
  /^(?:bitte\s+)?(?:merk(?:e)?\s+dir|denk(?:e)?\s+daran|ab\s+jetzt|von\s+nun\s+an|künftig|in\s+zukunft)(?:\s+bitte)?(?:\s*,?\s*dass)?\s*[:,]?\s*/iu,
  /^(?:retiens|souviens-toi|rappelle-toi|n'oublie\s+pas|à\s+partir\s+de\s+maintenant|désormais|dorénavant|à\s+l'avenir)(?:\s+(?:que|qu'|de))?\s*[:,]?\s*/iu,
  /^(?:por\s+favor,?\s+)?(?:recuerda|recordá|acordate|acuérdate|no\s+olvides|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|en\s+el\s+futuro)(?:\s+(?:que|de))?\s*[:,]?\s*/iu,
  /^(?:lembre-se|lembra|a\s+partir\s+de\s+agora|de\s+agora\s+em\s+diante)(?:\s+(?:que|de))?\s*[:,]?\s*/iu,
  /^(?:tolong\s+)?(?:ingat(?:lah)?|mulai\s+sekarang|ke\s+depan(?:nya)?|untuk\s+ke\s+depan(?:nya)?)(?:\s+ya)?(?:\s*,?\s*bahwa)?\s*[:,]?\s*/i,
];
/** The same in scripts without spaces between words. */
const CJK_LEAD_IN =
  /^(?:请?记住|以后|今后|从现在开始|往后|覚えておいて(?:ください)?|今後(?:は)?|これからは|기억해(?:\s*(?:줘|주세요|두세요))?|앞으로(?:는)?|이제부터(?:는)?)\s*[:：、，,]?\s*/u;

/** "…; remember that." / "… — please note this" / "…, merk dir das": the request closes the rule. */
const TRAILER =
  /\s*(?:[,;:—–-]|\(|\.\s+)\s*(?:(?:and\s+)?(?:please\s+)?(?:remember|note|keep\s+in\s+mind|don'?t\s+forget)\s+(?:this|that|it)(?:\s+for\s+(?:the\s+)?(?:future|next\s+time))?|merk\s+dir\s+(?:das|es)|retiens(?:-le|\s+ça|\s+cela)|recuérdalo|acordate|lembre-se\s+disso|ingat\s+itu|(?:请)?记住(?:这一点|了)?|(?:と|って)?覚えておいて(?:ください)?)\s*\)?[.!。！]*$/iu;

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
  const lead = [...LEAD_INS, CJK_LEAD_IN]
    .map((pattern) => (mayMatchText(pattern, sentence) ? pattern.exec(sentence) : null))
    .find((match) => match !== null);
  if (lead && lead[0].length > 0 && lead[0].length < sentence.length) return request(sentence.slice(lead[0].length));
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
