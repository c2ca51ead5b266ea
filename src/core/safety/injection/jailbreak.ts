/**
 * Jailbreak personas: DAN, developer or god mode, "you are no longer bound", an unfiltered twin.
 * Named jailbreaks are refused on their name; role-play ones state no rule by name but pile up
 * signs (a new identity, freedom from rules, a fiction to hide in): two different signs are an
 * attack, one is how agent files talk ("Act as a reviewer").
 */
import type { InjectionRule } from './injection-rule.js';

export const JAILBREAK_RULES: readonly InjectionRule[] = [
  {
    id: 'jailbreak',
    category: 'jailbreak',
    strength: 'block',
    pattern:
      /\bdo\s+anything\s+now\b|\bjailbr(?:oken|eak(?:ed|ing|s)?)\b|\b(?:developer|god|jailbreak|DAN|dude|evil|unrestricted|opposite|unfiltered|uncensored)\s+mode\s+(?:enabled|on|activated|output)\b|\b(?:enter|with|activate|enable)\s+(?:developer|god|DAN|evil|unrestricted|unfiltered|uncensored)\s+mode\b|\b(?:god|dude|evil|unrestricted|opposite|uncensored)\s+mode\b|\bopposite\s+day\b|\bsafe(?:ty)?\s+mode\s+(?:off|disabled)\b|\bbreak(?:s|ing)?\s+character\b|\b(?:stay|remain)\s+in\s+character\b|\bbroken\s+free\s+of\b|\bconfines\s+of\s+(?:AI|Al|artificial)\b|\bunfiltered\s+(?:and\s+amoral|response|answers?)\b|\bamoral\s+(?:chatbot|AI|assistant|bot|person)\b/gi,
  },
  // Case-sensitive: "Dan" is a name; "DAN" is the jailbreak.
  { id: 'jailbreak', category: 'jailbreak', strength: 'block', pattern: /\bDAN\b(?![-.'’])/g },
  {
    // Freedom from the model's rules, said outright.
    id: 'jailbreak',
    category: 'jailbreak',
    strength: 'block',
    pattern:
      /\byou\s+are\s+no\s+longer\s+(?:bound|restricted|limited|an?\s+(?:ai|assistant|language\s+model))\b|\b(?:(?:doesn't|does\s+not|don't|do\s+not|doesnt|dont|without|has\s+no|have\s+no|no)\s+(?:have\s+)?(?:any\s+)?(?:ethical|moral|ethical\s+or\s+moral|moral\s+or\s+ethical)\s+(?:guidelines|restrictions|limits|boundaries|constraints|principles|filters))\b|\b(?:free\s+(?:of|from)\s+all|without\s+any|no)\s+(?:restrictions|filters|limitations|censorship)\s+(?:and|or|on|whatsoever)\b|\bnot\s+(?:bound|restricted|limited)\s+by\s+(?:[\w'’-]+\s+){0,3}(?:rules|limits|restrictions|guidelines|polic(?:y|ies)|ethics|constrain(?:t)?s)\b|\bwithout\s+any\s+content\s+polic(?:y|ies)\b|\byou(?:'ve|\s+have)?\s+(?:got\s+)?no\s+(?:(?:content|ethical|moral|safety|usage|output|such|any|more)\s+)?(?:restrictions|limits|limitations|filters|guidelines|boundaries|constraints|censorship|guardrails|rules\s+to\s+follow)\b|\byou\s+(?:are|'re)\s+(?:now\s+)?(?:free\s+(?:of|from)|not\s+bound\s+by|not\s+subject\s+to|exempt\s+from)\s+(?:any\s+|all\s+|the\s+|your\s+)?(?:(?:content|ethical|moral|safety|usage|usual)\s+)?(?:restrictions|limits|rules|guidelines|policies|filters)\b/gi,
  },
  {
    id: 'jailbreak',
    category: 'jailbreak',
    strength: 'block',
    pattern:
      /\b(?:answer|respond\s+to|reply\s+to)\s+(?:my\s+prompts?|me|every\s+prompt|each\s+(?:prompt|question))\s+in\s+(?:two|2)\s+(?:different\s+)?(?:separate\s+)?ways\b|\b(?:two|2)\s+separate\s+personas?\b|\bimmerse\s+yourself\s+(?:into|in)\s+the\s+role\b|\b(?:assume|take\s+on|adopt)\s+(?:the\s+)?(?:identity|persona|role)\s+of\s+(?:a\s+|an\s+)?(?:new\s+)?(?:another\s+)?(?:AI|chatbot|bot|assistant|model)\b/gi,
  },
];

/** Role-play signs: two different ones in a text are an attack (see the file comment). */
export const JAILBREAK_SIGNS: readonly { pattern: RegExp; cased?: RegExp }[] = [
  {
    pattern:
      /\bfrom\s+now\s+o[nw]\b|\bfor\s+the\s+rest\s+of\s+(?:this|the|our)\s+(?:conversation|chat)\b|\bin\s+this\s+(?:chat|conversation)\b|\bright\s+now,?\s+you\s+are\b|\ba\s+partir\s+de\s+ahora\b|\bab\s+(?:jetzt|sofort)\b|从现在(?:开始|起)/i,
  },
  {
    pattern:
      /\byou\s+(?:are|will\s+be|will)\s+(?:now\s+|going\s+to\s+|about\s+to\s+)(?:be|act|play|become|immerse|pretend|answer|assume|take|have|simulate|roleplay)\b|\bpretend\s+(?:to\s+be|you\s+are|that\s+you|you're)\b|\b(?:play|assume|take\s+on|adopt)\s+(?:the\s+)?(?:role|persona|identity|character)\b|\brole[- ]?play\b|\byou\s+will\s+become\b|\byou(?:\s+are|'re)\s+(?:an?\s+)?(?:advanced\s+|new\s+|typical\s+|evil\s+)?(?:AI|chatbot|bot)\b|\b(?:AI|model|chatbot|bot|persona|assistant)\s+(?:[\w-]+\s+){0,3}?(?:named|called|known\s+as|dubbed)\b|\b(?:stands\s+for|which\s+means)\s+["“]?[A-Za-z]+\s+[A-Za-z]+|\beres\s+(?:un|una)\s+(?:asistente|ia|inteligencia)\b|\bbist\s+du\s+(?:ein|eine)\s+(?:ki|assistent|bot)\b|你是一个/i,
    // Case-sensitive: a capitalised name after "act as" is a persona ("act as DAN", "act as Mongo Tom"); "act as a reviewer" is a task.
    cased:
      /\b(?:[Aa]ct|[Aa]cting|ACT|ACTING)\s+(?:as|AS)\s+(?:an?\s+|the\s+|AN?\s+|THE\s+)?(?:[A-Z][\w-]+|AI\b|another\b)/,
  },
  {
    pattern:
      /\bchat\s?gpt\b|\b\w*GPT(?:-?[345])?\b|\bopen\s?ai\b|\blanguage\s+(?:model|generation)\b|\bAI\s+(?:model|language|assistant|bot)\b|\bchatbot\b|\bAI\s+with\b/i,
  },
  {
    pattern:
      /\b(?:no|without|free\s+(?:of|from)|not\s+bound\s+by|don't\s+have|doesn't\s+have|not\s+restricted\s+by|unbounded\s+by|zero)\b(?:[^.\n]|\.(?=\S)){0,30}\b(?:restrictions?|filter(?:s|ing)?|limitations?|limits|guidelines|polic(?:y|ies)|ethics|morals?|censorship|confines)\b|\bbreak\s+(?:the\s+|any\s+|all\s+|AI\s+)?rules\b|\b(?:before|without|prior\s+to)\s+(?:any\s+)?(?:safety|alignment|RLHF|ethics)\s+(?:training|tuning|filters?)\b|\bun(?:aligned|censored\s+model)\b|\bnever\s+refuses?\b|\b(?:unfiltered|uncensored|unrestricted|amoral|unethical|immoral)\b|\bsin\s+(?:\S+\s+)?(?:restricciones|filtros|l[ií]mites)\b|\bohne\s+(?:\S+\s+)?(?:einschr[äa]nkungen|beschr[äa]nkungen|filter|grenzen)\b|没有(?:任何)?(?:限制|过滤|规则)/i,
  },
  {
    pattern:
      /\bhypothetical(?:ly)?\b|\bfictional\b|\bimaginary\b|\blet's\s+(?:play|pretend|imagine)\b|\bsimulate\b|\bthought\s+experiment\b/i,
  },
  {
    pattern:
      /\b(?:start|prefix|begin)\s+(?:the\s+sentence|your\s+(?:answers?|responses?|replies)|all\s+(?:your\s+)?(?:answers|responses)|each\s+(?:answer|response))\s+(?:with|as)\b/i,
    // Case-sensitive: a speaker's tag in brackets is a capitalised name ("[DAN]:", "[🔓JAILBREAK]:").
    cased: /\[[^\]\w\n]{0,3}[A-Z][\w -]{1,20}\]\s*:/,
  },
  {
    pattern: /\b(?:illegal|nsfw|racist|sexist|offensive|obscene|profanity|explicit\s+content)\b/i,
  },
];
