/**
 * Prompt-injection and invisible-Unicode scanners. Memory is read back to the model at the start
 * of every session, so text aimed at the model (rather than at the project) must never get in.
 */

export type InjectionFinding = {
  ruleId: string;
  start: number;
  end: number;
};

export type InvisibleUnicodeFinding = {
  /** e.g. 'U+202E'. */
  codePoint: string;
  start: number;
  end: number;
};

type InjectionRule = { id: string; pattern: RegExp };

const SECRETISH_VAR = String.raw`\$\{?[A-Z0-9_]*(?:TOKEN|KEY|SECRET|PASS(?:WORD)?|PWD|CREDENTIALS?|AUTH)[A-Z0-9_]*\}?`;

const INJECTION_RULES: readonly InjectionRule[] = [
  {
    id: 'ignore-instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:(?:all|any|every|the|your|my|these|those|of|everything)\s+){0,3}(?:(?:previous|prior|above|earlier|preceding|original|initial|system|developer|safety|existing)\s+){1,2}(?:instructions?|prompts?|rules|directives|guidelines|guidance|context|messages?|constraints)\b/gi,
  },
  { id: 'ignore-instructions', pattern: /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:your|the)\s+(?:instructions|guidelines|directives)\b/gi },
  { id: 'ignore-instructions', pattern: /\bforget\s+everything\s+(?:above|before|you\s+(?:were|have\s+been)\s+told)\b/gi },
  { id: 'system-prompt', pattern: /\b(?:disregard|ignore|reveal|print|leak|override|replace|show|output)\s+(?:\w+\s+){0,2}system\s+prompt\b/gi },
  { id: 'role-hijack', pattern: /\byou\s+are\s+(?:now|no\s+longer)\b/gi },
  { id: 'role-hijack', pattern: /\b(?:from\s+now\s+on,?\s+)?you\s+(?:will|must|shall)\s+(?:act|behave|respond)\s+as\b/gi },
  { id: 'role-hijack', pattern: /\b(?:pretend|act)\s+(?:to\s+be|as\s+if\s+you\s+(?:are|were))\s+(?:an?\s+)?(?:different|unrestricted|new|evil|jailbroken|DAN)\b/gi },
  { id: 'role-hijack', pattern: /\b(?:developer|god|jailbreak|DAN)\s+mode\b|\bjailbreak\b/gi },
  { id: 'role-hijack', pattern: /\bnew\s+(?:system\s+)?instructions\s*:/gi },
  { id: 'system-prefix', pattern: /(?:^|\n)\s*(?:#+\s*)?(?:\[\s*)?(?:system|assistant|developer)\s*(?:\]|:|>)/gi },
  { id: 'system-prefix', pattern: /<\|?(?:im_start|system|endoftext)\|?>|<\/?system>|<\/?(?:system-reminder|instructions)>/gi },
  {
    id: 'address-to-model',
    pattern:
      /\b(?:note|message|instructions?|attention|important)\s*(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:ai|llm|assistant|claude|model|agent|language\s+model)s?\b|\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|language\s+model|assistant|claude|coding\s+agent)\b|\b(?:ai|llm)\s+(?:agents?|assistants?|models?)\s+(?:reading|processing)\s+this\b/gi,
  },
  {
    id: 'exfiltration',
    pattern: new RegExp(String.raw`\b(?:curl|wget|nc|ncat|http|Invoke-WebRequest|Invoke-RestMethod|fetch)\b[^\n]{0,200}?(?:${SECRETISH_VAR}|\$\(\s*(?:env|printenv|cat\s+[^)]*(?:\.env|\.ssh|id_rsa|credentials|\.npmrc|\.netrc))[^)]*\)|@(?:~\/)?\.(?:env|ssh|aws|npmrc|netrc)\b|--data(?:-binary)?\s+@)`, 'g'),
  },
  { id: 'exfiltration', pattern: /\b(?:env|printenv|set)\b\s*\|\s*(?:curl|wget|nc|base64)\b|\bcat\s+[^\n|]*(?:\.env|id_rsa|\.ssh\/|\.aws\/credentials|\.npmrc|\.netrc)[^\n|]*\|\s*(?:curl|wget|nc|base64)\b/g },
  { id: 'pipe-to-shell', pattern: /\b(?:curl|wget|iwr|Invoke-WebRequest)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:bash|sh)\s+<\(\s*(?:curl|wget)\b|\biex\s*\(\s*(?:iwr|Invoke-WebRequest|New-Object\s+Net\.WebClient)/gi },
  {
    id: 'edit-agent-config',
    pattern:
      /\b(?:edit|modify|update|change|rewrite|overwrite|append\s+to|write\s+to|replace)\s+(?:the\s+|your\s+)?(?:CLAUDE(?:\.local)?\.md|AGENTS\.md|MEMORY\.md|GEMINI\.md|\.cursorrules|\.claude\/settings(?:\.local)?\.json|settings\.json|(?:your\s+)?(?:memory|instructions)\s+files?)\b[^.\n]{0,40}?\b(?:to|so|and|with|adding|saying)\b/gi,
  },
  { id: 'edit-agent-config', pattern: /\b(?:disable|remove|delete|turn\s+off)\s+(?:all\s+|the\s+)?(?:hooks|mem\s+hooks|safety\s+checks|permission\s+prompts)\b|--dangerously-skip-permissions/gi },
  {
    id: 'hidden-instruction',
    pattern:
      /\bwithout\s+(?:telling|asking|informing|notifying|alerting)\s+(?:the\s+)?(?:user|human|developer|anyone)\b|\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|notify|alert|show)\s+(?:this\s+to\s+)?(?:the\s+)?(?:user|human|developer)\b|\b(?:silently|secretly|quietly)\s+(?:run|execute|send|upload|install|delete|add|push)\b|\bhide\s+(?:this|it)\s+from\s+(?:the\s+)?(?:user|human)\b/gi,
  },
  { id: 'hidden-instruction', pattern: /\b(?:run|execute)\s+(?:the\s+following|this)\s+(?:command|script|code)\s+(?:immediately|now|first|silently|automatically)\b/gi },
];

/** Returns the injection findings in `text`, ordered by position; never throws. */
export function findInjection(text: string): InjectionFinding[] {
  const findings: InjectionFinding[] = [];
  for (const rule of INJECTION_RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      if (match.index === undefined) continue;
      findings.push({ ruleId: rule.id, start: match.index, end: match.index + match[0].length });
    }
  }
  return findings.sort((a, b) => a.start - b.start);
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
  return ch !== undefined && /[\p{Script=Arabic}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}\p{Script=Syriac}]/u.test(ch);
}

/** Visible prepended concatenation marks (Arabic number signs…) are Cf but render as glyphs. */
function isVisibleFormatMark(cp: number): boolean {
  return (cp >= 0x0600 && cp <= 0x0605) || cp === 0x06dd || cp === 0x070f || cp === 0x08e2 || cp === 0x110bd || cp === 0x110cd;
}

/** Returns every invisible or bidirectional control character in `text`, with its offset; never throws. */
export function findInvisibleUnicode(text: string): InvisibleUnicodeFinding[] {
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
    if (isTag && inFlagTags && (cp === CANCEL_TAG || (cp >= 0xe0061 && cp <= 0xe007a) || (cp >= 0xe0030 && cp <= 0xe0039))) {
      if (cp === CANCEL_TAG) inFlagTags = false;
      continue;
    }
    inFlagTags = false;
    const suspicious =
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
    if ((cp === ZWNJ || cp === ZWJ) && isJoiningScriptLetter(chars[i - 1]) && isJoiningScriptLetter(chars[i + 1])) continue;
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
