/**
 * What `mem demo` prints of a replayed session: the lines a newcomer needs to follow it (what the
 * user asked, what the agent did and answered) and, after each turn, what mem did with it.
 */
import { hangingLines } from './demo-text.js';

type Line = { type?: string; message?: { content?: unknown } };
type Block = {
  type?: string;
  text?: string;
  name?: string;
  input?: Record<string, unknown>;
  content?: unknown;
  is_error?: boolean;
};

/** Returns the turn as a few readable lines: the user's prompt, the agent's tool calls (with results), its answer. */
export function narrateTurn(lines: readonly object[], user: string, width: number): string[] {
  const out: string[] = [];
  const steps: string[] = [];
  const results = new Map<string, string>();
  for (const line of lines as Line[]) {
    const content = line.message?.content;
    if (Array.isArray(content))
      for (const block of content as Block[])
        if (block.type === 'tool_result')
          results.set(String((block as { tool_use_id?: string }).tool_use_id), firstLine(block.content));
  }
  for (const line of lines as Line[]) {
    const content = line.message?.content;
    if (line.type === 'user' && typeof content === 'string') out.push(...hangingLines(`  ${user}: `, content, width));
    if (line.type !== 'assistant' || !Array.isArray(content)) continue;
    for (const block of content as Block[]) {
      if (block.type === 'tool_use')
        steps.push(describeTool(block, results.get(String((block as { id?: string }).id)) ?? ''));
      if (block.type === 'text' && block.text) {
        if (steps.length > 0) out.push(...hangingLines('  Claude ', `(${steps.splice(0).join('; ')})`, width));
        out.push(...hangingLines('  Claude: ', block.text, width));
      }
    }
  }
  if (steps.length > 0) out.push(...hangingLines('  Claude ', `(${steps.join('; ')})`, width));
  return out;
}

function describeTool(block: Block, result: string): string {
  const input = block.input ?? {};
  const file =
    typeof input['file_path'] === 'string' ? String(input['file_path']).replace(/^.*?\/(src|test)\//, '$1/') : '';
  if (block.name === 'Bash') return `runs \`${String(input['command'])}\`: ${result}`;
  if (block.name === 'Read') return `reads ${file}`;
  if (block.name === 'Edit' || block.name === 'Write') return `edits ${file}`;
  if (block.name === 'TaskCreate') return `plans "${String(input['subject'])}"`;
  return `uses ${block.name ?? 'a tool'}`;
}

function firstLine(content: unknown): string {
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content.map((part: { text?: string }) => part.text ?? '').join(' ')
        : '';
  return text.split('\n')[0]?.trim() ?? '';
}

/** One candidate record as `mem candidates --json` prints it (the fields the demo reads). */
export type DemoCandidate = {
  status: string;
  text: string | null;
  section: string;
  source: string;
  origin: string;
  reasons: { code: string; explanation: string }[];
};

/** Returns what mem did with one turn: written, pending and left out, in plain words. */
export function narrateVerdicts(records: readonly DemoCandidate[], width: number): string[] {
  const out: string[] = [];
  for (const record of records) {
    const text = record.text === null ? '(text withheld)' : `"${record.text}"`;
    if (record.status === 'written')
      out.push(
        ...hangingLines(
          '    mem remembered: ',
          `${text} (${record.section}, from the ${record.origin === 'agent' ? "agent's turn" : "user's prompt"})`,
          width,
        ),
      );
    else if (record.status === 'pending')
      out.push(
        ...hangingLines(
          '    mem asks you first: ',
          `${text} (said in passing and not recorded by the agent; it waits in \`mem candidates\`)`,
          width,
        ),
      );
    // Only logged (nobody asked for it, no strong source): not worth a line of the demo.
    else if (record.reasons.every((reason) => reason.code === 'not-asked')) continue;
    else {
      const why = record.reasons.map((reason) => reason.explanation).join('; ') || record.status;
      out.push(
        ...hangingLines(
          '    mem left out: ',
          record.text === null ? `a line it will not repeat: ${why}` : `${text}: ${why}`,
          width,
        ),
      );
    }
  }
  if (out.length === 0)
    out.push(
      ...hangingLines('    mem remembered nothing: ', 'nothing in this turn should hold beyond the session', width),
    );
  return out;
}
