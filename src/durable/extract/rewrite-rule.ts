/**
 * Turns a phrase lifted from a conversation into a rule that reads on its own in CLAUDE.md:
 * conversational lead-ins stripped, capitalised, ending with a full stop.
 */

const LEAD_INS: readonly RegExp[] = [
  /^(?:[-*+•]|\d+[.)])\s+/,
  /^(?:ok(?:ay)?|so|also|and|but|oh|btw|hey|well|right|alright|then|plus)\b[,!.]?\s+/i,
  /^(?:please|pls|kindly)\b[,]?\s+/i,
  /^(?:you\s+(?:should|must|need\s+to|have\s+to|'ll\s+need\s+to))\s+(?=always\b|never\b)/i,
];

const TRAILERS: readonly RegExp[] = [
  /(?:[,;]\s*|\s+)(?:please|pls|plz|thanks|thank you|thx|ty|cheers|ok|okay)\??[.!]*$/i,
  /\s*[-—–(,]\s*(?:remember (?:this|that)|add (?:this|that|it) to (?:your )?(?:memory|CLAUDE\.md))\)?[.!]*$/i,
  // ", this function is unreadable": a remark about the code at hand, not part of the rule.
  /,\s*(?:this|that|it)(?:\s+(?:function|file|code|one|component|class|method|module|thing))?\s+(?:is|was|looks|seems)\s+[^,;]*$/i,
];

const GERUNDS: Readonly<Record<string, string>> = {
  using: 'use',
  adding: 'add',
  making: 'make',
  running: 'run',
  writing: 'write',
  putting: 'put',
  creating: 'create',
  changing: 'change',
  committing: 'commit',
  pushing: 'push',
  editing: 'edit',
  importing: 'import',
  calling: 'call',
  mocking: 'mock',
  skipping: 'skip',
  deleting: 'delete',
  removing: 'remove',
  touching: 'touch',
  installing: 'install',
  modifying: 'modify',
  generating: 'generate',
  setting: 'set',
  leaving: 'leave',
  hardcoding: 'hardcode',
  'hard-coding': 'hard-code',
  reformatting: 'reformat',
  formatting: 'format',
  logging: 'log',
  catching: 'catch',
  swallowing: 'swallow',
  wrapping: 'wrap',
  returning: 'return',
  suggesting: 'suggest',
  asking: 'ask',
  guessing: 'guess',
  inventing: 'invent',
  rewriting: 'rewrite',
  renaming: 'rename',
  moving: 'move',
  bumping: 'bump',
  disabling: 'disable',
  ignoring: 'ignore',
};

function capitalise(text: string): string {
  const first = text.charAt(0);
  return first.toLowerCase() !== first.toUpperCase() ? first.toUpperCase() + text.slice(1) : text;
}

/** Returns true when the text is mostly CJK (no capitalisation, full-width stop). */
function isCjk(text: string): boolean {
  const cjk = text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  return cjk > 0 && cjk * 3 >= text.replace(/\s/g, '').length;
}

/** Returns the standalone rule for `phrase` (empty string when nothing is left); never throws. */
export function rewriteAsRule(phrase: string): string {
  let text = phrase.replace(/\s+/g, ' ').trim();
  // Bold markers only: `__tests__/` and `__init__.py` are names, not emphasis.
  text = text.replace(/\*\*([^*]+)\*\*/g, '$1').replace(/(?<![\w/.])__([^_]+)__(?![\w/.])/g, '$1');
  for (let changed = true; changed;) {
    changed = false;
    for (const pattern of [...LEAD_INS, ...TRAILERS]) {
      const next = text.replace(pattern, '').trim();
      if (next !== text) {
        text = next;
        changed = true;
      }
    }
  }
  text = text
    .replace(/^you\s+(?:must|should)\s+not\b/i, 'Do not')
    .replace(/^(?:you\s+(?:need|have)\s+to|you\s+(?:must|should))\s+/i, '');
  const stop = /^stop\s+([a-z]+ing)\b/i.exec(text);
  const base = stop?.[1] ? GERUNDS[stop[1].toLowerCase()] : undefined;
  if (stop && base) text = `Don't ${base}${text.slice(stop[0].length)}`;
  // "…, I saw one in the diff": the speaker's remark about the work at hand is not part of the rule.
  text = text.replace(/[,;]\s*I\s+(?:just\s+)?(?:saw|noticed|found|spotted|think|guess|believe)\b[^.;]*[.!]*$/i, '');
  text = text
    .replace(/[\s:;,—–-]+$/, '')
    .replace(/!+$/, '')
    .trim();
  if (text === '') return '';
  if (isCjk(text)) return /[。．.!?！？]$/.test(text) ? text : `${text}。`;
  // Mixed text that already ends with a full-width stop ("…里的 logger。") keeps it as it is.
  if (/[。．！？]$/.test(text)) return text;
  text = capitalise(text);
  return /[.?]$/.test(text) ? text : `${text}.`;
}
