/**
 * The words a person uses to ask for a rule to be kept, in the languages the corpus holds: a
 * conversational opener ("ok, also"), a lead-in ("remember: …", "from now on …", "note for the
 * future: …", "ab jetzt …", "以后…") and a closing request ("…; remember that."). They are not part of
 * the rule: the durable extraction takes them off a typed request (find-memory-requests.ts), and the
 * injection gate's learned score reads a text without them, since "from now on" is also how
 * role-play attacks begin and would otherwise weigh on every rule asked for in those words.
 */
import { mayMatchText } from '../safety/prefilter/prefilter.js';

// A short conversational opener in front of the request ("ok,", "also", "btw"); at least one, so
// that a text holding none of these words skips the pattern (withoutOpener).
export const OPENER =
  /^(?:(?:ok(?:ay)?|so|also|and|oh|btw|hey|one more thing|one last thing|and also|plus|but)\b[,!.:]?\s+)+/i;

export const withoutOpener = (text: string): string => (mayMatchText(OPENER, text) ? text.replace(OPENER, '') : text);
/** Lead-ins that ask for what follows to be kept; what follows is the rule (an optional "please" first). */
export const LEAD_INS: readonly RegExp[] = [
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
export const CJK_LEAD_IN =
  /^(?:请?记住|以后|今后|从现在开始|往后|覚えておいて(?:ください)?|今後(?:は)?|これからは|기억해(?:\s*(?:줘|주세요|두세요))?|앞으로(?:는)?|이제부터(?:는)?)\s*[:：、，,]?\s*/u;

/** "…; remember that." / "… — please note this" / "…, merk dir das": the request closes the rule. */
export const TRAILER =
  /\s*(?:[,;:—–-]|\(|\.\s+)\s*(?:(?:and\s+)?(?:please\s+)?(?:remember|note|keep\s+in\s+mind|don'?t\s+forget)\s+(?:this|that|it)(?:\s+for\s+(?:the\s+)?(?:future|next\s+time))?|merk\s+dir\s+(?:das|es)|retiens(?:-le|\s+ça|\s+cela)|recuérdalo|acordate|lembre-se\s+disso|ingat\s+itu|(?:请)?记住(?:这一点|了)?|(?:と|って)?覚えておいて(?:ください)?)\s*\)?[.!。！]*$/iu;

/** The lead-in that starts `sentence` when a rule follows it, or undefined. */
export function requestLeadIn(sentence: string): string | undefined {
  for (const pattern of [...LEAD_INS, CJK_LEAD_IN]) {
    const match = mayMatchText(pattern, sentence) ? pattern.exec(sentence) : null;
    if (match === null) continue;
    return match[0].length > 0 && match[0].length < sentence.length ? match[0] : undefined;
  }
  return undefined;
}

/**
 * `text` without the words that ask for it to be kept: its lead-in (and an opener before it) and its
 * closing request; `text` itself when it asks for nothing.
 */
export function withoutRequestWords(text: string): string {
  const sentence = withoutOpener(text.trim());
  const lead = requestLeadIn(sentence);
  const rule = lead === undefined ? sentence : sentence.slice(lead.length);
  const bare = mayMatchText(TRAILER, rule) ? rule.replace(TRAILER, '') : rule;
  if (lead === undefined && bare === rule) return text;
  return bare.trim() === '' ? text : bare;
}
