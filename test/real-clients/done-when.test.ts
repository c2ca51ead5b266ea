/**
 * Issue 14's "done when", on one repository shared by a team of three: Alice works in the real
 * Claude Code, Bob in the real Codex CLI, Carol in the real Gemini CLI, each offline against the
 * mock model. Each session learns a rule; after `mem sync` every agent's next session has all three
 * rules in what it sends the model, and Bob's next Codex session receives his previous Codex
 * session's handoff.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, makeBareRemote, makeTempDir } from '../helpers/temp-repo.js';
import {
  HAVE_CLAUDE,
  HAVE_CODEX,
  HAVE_GEMINI,
  makeMachine,
  mem,
  requestText,
  runClaude,
  runCodex,
  runGemini,
  setUpClaude,
  setUpCodex,
  setUpGemini,
  startMockModel,
  type LoggedRequest,
  type MockModel,
} from './clients.js';

const mocks: MockModel[] = [];
afterEach(() => {
  for (const mock of mocks.splice(0)) mock.stop();
  cleanupTempDirs();
});

const RULES = {
  claude: { prompt: 'From now on always use pnpm, never npm, in this repo.', text: /always use pnpm, never npm/i },
  codex: {
    prompt: 'From now on always run `make check` before you commit.',
    text: /always run `make check` before you commit/i,
  },
  gemini: {
    prompt: 'From now on never push directly to main, always open a pull request.',
    text: /never push directly to main/i,
  },
};

/** The first request of a client run that is the conversation itself (not a title, token count or summary). */
function firstTurn(requests: LoggedRequest[]): LoggedRequest | undefined {
  return requests.find(
    (request) => request.api !== undefined && !['small', 'count_tokens', 'compact'].includes(request.kind),
  );
}

describe.skipIf(!HAVE_CLAUDE || !HAVE_CODEX || !HAVE_GEMINI)(
  'one memory for every agent on the team (real Claude Code, Codex and Gemini clients, offline)',
  () => {
    // Note: about 20 client and mem processes in a row; no timing is asserted, the limit only stops a hang.
    it(
      'a rule each agent learns reaches every agent after mem sync, and a Codex handoff reaches the next Codex session',
      { timeout: 1_200_000 },
      async () => {
        const remote = makeBareRemote();
        const alice = cloneAs(remote, 'Alice');
        const bob = cloneAs(remote, 'Bob');
        const carol = cloneAs(remote, 'Carol');
        const aliceMachine = makeMachine(makeTempDir('mem-alice-machine-'));
        const bobMachine = makeMachine(makeTempDir('mem-bob-machine-'));
        const carolMachine = makeMachine(makeTempDir('mem-carol-machine-'));

        const aliceMock = await startMockModel(join(aliceMachine.base, 'mock'), {
          prompts: [{ match: 'pnpm', steps: [{ text: 'Noted: pnpm, never npm.' }] }],
          fallback: 'OK.',
        });
        const bobMock = await startMockModel(join(bobMachine.base, 'mock'), {
          prompts: [{ match: 'make check', steps: [{ text: 'Noted: `make check` before every commit.' }] }],
          fallback: 'OK.',
        });
        const carolMock = await startMockModel(join(carolMachine.base, 'mock'), {
          prompts: [{ match: 'pull request', steps: [{ text: 'Noted: pull requests only.' }] }],
          fallback: 'OK.',
        });
        mocks.push(aliceMock, bobMock, carolMock);
        setUpClaude(aliceMachine, aliceMock.port);
        setUpCodex(bobMachine, bob, bobMock.port);
        setUpGemini(carolMachine, carol, carolMock.port);

        expect(mem(aliceMachine, alice, ['init', '--yes', '--agent', 'claude']).status).toBe(0);
        expect(mem(bobMachine, bob, ['init', '--yes', '--agent', 'codex']).status).toBe(0);
        expect(mem(carolMachine, carol, ['init', '--yes', '--agent', 'gemini']).status).toBe(0);

        // One real session each.
        const aliceFirst = runClaude(aliceMachine, alice, RULES.claude.prompt);
        expect(aliceFirst.status, aliceFirst.stderr.slice(-3000)).toBe(0);
        const bobFirst = runCodex(bobMachine, bob, RULES.codex.prompt);
        expect(bobFirst.status, bobFirst.stderr.slice(-3000)).toBe(0);
        const carolFirst = runGemini(carolMachine, carol, RULES.gemini.prompt);
        expect(carolFirst.status, carolFirst.stderr.slice(-3000)).toBe(0);

        const listed = (machine: typeof aliceMachine, repo: string) =>
          JSON.parse(mem(machine, repo, ['list', '--json']).stdout) as {
            text: string;
            provenance: { agent: string | null };
          }[];
        expect(listed(aliceMachine, alice).find((entry) => RULES.claude.text.test(entry.text))?.provenance.agent).toBe(
          'claude',
        );
        expect(listed(bobMachine, bob).find((entry) => RULES.codex.text.test(entry.text))?.provenance.agent).toBe(
          'codex',
        );
        expect(listed(carolMachine, carol).find((entry) => RULES.gemini.text.test(entry.text))?.provenance.agent).toBe(
          'gemini',
        );

        // Everyone syncs; the first two again, to receive what the later ones shared.
        for (const [machine, repo] of [
          [aliceMachine, alice],
          [bobMachine, bob],
          [carolMachine, carol],
          [aliceMachine, alice],
          [bobMachine, bob],
        ] as const) {
          const sync = mem(machine, repo, ['sync']);
          expect(sync.status, sync.stderr).toBe(0);
        }

        // Alice's next Claude Code session: Claude Code reads the memory files itself.
        const aliceBefore = aliceMock.requests().length;
        const aliceNext = runClaude(aliceMachine, alice, 'Which package manager should I use here?');
        expect(aliceNext.status, aliceNext.stderr.slice(-3000)).toBe(0);
        const aliceRequest = firstTurn(aliceMock.requests().slice(aliceBefore));
        expect(aliceRequest).toBeDefined();
        for (const rule of Object.values(RULES)) expect(requestText(aliceRequest!)).toMatch(rule.text);

        // Bob's next Codex session and Carol's next Gemini session: all three rules reach the model too.
        const before = bobMock.requests().length;
        const bobNext = runCodex(bobMachine, bob, 'What should I do before committing?');
        expect(bobNext.status, bobNext.stderr.slice(-3000)).toBe(0);
        const bobRequest = firstTurn(bobMock.requests().slice(before));
        expect(bobRequest).toBeDefined();
        const bobText = requestText(bobRequest!);
        for (const rule of Object.values(RULES)) expect(bobText).toMatch(rule.text);
        // …and the handoff of Bob's previous Codex session.
        expect(bobText).toContain('Handoff from the previous session on this branch');
        expect(bobText).toContain(bobFirst.sessionId!.slice(0, 8));

        const carolBefore = carolMock.requests().length;
        expect(runGemini(carolMachine, carol, 'How do I get a change onto main?').status).toBe(0);
        const carolRequest = firstTurn(carolMock.requests().slice(carolBefore));
        expect(carolRequest).toBeDefined();
        for (const rule of Object.values(RULES)) expect(requestText(carolRequest!)).toMatch(rule.text);
      },
    );
  },
);
