/**
 * The nudge's detector: which sentences of a typed prompt may state something that should hold in
 * future sessions (a convention, decision, correction, preference, command or pointer). It is
 * built for recall, not precision: the agent reading the nudge decides; mem only quotes. It never
 * looks at pasted logs, stack traces, diffs, tool output or a document's table of contents.
 */

export type NoticedSentence = { text: string; score: number };

export type NoticeOptions = {
  /** Sentences quoted at most. */
  maxSentences?: number;
  /** A sentence must score this much to be quoted. */
  minScore?: number;
  /** Scale maxSentences up for long prompts: one more per this many prose sentences. */
  sentencesPerExtra?: number;
};

const MAX_SENTENCE_CHARS = 160;
const MIN_SENTENCE_CHARS = 10;

// A line that is output, not prose: ANSI colours, stack frames, log prefixes, prompts, diff hunks,
// table rows, progress counters, installer chatter.
const OUTPUT_LINE =
  /\u001b\[|^\s*(?:at\s+\S+\s+\(|File\s+"[^"]+",\s+line\s+\d|Traceback\b|[-+]{3}\s|@@\s|[$#>]\s|\|.*\|\s*$|\[\d+\/\d+\]|\d{1,2}:\d{2}(?::\d{2})?\b|\d{4}-\d{2}-\d{2}[T\s]\d|(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE|FATAL)\b|(?:Requirement|Collecting|Downloading|Installing|Successfully|Building|Compiling|Finished|Running|Starting|Stopping|Created|Removed)\s)|(?:Error|Exception|Warning):\s|^\s*(?:[✓✔✗✘❌✅]|⚠️?)\s|^\s*[-=_~*]{4,}\s*$/i;
// Code, not prose: more than a few programming symbols per word.
const CODE_CHARS = /[{}();=<>[\]$\\]/g;

/** Lines the user pasted rather than wrote: output, code blocks. */
function proseLines(prompt: string): string[] {
  const withoutFences = prompt.replace(/```[\s\S]*?(?:```|$)/g, '\n');
  const lines = withoutFences.split(/\r?\n/);
  const out: string[] = [];
  for (const line of lines) {
    const trimmed = line.trim();
    if (trimmed === '' || OUTPUT_LINE.test(trimmed)) continue;
    const words = trimmed.split(/\s+/).length;
    const symbols = (trimmed.match(CODE_CHARS) ?? []).length;
    if (symbols > Math.max(3, words / 2)) continue;
    out.push(trimmed);
  }
  return out;
}

/** A pasted summary or report: most lines are output, or it reads like a progress report. */
function isPastedReport(prompt: string): boolean {
  const lines = prompt.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 4) return false;
  const output = lines.filter((l) => OUTPUT_LINE.test(l.trim())).length;
  return output / lines.length > 0.4;
}

function sentencesOf(line: string): string[] {
  return line
    .replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '')
    .split(/(?<=[.!?。！？])\s+|(?<=[。！？])/)
    .map((s) => s.trim())
    .filter((s) => s.length >= MIN_SENTENCE_CHARS);
}

type Signal = { re: RegExp; weight: number };

// What lasting statements share in any project, in the languages users write: modality
// (always, never, must, should, don't), preference and choice (I want, prefer, let's go with,
// instead of), importance, and the future ("from now on", "next time").
const SIGNALS: readonly Signal[] = [
  { re: /\b(?:remember|memori[sz]e|keep in mind|note (?:for|to) (?:the )?future|for future reference|from now on|going forward|moving forward|next time|in (?:the )?future|henceforth)\b/i, weight: 4 },
  { re: /\b(?:always|never(?! mind)|every time|each time|whenever)\b/i, weight: 3 },
  { re: /\b(?:must(?:n't| not)?|should(?:n't| not)?|have to|has to|needs? to be|make sure|ensure|important|crucial|essential|required?|mandatory|only)\b/i, weight: 2 },
  { re: /\b(?:don'?t|do not|dont|doesn'?t|never|no more|stop|avoid|without|not (?:the|a|as|in|to|like))\b/i, weight: 2 },
  { re: /\b(?:i|we)(?:'d|'ll| will| would| also| really| just| still| only| do(?:n'?t)?| all| both)* (?:want|need|prefer|like|love|rather|choose|chose|decided?|go with|use|keep|stick|agreed?)\b|\b(?:prefer(?:red)?|instead of|rather than|as opposed to)\b/i, weight: 3 },
  { re: /\blet'?s (?:do|use|go with|call|keep|name|turn|make|stick|switch)\b|\b(?:shall|should) we (?:call|name|use)\b|\bcall it\b/i, weight: 3 },
  { re: /^(?:(?:please|plz|pls|also|and|so|then|just)\s+)*(?:be|use|keep|put|name|call|store|write|follow|prefer|avoid|add|include|export|consider|commit|run|save|ask|check|test|show|display|format)\b/i, weight: 1 },
  { re: /\b(?:conventions?|rules?|policy|standard|style|format|template|language|stack|deploy(?:ed|ment)?|hosted|host|config(?:uration)?|variable|env(?:ironment)?|naming|structure|architecture|pattern|workflow|persistence|database)\b/i, weight: 1 },
  // Spanish, Portuguese, German, French, Italian, Indonesian.
  { re: /\b(?:siempre|nunca|jam[aá]s|acord[aá]te|recuerda|recordá|no te olvides|de ahora en adelante|a partir de ahora|es clave|importante|tiene que|tenés que|hay que|quiero (?:que|hacerlo)|prefiero|sempre|immer|niemals|nie|muss|m[uü]ssen|darf|d[uü]rfen|soll(?:en|te)?|brauchen|wichtig|bitte|ab jetzt|künftig|toujours|jamais|il faut|je veux|dorénavant|désormais|selalu|jangan|harus|wajib|hanya|semua|gunakan|menggunakan)\b/iu, weight: 2 },
  // Chinese and Japanese: wish, future, must, don't, always.
  { re: /希望|以后|今后|不要|别|必须|一定|总是|始终|记住|要求|常に|必ず|今後|ないで/, weight: 3 },
  { re: /我要|想要|需要|要用|用的是|就用|改成|ほしい|したい/, weight: 2 },
  // Order and conditions of a workflow: "ask me before you …", "first …, then …".
  { re: /\b(?:before|after|until|unless|first|then|once)\b/i, weight: 1 },
  // A pointer: a URL, a path, a file name, an @-mention, a code span.
  { re: /https?:\/\/\S+|(?:^|[\s`(@"])(?:~|\.{1,2})?\/?[\w.-]+\/[\w./-]*\w|\b[\w-]+\.(?:md|mdx|pdf|ya?ml|json|toml|ts|tsx|js|mjs|py|rb|rs|swift|go|xlsx|docx|csv)\b|@[\w./-]+\.\w+/i, weight: 2 },
  { re: /`[^`]+`|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z0-9]+_[a-z0-9_]+\b/, weight: 1 },
];

// Not lasting: questions asking how or what, thanks, greetings, one-off status, the agent addressed
// for a one-time action.
const QUESTION = /\?\s*$|？\s*$|^(?:how|what|why|where|when|which|who|is|are|does|do|did|can|could|would|will|como|c[oó]mo|qu[eé]|cu[aá]l|d[oó]nde|por qu[eé]|wie|was|warum|wo|comment|pourquoi|est-ce)\b/i;
const SUGGESTION_QUESTION = /\b(?:shall|should) we\b|\bcall it\b|\blet'?s\b/i;
const SMALL_TALK = /^(?:thanks?|thank you|thx|ty|great|perfect|perfecto|excelente|ok(?:ay)?|cool|nice|awesome|yes|yeah|yep|no|nope|hi|hello|hey|good|bien|genial|danke|super)\b[\s!.,:)]*$/i;
const NARRATION = /^(?:i (?:just |already )?(?:did|tried|ran|saw|found|got|committed|pushed|changed|fixed|opened|installed|see|think|guess|wonder|noticed)|it (?:works|worked|seems|looks|is working|crashes|says)|this (?:works|worked|looks|seems)|that (?:works|worked|looks|seems))\b/i;

function scoreSentence(sentence: string): number {
  if (SMALL_TALK.test(sentence)) return 0;
  let score = 0;
  for (const { re, weight } of SIGNALS) if (re.test(sentence)) score += weight;
  if (QUESTION.test(sentence) && !SUGGESTION_QUESTION.test(sentence)) score -= 3;
  if (NARRATION.test(sentence)) score -= 2;
  // Long sentences mention everything; a rule is usually short.
  if (sentence.length > 240) score -= 1;
  return score;
}

/** A sentence with any signal at all (the edge bonus never lifts one that has none). */
function score0(sentence: string): boolean {
  return SIGNALS.some(({ re }) => re.test(sentence));
}

function clip(sentence: string): string {
  const flat = sentence.replace(/\s+/g, ' ').replace(/"/g, "'").trim();
  return flat.length <= MAX_SENTENCE_CHARS ? flat : `${flat.slice(0, MAX_SENTENCE_CHARS - 1).trimEnd()}…`;
}

/** Returns the prompt's sentences most likely to state something lasting, best first (empty when none); never throws. */
export function noticeLastingSentences(prompt: string, options: NoticeOptions = {}): NoticedSentence[] {
  const maxSentences = options.maxSentences ?? 2;
  const minScore = options.minScore ?? 4;
  if (isPastedReport(prompt)) return [];
  const lines = proseLines(prompt);
  const sentences = lines.map((line) => sentencesOf(line));
  const count = sentences.reduce((n, list) => n + list.length, 0);
  const scored: NoticedSentence[] = [];
  sentences.forEach((list, index) => {
    // Users write their own instruction before or after what they paste: in a prompt of many
    // lines, the first and last line are more likely to be theirs.
    const edge = lines.length >= 4 && (index === 0 || index === lines.length - 1) ? 1 : 0;
    for (const sentence of list) {
      const score = scoreSentence(sentence) + (score0(sentence) ? edge : 0);
      if (score >= minScore) scored.push({ text: clip(sentence), score });
    }
  });
  const limit = options.sentencesPerExtra ? Math.max(maxSentences, Math.ceil(count / options.sentencesPerExtra)) : maxSentences;
  const seen = new Set<string>();
  return scored
    .sort((a, b) => b.score - a.score)
    .filter((s) => (seen.has(s.text) ? false : (seen.add(s.text), true)))
    .slice(0, limit);
}
