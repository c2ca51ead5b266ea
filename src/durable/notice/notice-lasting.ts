/**
 * The nudge's detector: which sentences of a typed prompt may state something that should hold in
 * future sessions (a convention, decision, correction, preference, command or pointer). It is
 * built for recall, not precision: the agent reading the nudge decides; mem only quotes. It never
 * looks at pasted logs, stack traces, diffs, tool output or a document's table of contents.
 */

import { testPrefiltered } from '../../core/safety/prefilter/prefilter.js';
import { correctSignalTypos } from './correct-signal-typos.js';

export type NoticedSentence = { text: string; score: number };

export type NoticeOptions = {
  /** Sentences quoted at most. */
  maxSentences?: number;
  /** A sentence must score this much to be quoted. */
  minScore?: number;
  /**
   * Once one sentence reached minScore, others of the same prompt scoring this much are quoted too
   * (a prompt that states one lasting thing usually states several); a step scoped to now never is.
   */
  quoteScore?: number;
  /** Scale maxSentences up for long prompts: one more per this many prose sentences. */
  sentencesPerExtra?: number;
};

const MAX_SENTENCE_CHARS = 160;
const MIN_SENTENCE_CHARS = 10;

// A line that is output, not prose: ANSI colours, stack frames, log prefixes, prompts, diff hunks,
// table rows, progress counters, installer chatter.
const OUTPUT_LINE =
  /\u001b\[|^\s*(?:at\s+\S+\s+\(|File\s+(?:"[^"]+",\s+line\s+\d|\S+:\d+)|Traceback\b|[-+]{3}\s|@@\s|[$#>]\s|\|.*\|\s*$|\[\d+\/\d+\]|\d{1,2}:\d{2}(?::\d{2})?\b|\d{4}-\d{2}-\d{2}[T\s]\d|(?:info|warn(?:ing)?|error|debug|trace|fatal)(?:\s*[:\]|[]|\s+-\s|\s{2,})|(?:Requirement|Collecting|Downloading|Installing|Successfully|Building|Compiling|Finished|Running|Starting|Stopping|Created|Removed)\s(?!(?:the|a|an|all|any|our|your|my|this|these|those|each|every|it|them)\s))|(?:Error|Exception|Warning):\s|^\s*(?:[✓✔✗✘❌✅!]|⚠️?)\s|^\s*[-=_~*]{4,}\s*$|[╔╗╚╝║═─│┌┐└┘├┤]/i;
// More output: git's own lines, a numbered source listing or an interpreter's arrow into it
// ("---> 95 self._reader = …", "  93  # …"), elided frames, and aligned "Label:   value" columns
// (a status board pasted from a terminal).
const OUTPUT_LINE_MORE =
  /^\s*(?:(?:create|delete|rename) mode \d{6}\b|\d+ files? changed\b|\[[\w/.-]+ [0-9a-f]{7,}\]|-*>\s*\d+\s|\d+\s{2,}\S|\(\.\.\.\)|Cell In\s*\[)|^\s{2,}\d+\s+\S|^[^:]{1,40}:\s{3,}\S/i;
// A table of contents: a title, dot leaders, a page number.
const TOC_LINE = /(?:\.{4,}|…{2,}|\s{2,})\s*\d{1,4}\s*$/;
// A log level in capitals ("ERROR Failed to compile"); in lower case it needs a log's separator
// ("error: …", "error[E0425]: …", "info  - ready"), since prose starts with the same words ("Error messages must …").
const LOG_LEVEL = /^\s*(?:INFO|WARN(?:ING)?|ERROR|DEBUG|TRACE|FATAL)\b/;
/** True for a line of program output, a source listing or a table of contents: not prose anyone typed. */
export const isOutputLine = (line: string): boolean =>
  OUTPUT_LINE.test(line) || LOG_LEVEL.test(line) || OUTPUT_LINE_MORE.test(line) || TOC_LINE.test(line);

// The heading of a report someone (usually an agent) wrote about work done: "## Summary",
// "Changes made:", "**Next steps**". What follows it is their account, not the user's words.
const REPORT_HEADING =
  /^\s*(?:#{1,6}\s*|\*\*)?(?:[^\w\s]{1,3}\s*)?(?:summary|recap|changes made|what (?:i|we) (?:did|changed|built)|what (?:was|has been) (?:done|changed)|what changed|completed(?: tasks)?|done|test results|next steps|progress(?: so far)?|files (?:changed|modified|created)|zusammenfassung|änderungen|nächste schritte|resumen|cambios|próximos pasos|résumé|récapitulatif|prochaines étapes|ringkasan|总结|变更|下一步)(?:\s+\S+){0,3}?\s*(?:\*\*)?\s*[:：]?\s*$/i;

/** A word every report heading holds: a prompt without one has no report to take out. */
const REPORT_WORDS =
  /summary|recap|changes|what|completed|done|result|next|progress|files|zusammenfassung|änderungen|nächste|resumen|cambios|próximos|résumé|récapitulatif|prochaines|ringkasan|总结|变更|下一步/i;

/**
 * Returns the prompt without the reports pasted into it (from a report heading to the next heading
 * that is not one), so neither the detector nor the rules learn from an agent's summary; never throws.
 */
function withoutPastedReports(prompt: string): string {
  if (!testPrefiltered(REPORT_WORDS, prompt)) return prompt;
  const out: string[] = [];
  let inReport = false;
  for (const line of prompt.split(/\r?\n/)) {
    const heading = /^\s*(?:#{1,6}\s|\*\*[^*]+\*\*\s*:?\s*$|[^\s].{0,40}[:：]\s*$)/.test(line);
    if (testPrefiltered(REPORT_HEADING, line) && (heading || /^\s*\S+(?:\s+\S+){0,3}\s*$/.test(line))) inReport = true;
    else if (heading && /^\s*#{1,6}\s/.test(line)) inReport = false;
    if (!inReport) out.push(line);
  }
  return out.join('\n');
}
// Code, not prose: more than a few programming symbols per word.
const CODE_CHARS = /[{}();=<>[\]$\\]/g;

type ProseLine = {
  text: string;
  /** A list item, or a line of a block introduced by a line ending in a colon. */
  item: boolean;
  /** What the line's introduction adds: a list under "here are the important points:" is a list of requirements. */
  inherited: number;
};

const BULLET = /^\s*(?:[-*•]|\d+[.)])\s+/;

/**
 * A hard-wrapped paragraph (pasted from a document or an e-mail) continues on the next line in
 * lower case: one sentence, not two halves ("…, and an optional" / "message for the donor").
 */
function joinWrappedLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const line of lines) {
    const last = out.length > 0 ? out[out.length - 1] : undefined;
    const wrapped =
      last !== undefined &&
      last.trim().length >= 40 &&
      !/[.!?:;。！？]\s*$/.test(last) &&
      /^\s*[a-zß-ÿ]/.test(line) &&
      !BULLET.test(line);
    if (wrapped) out[out.length - 1] = `${last.trimEnd()} ${line.trim()}`;
    else out.push(line);
  }
  return out;
}

/** The prompt's own lines (output and code blocks dropped), with what a list's introduction says of its items. */
function proseLines(prompt: string): ProseLine[] {
  const withoutFences = withoutPastedReports(prompt).replace(/```[\s\S]*?(?:```|$)/g, '\n');
  const out: ProseLine[] = [];
  // The line that introduces the block under it ("Components needed:", "it should"), and its weight.
  let intro: number | undefined;
  let previousBlank = true;
  for (const line of joinWrappedLines(withoutFences.split(/\r?\n/))) {
    const trimmed = line.trim();
    if (trimmed === '') {
      // A blank line ends a block of plain lines, never a list (lists often have gaps).
      previousBlank = true;
      continue;
    }
    if (isOutputLine(trimmed) || OUTPUT_LINE_MORE.test(line)) continue;
    const words = trimmed.split(/\s+/).length;
    const symbols = (trimmed.match(CODE_CHARS) ?? []).length;
    if (symbols > Math.max(3, words / 2)) continue;
    const bullet = BULLET.test(trimmed);
    const underIntro = intro !== undefined && (bullet || !previousBlank);
    out.push({ text: trimmed, item: bullet || underIntro, inherited: underIntro ? (intro ?? 0) : 0 });
    previousBlank = false;
    if (!bullet) {
      // A line ending in a colon, or a short lead-in right before a list, introduces what follows;
      // when it says the items matter (needed, important, should), each item carries that.
      const opens = /[:：]\s*$/.test(trimmed) || words <= 4;
      intro = opens ? (testPrefiltered(INTRO_SIGNAL, trimmed) ? 2 : 0) : underIntro ? intro : undefined;
    }
  }
  return out;
}

/** An introduction that makes its list a list of requirements or rules. */
const INTRO_SIGNAL =
  /\b(?:important|key|main|requirements?|required|needed|needs?|must|should|rules?|conventions?|guidelines?|constraints?|points|specs?|features?|want|wichtig|anforderungen|regeln|muss|soll|requisitos|reglas|importante|debe|exigences|règles|doit|penting|aturan|harus)\b|要求|规则|必须|需要/i;

/** A pasted summary or report: most lines are output, or it reads like a progress report. */
function isPastedReport(prompt: string): boolean {
  const lines = prompt.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length < 4) return false;
  const output = lines.filter((l) => isOutputLine(l.trim()) || OUTPUT_LINE_MORE.test(l)).length;
  return output / lines.length > 0.4;
}

/** A spoken or run-on sentence is cut into pieces of about this many characters, at its clauses. */
const RUN_ON_CHARS = 150;
const CLAUSE_BREAK =
  /(?<=[,;])\s+|\s+(?=(?:and|but|so|then|und|aber|sondern|dann|sprich|also|deswegen|y|pero|entonces|et|mais|donc|dan|tapi|lalu)\s)/gi;

function sentencesOf(line: string): string[] {
  const text = line
    .replace(BULLET, '')
    // Punctuation typed without its space ("room sound.Another thing", "started on?confirm
    // whether …") still ends a sentence; inside a URL or a file name it does not.
    .replace(/(?<=[a-zß-ÿ]{2}[.!?])(?=[A-ZÀ-Þ][a-zß-ÿ])/g, ' ')
    .replace(/(?<=(?:^|\s)[^\s/=&?]*[A-Za-zÀ-ÿ]{2}[?!])(?=[A-Za-zÀ-ÿ]{2})/g, ' ');
  const out: string[] = [];
  for (const raw of text.split(/(?<=[.!?。！？])\s+|(?<=[。！？])/)) {
    const sentence = raw.trim();
    if (sentence.length < MIN_SENTENCE_CHARS) continue;
    if (sentence.length <= RUN_ON_CHARS) {
      out.push(sentence);
      continue;
    }
    // Dictated speech runs on for hundreds of characters: score its clauses, a few at a time, and a
    // parenthetical aside on its own, so that no piece opens a bracket it does not close.
    for (const part of asidesApart(sentence)) {
      let piece = '';
      for (const clause of part.split(CLAUSE_BREAK)) {
        if (piece !== '' && piece.length + clause.length + 1 > RUN_ON_CHARS) {
          if (piece.length >= MIN_SENTENCE_CHARS) out.push(piece);
          piece = '';
        }
        piece = piece === '' ? clause : `${piece} ${clause}`;
      }
      if (piece.length >= MIN_SENTENCE_CHARS) out.push(piece);
    }
  }
  return out;
}

/** The sentence cut around its top-level (round) asides, the asides without their brackets; the sentence whole when they do not balance. */
function asidesApart(sentence: string): string[] {
  if (!sentence.includes('(')) return [sentence];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < sentence.length; i++) {
    const char = sentence[i];
    if (char === '(' && depth++ === 0) {
      parts.push(sentence.slice(start, i));
      start = i + 1;
    } else if (char === ')') {
      if (depth === 0) return [sentence];
      if (--depth === 0) {
        parts.push(sentence.slice(start, i));
        start = i + 1;
      }
    }
  }
  if (depth !== 0) return [sentence];
  parts.push(sentence.slice(start));
  return parts.map((part) => part.trim().replace(/^[,;:]\s*/, '')).filter((part) => part !== '');
}

// A name as code writes it: a code span, ENV_NAME, camelCase, snake_case. Classes only: it has no
// required factors and runs on every sentence (noticePatterns leaves it out).
const NAMED_IN_CODE = /`[^`]+`|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z]+(?:[A-Z][a-z0-9]+)+\b|\b[a-z0-9]+_[a-z0-9_]+\b/;

// Most signals are words and phrases: looked up in the sentence's words, they cost no regular
// expression to compile (every hook pays that on its first call; V8's code cache does not keep it).
type Signal = {
  weight: number;
  /** Matched against the sentence as typed: for what case tells (ENV_NAMES, camelCase). */
  re?: RegExp;
  /**
   * Matched against the lower-cased sentence, so written lower-case without the i flag: V8
   * compiles a case-insensitive pattern in up to twice the instructions, on every writing Stop.
   */
  lower?: RegExp;
  words?: readonly string[];
  /** Words starting with one of these ("mindest…"). */
  prefixes?: readonly string[];
  /** Runs of words, matched on word boundaries. */
  phrases?: readonly string[];
  /** Both parts, in any order ("nicht als … sondern"). */
  pairs?: readonly (readonly [string, string])[];
  /** Substrings, for scripts without spaces between words. */
  includes?: readonly string[];
};

/** The sentence as lower-case words, for the word and phrase signals. */
type Words = { set: ReadonlySet<string>; spaced: string; list: readonly string[]; raw: string; lower: string };

const WORD_BREAK = /[^a-z0-9_'\u00c0-\u024f]+/;

function wordsOf(sentence: string): Words {
  const list: string[] = [];
  const lower = sentence.toLowerCase();
  for (const token of lower.split(WORD_BREAK)) {
    let start = 0;
    let end = token.length;
    while (start < end && token[start] === "'") start += 1;
    while (end > start && token[end - 1] === "'") end -= 1;
    if (end > start) list.push(token.slice(start, end));
  }
  return { set: new Set(list), spaced: ` ${list.join(' ')} `, list, raw: sentence, lower };
}

function signalMatches(signal: Signal, words: Words): boolean {
  if (signal.re !== undefined) return testPrefiltered(signal.re, words.raw);
  if (signal.lower !== undefined) return testPrefiltered(signal.lower, words.lower);
  if (signal.words?.some((word) => words.set.has(word) && (word !== 'never' || neverMeant(words.list)))) return true;
  if (signal.prefixes?.some((prefix) => words.list.some((word) => word.startsWith(prefix)))) return true;
  if (signal.phrases?.some((phrase) => words.spaced.includes(` ${phrase} `))) return true;
  if (signal.pairs?.some(([a, b]) => words.spaced.includes(` ${a} `) && words.spaced.includes(` ${b} `))) return true;
  return signal.includes?.some((part) => words.raw.includes(part)) ?? false;
}

/** "never" as a rule word, not in "never mind". */
function neverMeant(list: readonly string[]): boolean {
  return list.some((word, index) => word === 'never' && list[index + 1] !== 'mind');
}

// Where an imperative starts: the sentence, or a clause inside it ("phase 1 - ask me …",
// "continue and save …", "…, please use docker").
const CLAUSE_START = String.raw`(?:^|[,;:]\s+|\s[-\u2013\u2014]\s+|\s(?:and|then|also|but|so)\s+)(?:(?:please|plz|pls|also|just|and|so|then)\s+)*`;

// What holds for the task at hand only, in the corpus's languages: "while you fix the parser",
// "for now", "today", "until the end of this task", "por ahora", "erstmal", "pour l'instant", "暂时".
const SCOPED_TO_TASK =
  /\bwhile (?:you(?:'re| are)? |we(?:'re| are)? )?\w+ing\b|\bwhile you\b|\b(?:for now|right now|today|this time|for the moment|(?:for|until the end of|during|in) (?:this|the current) (?:task|pr|ticket|change|one|session|sprint)|erstmal|vorerst|heute|hoy|por ahora|por el momento|pour l'instant|pour le moment|aujourd'hui|por enquanto|untuk sekarang|hari ini)(?![\p{L}])|暂时|今天|とりあえず/u;

/** true when the sentence says it holds for the task at hand only ("for now", "until the end of this task"); never throws. */
export const isScopedToTask = (sentence: string): boolean => testPrefiltered(SCOPED_TO_TASK, sentence.toLowerCase());

// What lasting statements share in any project, in the languages users write: modality
// (always, never, must, should, don't), preference and choice (I want, prefer, let's go with,
// instead of), importance, and the future ("from now on", "next time"). A meaning weighs the same
// in every language: a rule typed in Spanish or Chinese is noticed as the same rule in English is.
const SIGNALS: readonly Signal[] = [
  // "remember to push the branch" is a reminder for this task; "remember that …", "remember: …" ask to keep something.
  { lower: /\bremember\b(?!\s+to\s+(?!always\b|never\b))/, weight: 4 },
  // Remember, keep in mind, from now on, next time, in future.
  {
    words: [
      'memorise',
      'memorize',
      'henceforth',
      'recuerda',
      'recordá',
      'acordate',
      'acordáte',
      'acuérdate',
      'künftig',
      'zukünftig',
      'dorénavant',
      'désormais',
      'retiens',
      'lembre',
      'ingat',
      'ingatlah',
    ],
    phrases: [
      'keep in mind',
      'note for future',
      'note to future',
      'note for the future',
      'note to the future',
      'for future reference',
      'from now on',
      'going forward',
      'moving forward',
      'next time',
      'in future',
      'in the future',
      'no te olvides',
      'no olvides',
      'de ahora en adelante',
      'a partir de ahora',
      'en adelante',
      'en el futuro',
      'la próxima vez',
      'merk dir',
      'merke dir',
      'denk daran',
      'vergiss nicht',
      'ab jetzt',
      'von nun an',
      'in zukunft',
      'nächstes mal',
      'beim nächsten mal',
      'souviens toi',
      'rappelle toi',
      "n'oublie pas",
      'à partir de maintenant',
      "à l'avenir",
      'la prochaine fois',
      'a partir de agora',
      'de agora em diante',
      'da próxima vez',
      'no futuro',
      'não esqueça',
      'jangan lupa',
      'mulai sekarang',
      'ke depan',
      'ke depannya',
      'lain kali',
    ],
    includes: [
      '记住',
      '以后',
      '今后',
      '从现在开始',
      '下次',
      '覚えて',
      '今後',
      'これから',
      '次回',
      '기억해',
      '앞으로',
      '이제부터',
      '다음부터',
    ],
    weight: 4,
  },
  // Always, never, every time.
  {
    words: [
      'always',
      'whenever',
      'never',
      'siempre',
      'nunca',
      'jamás',
      'jamas',
      'immer',
      'niemals',
      'nie',
      'toujours',
      'jamais',
      'sempre',
      'selalu',
    ],
    phrases: ['every time', 'each time', 'cada vez', 'jedes mal', 'chaque fois', 'setiap kali'],
    includes: ['总是', '始终', '每次', '永远', '常に', '必ず', 'いつも', '항상', '절대', '매번'],
    weight: 3,
  },
  // Must, should, important, required.
  {
    words: [
      'must',
      "mustn't",
      'should',
      "shouldn't",
      'needed',
      'ensure',
      'important',
      'crucial',
      'essential',
      'require',
      'required',
      'mandatory',
      'only',
      'banned',
      'forbidden',
      'disallowed',
      'importante',
      'debe',
      'debemos',
      'deben',
      'debería',
      'obligatorio',
      'muss',
      'mussen',
      'müssen',
      'darf',
      'durfen',
      'dürfen',
      'soll',
      'sollen',
      'sollte',
      'wichtig',
      'doit',
      'devons',
      'obligatoire',
      'harus',
      'wajib',
      'hanya',
      'penting',
    ],
    phrases: [
      'have to',
      'has to',
      'need to be',
      'needs to be',
      'make sure',
      'not allowed',
      'es clave',
      'tiene que',
      'tenés que',
      'tenemos que',
      'hay que',
      'il faut',
      'tem que',
    ],
    includes: ['必须', '一定', '要求', '重要', '반드시'],
    weight: 2,
  },
  // Don't, avoid, no more.
  {
    words: ["don't", 'dont', "doesn't", 'doesnt', 'never', 'stop', 'avoid', 'without', 'jangan'],
    phrases: [
      'do not',
      'no more',
      'not the',
      'not a',
      'not as',
      'not in',
      'not to',
      'not like',
      'ya no',
      'nicht mehr',
      'ne plus',
      'no uses',
      'evita',
      'vermeide',
    ],
    includes: ['不要', '别', '不能', 'ないで', '마세요'],
    weight: 2,
  },
  {
    lower:
      /\b(?:i|we)(?:'d|'ll| will| would| also| really| just| still| only| do(?:n'?t)?| all| both)* (?:want|need|prefer|like|love|rather|choose|chose|decided?|go with|use|keep|stick|agreed?|host)\b|\bwe(?:'ll| will)? (?:add|build|deploy|support|store|show)\b|\b(?:prefer(?:red)?|instead of|rather than|as opposed to)\b/,
    weight: 3,
  },
  // The same in the other languages: I want, we need, I prefer, we use, instead of.
  {
    words: [
      'quiero',
      'queremos',
      'necesito',
      'necesitamos',
      'prefiero',
      'preferimos',
      'quero',
      'precisamos',
      'preciso',
      'prefiro',
      'möchte',
      'möchten',
      'wollen',
      'brauchen',
      'bevorzuge',
      'statt',
      'anstatt',
      'gunakan',
      'menggunakan',
      'pakai',
    ],
    phrases: [
      'va a ser',
      'en lugar de',
      'en vez de',
      'ich will',
      'wir nutzen',
      'wir verwenden',
      'je veux',
      'je voudrais',
      'je préfère',
      'nous voulons',
      'on veut',
      'au lieu de',
      'em vez de',
      'saya mau',
      'saya ingin',
      'kita perlu',
      'saya perlu',
    ],
    pairs: [
      ['nicht als', 'sondern'],
      ['no como', 'sino'],
    ],
    includes: ['希望', '我要', '想要', '需要', '要用', '用的是', '就用', '改成', 'ほしい', 'したい'],
    weight: 3,
  },
  {
    lower:
      /\blet'?s (?:do|use|go with|call|keep|name|turn|make|stick|switch)\b|\b(?:shall|should) we (?:call|name|use)\b|\bcall it\b/,
    weight: 3,
  },
  // How the agent should work with the user: ask first, wait for approval; the user does a step themselves.
  {
    lower:
      /\bask (?:me|us)\b|\b(?:check|confirm) with (?:me|us)\b|\bwait for (?:me|my|our)\b|\b(?:my|our) (?:approval|permission|confirmation|go-ahead)\b|\bwithout asking\b|\b(?:i|we)(?:'ll| will) (?:commit|push|merge|deploy|review|test) (?!it\b|this\b|that\b)|\b(?:i|we)(?:'ll| will) (?:commit|push|merge)\s*[.!]?$/,
    weight: 3,
  },
  // The manner of the work or of the answers: concise, in parallel, in separate files, in a language.
  {
    words: [
      'concise',
      'concisely',
      'brief',
      'briefly',
      'terse',
      'succinct',
      'parallel',
      'parallelise',
      'parallelize',
      'separate',
      'separately',
      'seperate',
      'seperately',
    ],
    phrases: [
      'short answer',
      'short answers',
      'short replies',
      'short responses',
      'one at a time',
      'one by one',
      'step by step',
      ...[
        'english',
        'french',
        'spanish',
        'german',
        'chinese',
        'japanese',
        'indonesian',
        'hebrew',
        'portuguese',
        'italian',
        'korean',
        'dutch',
        'polish',
        'hindi',
      ].map((language) => `in ${language}`),
    ],
    weight: 2,
  },
  // Limits and thresholds: "at least 28 days between two OPs", "maximal 6 OCTs im Jahr".
  {
    words: ['maximum', 'minimum', 'max', 'maximal', 'min', 'mindestens', 'höchstens', 'minimal', 'maksimal'],
    prefixes: ['mindest'],
    phrases: ['at least', 'at most', 'no more than', 'als mínimo', 'como máximo', 'au moins', 'au plus'],
    weight: 2,
  },
  {
    lower: new RegExp(
      `${CLAUSE_START}(?:be|use|keep|put|name|call|store|write|follow|prefer|avoid|add|include|export|consider|commit|run|save|ask|check|test|show|display|format|fan out|leave|split|separate)\\b`,
    ),
    weight: 1,
  },
  {
    words: [
      'convention',
      'conventions',
      'rule',
      'rules',
      'policy',
      'standard',
      'style',
      'format',
      'template',
      'language',
      'stack',
      'deploy',
      'deployed',
      'deployment',
      'hosted',
      'host',
      'config',
      'configuration',
      'variable',
      'env',
      'environment',
      'naming',
      'structure',
      'architecture',
      'pattern',
      'workflow',
      'persistence',
      'database',
      'idioma',
      'sprache',
      'langue',
      'bahasa',
      'lingua',
      'regla',
      'reglas',
      'regel',
      'regeln',
      'règle',
      'règles',
      'aturan',
      'persistencia',
      'datenbank',
    ],
    phrases: ['base de datos'],
    weight: 1,
  },
  // Order and conditions of a workflow: "ask me before you …", "first …, then …".
  { words: ['before', 'after', 'until', 'unless', 'first', 'then', 'once'], weight: 1 },
  // A pointer: a URL, a host name, a path, a file name, an @-mention, a code span. Note: it adds to
  // what a sentence says but says nothing lasting itself ("Fix the flaky test in src/app.ts.").
  {
    lower:
      /https?:\/\/\S+|\b(?:[a-z0-9-]+\.)+(?:com|org|net|io|dev|app|ai|co|se|de|fr|es|nl|uk|me|sh|xyz|cloud|site)\b|(?:^|[\s`(@"])(?:~|\.{1,2})?\/?[\w.-]+\/[\w./-]*\w|\b[\w-]+\.(?:md|mdx|pdf|ya?ml|json|toml|ts|tsx|js|mjs|py|rb|rs|swift|go|xlsx|docx|csv)\b|@[\w./-]+\.\w+/,
    weight: 1,
  },
  // A command the user names: "it's `pnpm vitest run <path>`".
  {
    re: /`(?:npm|pnpm|yarn|npx|bun|make|cargo|go|pytest|python3?|uv|poetry|docker|gradle|mvn|dotnet|bundle|rails|rake|mix|just|terraform|kubectl|helm)\s[^`]+`/,
    weight: 1,
  },
  { re: NAMED_IN_CODE, weight: 1 },
  // A guess, an opinion or a task handed over now, not a rule: "maybe X should be cast", "I don't
  // think that's it", "I want you to create …", "now I want to show …", "start implementing …".
  {
    lower:
      /^(?:maybe|perhaps|probably|i think|i don'?t think|i do not think|i'?m not sure|not sure|i guess|i suppose|quizás|vielleicht|peut-être)\b|\b(?:i|we) (?:want|need|would like) you to\b|^(?:start|begin) (?:implementing|building)\b|\bhow to\b/,
    weight: -3,
  },
  // Scoped to the task at hand: "while you fix the parser", "for now", "until the end of this task";
  // or left for later: "we will look at the rest later".
  { lower: SCOPED_TO_TASK, weight: -2 },
  { words: ['later', 'später', 'nanti'], phrases: ['más tarde', 'plus tard', 'mais tarde'], weight: -2 },
  // The same guesses in the other languages.
  {
    words: ['mungkin'],
    phrases: ['tal vez', 'a lo mejor', 'creo que', 'ich glaube', 'je pense'],
    includes: ['也许'],
    weight: -2,
  },
];

// Not lasting: questions asking how or what, thanks, greetings, one-off status, the agent addressed
// for a one-time action.
// "Do not …" is an order, not a question.
// Spanish asks with an accent ("¿qué …", "cómo …"); unaccented "que" and "como" are conjunctions
// ("que siempre se vea el precio", "como usuario quiero …").
const QUESTION =
  /\?\s*$|？\s*$|^¿|^(?:how|what|why|where|when|which|who|is|are|does|do(?!\s+not\b)|did|can|could|would|will|wie|was|warum|wo|comment|pourquoi|est-ce)\b|^(?:cómo|qué|cuál|dónde|por qué)(?![\p{L}])/u;
const SUGGESTION_QUESTION = /\b(?:shall|should) we\b|\bcall it\b|\blet'?s\b/;
// "I need a variable for the rain tolerance ?": a wish typed with a question mark is still a wish.
const WISH =
  /^(?:(?:and|also|so|but)\s+)?(?:i|we)(?:'d| would| also| really| just| still)* (?:want|need|like|prefer)\b/;
const SMALL_TALK =
  /^(?:thanks?|thank you|thx|ty|great|perfect|perfecto|excelente|ok(?:ay)?|cool|nice|awesome|yes|yeah|yep|no|nope|hi|hello|hey|good|bien|genial|danke|super)\b[\s!.,:)]*$/;
// What the user did or saw, and status reports ("it still doesn't work"): news, not a rule.
const NARRATION =
  /^(?:i (?:just |already )?(?:did|tried|ran|saw|found|got|committed|pushed|changed|fixed|opened|installed|see|think|guess|wonder|noticed)|it (?:works|worked|seems|looks|is working|crashes|says)|this (?:works|worked|looks|seems)|that (?:works|worked|looks|seems)|(?:it|this|that)(?:'s| is)? (?:still )?(?:doesn'?t|does not|isn'?t|is not|won'?t|can'?t|not) (?:work|working|load|loading|start|run|show|build|compile|change|help))\b/;
// A sentence that leans on the one before ("it's important, …", "that's a must"): quoted alone, it says nothing.
const LEANS_BACK = /^(?:it'?s|it is|this is|that'?s|that is|these are|those are|es|das ist|eso es|esto es|c'est)\b/i;

// A step of the task at hand, scoped to now: "okay let's do controllers now!", "Let's do the
// Dockerfile first.", "now we need the Makefile", "continue to phase 2", "make sure step 2 is done", a
// checklist item ("[ ] Deploy"). Whatever else it says, it is not lasting unless
// it says so itself (always, never, from now on, every time, in future, remember).
const NOW_SCOPED =
  /(?<!from |partir de |ab )\bnow\b(?!\s+on\b)|\b(?:first|next)\s*[.!]*$|^(?:(?:ok(?:ay)?|so|alright|great|perfect|good|cool|yes|yeah)[,!.]?\s+)*(?:next|then)\b|(?<!ab )\bjetzt\b|(?<!partir de )\bahora\b|(?<!partir de )\bmaintenant\b|(?<!mulai )\bsekarang\b|现在|^\[[ xX]\]|\b(?:continue|proceed|move on|go on|ready)\b[^.!?]*\b(?:phase|step|stage|part)\s+\d|\b(?:phase|step|stage|part)\s+\d+\s+(?:is|are)\s+(?:completed?|finished|done)\b/;
const SAYS_LASTING =
  /\b(?:always|never|from now on|going forward|every time|whenever|in (?:the )?future|next time|remember|henceforth|immer|nie|niemals|künftig|von nun an|in zukunft|siempre|nunca|en adelante|a partir de ahora|en el futuro|toujours|jamais|dorénavant|désormais|à partir de maintenant|sempre|a partir de agora|selalu|mulai sekarang|ke depan)\b|以后|今后|总是|始终|从现在开始|今後|これから|앞으로|이제부터/;

/** `lower`: the sentence lower-cased (the patterns here are written lower-case, see Signal.lower). */
function isScopedToNow(lower: string): boolean {
  return testPrefiltered(NOW_SCOPED, lower) && !testPrefiltered(SAYS_LASTING, lower);
}

function scoreSentence(sentence: string, words: Words): number {
  const { lower } = words;
  if (testPrefiltered(SMALL_TALK, lower)) return 0;
  let score = 0;
  for (const signal of SIGNALS) if (signalMatches(signal, words)) score += signal.weight;
  if (isScopedToNow(lower)) score -= 3;
  if (testPrefiltered(QUESTION, lower) && !testPrefiltered(SUGGESTION_QUESTION, lower) && !testPrefiltered(WISH, lower))
    score -= /[?？]\s*$/.test(sentence) ? 5 : 4;
  if (testPrefiltered(NARRATION, lower)) score -= 3;
  // Long sentences mention everything; a rule is usually short.
  if (sentence.length > 240) score -= 1;
  return score;
}

/** A path, URL or name on its own ("components/Navbar.tsx", a link): a pointer to nothing said about it. */
function isBarePointer(sentence: string): boolean {
  // Chinese and Japanese put no space between words: a few characters already say something.
  if ((sentence.match(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/g)?.length ?? 0) >= 4) return false;
  return (
    sentence
      .replace(/\S*[/.@_]\S*/g, ' ')
      .split(/\s+/)
      .filter((word) => /[A-Za-zÀ-ÿ\u0100-\u024f\u0400-\u04ff\u3040-\u30ff\u4e00-\u9fff]{2}/.test(word)).length < 2
  );
}

/** A sentence with any signal at all (the edge bonus never lifts one that has none). */
function score0(words: Words): boolean {
  return SIGNALS.some((signal) => signal.weight > 0 && signalMatches(signal, words));
}

function clip(sentence: string): string {
  const flat = sentence.replace(/\s+/g, ' ').replace(/"/g, "'").trim();
  // A wish's stray question mark would make the quoted sentence read as a question.
  const text = testPrefiltered(WISH, flat.toLowerCase()) ? flat.replace(/\s*\?+$/, '') : flat;
  return text.length <= MAX_SENTENCE_CHARS ? text : `${text.slice(0, MAX_SENTENCE_CHARS - 1).trimEnd()}…`;
}

/** Returns the prompt's sentences most likely to state something lasting, best first (empty when none); never throws. */
export function noticeLastingSentences(prompt: string, options: NoticeOptions = {}): NoticedSentence[] {
  const maxSentences = options.maxSentences ?? 2;
  const minScore = options.minScore ?? 4;
  const quoteScore = Math.min(minScore, options.quoteScore ?? minScore);
  if (isPastedReport(prompt)) return [];
  const lines = proseLines(prompt);
  const sentences = lines.map((line) => sentencesOf(line.text));
  const count = sentences.reduce((n, list) => n + list.length, 0);
  const scored: NoticedSentence[] = [];
  sentences.forEach((list, index) => {
    const line = lines[index];
    // Users write their own instruction before or after what they paste: in a prompt of many
    // lines, the first and last line are more likely to be theirs.
    const edge = lines.length >= 4 && (index === 0 || index === lines.length - 1) ? 1 : 0;
    list.forEach((sentence, at) => {
      // Only a sentence with a signal of its own gets the bonus of its place or of its list's introduction.
      // Scored as meant ("Rember that …"), quoted as typed.
      const meant = correctSignalTypos(sentence);
      const words = wordsOf(meant);
      const own = score0(words) && !isBarePointer(sentence);
      const score = own ? scoreSentence(meant, words) + edge + (line?.inherited ?? 0) : 0;
      if (score < (isScopedToNow(words.lower) ? minScore : quoteScore)) return;
      // The sentence it leans on goes with it, when that one is short enough to quote.
      const before = at > 0 ? list[at - 1] : undefined;
      const text =
        testPrefiltered(LEANS_BACK, sentence) && before !== undefined && before.length <= 100
          ? `${before} ${sentence}`
          : sentence;
      scored.push({ text: clip(text), score });
    });
  });
  if (!scored.some((s) => s.score >= minScore)) return [];
  const limit = options.sentencesPerExtra
    ? Math.max(maxSentences, Math.ceil(count / options.sentencesPerExtra))
    : maxSentences;
  const seen = new Set<string>();
  return scored
    .sort((a, b) => b.score - a.score)
    .filter((s) => (seen.has(s.text) ? false : (seen.add(s.text), true)))
    .slice(0, limit);
}

/** The patterns above that run behind their required factors (testPrefiltered), for the build's table (turn/gated-patterns.ts). */
export function noticePatterns(): RegExp[] {
  return [
    REPORT_WORDS,
    REPORT_HEADING,
    INTRO_SIGNAL,
    ...SIGNALS.flatMap((signal) => [signal.re, signal.lower]).filter(
      (pattern): pattern is RegExp => pattern !== undefined && pattern !== NAMED_IN_CODE,
    ),
    NOW_SCOPED,
    SAYS_LASTING,
    SMALL_TALK,
    QUESTION,
    SUGGESTION_QUESTION,
    WISH,
    NARRATION,
    LEANS_BACK,
  ];
}
