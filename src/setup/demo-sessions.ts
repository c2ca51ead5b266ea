/**
 * The demo's embedded sessions: Claude Code-shaped transcript turns for two teammates. Each turn
 * is the lines Claude Code would append before its Stop hook fires.
 */
export type DemoTurn = { lines: object[]; last: string };

let sequence = 0;
const id = (prefix: string) => `${prefix}-${(++sequence).toString().padStart(4, '0')}`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9, minute)).toISOString();

function user(text: string, minute: number, branch = 'main'): object {
  return {
    type: 'user',
    message: { role: 'user', content: text },
    uuid: id('u'),
    timestamp: at(minute),
    gitBranch: branch,
    version: '2.1.180',
  };
}
function assistant(text: string, minute: number): object {
  return {
    type: 'assistant',
    message: { id: id('msg'), role: 'assistant', model: 'claude-opus-4', content: [{ type: 'text', text }] },
    uuid: id('a'),
    timestamp: at(minute),
  };
}
function tool(name: string, input: object, result: string, minute: number, isError = false): object[] {
  const toolId = id('toolu');
  return [
    {
      type: 'assistant',
      message: {
        id: id('msg'),
        role: 'assistant',
        model: 'claude-opus-4',
        content: [{ type: 'tool_use', id: toolId, name, input }],
      },
      uuid: id('a'),
      timestamp: at(minute),
    },
    {
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: toolId, content: result, is_error: isError }],
      },
      uuid: id('r'),
      timestamp: at(minute),
    },
  ];
}

/** Returns Alice's session: conventions, a correction, tests run twice, a pasted key, a goodbye. */
export function aliceSession(root: string): DemoTurn[] {
  return [
    {
      lines: [
        user('From now on always use pnpm, never npm, in this repo. Add a --json flag to the export command.', 1),
        ...tool('TaskCreate', { subject: 'Add --json flag to export' }, 'Task #1 created successfully', 2),
        ...tool('Read', { file_path: `${root}/src/export.ts` }, 'export function run() {}', 3),
        ...tool(
          'Edit',
          { file_path: `${root}/src/export.ts`, old_string: 'a', new_string: 'b' },
          'The file has been updated.',
          4,
        ),
        ...tool('Bash', { command: 'pnpm test' }, 'Tests: 41 passed', 5),
        assistant('Added the flag; tests pass.', 5),
      ],
      last: 'Added the flag; tests pass.',
    },
    {
      lines: [
        user(
          'No, use zod instead of hand-written validation for CLI input. Our API handlers must always return problem+json errors.',
          6,
        ),
        ...tool(
          'Edit',
          { file_path: `${root}/src/export.ts`, old_string: 'b', new_string: 'c' },
          'The file has been updated.',
          7,
        ),
        ...tool('Bash', { command: 'pnpm test' }, 'Tests: 42 passed', 8),
        assistant('Switched the validation to zod; all 42 tests pass.', 9),
      ],
      last: 'Switched the validation to zod; all 42 tests pass.',
    },
    {
      lines: [
        user('Here is the staging token, use it to check the deploy: ghp_8Fq2ZkR4tV7yLm1Nc3Xp9Wd5Hs6Ja0Bu2Ee4', 10),
        ...tool('Bash', { command: 'pnpm run deploy:check' }, 'Error: staging unreachable', 11, true),
        assistant('The deploy check fails: staging is unreachable from here.', 12),
      ],
      last: 'The deploy check fails: staging is unreachable from here.',
    },
    {
      lines: [
        user("ok thanks, let's stop here for today", 13),
        assistant('Sounds good. The deploy check still needs staging access.', 13),
      ],
      last: 'Sounds good. The deploy check still needs staging access.',
    },
  ];
}

/** Returns Bob's session: a gotcha about the test database, learned the same day. */
export function bobSession(root: string): DemoTurn[] {
  return [
    {
      lines: [
        user('Remember that the integration tests need `docker compose up db` running first.', 20),
        ...tool('Read', { file_path: `${root}/test/integration/db.test.ts` }, 'describe("db")', 21),
        assistant('Noted. I will start the database before running integration tests.', 22),
      ],
      last: 'Noted. I will start the database before running integration tests.',
    },
  ];
}
