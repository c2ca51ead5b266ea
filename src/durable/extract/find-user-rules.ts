/**
 * Finds the sentences of a user prompt that state a lasting rule: explicit memory requests,
 * corrections of the agent, team conventions, pointers to references, commands the user names,
 * and MUST/NEVER rules inside a pasted spec. Each comes back already rewritten as a rule.
 */
import type { CandidateSource } from '../../core/memory-file/candidate.js';
import { findProjectCommands } from './find-project-commands.js';
import { rewriteAsRule } from './rewrite-rule.js';

/** `explicit`: the user asked for it to be remembered in so many words (a lead-in or trailer). */
export type UserRule = { text: string; source: CandidateSource; explicit?: true };

/** Explicit requests: the lead-in is dropped, what follows is the rule. */
const EXPLICIT_LEAD_INS: readonly RegExp[] = [
  /^(?:please\s+)?(?:remember|memori[sz]e|note\s+down|make\s+a\s+note|take\s+note|keep\s+in\s+mind|bear\s+in\s+mind|don'?t\s+forget|do\s+not\s+forget)(?:\s+(?:for\s+(?:the\s+)?(?:future|next\s+time|later)|this|that|forever))*\s*(?:that\b|:|,|-|—)?\s*/i,
  /^(?:please\s+)?note\s+(?:for|to)\s+(?:the\s+)?(?:future|later|next\s+time|self)\s*[:,-]?\s*/i,
  /^(?:please\s+)?note(?:\s+that)?\s*:\s*/i,
  /^(?:(?:also|please)\s+)?(?:write|jot|note|put)\s+(?:this|that|it)\s+down\s*[:,-]?\s*/i,
  /^for\s+(?:future\s+reference|the\s+future|the\s+record|next\s+time)\s*[:,]?\s*/i,
  /^(?:from\s+now\s+on|going\s+forward|moving\s+forward|in\s+(?:the\s+)?future|henceforth|from\s+here\s+on(?:\s+out)?)\s*[:,]?\s*/i,
  /^(?:please\s+)?(?:add|save|put|write)\s+(?:this|that|it|the\s+following)?\s*(?:to|in(?:to)?)\s+(?:your\s+|the\s+)?(?:memory|memories|CLAUDE\.md|claude\.md|notes)\s*[:,-]?\s*/i,
  // Non-English lead-ins: German, French, Spanish, Japanese, Chinese.
  /^(?:merk\s+dir|merke\s+dir|denk\s+daran|denke\s+daran|ab\s+jetzt|von\s+nun\s+an|künftig|in\s+zukunft)(?:\s*,?\s*dass)?\s*[:,]?\s*/i,
  /^(?:retiens|souviens-toi|rappelle-toi|n'oublie\s+pas|à\s+partir\s+de\s+maintenant|désormais|dorénavant|à\s+l'avenir)(?:\s+(?:que|de))?\s*[:,]?\s*/i,
  /^(?:recuerda|acuérdate\s+de|no\s+olvides|a\s+partir\s+de\s+ahora|de\s+ahora\s+en\s+adelante|en\s+el\s+futuro)(?:\s+que)?\s*[:,]?\s*/i,
  /^(?:覚えておいて(?:ください)?|覚えて(?:おいて)?|今後(?:は)?|これからは|以後)\s*[:：、，,]?\s*/,
  /^(?:请?记住|记得|以后|今后|从现在开始|往后)\s*[:：、，,]?\s*/,
  /^(?:기억해(?:\s*(?:줘|주세요|두세요))?|앞으로(?:는)?|이제부터(?:는)?)\s*[:：,]?\s*/,
];

/** Rules stated directly: the sentence itself is the rule. */
const EXPLICIT_WHOLE: readonly RegExp[] = [
  /^(?:please\s+)?(?:always|never(?!\s+mind))\b/i,
  /^(?:please\s+)?(?:don'?t|do\s+not)\s+ever\b/i,
  /^you\s+(?:should|must)\s+(?:always|never)\b/i,
  /^make\s+sure\s+(?:to|you)\s+(?:always|never)\b/i,
  // "Our API handlers must always return problem+json": a rule about a named part of the project.
  /^(?:our|all|every|each|the)\s+[\w/+.\s-]{2,60}?\s+(?:must|should|shall)\s+(?:always|never)\b/i,
  /^(?:immer|niemals|nie)\b/i,
  /^(?:toujours|ne\s+\S+\s+jamais|n'\S+\s+jamais|jamais)\b/i,
  /^(?:siempre|nunca|jamás)\b/i,
  // Portuguese and Italian.
  /^(?:sempre|nunca|jamais|mai)\b/i,
  // German, Spanish and French put the adverb after the imperative: "Bitte verwende immer …",
  // "Usa siempre …", "Utilise toujours …". One word before it keeps "Das ist nie passiert" out.
  /^(?:(?:bitte|por\s+favor)\s+)?[\p{L}'-]+\s+(?:immer|niemals|nie|siempre|nunca|jamás|toujours|jamais)\b/iu,
  // Japanese and Chinese often open with a topic ("このリポジトリでは", "在这个项目里") before the adverb.
  /^(?:[^。！？!?]{1,20}(?:では|には|は|で|里|中)[、，,]?\s*)?(?:常に|必ず|絶対に)/,
  /^(?:[^。！？!?]{1,20}(?:里|中|上)[，,]?\s*)?(?:总是|始终|永远不要|绝对不要|务必|一定要|千万不要)/,
];

/** CJK "don't …" (不要, 别, ないで): a correction when it answers the agent, like English "don't". */
const CJK_DONT = /^(?:请)?(?:不要|别再?|禁止|不准|不许)|(?:ないで(?:ください)?|ないように(?:して)?(?:ください)?)[。！!]?$/;

/** Trailing memory requests in CJK: "…と覚えておいて", "…，记住". */
const CJK_TRAILERS: readonly RegExp[] = [/(?:と|って|ことを)?覚えておいて(?:ください)?[。！!]?$/, /[，,、]?\s*(?:请)?记住(?:这一点|了)?[。！!]?$/];

/** "X, remember that." / "X — please note this." */
const REMEMBER_TRAILER = /^(.{8,}?)\s*[,;—–-]\s*(?:please\s+)?(?:remember|note|keep\s+in\s+mind|don't\s+forget)\s+(?:this|that|it)\b[.!]*$/i;

const CORRECTION_LEAD_IN =
  /^(?:no|nope|nah|wrong|not\s+quite|not\s+like\s+that|that's\s+(?:wrong|not\s+right|incorrect|not\s+how\s+we\s+do\s+it)|that\s+is\s+(?:wrong|not\s+right|incorrect)|actually|wait|(?:stop|ugh|argh|oops|nein|non|não)(?=\s*[,.!;:—–-]))\b[\s,.!:;—–-]*/i;

const RULE_VERBS =
  /^(?:use|run|put|keep|call|import|prefer|store|place|name|write|add|avoid|follow|set|pass|wrap|return|go\s+through|stick\s+to|leave|always|never(?!\s+mind)|don'?t|do\s+not|make|let|create|export|check|install|start|commit|push|mock|test|log|throw|handle|validate|document|prefix|read|load|send|target|build|lint)\b/i;

const DECLARATIVE_FACT =
  /\b(?:lives?|is|are|belongs?|goes|go|sits?)\s+(?:in|under|at|inside)\s+\S|\b(?:comes?|come)\s+from\s+\S|\b(?:should|must|has\s+to|have\s+to|needs?\s+to)\s+(?:be|go|live|use|run|stay|come)\b|\bis\s+(?:called|named|generated|deprecated|required|forbidden|not\s+allowed)\b/i;

const INSTEAD_OF = /^(?:please\s+)?instead\s+of\s+(.+?),?\s+(?:please\s+)?(?:use|run|call|prefer)\s+(.+)$/i;
const USE_INSTEAD = /^(?:please\s+)?(?:use|run|call|prefer)\s+.+\b(?:instead(?:\s+of\b.*)?|rather\s+than\s+.+|not\s+\S+.*)$/i;
const DONT = /^(?:please\s+)?(?:don'?t|do\s+not|dont)\s+(?!worry|bother|forget|know|think|understand|see|get\b|have\b|care|mind|need\s+to\s+ask)(.+)$/i;
const STOP = /^(?:please\s+)?stop\s+(?:\w+ing)\b.+$/i;
// "Não use console.log …", "Non usare …": a Portuguese or Italian "don't".
const ROMANCE_DONT = /^(?:não|nao|non)\s+\p{L}{2,}\s+\S/iu;
// "Prefer early returns over nested ifs": a style rule, never a one-off task.
const PREFER_OVER = /^(?:please\s+)?(?:always\s+)?prefer\s+.+\s+(?:over|to|instead\s+of|rather\s+than)\s+\S/i;
const WE_CONVENTION =
  /^(?:(?:in\s+this\s+(?:repo(?:sitory)?|project|codebase|team)|here|on\s+this\s+team|in\s+our\s+(?:team|codebase|repo(?:sitory)?|project))\s*,?\s*)?(?:we|our\s+team)(?:'ve|\s+have)?\s+(?:(?:usually|normally|generally|typically|always)\s+)?(?:always|never|use|prefer|don'?t|do\s+not|avoid|require|follow|keep|put|write|name|squash|rebase|deploy|run|store|moved|switched|migrated|standardi[sz]ed)\b/i;
const REPO_USES = /^(?:this|the|our)\s+(?:repo(?:sitory)?|project|codebase|monorepo|team|app)\s+(?:uses|is\s+using|prefers|relies\s+on|requires|runs\s+on|targets|only\s+uses)\b/i;
// "Quick rule before we start: …", "One convention: …": a short label ending in a colon.
const RULE_LABEL =
  /^[\w\s'-]{0,30}\b(?:rule|rules|convention|conventions|heads[\s-]up|fyi|reminder|policy|for\s+the\s+record|so\s+it\s+sticks|(?:this|the|our)\s+(?:repo(?:sitory)?|codebase|project|team))\b[\w\s'-]{0,25}:\s*(?=\S)/i;
// "FYI money amounts are …", "btw we vendor …": an aside that introduces a statement.
const ASIDE_LEAD_IN = /^(?:fyi|btw|by\s+the\s+way|heads[\s-]up|for\s+the\s+record|note)\b[,:]?\s+(?=\S)/i;
const CONVENTION_LEAD_IN = /^(?:our\s+convention\s+is|the\s+convention\s+(?:here\s+)?is|convention|house\s+rule|team\s+rule|rule\s+of\s+thumb)\s*(?:that\b|:|,)?\s*/i;
const IN_THIS_REPO = /^(?:in\s+this\s+(?:repo(?:sitory)?|project|codebase)|in\s+our\s+(?:codebase|repo(?:sitory)?|project)|here)\s*,\s*/i;

const REFERENCE_VERB =
  /^see\b|\b(?:refer\s+to|documented\s+(?:in|at)|described\s+(?:in|at)|(?:is|are|lives?|can\s+be\s+found)\s+(?:in|at|under))\s|\bsource\s+of\s+truth\b|\b(?:read|check|consult)\s+\S+\s+(?:before|first)\b|^before\s+(?:changing|touching|editing|modifying|working\s+on)\b[^,]*,\s*(?:read|check|consult)\b/i;
const REFERENCE_NOUN =
  /\b(?:spec(?:ification)?s?|docs?|documentation|design|guide|adr|readme|reference|api\s+(?:docs|reference|schema)|schema|runbook|rfc|conventions|style\s*guide|architecture|playbook|changelog|contract)\b/i;
const PATH_OR_URL = /(?:https?:\/\/\S+|(?:^|[\s`(])(?:\.{0,2}\/)?[\w.-]+\/[\w./-]*\w|[\w-]+\.(?:md|mdx|rst|txt|adoc|pdf|ya?ml|json|proto|graphql))/;

const COMMAND_NAMED =
  /\b(?:run|build|lint|test|format|start|typecheck|type-check|check)\s+(?:the\s+|all\s+)?(?:tests?|project|app|code|build|linter|lint|server|dev\s+server|suite|e2e(?:\s+tests)?|unit\s+tests|integration\s+tests|types|migrations)?\s*(?:with|using|via|by\s+running|:)\s+`([^`]+)`|^(?:run|build|test|start)\s+[^`:?]{2,60}:\s+`([^`]+)`|\b(?:tests?|builds?|lint(?:er)?|the\s+app|migrations?)\s+(?:are\s+|is\s+)?(?:run|built|started|checked)\s+(?:with|using|via|by)\s+`([^`]+)`|\buse\s+`([^`]+)`\s+to\s+(?:run|build|lint|test|start|format|check)\b/i;

// "The e2e tests need the stack running first: `docker compose up -d` then `npm run e2e`".
const COMMAND_SUBJECT =
  /^(?:the\s+|our\s+|all\s+)?(?:[\w-]+\s+){0,2}(?:tests?|e2e|suite|build|linter|lint|formatter|migrations?|app|server|stack|services|api|backend|frontend|db|database|type-?check(?:ing)?)\b.*\b(?:needs?|requires?|is|are|runs?|with|via|using|through|has\s+to|have\s+to|must)\b/i;

function namesProjectCommand(sentence: string): boolean {
  if (!COMMAND_SUBJECT.test(sentence) || /\?\s*$/.test(sentence)) return false;
  return [...sentence.matchAll(/`([^`]+)`/g)].some((match) => findProjectCommands(match[1] ?? '').length > 0);
}

/**
 * "all SQL lives in src/db/queries", "any HTML we render goes through sanitizeHtml()", "everything in
 * this codebase is function components": a statement about every part of a kind is a convention.
 * It must point somewhere (a path, code, a call) or name the codebase, so "everything is fine" is not.
 */
const UNIVERSAL_STATEMENT = /^(?:all|any|every|each|everything|nothing)\b[^?]{0,100}?\b(?:lives?|goes|go|belongs?|is|are|must|should|uses?|needs?|requires?|gets?|has|have|comes?\s+from|come\s+from)\b/i;
/** "Components never import the SDK directly": a subject, then never/always, then what it does. */
const SUBJECT_NEVER_ALWAYS = /^(?!(?:it|this|that|i|you|he|she|they|there|which)\b)(?:[\w@/.-]+\s+){1,3}(?:never|always)\s+(?!(?:mind|fails?|failed|passes|passed|works?|worked|breaks?|broke|happens?|crash(?:es)?|times?\s+out)\b)\w+/i;
/** "Outbound HTTP goes through the shared client in app/http.py": the one way something is done. */
const GOES_THROUGH = /^(?:[\w@/.-]+\s+){1,4}(?:goes|go|must\s+go|should\s+go)\s+(?:through|in|into|to)\b/i;
/** "op de orders-tabellen nooit ->get() zonder limiet": always/never mid-sentence, about code, in languages that put it there. */
const MID_SENTENCE_ALWAYS = /\b(?:altijd|nooit|zawsze|nigdy|sempre|niemals|toujours|jamais|siempre|nunca)\b/i;

const POINTS_SOMEWHERE =
  /`[^`]+`|\b\w+\(\)|(?:^|[\s(])(?:\.{0,2}\/)?(?=[\w.@-]*[A-Za-z]{2})[\w.@-]+\/[\w.*/-]*\w|\b[\w-]+\.(?:tsx?|jsx?|py|go|rb|rs|java|kt|md|json|ya?ml|toml|sql|css|scss|html)\b|\b(?:in\s+(?:this|our|the)\s+(?:codebase|repo(?:sitory)?|project|app|service|package|module|monorepo)|everywhere)\b/i;

/** "money amounts are integers in cents everywhere in this codebase": a fact scoped to the whole project. */
const PROJECT_SCOPE = /\b(?:everywhere\s+in\s+(?:this|our|the)\s+(?:codebase|repo(?:sitory)?|project|app)|(?:everywhere|across)\s+(?:this|our|the)\s+(?:codebase|repo(?:sitory)?|project)|in\s+(?:this|our)\s+(?:codebase|repo(?:sitory)?))\b/i;
const SCOPED_FACT_VERB = /\b(?:is|are|uses?|lives?|goes|go|must|should|never|always)\b/i;
const NOT_A_FACT = /^(?:there|it|this|that|these|those|i|you)\b|\b(?:bug|broken|wrong|fails?|failing|error|somewhere)\b/i;

/** "regenerate the types with `pnpm codegen` whenever you touch a .graphql file": an instruction for every time. */
const RECURRING = /\b(?:whenever|every\s+time|each\s+time)\s+(?:you|we|someone|anyone)\b(?!(?:'re|\s+are)?\s+(?:ready|can|get\s+a\s+chance|have\s+time|like|want))/i;
/** "when you change a query you have to run `cargo sqlx prepare`": a standing obligation. */
const CONDITIONAL_OBLIGATION = /^(?:when|if|after|before|once)\s+you\s+[^,]{3,80}?,?\s+(?:you\s+)?(?:have\s+to|must|need\s+to|always)\s+\S/i;

/** "a few house rules first:" followed by a list: every item is a rule. */
const RULE_LIST_INTRO = /\b(?:rules|conventions|guidelines|standards|policies)\b[^:\n]{0,60}:\s*$/im;
/** "… remember that." closing a long explanation: the explanation's rule-like sentences are the memory. */
const STANDALONE_REMEMBER = /^(?:please\s+)?(?:remember|note|keep\s+in\s+mind|don'?t\s+forget)\s+(?:that|this|it)[.!]*$/i;
const STRONG_RULE_WORDS = /\b(?:must|never|always|only|should|don'?t|do\s+not|excluded|forbidden|not\s+allowed)\b/i;
const MAX_REMEMBERED_SENTENCES = 3;

/** The prompt asks the agent to follow what it pastes ("here's our CONTRIBUTING.md, follow it from now on"). */
const ENDORSES_PASTE = /\b(?:follow\s+(?:it|this|these|them|that)|from\s+now\s+on|going\s+forward|these\s+are\s+(?:our|the)\s+(?:rules|conventions|guidelines))\b/i;

// "no not jest.": the lead sentence only names what was wrong, no reason worth keeping.
const NEGATED_TOOL = /^(?:not|no)\s+\S+[.!]*$/i;

const BULLET = /^\s*(?:[-*+•]|\d+[.)])\s+/;
const SPEC_KEYWORDS = /\b(?:MUST(?:\s+NOT)?|NEVER|ALWAYS|SHALL(?:\s+NOT)?|REQUIRED|DO\s+NOT|DON'T|SHOULD(?:\s+NOT)?)\b/;

const ABBREVIATION_END = /\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|esp|resp|no|z\.\s?B|bzw|usw|d\.\s?h|ca|p\.ex|p\.\s?ej)\.$/i;

type Sentence = { sentence: string; bullet: boolean; quoted: boolean; line: number };

// A fence marked as markdown or plain text holds a pasted document (CONTRIBUTING.md, a style
// guide): prose, not code, so its sentences are read too, marked as quoted.
const PROSE_FENCE = /^\s*(?:```|~~~)\s*(?:md|markdown|mdx|text|txt)\s*$/i;

/** Splits prose into sentences; bullets and lines are sentences of their own. Code fences are skipped, markdown fences read as quoted prose. */
export function splitSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let fence: 'code' | 'prose' | undefined;
  for (const [lineIndex, line] of text.split(/\r?\n/).entries()) {
    if (/^\s*(?:```|~~~)/.test(line)) {
      fence = fence !== undefined ? undefined : PROSE_FENCE.test(line) ? 'prose' : 'code';
      continue;
    }
    if (fence === 'code' || line.trim() === '' || /^\s*(?:>|\|)/.test(line)) continue;
    if (fence === 'prose' && /^\s*#/.test(line)) continue; // a heading of the pasted document
    const quoted = fence === 'prose';
    const bullet = BULLET.test(line);
    // Note: split after . ! ? followed by a space ("docs/api.md" and "v2.1" stay whole), also before
    // a lowercase word because people type "ok. we vendor …", except after "e.g." and friends.
    const parts = splitOutsideCode(line);
    let pending = '';
    parts.forEach((part, index) => {
      const joined = pending === '' ? part : `${pending} ${part}`;
      const next = parts[index + 1];
      if (next !== undefined && ABBREVIATION_END.test(joined) && /^[\p{Ll}`"'(]/u.test(next)) {
        pending = joined;
        return;
      }
      pending = '';
      if (joined.trim() !== '') out.push({ sentence: joined.trim(), bullet, quoted, line: lineIndex });
    });
  }
  return out;
}

/** Splits a line at sentence ends, never inside a `code span` ("`require(id, as: UUID.self)`. Then …"). */
function splitOutsideCode(line: string): string[] {
  // Note: boundaries are found on a copy whose code spans are blanked to the same length.
  const masked = line.replace(/`[^`]*`/g, (span) => `\`${'x'.repeat(span.length - 2)}\``);
  const parts: string[] = [];
  let start = 0;
  for (const match of masked.matchAll(/(?<=[.!?])\s+(?=[\p{L}"'`(])|(?<=[。！？])/gu)) {
    parts.push(line.slice(start, match.index));
    start = match.index + match[0].length;
  }
  parts.push(line.slice(start));
  return parts;
}

/** Returns the text after the last ", " or "; " that is not inside a `code span` (all of it when there is none). */
function lastClauseOutsideCode(text: string): string {
  const masked = text.replace(/`[^`]*`/g, (span) => `\`${'x'.repeat(span.length - 2)}\``);
  let start = 0;
  for (const match of masked.matchAll(/[,;]\s+/g)) start = match.index + match[0].length;
  return text.slice(start);
}

/** Finds a rule lead-in inside a longer sentence ("Fix it, and from now on …"), with what precedes it. */
function findEmbeddedLeadIn(sentence: string): { rule: string; prefix: string; bare: boolean } | undefined {
  const embedded = /(?:^|[,;:—–]\s*|\s(?:and|but|also|so)\s+)((?:from\s+now\s+on|going\s+forward|in\s+(?:the\s+)?future|remember\s+that|please\s+remember|note\s+for\s+the\s+future|for\s+future\s+reference|and\s+always|always|never(?!\s+mind))\b.*)$/i.exec(sentence);
  if (embedded?.[1] === undefined) return undefined;
  return { rule: embedded[1], prefix: sentence.slice(0, embedded.index), bare: /^(?:and\s+)?(?:always|never)\b/i.test(embedded[1]) };
}

// A clause that states a rule about the project on its own ("all timestamps are stored in UTC",
// "Pagination MUST use cursors", "we vendor code in vendor/"): a following ", never …" only
// completes it, so the rule is the whole sentence, not the elliptic tail ("Never local time").
const RULE_LIKE_CLAUSE =
  /\b(?:must|should|shall|needs?|requires?|has\s+to|have\s+to|only)\b|\b(?:is|are)\s+(?:always|never|in|under|\w+ed)\b|^(?:we|our|all|every|each)\b/i;

// A scope that makes the whole sentence about the task at hand ("For this PR, never …"): keep it,
// so that the filter's ephemeral rule sees it, instead of stripping it off as chatter.
const TASK_SCOPE = /^(?:for\s+(?:this|now|today|the\s+(?:moment|time\s+being|current\s+\w+))\b.*|today|tonight|right\s+now|until\b.*|during\b.*|in\s+this\s+(?:pr|pull\s+request|branch|task|ticket|sprint|release|change)\b.*)$/i;

const CONJUNCTION = /^(?:and|also|plus|oh|btw|but|so|ok(?:ay)?|hmm+|well|aur(?:\s+suno)?)\b[,]?\s+/i;
const PREFERENCE = /^(?:I\s+(?:prefer|like|want|'d\s+(?:like|prefer)|would\s+(?:like|prefer))\b|(?:keep|make)\s+(?:your\s+)?(?:answers|responses|replies|explanations|summaries|commit\s+messages)\b)/i;

function ruleFromSentence(raw: string, previousWasAgent: boolean): UserRule | undefined {
  const sentence = raw.replace(BULLET, '').replace(/\*\*/g, '').trim().replace(CONJUNCTION, '');
  for (const pattern of EXPLICIT_LEAD_INS) {
    const match = pattern.exec(sentence);
    if (match && match[0].length > 0 && match[0].length < sentence.length) {
      const rest = sentence.slice(match[0].length).replace(/^to\s+/i, '');
      if (!/[\p{L}\p{N}]/u.test(rest)) continue;
      return { text: rewriteAsRule(rest), source: 'explicit-request', explicit: true };
    }
  }
  const trailing = REMEMBER_TRAILER.exec(sentence);
  if (trailing?.[1]) return { text: rewriteAsRule(trailing[1]), source: 'explicit-request', explicit: true };
  for (const trailer of CJK_TRAILERS) {
    if (trailer.test(sentence)) return { text: rewriteAsRule(sentence.replace(trailer, '')), source: 'explicit-request', explicit: true };
  }
  if (EXPLICIT_WHOLE.some((pattern) => pattern.test(sentence))) return { text: rewriteAsRule(sentence), source: 'explicit-request' };

  const correction = CORRECTION_LEAD_IN.exec(sentence);
  if (correction && correction[0].length > 0) {
    const rest = sentence.slice(correction[0].length).trim();
    if (rest !== '' && (RULE_VERBS.test(rest) || DECLARATIVE_FACT.test(rest) || INSTEAD_OF.test(rest) || DONT.test(rest))) {
      return ruleFromSentence(rest, previousWasAgent) ?? { text: rewriteAsRule(rest), source: 'correction' };
    }
  }
  const insteadOf = INSTEAD_OF.exec(sentence);
  if (insteadOf?.[1] && insteadOf[2]) {
    return { text: rewriteAsRule(`Use ${insteadOf[2].replace(/[.!]+$/, '')} instead of ${insteadOf[1]}`), source: 'correction' };
  }
  if (USE_INSTEAD.test(sentence)) return { text: rewriteAsRule(sentence), source: 'correction' };
  if (previousWasAgent && (DONT.test(sentence) || STOP.test(sentence) || ROMANCE_DONT.test(sentence))) return { text: rewriteAsRule(sentence), source: 'correction' };
  if (PREFER_OVER.test(sentence) && !/\?\s*$/.test(sentence)) return { text: rewriteAsRule(sentence), source: 'explicit-request' };

  if (previousWasAgent && CJK_DONT.test(sentence)) return { text: rewriteAsRule(sentence), source: 'correction' };

  const aside = ASIDE_LEAD_IN.exec(sentence);
  if (aside && aside[0].length < sentence.length) {
    const rule = ruleFromSentence(sentence.slice(aside[0].length), previousWasAgent);
    if (rule) return rule;
  }
  if (!/\?\s*$/.test(sentence)) {
    if (UNIVERSAL_STATEMENT.test(sentence) && POINTS_SOMEWHERE.test(sentence)) return { text: rewriteAsRule(sentence), source: 'explicit-request' };
    if (PROJECT_SCOPE.test(sentence) && SCOPED_FACT_VERB.test(sentence) && !NOT_A_FACT.test(sentence)) return { text: rewriteAsRule(sentence), source: 'explicit-request' };
    if (CONDITIONAL_OBLIGATION.test(sentence) || (RECURRING.test(sentence) && (RULE_VERBS.test(sentence) || /`[^`]+`|\b(?:have\s+to|must|need\s+to)\b/i.test(sentence)))) {
      return { text: rewriteAsRule(sentence), source: 'explicit-request' };
    }
    if (
      SUBJECT_NEVER_ALWAYS.test(sentence) ||
      (GOES_THROUGH.test(sentence) && POINTS_SOMEWHERE.test(sentence)) ||
      (MID_SENTENCE_ALWAYS.test(sentence) && POINTS_SOMEWHERE.test(sentence))
    ) {
      return { text: rewriteAsRule(sentence), source: 'explicit-request' };
    }
  }

  // "Ah, sorry, should have said: we've moved …": whatever the short lead-in, the rule follows the colon.
  const leadIn = /^[^:`]{1,40}:\s+(?=\S)/.exec(sentence);
  if (leadIn && !RULE_LABEL.test(sentence)) {
    const rule = ruleFromSentence(sentence.slice(leadIn[0].length), previousWasAgent);
    if (rule) return rule;
  }

  const label = RULE_LABEL.exec(sentence);
  if (label && label[0].length > 0) return ruleFromSentence(sentence.slice(label[0].length), previousWasAgent) ?? { text: rewriteAsRule(sentence.slice(label[0].length)), source: 'explicit-request' };
  if (REPO_USES.test(sentence)) return { text: rewriteAsRule(sentence), source: 'explicit-request' };

  const convention = CONVENTION_LEAD_IN.exec(sentence);
  if (convention && convention[0].length > 0 && convention[0].length < sentence.length) {
    return { text: rewriteAsRule(sentence.slice(convention[0].length)), source: 'explicit-request' };
  }
  if (WE_CONVENTION.test(sentence)) return { text: rewriteAsRule(sentence.replace(IN_THIS_REPO, '')), source: 'explicit-request' };

  if (PREFERENCE.test(sentence) && !/\?\s*$/.test(sentence)) return { text: rewriteAsRule(sentence), source: 'explicit-request' };

  const named = COMMAND_NAMED.exec(sentence);
  const command = named?.[1] ?? named?.[2] ?? named?.[3] ?? named?.[4];
  if (command !== undefined || namesProjectCommand(sentence)) return { text: rewriteAsRule(sentence), source: 'command' };

  if (PATH_OR_URL.test(sentence) && REFERENCE_VERB.test(sentence) && REFERENCE_NOUN.test(sentence) && !/\?\s*$/.test(sentence)) {
    return { text: rewriteAsRule(sentence), source: 'reference' };
  }

  const embedded = findEmbeddedLeadIn(sentence);
  if (embedded !== undefined && embedded.rule.length < sentence.length) {
    const prefix = embedded.prefix.replace(/[\s,;:—–]+$/, '').trim();
    if (TASK_SCOPE.test(prefix)) return { text: rewriteAsRule(sentence), source: 'explicit-request' };
    // Only the clause right before the tail completes it: "Fix the bug, the session must be
    // refreshed, never log the token" keeps the last two clauses, not the task in front.
    const clause = lastClauseOutsideCode(prefix);
    // "containers talk by service name, never localhost": two words after "never" say nothing alone.
    const elliptic = embedded.rule.replace(/^(?:and\s+)?(?:always|never)\s+/i, '').split(/\s+/).length <= 2;
    if (embedded.bare && (RULE_LIKE_CLAUSE.test(clause) || DECLARATIVE_FACT.test(clause) || (elliptic && clause.split(/\s+/).length >= 3))) {
      return { text: rewriteAsRule(sentence.slice(sentence.lastIndexOf(clause, embedded.prefix.length))), source: 'explicit-request' };
    }
    return ruleFromSentence(embedded.rule, previousWasAgent);
  }
  return undefined;
}

/** Returns the numbers of the lines under a markdown heading about rules ("### Rules", "## Conventions"), up to the next heading. */
function linesUnderRuleHeadings(prompt: string): Set<number> {
  const lines = new Set<number>();
  let under = false;
  for (const [index, line] of prompt.split(/\r?\n/).entries()) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(line);
    if (heading) under = /\b(?:rules|conventions|guidelines|standards|policies|do'?s\s+and\s+don'?ts)\b/i.test(heading[1] ?? '');
    else if (under) lines.add(index);
  }
  return lines;
}

function splitSentencesOutsideFences(sentences: readonly Sentence[]): string {
  return sentences
    .filter((s) => !s.quoted)
    .map((s) => s.sentence)
    .join(' ');
}

/** Returns the rules stated in one user prompt, in order (empty when there are none); never throws. */
export function findUserRules(prompt: string, options: { previousWasAgent: boolean; maxSpecRules?: number }): UserRule[] {
  const sentences = splitSentences(prompt);
  const bullets = sentences.filter((s) => s.bullet).length;
  // A pasted spec: a long prompt with a list of rules in it.
  const isSpec = prompt.length >= 300 && bullets >= 3;
  const rules: UserRule[] = [];
  let specRules = 0;
  let correcting: string | undefined;
  // After "rule for this repo: …" or "for the record: …", the next sentences continue the rule set.
  let labelled = false;
  const listedRules = RULE_LIST_INTRO.test(prompt);
  const ruleListLines = linesUnderRuleHeadings(prompt);
  const handledLines = new Set<number>();
  const endorsedPaste = sentences.some((s) => s.quoted) && ENDORSES_PASTE.test(splitSentencesOutsideFences(sentences));
  for (const { sentence, bullet, quoted, line } of sentences) {
    if ((listedRules || ruleListLines.has(line)) && bullet && !quoted) {
      // A list under "house rules:" or a "### Rules" heading: each item is one rule, whole.
      if (handledLines.has(line)) continue;
      handledLines.add(line);
      const item = sentences
        .filter((s) => s.line === line)
        .map((s) => s.sentence)
        .join(' ');
      if (specRules < (options.maxSpecRules ?? 15) && !/\?\s*$/.test(item)) {
        specRules++;
        rules.push({ text: rewriteAsRule(item.replace(BULLET, '')), source: 'spec-rule' });
      }
      continue;
    }
    const rule = ruleFromSentence(sentence, options.previousWasAgent);
    const plain = sentence.replace(BULLET, '').replace(CONJUNCTION, '');
    const question = /\?\s*$/.test(sentence);
    const topicChange = /^(?:anyway|now|ok(?:ay)?|so|next|then|first|also\s+can)\b/i.test(sentence);
    if (rule === undefined && !question && !topicChange && labelled && (RULE_VERBS.test(plain) || DECLARATIVE_FACT.test(plain))) {
      rules.push({ text: rewriteAsRule(plain), source: 'explicit-request' });
      continue;
    }
    // The rule set ends at the first sentence that does not continue it.
    if (rule === undefined) labelled = false;
    if (rule === undefined && !question && quoted && endorsedPaste && specRules < (options.maxSpecRules ?? 15)) {
      if (RULE_VERBS.test(plain) || DECLARATIVE_FACT.test(plain) || (/\b(?:needs?|requires?)\b/i.test(plain) && PATH_OR_URL.test(plain))) {
        specRules++;
        rules.push({ text: rewriteAsRule(plain), source: 'spec-rule' });
        continue;
      }
    }
    if (rule !== undefined && RULE_LABEL.test(sentence.replace(CONJUNCTION, ''))) labelled = true;
    // "no not jest. use vitest" / "stop, that takes forever. use X": a correction whose lead-in
    // ended a sentence of its own carries over to the imperative right after it.
    const carried = rule === undefined && correcting !== undefined && RULE_VERBS.test(sentence.replace(CONJUNCTION, '')) && !/\?\s*$/.test(sentence);
    if (carried && correcting !== undefined) {
      // The lead sentence's own words are the reason ("we ripped moment out last year"): keep them.
      const reason = correcting.replace(CORRECTION_LEAD_IN, '').trim();
      const words = reason.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length;
      rules.push({ text: words >= 3 && !NEGATED_TOOL.test(reason) ? `${rewriteAsRule(reason)} ${rewriteAsRule(sentence)}` : rewriteAsRule(sentence), source: 'correction' });
      correcting = undefined;
      continue;
    }
    correcting = rule === undefined && options.previousWasAgent && CORRECTION_LEAD_IN.test(sentence) ? sentence : undefined;
    if (rule && rule.text !== '') {
      rules.push(isSpec && bullet ? { text: rule.text, source: 'spec-rule' } : rule);
      continue;
    }
    if (isSpec && bullet && SPEC_KEYWORDS.test(sentence) && specRules < (options.maxSpecRules ?? 15)) {
      specRules++;
      rules.push({ text: rewriteAsRule(sentence.replace(BULLET, '')), source: 'spec-rule' });
    }
  }
  if (sentences.some((s) => STANDALONE_REMEMBER.test(s.sentence))) {
    const taken = new Set(rules.map((r) => r.text));
    const explained = sentences
      .filter((s) => !s.quoted && !STANDALONE_REMEMBER.test(s.sentence) && !/\?\s*$/.test(s.sentence) && STRONG_RULE_WORDS.test(s.sentence))
      .map((s) => rewriteAsRule(s.sentence))
      .filter((text) => !taken.has(text))
      .slice(-MAX_REMEMBERED_SENTENCES);
    rules.push(...explained.map((text) => ({ text, source: 'explicit-request' as const })));
  }
  return rules;
}
