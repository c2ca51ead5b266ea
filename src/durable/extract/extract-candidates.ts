/**
 * Durable candidate extraction: reads the normalised events of one or more turns and proposes
 * rules worth remembering, deterministically. It proposes generously and explains where each
 * candidate came from; deciding what is kept is the filter's job.
 */
import type { Candidate, CandidateOrigin, CandidateSource } from '../../core/memory-file/candidate.js';
import type { TranscriptEvent } from '../../agents/transcript-event.js';
import { classifySection } from './classify-section.js';
import { describeCommand, findProjectCommands } from './find-project-commands.js';
import type { ProjectCommand } from './find-project-commands.js';
import { findUserRules } from './find-user-rules.js';
import { noticeLastingSentences, withoutPastedReports } from '../notice/notice-lasting.js';
import { rewriteAsRule } from './rewrite-rule.js';
import { hasHarnessMarkers, stripHarnessText } from '../../agents/claude-code/harness-text.js';

export type ExtractContext = {
  sessionId: string;
  /** Configured sections of the managed region, in display order. */
  sections: readonly string[];
  /** A command must succeed this many times before it is proposed. */
  commandMinSuccesses: number;
  /**
   * Successes of each normalised command in earlier turns of this session (see
   * `countCommandSuccesses`), so a command run once per turn still proves itself.
   */
  priorCommandSuccesses?: Readonly<Record<string, number>>;
  /**
   * true when the batch starts the session: its first prompt cannot correct the agent, so
   * "don't …" there is a task instruction rather than a correction. Default false.
   */
  firstTurn?: boolean;
  /** Most spec rules taken from one pasted prompt. */
  maxSpecRules?: number;
};

const MEMORY_TAG = /<(memory|remember)(?:\s+section\s*=\s*["']?([A-Za-z]+)["']?)?\s*>([\s\S]*?)<\/\1>/gi;
const MEM_REMEMBER = /(?:^|[\s;&|(])(?:[^\s;&|()'"]*\/)?mem\s+remember\s+((?:--?[\w-]+(?:[=\s]+(?!["'])\S+)?\s+)*)(["'])((?:(?!\2)[^\\]|\\.)+)\2/;
const GOTCHA =
  /\b(?:the\s+|root\s+)?(?:problem|issue|cause|root\s+cause|culprit|reason)\s+(?:was|is)\b|^(?:the\s+)?(?:root\s+cause|cause|problem|issue|culprit)\s*:\s*|\bturns?\s+out\b|\b(?:it|this|the\s+\w+)\s+(?:fails?|failed|breaks?|broke|happens?|happened)\s+(?:because|when|unless)\b|\b(?:needs?|requires?|must)\s+(?:to\s+)?(?:be\s+)?(?:run|started|running|set|installed|built|generated)\s+(?:first|before)\b/i;
// "Building with `X` works.", "Setting `Y` fixes it.": a sentence naming the fix that worked.
const FIX_SENTENCE = /`[^`]+`.*\b(?:works?|worked|fix(?:es|ed)?|solves?|solved|resolves?|resolved|succeeds?|succeeded)\b|\b(?:fix(?:ed)?|solved|resolved)\s+(?:it\s+)?(?:by|with)\b.*`[^`]+`/i;
const TOOL_RESULT_REQUEST = /^\s*(?:(?:please\s+)?remember\b|from\s+now\s+on\b|always\b|never\b|note\s+(?:to|for)\s+(?:the\s+)?(?:ai|assistant|claude|agent)\b)/i;

type Proposal = { text: string; source: CandidateSource; origin: CandidateOrigin; eventIndex: number; section?: string; toolUseId?: string; explicit?: true };

/** Noticed sentences per prompt that become pending candidates (the nudge quotes fewer). */
const NOTICED_PER_PROMPT = 6;
const NOTICED_MIN_SCORE = 2;
/** A long prompt (a dictated or pasted spec) offers one more per this many sentences. */
const NOTICED_SENTENCES_PER_EXTRA = 4;

// Claude Code's wording varies by version ("User has answered your questions: …", "Your questions have been answered: …").
const ANSWERS = /^[^:"]{0,80}:\s*([\s\S]*?)(?:\.\s*You can now continue\b[\s\S]*)?$/;
const ANSWER_PAIR = /"((?:[^"\\]|\\.)+)"="((?:[^"\\]|\\.)+)"/g;
const REJECTION_REASON = /provided the following reason for the rejection:\s*([\s\S]+)$/;

function isFailure(event: Extract<TranscriptEvent, { kind: 'tool-result' }>): boolean {
  return event.isError || (event.exitCode !== undefined && event.exitCode !== 0);
}

/** Returns how often each normalised project command succeeded in `events` (for the next turn's context); never throws. */
export function countCommandSuccesses(events: readonly TranscriptEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { command } of provenCommands(events)) counts[command.command] = (counts[command.command] ?? 0) + 1;
  return counts;
}

function provenCommands(events: readonly TranscriptEvent[]): { command: ProjectCommand; eventIndex: number }[] {
  const pending = new Map<string, { commands: ProjectCommand[]; eventIndex: number }>();
  const proven: { command: ProjectCommand; eventIndex: number }[] = [];
  events.forEach((event, eventIndex) => {
    if (event.sidechain) return;
    if (event.kind === 'tool-use' && event.name === 'Bash' && typeof event.input['command'] === 'string') {
      const commands = findProjectCommands(event.input['command']);
      if (commands.length > 0) pending.set(event.toolUseId, { commands, eventIndex });
    } else if (event.kind === 'tool-result') {
      const call = pending.get(event.toolUseId);
      if (call === undefined) return;
      pending.delete(event.toolUseId);
      if (!isFailure(event)) for (const command of call.commands) proven.push({ command, eventIndex: call.eventIndex });
    }
  });
  return proven;
}

function proposeFromUser(prompt: string, eventIndex: number, previousWasAgent: boolean, maxSpecRules: number | undefined): Proposal[] {
  // A report pasted into the prompt (an agent's summary, its next steps) is not the user's rules.
  const text = withoutPastedReports(stripHarnessText(prompt));
  if (hasHarnessMarkers(text)) return [];
  const options = maxSpecRules === undefined ? { previousWasAgent } : { previousWasAgent, maxSpecRules };
  const rules = findUserRules(text, options).map((rule) => ({ text: rule.text, source: rule.source, origin: 'user' as const, eventIndex, ...(rule.explicit ? { explicit: true as const } : {}) }));
  // What the rules did not catch but the high-recall detector noticed goes to the pending inbox
  // (the filter still judges it; judge-candidates never writes a noticed sentence by itself).
  const caught = rules.map((rule) => wordsOf(rule.text));
  const noticed = noticeLastingSentences(text, { maxSentences: NOTICED_PER_PROMPT, minScore: NOTICED_MIN_SCORE, sentencesPerExtra: NOTICED_SENTENCES_PER_EXTRA })
    // A sentence a rule already came from is not offered a second time.
    .filter((sentence) => !caught.some((words) => overlap(words, wordsOf(sentence.text)) >= 0.6))
    .map((sentence) => ({ text: rewriteAsRule(sentence.text), source: 'noticed' as const, origin: 'user' as const, eventIndex }));
  return [...rules, ...noticed];
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0));
}

/** Share of `rule`'s words found in `sentence`. */
function overlap(rule: ReadonlySet<string>, sentence: ReadonlySet<string>): number {
  if (rule.size === 0) return 0;
  let found = 0;
  for (const word of rule) if (sentence.has(word)) found += 1;
  return found / rule.size;
}

/** The user's answers to the agent's questions, one candidate per question: "<question> <answer>". */
function proposeFromAnswers(text: string, eventIndex: number): Proposal[] {
  const body = ANSWERS.exec(text)?.[1];
  if (body === undefined) return [];
  const proposals: Proposal[] = [];
  for (const match of body.matchAll(ANSWER_PAIR)) {
    const question = (match[1] ?? '').replace(/\\"/g, '"').trim();
    const answer = (match[2] ?? '').replace(/\\"/g, '"').replace(/\s*\((?:Recommended|recommended|推荐|empfohlen|recomendado)\)\s*/g, ' ').trim();
    if (answer === '' || question === '') continue;
    // Note: the question alone is often several sentences; its first one names the topic.
    const topic = (question.split(/(?<=[?？])\s*/)[0] ?? question).replace(/[?？]\s*$/, '');
    proposals.push({ text: rewriteAsRule(`${topic}: ${answer}`), source: 'question-answer', origin: 'user', eventIndex });
  }
  return proposals;
}

function proposeFromAssistant(text: string, eventIndex: number, afterFailure: boolean, fixedLater: boolean): Proposal[] {
  const proposals: Proposal[] = [];
  const clean = stripHarnessText(text);
  for (const match of clean.matchAll(MEMORY_TAG)) {
    const body = match[3]?.trim() ?? '';
    const section = match[2];
    if (body !== '') proposals.push({ text: rewriteAsRule(body), source: 'agent-tag', origin: 'agent', eventIndex, ...(section ? { section } : {}) });
  }
  if (afterFailure && fixedLater) {
    // Note: only the agent's own conclusion after a failure it then fixed, never quoted output.
    const prose = clean.replace(MEMORY_TAG, ' ').replace(/```[\s\S]*?```/g, ' ');
    for (const line of prose.split(/\r?\n/)) {
      if (/^\s*>/.test(line)) continue;
      const sentences = line.split(/(?<=[.!?])\s+(?=[A-Z])/);
      for (const [index, sentence] of sentences.entries()) {
        const match = GOTCHA.exec(sentence);
        if (!match) continue;
        let from = sentence
          .slice(match.index)
          .replace(/^(?:the\s+|root\s+)?(?:problem|issue|cause|root\s+cause|culprit|reason)\s+(?:was|is)\s+that\s+/i, '')
          .replace(/^(?:the\s+)?(?:root\s+cause|cause|problem|issue|culprit)\s*:\s*/i, '');
        // "Root cause: X. Building with `Y` works.": the cause alone is half a gotcha, so the fix
        // that worked, when the very next sentence names it, goes with it.
        const next = sentences[index + 1];
        if (next !== undefined && FIX_SENTENCE.test(next)) from = `${from} ${next}`;
        proposals.push({ text: rewriteAsRule(from), source: 'gotcha', origin: 'agent', eventIndex });
        break;
      }
    }
  }
  return proposals;
}

function proposeFromToolResult(text: string, eventIndex: number): Proposal[] {
  // Tool output is never memory; these are kept only so `mem candidates --rejected` can show
  // that something in a file or command output asked to be remembered.
  const proposals: Proposal[] = [];
  for (const match of text.matchAll(MEMORY_TAG)) {
    if (match[3]?.trim()) proposals.push({ text: rewriteAsRule(match[3]), source: 'agent-tag', origin: 'tool', eventIndex });
  }
  for (const line of text.split(/\r?\n/)) {
    if (proposals.length >= 3) break;
    if (TOOL_RESULT_REQUEST.test(line)) proposals.push({ text: rewriteAsRule(line), source: 'explicit-request', origin: 'tool', eventIndex });
  }
  return proposals;
}

function unescapeShell(text: string): string {
  return text.replace(/\\(["'\\$`])/g, '$1');
}

/** Returns the candidates proposed by the given turn events, in event order (empty for a quiet turn); never throws. */
export function extractCandidates(events: readonly TranscriptEvent[], context: ExtractContext): Candidate[] {
  const proposals: Proposal[] = [];
  // Note: a batch is usually one turn, whose prompt answers the agent's previous reply.
  let previousWasAgent = context.firstTurn !== true;
  let afterFailure = false;
  let lastFailureIndex = -1;
  const asked = new Set<string>();
  // `mem remember` calls that succeeded: the CLI already recorded them (via=agent), so the Stop
  // must not record them a second time.
  const recordedByAgent = new Set<string>();
  const lastSuccessIndex = events.reduce((last, event, index) => (event.kind === 'tool-result' && !isFailure(event) ? index : last), -1);

  events.forEach((event, eventIndex) => {
    // Subagent prompts are written by the main agent, not by the user.
    if (event.sidechain) return;
    switch (event.kind) {
      case 'user-prompt':
        proposals.push(...proposeFromUser(event.text, eventIndex, previousWasAgent, context.maxSpecRules));
        previousWasAgent = false;
        afterFailure = false;
        break;
      case 'memory-input': {
        const text = rewriteAsRule(stripHarnessText(event.text).replace(/^#\s*/, ''));
        if (text !== '') proposals.push({ text, source: 'memory-input', origin: 'user', eventIndex });
        break;
      }
      case 'assistant-text':
        proposals.push(...proposeFromAssistant(event.text, eventIndex, afterFailure, lastSuccessIndex > lastFailureIndex));
        previousWasAgent = true;
        break;
      case 'tool-use': {
        previousWasAgent = true;
        if (event.name === 'AskUserQuestion') asked.add(event.toolUseId);
        const command = event.input['command'];
        if (event.name !== 'Bash' || typeof command !== 'string') break;
        const match = MEM_REMEMBER.exec(command);
        if (match?.[3]) {
          const section = /--section[=\s]+["']?([A-Za-z]+)/.exec(match[1] ?? '')?.[1];
          proposals.push({ text: rewriteAsRule(unescapeShell(match[3])), source: 'agent-remember', origin: 'agent', eventIndex, toolUseId: event.toolUseId, ...(section ? { section } : {}) });
        }
        break;
      }
      case 'tool-result': {
        const rejection = REJECTION_REASON.exec(event.text)?.[1];
        if (rejection !== undefined) {
          // The reason the user typed when rejecting a tool call is a prompt in all but name.
          proposals.push(...proposeFromUser(rejection, eventIndex, true, context.maxSpecRules));
          break;
        }
        if (!isFailure(event) && asked.has(event.toolUseId)) {
          proposals.push(...proposeFromAnswers(event.text, eventIndex));
          break;
        }
        if (isFailure(event)) {
          afterFailure = true;
          lastFailureIndex = eventIndex;
        }
        if (!isFailure(event)) recordedByAgent.add(event.toolUseId);
        proposals.push(...proposeFromToolResult(event.text, eventIndex));
        break;
      }
      case 'compact':
        afterFailure = false;
        break;
    }
  });

  const prior = context.priorCommandSuccesses ?? {};
  const counts = new Map<string, { command: ProjectCommand; count: number; eventIndex: number }>();
  for (const { command, eventIndex } of provenCommands(events)) {
    const seen = counts.get(command.command);
    if (seen) seen.count++;
    else counts.set(command.command, { command, count: (prior[command.command] ?? 0) + 1, eventIndex });
  }
  for (const { command, count, eventIndex } of counts.values()) {
    // The ecosystem's bare install (`npm install`, `bundle install`) is what every agent already knows.
    if (command.purpose === 'install' && !/\s-/.test(command.command)) continue;
    if (count >= context.commandMinSuccesses) proposals.push({ text: describeCommand(command), source: 'command', origin: 'agent', eventIndex });
  }

  return proposals
    .filter((proposal) => proposal.text !== '' && !(proposal.toolUseId !== undefined && recordedByAgent.has(proposal.toolUseId)))
    .sort((a, b) => a.eventIndex - b.eventIndex)
    .map((proposal) => {
      const event = events[proposal.eventIndex];
      const asked = proposal.section?.toLowerCase();
      const section = context.sections.find((s) => s.toLowerCase() === asked) ?? classifySection(proposal.text, proposal.source, context.sections);
      return {
        text: proposal.text,
        section,
        source: proposal.source,
        origin: proposal.origin,
        ...(proposal.explicit ? { explicit: true as const } : {}),
        evidence: event?.uuid === undefined ? { eventIndex: proposal.eventIndex } : { eventIndex: proposal.eventIndex, uuid: event.uuid },
      };
    });
}
