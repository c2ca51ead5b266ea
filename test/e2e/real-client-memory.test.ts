/**
 * The memory protocol end to end with the real Claude Code client (the pinned devDependency),
 * offline against a mock of the Messages API: what mem's hooks say reaches the model's request,
 * and an entry the (mock) model records through its Bash tool lands once, as the agent's.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, runMem } from '../helpers/temp-repo.js';
import { hookContexts, runClaude, startRealClient, toolResults, type RealClient } from '../helpers/real-client.js';

let client: RealClient | undefined;
afterEach(async () => {
  await client?.model.close();
  client = undefined;
  cleanupTempDirs();
});

const RULE = 'Deploys go out only from the release branch, never from main.';

describe('the real client and the memory protocol', () => {
  it("puts the protocol (SessionStart) and the nudge (UserPromptSubmit) in the model's request", async () => {
    client = await startRealClient({ turns: [{ prompt: /release branch/, steps: [{ text: 'Understood.' }] }] });
    const run = await runClaude(client, `Quick thing before you start: ${RULE} Now tidy up the README.`, {
      sessionId: randomUUID(),
    });
    expect(run.status, run.stderr).toBe(0);

    const contexts = hookContexts(run);
    const start = contexts.find((c) => c.event === 'SessionStart')?.context ?? '';
    const nudge = contexts.find((c) => c.event === 'UserPromptSubmit')?.context ?? '';
    expect(start).toMatch(
      /mem remember --section <Conventions\|Commands\|Decisions\|Gotchas\|Preferences\|References> "<sentence>"/,
    );
    expect(nudge).toMatch(/^mem: this may state a lasting rule/);
    expect(nudge).toContain('never from main');

    const main = client.model.requests.filter((request) => request.kind === 'main');
    expect(main.length).toBeGreaterThan(0);
    // The model read both: mem's text is in the request body the client sent.
    expect(main[0]?.text).toContain(start);
    expect(main[0]?.text).toContain(nudge);
  }, 120_000);

  it('records what the agent ran `mem remember` for once, via=agent, without a permission prompt', async () => {
    const session = randomUUID();
    client = await startRealClient({
      turns: [
        {
          prompt: /docker compose/,
          steps: [
            {
              tool: 'Bash',
              input: {
                command:
                  'mem remember --section Gotchas "Integration tests need docker compose up -d before they run."',
                description: 'Record the gotcha',
              },
            },
            { text: 'Recorded: integration tests need docker compose up -d first.' },
          ],
        },
      ],
    });
    // Bash is not in --allowedTools: only the allow rules `mem init` added let the call through.
    const run = await runClaude(
      client,
      'From now on remember that integration tests need docker compose up -d before they run.',
      { sessionId: session },
    );
    expect(run.status, run.stderr).toBe(0);
    const results = toolResults(run);
    expect(results).toHaveLength(1);
    expect(results[0]?.isError, results[0]?.text).toBe(false);
    expect(results[0]?.text).toMatch(/remembered as m[0-9a-f]+ \(Gotchas\)/);

    const entries = JSON.parse(runMem(['list', '--json'], { cwd: client.repo }).stdout) as {
      text: string;
      provenance: { via?: string; session: string | null };
    }[];
    const docker = entries.filter((entry) => /docker compose/i.test(entry.text));
    expect(docker).toHaveLength(1);
    expect(docker[0]?.provenance.via).toBe('agent');
    expect(docker[0]?.provenance.session).toBe(session.slice(0, 8));

    // The turn's Stop saw the same rule in the prompt and in the Bash call: nothing written twice,
    // nothing left pending for it.
    const candidates = JSON.parse(runMem(['candidates', '--json', '--limit', '100'], { cwd: client.repo }).stdout) as {
      status: string;
      action: string;
      text: string | null;
      source: string;
    }[];
    const added = candidates.filter(
      (c) => c.status === 'written' && c.action === 'add' && /docker compose/i.test(c.text ?? ''),
    );
    expect(added).toHaveLength(1);
    expect(added[0]?.source).toBe('agent-remember');
    expect(candidates.filter((c) => c.status === 'pending' && /docker compose/i.test(c.text ?? ''))).toEqual([]);
    const human = runMem(['list'], { cwd: client.repo }).stdout;
    expect(human).toMatch(
      /docker compose[^\n]*\n(?:[^\n]*\n)*?[^\n]*recorded by the agent \(Claude Code, session [0-9a-f]{8}\)/,
    );
  }, 120_000);
});
