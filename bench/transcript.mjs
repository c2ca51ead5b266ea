// Claude Code transcript lines as the hook benchmarks write them: one realistic turn is a prompt,
// reads with big outputs, an edit, a test run, a progress line and a reply (bench/hook-bench.mjs,
// bench/stop-instructions.mjs).
let uuid = 0;
/** A transcript id, unique in this process. */
export const transcriptId = () => `bench-${++uuid}`;

/** One JSONL line. */
export const jsonLine = (object) => `${JSON.stringify(object)}\n`;

const userLine = (text) =>
  jsonLine({
    type: 'user',
    message: { role: 'user', content: text },
    uuid: transcriptId(),
    timestamp: new Date().toISOString(),
    gitBranch: 'main',
  });
const toolPair = (name, input, output, isError = false) => {
  const toolId = transcriptId();
  return (
    jsonLine({
      type: 'assistant',
      message: {
        id: transcriptId(),
        role: 'assistant',
        model: 'claude-opus-4',
        content: [{ type: 'tool_use', id: toolId, name, input }],
      },
      uuid: transcriptId(),
    }) +
    jsonLine({
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: toolId, content: output, is_error: isError }],
      },
      uuid: transcriptId(),
    })
  );
};
const assistantLine = (text) =>
  jsonLine({
    type: 'assistant',
    message: { id: transcriptId(), role: 'assistant', model: 'claude-opus-4', content: [{ type: 'text', text }] },
    uuid: transcriptId(),
  });

/** One realistic turn on module `index` whose prompt is `prompt`. */
export function benchTurn(index, prompt) {
  return (
    userLine(prompt) +
    toolPair('Read', { file_path: `/repo/src/module${index}.ts` }, 'x'.repeat(20_000)) +
    toolPair('Grep', { pattern: 'config' }, 'src/a.ts:1: config\n'.repeat(300)) +
    toolPair(
      'Edit',
      { file_path: `/repo/src/module${index}.ts`, old_string: 'a', new_string: 'b' },
      'The file has been updated.',
    ) +
    toolPair('Bash', { command: 'pnpm test' }, 'Tests: 120 passed\n'.repeat(50)) +
    jsonLine({ type: 'progress', data: { type: 'bash_progress', output: 'y'.repeat(50_000) }, uuid: transcriptId() }) +
    assistantLine(`Done with module ${index}; all tests pass.`)
  );
}

/** The memorable prompts of the hook benchmarks (a lasting convention, a correction), and a plain task. */
export const lastingPrompt = (index) =>
  `From now on always run the linter with \`pnpm lint --fix\` before committing module ${index}.`;
export const correctionPrompt = (index) =>
  `No, use the shared logger in src/log/logger${index}.ts instead of console.log.`;
export const taskPrompt = (index) => `Refactor module ${index} to use the new config loader and keep the tests green.`;
