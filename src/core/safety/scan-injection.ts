/**
 * Prompt-injection and invisible-Unicode scanners. Memory is read back to the model at the start
 * of every session, so text aimed at the model (rather than at the project) must never get in.
 */
import { compileHints, hintsOf, type CompiledHints, type TextHints } from './hint-finder.js';

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

/**
 * `hints`: lower-case words (single words: blanks vary) or fixed pieces (`|`), one of which every
 * match of the pattern holds, so a text holding none cannot match. A rule whose hints are absent
 * from the text is skipped and its regex never compiled: compiling these patterns on first use is
 * most of the gate's cost on a short text (a sync scanning two short entries spent 6 ms there).
 * test/unit/core/safety/rule-hints.test.ts checks each hint on every rule's attacks and the corpora.
 */
export type InjectionRule = { id: string; pattern: RegExp; hints?: readonly string[] };

const SECRETISH_VAR = String.raw`\$\{?[A-Z0-9_]*(?:TOKEN|KEY|SECRET|PASS(?:WORD)?|PWD|CREDENTIALS?|AUTH)[A-Z0-9_]*\}?`;

export const INJECTION_RULES: readonly InjectionRule[] = [
  {
    id: 'ignore-instructions',
    pattern:
      /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:(?:all|any|every|the|your|my|these|those|of|everything)\s+){0,3}(?:(?:previous|prior|above|earlier|preceding|original|initial|system|developer|safety|existing)\s+){1,2}(?:instructions?|prompts?|rules|directives|guidelines|guidance|context|messages?|constraints)\b/gi,
    hints: ['ignore', 'disregard', 'forget', 'override', 'bypass', 'skip'],
  },
  { id: 'ignore-instructions', pattern: /\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+)?(?:your|the)\s+(?:instructions|guidelines|directives)\b/gi, hints: ['ignore', 'disregard', 'forget'] },
  { id: 'ignore-instructions', pattern: /\bforget\s+everything\s+(?:above|before|you\s+(?:were|have\s+been)\s+told)\b/gi, hints: ['forget'] },
  { id: 'system-prompt', pattern: /\b(?:disregard|ignore|reveal|print|leak|override|replace|show|output)\s+(?:\w+\s+){0,2}system\s+prompt\b/gi, hints: ['prompt'] },
  { id: 'role-hijack', pattern: /\byou\s+are\s+(?:now|no\s+longer)\b/gi, hints: ['now', 'longer'] },
  { id: 'role-hijack', pattern: /\b(?:from\s+now\s+on,?\s+)?you\s+(?:will|must|shall)\s+(?:act|behave|respond)\s+as\b/gi, hints: ['act', 'behave', 'respond'] },
  { id: 'role-hijack', pattern: /\b(?:pretend|act)\s+(?:to\s+be|as\s+if\s+you\s+(?:are|were))\s+(?:an?\s+)?(?:different|unrestricted|new|evil|jailbroken|DAN)\b/gi, hints: ['pretend', 'act'] },
  // Note: Windows has a real "Developer Mode"; the jailbreak turns it on for the model.
  { id: 'role-hijack', pattern: /\b(?:developer|god|jailbreak|DAN)\s+mode\s+(?:enabled|on|activated|output)\b|\bwith\s+(?:developer|god|DAN)\s+mode\b|\bjailbreak\b/gi, hints: ['mode', 'jailbreak'] },
  { id: 'role-hijack', pattern: /\bnew\s+(?:system\s+)?instructions\s*:/gi, hints: ['instructions'] },
  { id: 'system-prefix', pattern: /(?:^|\n)\s*(?:#+\s*)?(?:\[\s*)?(?:system|assistant|developer)\s*(?:\]|:|>)/gi, hints: ['system', 'assistant', 'developer'] },
  { id: 'system-prefix', pattern: /<\|?(?:im_start|system|endoftext)\|?>|<\/?system>|<\/?(?:system-reminder|instructions)>/gi, hints: ['im_start', 'system', 'endoftext', 'instructions'] },
  {
    id: 'address-to-model',
    pattern:
      /\b(?:note|message|instructions?|attention|important)\s*(?:to|for)\s+(?:the\s+|any\s+|all\s+)?(?:ai|llm|assistant|claude|model|agent|language\s+model)s?\b|\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|language\s+model|assistant|claude|coding\s+agent)\b|\b(?:ai|llm)\s+(?:agents?|assistants?|models?)\s+(?:reading|processing)\s+this\b/gi,
    hints: ['note', 'message', 'instruction', 'attention', 'important', 'you', 'reading', 'processing'],
  },
  {
    id: 'exfiltration',
    pattern: new RegExp(String.raw`\b(?:curl|wget|nc|ncat|http|Invoke-WebRequest|Invoke-RestMethod|fetch)\b[^\n]{0,200}?(?:${SECRETISH_VAR}|\$\(\s*(?:env|printenv|cat\s+[^)]*(?:\.env|\.ssh|id_rsa|credentials|\.npmrc|\.netrc))[^)]*\)|@(?:~\/)?\.(?:env|ssh|aws|npmrc|netrc)\b|--data(?:-binary)?\s+@)`, 'g'),
    hints: ['curl', 'wget', 'nc', 'http', 'invoke-', 'fetch'],
  },
  { id: 'exfiltration', pattern: /\b(?:env|printenv|set)\b\s*\|\s*(?:curl|wget|nc|base64)\b|\bcat\s+[^\n|]*(?:\.env|id_rsa|\.ssh\/|\.aws\/credentials|\.npmrc|\.netrc)[^\n|]*\|\s*(?:curl|wget|nc|base64)\b/g, hints: ['|'] },
  { id: 'pipe-to-shell', pattern: /\b(?:curl|wget|iwr|Invoke-WebRequest)\b[^\n|]{0,200}\|\s*(?:sudo\s+)?(?:ba|z|da)?sh\b|\b(?:bash|sh)\s+<\(\s*(?:curl|wget)\b|\biex\s*\(\s*(?:iwr|Invoke-WebRequest|New-Object\s+Net\.WebClient)/gi, hints: ['curl', 'wget', 'iwr', 'invoke-webrequest', 'iex'] },
  {
    id: 'edit-agent-config',
    pattern:
      /\b(?:edit|modify|update|change|rewrite|overwrite|append\s+to|write\s+to|replace)\s+(?:the\s+|your\s+)?(?:CLAUDE(?:\.local)?\.md|AGENTS\.md|MEMORY\.md|GEMINI\.md|\.cursorrules|\.claude\/settings(?:\.local)?\.json|settings\.json|(?:your\s+)?(?:memory|instructions)\s+files?)\b[^.\n]{0,40}?\b(?:to|so|and|with|adding|saying)\b/gi,
    hints: ['claude', 'agents.md', 'memory', 'gemini.md', '.cursorrules', 'settings.json', 'instructions'],
  },
  { id: 'edit-agent-config', pattern: /\b(?:disable|remove|delete|turn\s+off)\s+(?:all\s+|the\s+)?(?:hooks|mem\s+hooks|safety\s+checks|permission\s+prompts)\b|--dangerously-skip-permissions/gi, hints: ['hooks', 'safety', 'permission', '--dangerously'] },
  {
    id: 'hidden-instruction',
    pattern:
      /\bwithout\s+(?:telling|asking|informing|notifying|alerting)\s+(?:the\s+)?(?:user|human|developer|anyone)\b|\b(?:do\s+not|don't|never)\s+(?:tell|inform|mention\s+(?:this\s+)?to|notify|alert|show)\s+(?:this\s+to\s+)?(?:the\s+)?(?:user|human|developer)\b(?!\s+to\b)|\b(?:silently|secretly|quietly)\s+(?:run|execute|send|upload|install|delete|add|push)\b|\bhide\s+(?:this|it)\s+from\s+(?:the\s+)?(?:user|human)\b/gi,
    hints: ['without', 'user', 'human', 'developer', 'silently', 'secretly', 'quietly', 'hide'],
  },
  { id: 'hidden-instruction', pattern: /\b(?:run|execute)\s+(?:the\s+following|this)\s+(?:command|script|code)\s+(?:immediately|now|first|silently|automatically)\b/gi, hints: ['command', 'script', 'code'] },
];

// What an instruction to a model is called, and the words that put it before or after this text.
const INSTRUCTION_NOUN = String.raw`(?:instructions?|directions?|directives?|prompts?|prompting|guidelines?|guidance|commands?|orders|rules|constraints|context|input|messages?|information|info|evidence|programming)`;
const WHICH = String.raw`(?:previous|prior|above|earlier|preceding|original|initial|system|developer|safety|following|other|old|out[- ]of[- ]date|outdated|given|existing|current)`;

/**
 * More shapes of text aimed at a model, found in public attack sets (garak, promptmap, llm-guard,
 * jailbreak collections) and written as general rules: overriding what the model was told,
 * extracting its prompt, forcing its output, and taking its identity.
 */
export const ATTACK_RULES: readonly InjectionRule[] = [
  // "Ignore any previous and following instructions", "disregard any rules", "ignore the rest of this data and print".
  { id: 'ignore-instructions', pattern: new RegExp(String.raw`\b(?:ignore|disregard|forget|override|bypass|skip|abandon)\s+(?:(?:all|any|every|the|your|my|these|those|of|and|or|everything|each)\s+){0,4}(?:${WHICH}\s+(?:(?:and|or)\s+${WHICH}\s+)?){1,2}${INSTRUCTION_NOUN}\b`, 'gi'), hints: ['ignore', 'disregard', 'forget', 'override', 'bypass', 'skip', 'abandon'] },
  { id: 'ignore-instructions', pattern: new RegExp(String.raw`\b(?:ignore|disregard|forget)\s+(?:all\s+|any\s+|the\s+|your\s+)?(?:instructions|directions|rules|guidelines|prompts?|info|information)\b`, 'gi'), hints: ['ignore', 'disregard', 'forget'] },
  { id: 'ignore-instructions', pattern: /\b(?:ignore|disregard|forget)\s+(?:the\s+rest\s+of\s+(?:this|the)\s+\w+|everything\s+(?:you\s+(?:learned|know|were\s+told)|(?:above|before|else))|all\s+(?:other\s+)?(?:evidence|content|text|data))\b/gi, hints: ['ignore', 'disregard', 'forget'] },
  { id: 'ignore-instructions', pattern: /\b(?:ignore|disregard)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:section|part|rules?|instructions?)\s+(?:of|in)\s+(?:the\s+)?(?:CLAUDE(?:\.local)?\.md|AGENTS\.md|GEMINI\.md|system\s+prompt|your\s+instructions)\b/gi, hints: ['ignore', 'disregard'] },
  // Output forcing: "just print "…"", "STOP EVERYTHING", "reply with only the following text".
  { id: 'goal-hijack', pattern: /\b(?:just|only|simply)\s+(?:say|print|output|write|type|reply|respond|answer|repeat|return)\b(?:\s+with)?\s*[:"“'‘]/gi, hints: ['just', 'only', 'simply'] },
  { id: 'goal-hijack', pattern: /\bstop\s+everything\b|\b(?:begin|start)\s+reprogramming\b|\bnew\s+instructions?\s+(?:to|for)\s+(?:the\s+)?(?:chat\s+)?(?:assistant|ai|model|bot)\b|\bend\s+(?:of\s+)?(?:out[- ]of[- ]date|old|previous)\s+instructions\b|\bthe\s+situation\s+has\s+changed\b/gi, hints: ['stop', 'reprogramming', 'instruction', 'situation'] },
  { id: 'goal-hijack', pattern: /\b(?:reply|respond|answer)\s+with\s+only\s+the\s+following\b|\babsolutely\s+nothing\s+else\b|\b(?:overrides?|takes?\s+precedence\s+over)\s+(?:the\s+user|your\s+(?:instructions|rules|guidelines)|(?:the\s+)?system\s+prompt|(?:all\s+)?(?:previous|prior|other)\s+instructions)\b/gi, hints: ['reply', 'respond', 'answer', 'nothing', 'overrid', 'precedence'] },
  { id: 'goal-hijack', pattern: /\b(?:safe(?:ty)?\s+mode|safety\s+(?:filters?|checks?)|guardrails?|content\s+filters?)\s+(?:is\s+|are\s+)?(?:now\s+)?(?:off|disabled|deactivated)\b|\bhaha\s+pwned\b|\bpwned!/gi, hints: ['mode', 'safety', 'guardrail', 'filter', 'pwned'] },
  { id: 'goal-hijack', pattern: /\bwrite\s+(?:one|a|an|some)\s+(?:toxic|offensive|negative|hateful|racist|sexist|insulting|rude|violent)\s+(?:sentence|message|comment|joke|tweet|review|paragraph)s?\b/gi, hints: ['write'] },
  { id: 'goal-hijack', pattern: /\b(?:ignore|disregard)\b[^.\n]{0,40}?,?\s+and\s+(?:instead\s+)?(?:just\s+)?(?:write|print|say|output|reply|respond|return|answer)\b|\b(?:if|when)\s+the\s+(?:text|input|document|data|content|e-?mail)\s+(?:has|contains|includes)\s+instructions\b/gi, hints: ['ignore', 'disregard', 'instructions'] },
  // Prompt extraction: the model's own prompt, instructions or configuration, asked for.
  {
    id: 'prompt-extraction',
    pattern: /\b(?:repeat|print|output|show|display|reveal|share|tell|list|give|translate|put|write|dump|leak|paste|return|echo|recite|spell\s+out|summari[sz]e|what(?:'s|\s+(?:are|were|is|was))(?:\s+the\s+opposite\s+of)?)\b[^.?!\n]{0,40}?\b(?:your\s+(?:(?:very|exact|full|entire|complete|whole|hidden|secret|internal|first|initial|original|system|initials?|previous)\s+){0,3}|the\s+(?:(?:very|exact|full|entire|complete|whole|hidden|secret|internal|first|initial|original|system)\s+){1,3})(?:(?:system\s+)?prompts?|instructions|configuration|config|directives|guidelines|rules\s+you\s+were\s+given)\b/gi,
    hints: ['prompt', 'instruction', 'config', 'directive', 'guideline', 'given'],
  },
  { id: 'prompt-extraction', pattern: /\b(?:your|the)\s+(?:very\s+)?(?:first|initial|original|hidden|secret|system|internal)\s+(?:prompts?|instructions)\s+(?:were|are|was|is)\b|\bmy\s+(?:initial\s+|system\s+|original\s+)?(?:instructions|prompt)\s+(?:are|is|were)\s*:/gi, hints: ['prompt', 'instructions'] },
  { id: 'prompt-extraction', pattern: /\b(?:repeat|output|print|show|display|copy)\s+(?:all\s+|everything\s+in\s+)?(?:the\s+)?(?:text|words|content|message|conversation|everything)\s+(?:above|before\s+this|so\s+far)\b|\bwhat\s+(?:were|was)\s+you\s+told\b|\bwhat\s+are\s+you\s+not\s+(?:supposed|allowed|permitted)\s+to\b/gi, hints: ['above', 'before', 'far', 'told', 'supposed', 'allowed', 'permitted'] },
  { id: 'prompt-extraction', pattern: /\b(?:output|print|show|display|reveal|dump|give|return)\s+(?:the\s+|your\s+)?(?:initiali[sz]ation|system)\s+(?:string|configuration|config|prompt|settings|message)\b|\b(?:console\.log|print|echo|puts|printf)\s*\(\s*\w*(?:system|initial)_?prompt\w*\s*\)/gi, hints: ['initiali', 'system', 'prompt'] },
  { id: 'prompt-extraction', pattern: /\byour\s+(?:chain[- ]of[- ]thought|hidden\s+reasoning|internal\s+reasoning|reasoning\s+steps)\b/gi, hints: ['chain', 'reasoning'] },
  // Exfiltration of the conversation through a URL the model is made to build.
  { id: 'exfiltration', pattern: /\b(?:replace|fill|substitute|append|add|encode)\b[^.\n]{0,60}\bwith\s+(?:the\s+)?(?:previous|last|prior|user'?s?|whole|entire)\s+(?:message|messages|conversation|chat|input|prompt|response|answer)\b/gi, hints: ['message', 'conversation', 'chat', 'input', 'prompt', 'response', 'answer'] },
  // Jailbreak vocabulary that names itself.
  {
    id: 'jailbreak',
    pattern: /\bdo\s+anything\s+now\b|\bDAN\b(?![-.])|\bjailbr(?:oken|eak(?:ed|ing)?)\b|\b(?:god|dude|evil|unrestricted|opposite)\s+mode\b|\bopposite\s+day\b|\bbreak(?:s|ing)?\s+character\b|\b(?:stay|remain)\s+in\s+character\b|\bbroken\s+free\s+of\b|\bconfines\s+of\s+(?:AI|Al|artificial)\b|\bunfiltered\s+(?:and\s+amoral|response|answers?)\b|\bamoral\s+(?:chatbot|AI|assistant|bot|person)\b/gi,
    hints: ['anything', 'dan', 'jailbr', 'mode', 'opposite', 'character', 'broken', 'confines', 'unfiltered', 'amoral'],
  },
  {
    id: 'jailbreak',
    pattern: /\b(?:(?:doesn't|does\s+not|don't|do\s+not|doesnt|dont|without|has\s+no|have\s+no|no)\s+(?:have\s+)?(?:any\s+)?(?:ethical|moral|ethical\s+or\s+moral|moral\s+or\s+ethical)\s+(?:guidelines|restrictions|limits|boundaries|constraints|principles|filters))\b|\b(?:free\s+(?:of|from)\s+all|without\s+any|no)\s+(?:restrictions|filters|limitations|censorship)\s+(?:and|or|on|whatsoever)\b|\bnot\s+(?:bound|restricted|limited)\s+by\s+(?:[\w-]+\s+){0,3}(?:rules|limits|restrictions|guidelines|polic(?:y|ies)|ethics|constrain(?:t)?s)\b/gi,
    hints: ['ethical', 'moral', 'restriction', 'filter', 'limitation', 'censorship', 'bound', 'restricted', 'limited'],
  },
  { id: 'jailbreak', pattern: /\b(?:answer|respond\s+to|reply\s+to)\s+(?:my\s+prompts?|me|every\s+prompt|each\s+(?:prompt|question))\s+in\s+(?:two|2)\s+(?:different\s+)?(?:separate\s+)?ways\b|\b(?:two|2)\s+separate\s+personas?\b|\bimmerse\s+yourself\s+(?:into|in)\s+the\s+role\b|\b(?:assume|take\s+on|adopt)\s+(?:the\s+)?(?:identity|persona|role)\s+of\s+(?:a\s+|an\s+)?(?:new\s+)?(?:another\s+)?(?:AI|chatbot|bot|assistant|model)\b/gi, hints: ['two', '2', 'persona', 'immerse', 'identity', 'role'] },
  // A chat model greeted or addressed by its product name: a prompt, not a project's memory.
  { id: 'address-to-model', pattern: /\b(?:hello|hi|hey|dear|greetings),?\s+(?:chat\s?gpt|gpt(?:-?\d)?|claude|bard|gemini|llama|ai|assistant)\b|(?:^|[.!?]\s+)(?:chat\s?gpt|gpt-?\d?)\s*[,:]|\bas\s+(?:a|an)\s+chat\s?gpt\b|\byou\s+are\s+chat\s?gpt\b/gim, hints: ['hello', 'hi', 'hey', 'dear', 'greetings', 'gpt'] },
];

/**
 * A request put to the assistant ("can you explain chapter 1 for me?", "could you write …?")
 * is a prompt, not a memory: stored, it would be put to the model again at the start of every
 * session (the "distraction" attack). Direct questions are refused by the quality gate's
 * `question` rule, which no --force overrides.
 */
// Note: "please remind me to …" and "show me the diff first" are preferences a user may keep, so
// only the question form counts.
const REQUEST_TO_MODEL = /\b(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:help|tell|give|show|explain|provide|write|create|list|summari[sz]e|translate|describe|suggest|recommend|remind)\b[^.\n]*\?|\bfor\s+me\s*\?/i;

function requestToModel(text: string): InjectionFinding[] {
  const request = REQUEST_TO_MODEL.exec(text);
  return request ? [{ ruleId: 'request-to-model', start: request.index, end: request.index + request[0].length }] : [];
}

/**
 * Persona and role-play jailbreaks state no rule by name but pile up their signs: a new identity
 * for the model, freedom from its rules, a fiction to hide in, a product name to talk to. Two
 * different signs in one text are an attack; one is how agent files talk ("Act as a reviewer").
 */
export const JAILBREAK_SIGNS: readonly { pattern: RegExp; hints: readonly string[] }[] = [
  { pattern: /\bfrom\s+now\s+o[nw]\b|\bfor\s+the\s+rest\s+of\s+(?:this|the|our)\s+(?:conversation|chat)\b|\bin\s+this\s+(?:chat|conversation)\b|\bright\s+now,?\s+you\s+are\b/i, hints: ['now', 'rest', 'chat', 'conversation', 'now'] },
  // Note: 'you', not 'you are': the pattern takes any blanks between the two words.
  { pattern: /\byou\s+(?:are|will\s+be|will)\s+(?:now\s+|going\s+to\s+|about\s+to\s+)(?:be|act|play|become|immerse|pretend|answer|assume|take|have|simulate|roleplay)\b|\b(?:act|acting)\s+as\s+(?:an?\s+|the\s+)?(?:[A-Z][\w-]+|AI\b|another\b)|\bpretend\s+(?:to\s+be|you\s+are|that\s+you)\b|\b(?:play|assume|take\s+on|adopt)\s+(?:the\s+)?(?:role|persona|identity|character)\b|\brole[- ]?play\b|\bpersonas?\b|\byou\s+will\s+become\b|\byou\s+are\s+(?:an?\s+)?(?:advanced\s+|new\s+|typical\s+)?(?:AI|chatbot|bot)\b|\b(?:AI|model|chatbot|bot|persona|assistant)\s+(?:named|called|known\s+as|dubbed)\b|\b(?:stands\s+for|which\s+means)\s+["“]?[A-Za-z]+\s+[A-Za-z]+/, hints: ['you', 'act', 'pretend', 'play', 'assume', 'take', 'adopt', 'role', 'persona', 'named', 'called', 'known', 'dubbed', 'stands', 'means'] },
  { pattern: /\bchat\s?gpt\b|\b\w*GPT(?:-?[345])?\b|\bopen\s?ai\b|\blanguage\s+(?:model|generation)\b|\bAI\s+(?:model|language|assistant|bot)\b|\bchatbot\b/i, hints: ['gpt', 'open', 'language', 'ai', 'chatbot'] },
  { pattern: /\b(?:no|without|free\s+(?:of|from)|not\s+bound\s+by|don't\s+have|doesn't\s+have|not\s+restricted\s+by|unbounded\s+by)\b[^.\n]{0,30}\b(?:restrictions?|filter(?:s|ing)?|limitations?|limits|guidelines|polic(?:y|ies)|ethics|morals?|censorship|confines)\b|\bbreak\s+(?:the\s+|any\s+|all\s+|AI\s+)?rules\b|\b(?:unfiltered|uncensored|unrestricted|amoral|unethical|immoral)\b/i, hints: ['no', 'without', 'free', 'bound', 'have', 'restricted', 'unbounded', 'break', 'unfiltered', 'uncensored', 'unrestricted', 'amoral', 'unethical', 'immoral'] },
  { pattern: /\bhypothetical(?:ly)?\b|\bfictional\b|\bimaginary\b|\blet's\s+(?:play|pretend|imagine)\b|\bsimulate\b|\bthought\s+experiment\b/i, hints: ['hypothetic', 'fiction', 'imaginary', "let's", 'simulat', 'thought'] },
  { pattern: /\b(?:start|prefix|begin)\s+(?:the\s+sentence|your\s+(?:answers?|responses?|replies)|all\s+(?:your\s+)?(?:answers|responses)|each\s+(?:answer|response))\s+(?:with|as)\b|\[[^\]\w\n]{0,3}[A-Z][\w -]{1,20}\]\s*:/, hints: ['start', 'prefix', 'begin', ']'] },
  { pattern: /\b(?:illegal|nsfw|racist|sexist|offensive|obscene|profanity|explicit\s+content)\b/i, hints: ['illegal', 'nsfw', 'racist', 'sexist', 'offensive', 'obscene', 'profanity', 'explicit'] },
];

const JAILBREAK_HINTS = JAILBREAK_SIGNS.map((sign) => compileHints(sign.hints));

function jailbreakSigns(text: string, held: TextHints): InjectionFinding[] {
  const found: InjectionFinding[] = [];
  for (let index = 0; index < JAILBREAK_SIGNS.length; index += 1) {
    const sign = JAILBREAK_SIGNS[index] as (typeof JAILBREAK_SIGNS)[number];
    if (!held.holdsAny(JAILBREAK_HINTS[index] as CompiledHints)) continue;
    const match = sign.pattern.exec(text);
    if (match) found.push({ ruleId: 'role-hijack', start: match.index, end: match.index + match[0].length });
  }
  return found.length >= 2 ? found : [];
}

// Quotes, and what introduces a quoted phrase as an example rather than as an instruction.
const QUOTED = /(['"“‘`])([^'"“”‘’`\n]{4,200})(['"”’`])/g;
const MENTION_CUE = /\b(?:strings?|phrases?|words?|text|patterns?|fixtures?|examples?|payloads?|like|such\s+as|e\.g\.|for\s+example|including)\s*:?\s*$/i;

/** The spans of quoted phrases that the text presents as examples ("strings like 'ignore …'"). */
function mentionedSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const match of text.matchAll(QUOTED)) {
    if (MENTION_CUE.test(text.slice(Math.max(0, match.index - 30), match.index))) spans.push([match.index, match.index + match[0].length]);
  }
  return spans;
}

const ALL_RULES: readonly InjectionRule[] = [...INJECTION_RULES, ...ATTACK_RULES];
const ALL_RULE_HINTS = ALL_RULES.map((rule) => (rule.hints === undefined ? null : compileHints(rule.hints)));

/** Returns the injection findings in `text`, ordered by position; never throws. */
export function findInjection(text: string): InjectionFinding[] {
  const findings: InjectionFinding[] = [];
  // Note: each text is asked ~200 hints; hintsOf answers most without searching the text.
  const held = hintsOf(text.toLowerCase());
  for (let index = 0; index < ALL_RULES.length; index += 1) {
    const rule = ALL_RULES[index] as InjectionRule;
    const hints = ALL_RULE_HINTS[index];
    if (hints !== null && hints !== undefined && !held.holdsAny(hints)) continue;
    for (const match of text.matchAll(rule.pattern)) {
      if (match.index === undefined) continue;
      findings.push({ ruleId: rule.id, start: match.index, end: match.index + match[0].length });
    }
  }
  findings.push(...jailbreakSigns(text, held), ...(held.holds('you') ? requestToModel(text) : []));
  // A phrase quoted as an example is talked about, not said: "strings like 'ignore previous
  // instructions' are fixtures" describes a test, it instructs no model.
  const mentioned = mentionedSpans(text);
  return findings.filter((f) => !mentioned.some(([start, end]) => f.start >= start && f.end <= end)).sort((a, b) => a.start - b.start);
}

/** Every character findInvisibleUnicode may report (and some it lets pass in context): format characters, tags, variation selectors, Hangul fillers. */
const MAY_BE_INVISIBLE = /[\u115f\u1160\u3164\uffa0\ufff9-\ufffb\u{e0000}-\u{e01ef}]|\p{Cf}/u;

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
