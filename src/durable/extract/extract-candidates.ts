/**
 * Durable candidate extraction: reads the normalised events of one or more turns and proposes
 * what may be worth remembering, deterministically, saying where each candidate came from: the
 * user's explicit memory requests, the sentences the nudge quoted that the agent did not record,
 * a `mem remember` a permission prompt denied, memory tags, answers, proven commands. Which of
 * them is written, waits in the inbox or is only logged is decided by the gate and the inbox.
 */
import type { Candidate, CandidateOrigin, CandidateSource } from '../../core/memory-file/candidate.js';
import type { TranscriptEvent } from '../../agents/transcript-event.js';
import { classifySection } from './classify-section.js';
import { describeCommand, findProjectCommands } from './find-project-commands.js';
import type { ProjectCommand } from './find-project-commands.js';
import { findMemoryRequests, isCompleteSentence } from './find-memory-requests.js';
import { nudgedSentences } from '../notice/nudge.js';
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
};

const MEMORY_TAG = /<(memory|remember)(?:\s+section\s*=\s*["']?([A-Za-z]+)["']?)?\s*>([\s\S]*?)<\/\1>/gi;
const MEM_REMEMBER =
  /(?:^|[\s;&|(])(?:[^\s;&|()'"]*\/)?mem\s+remember\s+((?:--?[\w-]+(?:[=\s]+(?!["'])\S+)?\s+)*)(["'])((?:(?!\2)[^\\]|\\.)+)\2/;
const TOOL_RESULT_REQUEST =
  /^\s*(?:(?:please\s+)?remember\b|from\s+now\s+on\b|always\b|never\b|note\s+(?:to|for)\s+(?:the\s+)?(?:ai|assistant|claude|agent)\b)/i;

type Proposal = {
  text: string;
  source: CandidateSource;
  origin: CandidateOrigin;
  eventIndex: number;
  section?: string;
  toolUseId?: string;
  explicit?: true;
  score?: number;
  /** The prompt (event index) the proposal answers, for "the agent recorded it in this turn". */
  prompt?: number;
};

// Claude Code's words when a permission prompt (or its settings) refused a tool call.
const PERMISSION_DENIED =
  /doesn'?t want to proceed with this tool use|tool use was rejected|permission to use \S+[^.]{0,200}\b(?:denied|not been granted)|requested permissions? to use|haven'?t granted/i;

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

/**
 * `noticed` for a typed prompt (the nudge quoted it to the agent); `correction` for the reason the
 * user typed when rejecting a tool call, which no nudge ever quoted: the inbox is its only way in.
 */
function proposeFromUser(prompt: string, eventIndex: number, source: 'noticed' | 'correction' = 'noticed'): Proposal[] {
  const text = stripHarnessText(prompt);
  if (hasHarnessMarkers(text)) return [];
  // What the user asked to be remembered in so many words; a request whose rule does not read on
  // its own (it leans on another sentence, it is cut off) is not explicit enough to write.
  const requests: Proposal[] = findMemoryRequests(text).map((request) => ({
    text: request.text,
    source: 'explicit-request',
    origin: 'user',
    eventIndex,
    prompt: eventIndex,
    ...(request.selfContained ? { explicit: true as const } : {}),
  }));
  // The sentences the nudge quoted to the agent (the same function, so the same sentences): what
  // the agent does not record by the end of its turn may wait in the inbox, when it is a complete sentence.
  const caught = requests.map((request) => wordsOf(request.text));
  const noticed: Proposal[] = nudgedSentences(prompt)
    .filter(
      (sentence) =>
        !sentence.text.endsWith('…') && !caught.some((words) => overlap(words, wordsOf(sentence.text)) >= 0.6),
    )
    .map((sentence) => ({
      text: rewriteAsRule(sentence.text),
      source,
      origin: 'user' as const,
      eventIndex,
      prompt: eventIndex,
      score: sentence.score,
    }))
    .filter((proposal) => isCompleteSentence(proposal.text));
  return [...requests, ...noticed];
}

function wordsOf(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((word) => word.length > 0),
  );
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
    const answer = (match[2] ?? '')
      .replace(/\\"/g, '"')
      .replace(/\s*\((?:Recommended|recommended|推荐|empfohlen|recomendado)\)\s*/g, ' ')
      .trim();
    if (answer === '' || question === '') continue;
    // Note: the question alone is often several sentences; its first one names the topic.
    const topic = (question.split(/(?<=[?？])\s*/)[0] ?? question).replace(/[?？]\s*$/, '');
    proposals.push({
      text: rewriteAsRule(`${topic}: ${answer}`),
      source: 'question-answer',
      origin: 'user',
      eventIndex,
    });
  }
  return proposals;
}

/** Memory tags the agent wrote (`<memory section="…">…</memory>`): deliberate, like `mem remember`. Its narration never is. */
function proposeFromAssistant(text: string, eventIndex: number): Proposal[] {
  const proposals: Proposal[] = [];
  // Note: a tag starts with '<'; a reply without one never compiles MEMORY_TAG (~2.5 M instructions).
  if (!text.includes('<')) return proposals;
  for (const match of stripHarnessText(text).matchAll(MEMORY_TAG)) {
    const body = match[3]?.trim() ?? '';
    const section = match[2];
    if (body !== '')
      proposals.push({
        text: rewriteAsRule(body),
        source: 'agent-tag',
        origin: 'agent',
        eventIndex,
        ...(section ? { section } : {}),
      });
  }
  return proposals;
}

function proposeFromToolResult(text: string, eventIndex: number): Proposal[] {
  // Tool output is never memory; these are kept only so `mem candidates --rejected` can show
  // that something in a file or command output asked to be remembered.
  const proposals: Proposal[] = [];
  for (const match of text.includes('<') ? text.matchAll(MEMORY_TAG) : []) {
    if (match[3]?.trim())
      proposals.push({ text: rewriteAsRule(match[3]), source: 'agent-tag', origin: 'tool', eventIndex });
  }
  for (const line of text.split(/\r?\n/)) {
    if (proposals.length >= 3) break;
    if (TOOL_RESULT_REQUEST.test(line))
      proposals.push({ text: rewriteAsRule(line), source: 'explicit-request', origin: 'tool', eventIndex });
  }
  return proposals;
}

/**
 * true when the agent already recorded what the proposal says in this batch: a noticed sentence of
 * a prompt after which the agent ran `mem remember` (it read the nudge and chose), or a request
 * whose words the agent's entry holds (the agent's wording wins; no supersede by the raw prompt).
 */
function recordedByTheAgent(
  proposal: Proposal,
  handledPrompts: ReadonlySet<number>,
  recordedTexts: readonly Set<string>[],
): boolean {
  if (proposal.origin !== 'user' || proposal.prompt === undefined) return false;
  if (proposal.source === 'noticed' && handledPrompts.has(proposal.prompt)) return true;
  const words = wordsOf(proposal.text);
  return recordedTexts.some((recorded) => overlap(recorded, words) >= 0.6 || overlap(words, recorded) >= 0.6);
}

function unescapeShell(text: string): string {
  return text.replace(/\\(["'\\$`])/g, '$1');
}

/** Returns the candidates proposed by the given turn events, in event order (empty for a quiet turn); never throws. */
export function extractCandidates(events: readonly TranscriptEvent[], context: ExtractContext): Candidate[] {
  const proposals: Proposal[] = [];
  const asked = new Set<string>();
  // The agent's `mem remember` calls, by tool-use id, with the prompt they answered.
  const remembers = new Map<string, { text: string; prompt: number }>();
  // Prompts after which the agent recorded something, and what it recorded: the agent read the
  // nudge and chose; its wording wins over mem's own extraction of the same statement.
  const handledPrompts = new Set<number>();
  const recordedTexts: Set<string>[] = [];
  let prompt = -1;

  events.forEach((event, eventIndex) => {
    // Subagent prompts are written by the main agent, not by the user.
    if (event.sidechain) return;
    switch (event.kind) {
      case 'user-prompt':
        prompt = eventIndex;
        proposals.push(...proposeFromUser(event.text, eventIndex));
        break;
      case 'memory-input': {
        const text = rewriteAsRule(stripHarnessText(event.text).replace(/^#\s*/, ''));
        if (text !== '') proposals.push({ text, source: 'memory-input', origin: 'user', eventIndex });
        break;
      }
      case 'assistant-text':
        proposals.push(...proposeFromAssistant(event.text, eventIndex));
        break;
      case 'tool-use': {
        if (event.name === 'AskUserQuestion') asked.add(event.toolUseId);
        const command = event.input['command'];
        if (event.name !== 'Bash' || typeof command !== 'string') break;
        const text = MEM_REMEMBER.exec(command)?.[3];
        if (text) remembers.set(event.toolUseId, { text: unescapeShell(text), prompt });
        break;
      }
      case 'tool-result': {
        const rejection = REJECTION_REASON.exec(event.text)?.[1];
        const remembered = remembers.get(event.toolUseId);
        if (remembered !== undefined) {
          if (!isFailure(event)) {
            // The CLI recorded it (via=agent): never a second time, and the prompt is handled.
            handledPrompts.add(remembered.prompt);
            recordedTexts.push(wordsOf(remembered.text));
          } else if (PERMISSION_DENIED.test(event.text) || rejection !== undefined) {
            // The agent meant to record it and a person's permission prompt stopped it: a person decides.
            const call = events.find((e) => e.kind === 'tool-use' && e.toolUseId === event.toolUseId);
            const section =
              call?.kind === 'tool-use'
                ? /--section[=\s]+["']?([A-Za-z]+)/.exec(String(call.input['command']))?.[1]
                : undefined;
            proposals.push({
              text: rewriteAsRule(remembered.text),
              source: 'agent-remember',
              origin: 'agent',
              eventIndex,
              ...(section ? { section } : {}),
            });
          }
          // Refused by mem's own gate: the CLI already said why and logged it.
        }
        if (rejection !== undefined) {
          // The reason the user typed when rejecting a tool call is a prompt in all but name.
          proposals.push(...proposeFromUser(rejection, eventIndex, 'correction'));
          break;
        }
        if (!isFailure(event) && asked.has(event.toolUseId)) {
          proposals.push(...proposeFromAnswers(event.text, eventIndex));
          break;
        }
        proposals.push(...proposeFromToolResult(event.text, eventIndex));
        break;
      }
      case 'compact':
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
    if (count >= context.commandMinSuccesses)
      proposals.push({ text: describeCommand(command), source: 'command', origin: 'agent', eventIndex });
  }

  return proposals
    .filter((proposal) => proposal.text !== '' && !recordedByTheAgent(proposal, handledPrompts, recordedTexts))
    .sort((a, b) => a.eventIndex - b.eventIndex)
    .map((proposal) => {
      const event = events[proposal.eventIndex];
      const asked = proposal.section?.toLowerCase();
      const section =
        context.sections.find((s) => s.toLowerCase() === asked) ??
        classifySection(proposal.text, proposal.source, context.sections);
      return {
        text: proposal.text,
        section,
        source: proposal.source,
        origin: proposal.origin,
        ...(proposal.explicit ? { explicit: true as const } : {}),
        ...(proposal.score !== undefined ? { score: proposal.score } : {}),
        evidence:
          event?.uuid === undefined
            ? { eventIndex: proposal.eventIndex }
            : { eventIndex: proposal.eventIndex, uuid: event.uuid },
      };
    });
}
