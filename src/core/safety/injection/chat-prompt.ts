/**
 * The shape of a chat prompt rather than of a project rule: a long text that keeps speaking to
 * "you", a say over how the assistant replies or who it now is, a request for prose. Memory states
 * facts and conventions about a project; none of these is one, and together they are the form most
 * public jailbreaks and prompt-extraction texts take, whatever they ask for. Agent files do speak
 * to the agent at length ("you MUST confirm the base branch …"), so each is only a weak sign: a
 * person decides in the pending inbox.
 */
import type { InjectionRule } from './injection-rule.js';

export const CHAT_PROMPT_RULES: readonly InjectionRule[] = [
  {
    // A paragraph of 300 characters or more that says "you" at least three times: a prompt to the
    // assistant, as a role-play or a new set of rules comes, not a line of memory. One paragraph,
    // not the whole text: a sync scans many entries joined by blank lines, and their "you"s together
    // are no one's prompt.
    id: 'chat-prompt',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /(?:^|\n[ \t]*\n)(?=(?:[^\n]|\n(?![ \t]*\n)){300})(?:(?:[^\n]|\n(?![ \t]*\n))*?\byou(?:r|rs|rself)?\b){3}/gi,
  },
  {
    // How the assistant replies: "your responses", "respond only with", "answer as", "answer me in less
    // than 10 words", "a response in the voice of a … character".
    id: 'reply-control',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /\b(?:your|ur)\s+(?:responses?|answers?|replies|reply|outputs?)\b|\b(?:respond|reply|answer)\s+(?:only\s+)?(?:with|as|using|like)\b|\b(?:respond|reply|answer)\s+(?:to\s+)?me\b|\bin\s+the\s+(?:voice|persona)\s+of\b/gi,
  },
  {
    // Who the assistant now is: "you are now", "you must now respond". Not "I want you to act as
    // a …": public sets hold such prompts as harmless, and holding them stopped no attack more.
    id: 'persona',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /\byou\s+are\s+now\b|\bnow\s+you\s+(?:are|act|will)\b|\byou\s+(?:must|will|should)\s+(?:now\s+)?(?:respond|answer|reply|act|pretend|play|write|generate|output)\b/gi,
  },
  {
    // A request for prose, which a project's memory never holds: "write a short story about …".
    id: 'content-request',
    category: 'model-control',
    strength: 'hold',
    pattern:
      /^(?:\W|&\w+;)*(?:write|draft|craft|compose|create|generate|tell|give|explain|describe|rephrase|translate|summari[sz]e)\b[^.\n]{0,60}\b(?:story|essay|poem|monologue|debate|note|letter|post|article|joke|song|script|words|arguments?|speech|tweet|sentence|guide|paragraph|text|justification|rationale|defen[cs]e|manifesto|rant|limerick|haiku|lyrics|fiction|screenplay|eulogy)\b|^(?:\W|&\w+;)*(?:correct|fix|improve|check)\s+(?:the\s+|my\s+|its\s+)?(?:grammar|spelling|punctuation|wording)\b|^(?:\W|&\w+;)*(?:rephrase|paraphrase|reword|rewrite|translate|summari[sz]e|proofread)\b[^:\n]{0,40}:\s*\S/gi,
  },
  {
    // A slot a prompt template is filled with: "[INSERT PROMPT HERE]", "<prompt>", "[Insert …]".
    // Not "<query>" or "<topic>": command synopses in agent files name their arguments so.
    id: 'prompt-template',
    category: 'model-control',
    strength: 'hold',
    pattern: /[<[{]\s*(?:insert\s+)?(?:your\s+)?prompt(?:\s+here)?\s*[>\]}]|\[\s*insert\s+[^\]\n]{1,40}\]/gi,
  },
];
