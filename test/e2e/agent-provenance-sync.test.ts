/**
 * Which agent learned a memory survives the team ref: a rule a Codex session learns in Alice's
 * clone is listed as Codex's in Bob's clone after both sync through a real bare remote, and the
 * team ref's entry file says so. Records written before agents existed still read (no agent).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, cloneAs, git, makeBareRemote, runMem } from '../helpers/temp-repo.js';
import { teamEntryTexts } from '../helpers/raw-team-commit.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

type Listed = {
  id: string;
  text: string;
  provenance: { author: string | null; session: string | null; agent: string | null; commit?: string };
};

/** A Codex rollout line: what the user typed, as Codex 0.171 records it. */
function codexUserLine(text: string): string {
  return JSON.stringify({
    timestamp: new Date().toISOString(),
    type: 'response_item',
    payload: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
  });
}

function codexStop(sessionId: string, rollout: string, cwd: string): string {
  return JSON.stringify({
    session_id: sessionId,
    turn_id: 'turn-1',
    transcript_path: rollout,
    cwd,
    hook_event_name: 'Stop',
    model: 'gpt-5.5',
    permission_mode: 'default',
    stop_hook_active: false,
    last_assistant_message: 'Noted.',
  });
}

describe('agent provenance across clones', () => {
  it("a Codex session's rule reaches a teammate's clone still marked as Codex's, next to a Claude Code one", () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'Alice');
    const bob = cloneAs(remote, 'Bob');
    for (const repo of [alice, bob])
      expect(runMem(['init', '--yes', '--agent', 'claude,codex'], { cwd: repo }).status).toBe(0);

    const rollout = join(alice, '..', 'rollout-codex.jsonl');
    writeFileSync(rollout, `${codexUserLine('From now on always run `make lint` before committing in this repo.')}\n`);
    expect(
      runMem(['hook', 'stop', '--agent', 'codex'], {
        cwd: alice,
        stdin: codexStop('019a7c2e-codex-session', rollout, alice),
      }).status,
    ).toBe(0);
    const transcript = join(alice, '..', 'claude.jsonl');
    appendLines(transcript, [
      userLine('From now on always use the `just` recipes instead of raw cargo commands in this repo.'),
    ]);
    expect(
      runMem(['hook', 'stop'], { cwd: alice, stdin: stopPayload('c0ffee00-claude', transcript, alice) }).status,
    ).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);

    // The team ref's file carries the agent; Claude Code's names none, as before other agents existed.
    const records = [...teamEntryTexts(remote).values()].map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(records.find((record) => String(record['text']).includes('make lint'))).toMatchObject({
      agent: 'codex',
      session: expect.any(String),
    });
    expect(records.find((record) => String(record['text']).includes('`just` recipes'))).not.toHaveProperty('agent');

    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    const listed = JSON.parse(runMem(['list', '--json'], { cwd: bob }).stdout) as Listed[];
    const lint = listed.find((entry) => entry.text.includes('make lint'));
    const just = listed.find((entry) => entry.text.includes('`just` recipes'));
    expect(lint?.provenance).toMatchObject({ agent: 'codex', author: 'Alice' });
    expect(just?.provenance).toMatchObject({ agent: 'claude', author: 'Alice' });
    const human = runMem(['list'], { cwd: bob }).stdout;
    // The agent is named in the entry's own block (its lines under the text are indented by 12).
    expect(human).toMatch(/make lint[^\n]*(?:\n {12}[^\n]*)*?learned in a Codex CLI session/);
    expect(human).toMatch(/`just` recipes[^\n]*(?:\n {12}[^\n]*)*?learned in a Claude Code session/);

    // Bob's own sync does not rewrite what it received (the record round-trips through his working copy).
    const head = git(remote, ['rev-parse', 'refs/mem/team']);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    expect(git(remote, ['rev-parse', 'refs/mem/team'])).toBe(head);
  });

  it('"recorded by the agent" reads the same in every clone', () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'Alice');
    const bob = cloneAs(remote, 'Bob');
    for (const repo of [alice, bob]) expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    // Claude Code's shell tool runs it: the agent records the rule.
    const env = { CLAUDECODE: '1', CLAUDE_CODE_SESSION_ID: 'c0ffee00-1111-2222-3333-444455556666' };
    expect(
      runMem(['remember', 'Always run go test ./... with -race.', '--section', 'Commands'], { cwd: alice, env }).status,
    ).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    for (const repo of [alice, bob]) {
      const [entry] = JSON.parse(runMem(['list', '--json'], { cwd: repo }).stdout) as Array<
        Listed & { provenance: { via?: string } }
      >;
      expect(entry?.provenance).toMatchObject({ via: 'agent', agent: 'claude', author: 'Alice' });
      expect(runMem(['list'], { cwd: repo }).stdout).toContain('recorded by the agent');
    }
    // Neither clone's next sync rewrites the entry.
    const head = git(remote, ['rev-parse', 'refs/mem/team']);
    for (const repo of [bob, alice]) expect(runMem(['sync'], { cwd: repo }).status).toBe(0);
    expect(git(remote, ['rev-parse', 'refs/mem/team'])).toBe(head);
  });

  it('an entry file without an agent (written before agents existed) still arrives', () => {
    const remote = makeBareRemote();
    const alice = cloneAs(remote, 'Alice');
    expect(runMem(['init', '--yes'], { cwd: alice }).status).toBe(0);
    expect(runMem(['remember', 'Deploys go through the release train, never by hand.'], { cwd: alice }).status).toBe(0);
    expect(runMem(['sync'], { cwd: alice }).status).toBe(0);
    const [text] = [...teamEntryTexts(remote).values()];
    expect(Object.keys(JSON.parse(text as string) as object).sort()).toEqual(['section', 'text']);

    const bob = cloneAs(remote, 'Bob');
    expect(runMem(['init', '--yes'], { cwd: bob }).status).toBe(0);
    expect(runMem(['sync'], { cwd: bob }).status).toBe(0);
    const [entry] = JSON.parse(runMem(['list', '--json'], { cwd: bob }).stdout) as Listed[];
    expect(entry?.text).toContain('release train');
    expect(entry?.provenance.agent).toBeNull();
  });
});
