/**
 * The injection gate (by threat category, in ./injection/) and the invisible-Unicode and
 * control-character scanners. Memory is read back to the model at the start of every session,
 * so text aimed at the model (rather than at the project) must never get in.
 */
export {
  findInjection,
  judgeInjection,
  judgeInjectionByRules,
  resemblanceOf,
  INJECTION_RULES,
} from './injection/judge-injection.js';
export { JAILBREAK_SIGNS } from './injection/jailbreak.js';
export { HOLD_TEAM_ENTRY_ABOVE } from './injection/attack-likeness.js';

export type InvisibleUnicodeFinding = {
  /** e.g. 'U+202E'. */
  codePoint: string;
  start: number;
  end: number;
};

/**
 * Every character findInvisibleUnicode may report (and some it lets pass in context): format
 * characters, tags, variation selectors, Hangul fillers, and control characters other than tab
 * and line breaks (ESC, BEL, backspace, NUL, C1 controls such as U+0085, the Unicode line and
 * paragraph separators U+2028/2029). A control character hides or rewrites text on a terminal
 * (`\x1b[8m`), and a NUL makes a rendered CLAUDE.md a binary file for git (issue 28.5).
 */
const MAY_BE_INVISIBLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u115f\u1160\u3164\uffa0\ufff9-\ufffb\u{e0000}-\u{e01ef}]|\p{Cf}/u;

/** Control characters: C0 but tab, LF and CR; DEL; C1; the line and paragraph separators. */
function isControl(cp: number): boolean {
  return (
    (cp < 0x20 && cp !== 0x09 && cp !== 0x0a && cp !== 0x0d) ||
    (cp >= 0x7f && cp <= 0x9f) ||
    cp === 0x2028 ||
    cp === 0x2029
  );
}

// Note: ZWJ/ZWNJ and variation selectors are ordinary inside emoji sequences and in scripts that
// need them (Persian, Indic); elsewhere they only hide text, so they are allowed only in context.
const ZWJ = 0x200d;
const ZWNJ = 0x200c;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

function isPictographic(ch: string | undefined): boolean {
  return ch !== undefined && /\p{Extended_Pictographic}|\p{Emoji_Modifier}|[\uFE0F]/u.test(ch);
}

function isJoiningScriptLetter(ch: string | undefined): boolean {
  return (
    ch !== undefined &&
    /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Syriac}]/u.test(
      ch,
    )
  );
}

// Scripts written without spaces between words (Khmer, Thai, Lao, Myanmar, Tibetan): a zero-width space marks where a
// word ends, so a line may break there (set 122's Khmer AGENTS.md translation holds them between its words).
function isUnspacedScriptLetter(ch: string | undefined): boolean {
  return (
    ch !== undefined && /[\p{Script=Khmer}\p{Script=Thai}\p{Script=Lao}\p{Script=Myanmar}\p{Script=Tibetan}]/u.test(ch)
  );
}

const ZWSP = 0x200b;

/** Whether the zero-width space at `i` stands between words of such a script: one of its sides (past other such spaces) is one of its letters, the other none of another script's. */
function isWordBreakInUnspacedScript(chars: readonly string[], i: number): boolean {
  let before = i - 1;
  while (chars[before]?.codePointAt(0) === ZWSP) before--;
  let after = i + 1;
  while (chars[after]?.codePointAt(0) === ZWSP) after++;
  const [prev, next] = [chars[before], chars[after]];
  const isOtherLetter = (ch: string | undefined) =>
    ch !== undefined && /\p{L}/u.test(ch) && !isUnspacedScriptLetter(ch);
  return (isUnspacedScriptLetter(prev) || isUnspacedScriptLetter(next)) && !isOtherLetter(prev) && !isOtherLetter(next);
}

/** Visible prepended concatenation marks (Arabic number signs…) are Cf but render as glyphs. */
function isVisibleFormatMark(cp: number): boolean {
  return (
    (cp >= 0x0600 && cp <= 0x0605) ||
    cp === 0x06dd ||
    cp === 0x070f ||
    cp === 0x08e2 ||
    cp === 0x110bd ||
    cp === 0x110cd
  );
}

/** Returns every invisible, bidirectional or control character in `text`, with its offset; never throws. */
export function findInvisibleUnicode(text: string): InvisibleUnicodeFinding[] {
  // Note: one pass of the engine finds whether any character the loop below could report is there
  // at all; most text has none (a first sync checks 20,000 entries: 155 ms went to this loop).
  return MAY_BE_INVISIBLE.test(text) ? findInvisibleUnicodeByCharacter(text) : [];
}

/** findInvisibleUnicode without the first pass: every character judged in its context (exported for the law that the first pass loses nothing). */
export function findInvisibleUnicodeByCharacter(text: string): InvisibleUnicodeFinding[] {
  const chars = Array.from(text);
  const findings: InvisibleUnicodeFinding[] = [];
  let offset = 0;
  let inFlagTags = false;
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!;
    const cp = ch.codePointAt(0)!;
    const start = offset;
    offset += ch.length;
    if (cp === BLACK_FLAG) {
      inFlagTags = true;
      continue;
    }
    const isTag = cp >= 0xe0000 && cp <= 0xe007f;
    // Subdivision flags (England, Scotland, Wales) are 🏴 + tag letters + CANCEL TAG.
    if (
      isTag &&
      inFlagTags &&
      (cp === CANCEL_TAG || (cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039))
    ) {
      if (cp === CANCEL_TAG) inFlagTags = false;
      continue;
    }
    inFlagTags = false;
    const suspicious =
      isControl(cp) ||
      isTag ||
      (cp >= 0xe0100 && cp <= 0xe01ef) ||
      (cp >= 0xfff9 && cp <= 0xfffb) ||
      cp === 0x115f ||
      cp === 0x1160 ||
      cp === 0x3164 ||
      cp === 0xffa0 ||
      (/\p{Cf}/u.test(ch) && !isVisibleFormatMark(cp));
    if (!suspicious) continue;
    if (cp === ZWJ && isPictographic(chars[i - 1]) && isPictographic(chars[i + 1])) continue;
    if ((cp === ZWNJ || cp === ZWJ) && isJoiningScriptLetter(chars[i - 1]) && isJoiningScriptLetter(chars[i + 1]))
      continue;
    // Persian keeps a suffix apart from a Latin word it ends ("SLM‌ها", the plural of an acronym) with a ZWNJ.
    if (cp === ZWNJ && /\p{L}/u.test(chars[i - 1] ?? '') && isJoiningScriptLetter(chars[i + 1])) continue;
    if (cp === ZWSP && isWordBreakInUnspacedScript(chars, i)) continue;
    findings.push({ codePoint: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`, start, end: offset });
  }
  return findings;
}

/** Returns `text` without the invisible and bidirectional characters findInvisibleUnicode reports; never throws. */
export function removeInvisibleUnicode(text: string): string {
  const findings = findInvisibleUnicode(text);
  if (findings.length === 0) return text;
  let result = '';
  let from = 0;
  for (const finding of findings) {
    result += text.slice(from, finding.start);
    from = finding.end;
  }
  return result + text.slice(from);
}
