import { spawnSync } from 'node:child_process';
/** Editing mem's hooks into Claude Code settings text: laws over arbitrary existing settings. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMemHooks,
  claudeSettingsError,
  isMemHandler,
  removeMemHooks,
  REGISTERED_HOOKS,
  type MemCommand,
} from '../../../../src/agents/claude-code/claude-settings.js';

const shell: MemCommand = {
  executable: '/usr/local/bin/node',
  prefixArgs: ['/opt/my tools/mem/bin/run.js'],
  execForm: false,
};
const exec: MemCommand = { executable: 'mem', prefixArgs: [], execForm: true };

const otherHandler = fc.record({
  type: fc.constant('command'),
  command: fc.constantFrom('prettier --write', 'other-tool notify', './scripts/guard.sh', 'memo hook stop', 'echo mem'),
  timeout: fc.integer({ min: 1, max: 60 }),
});
const settingsArbitrary = fc.record(
  {
    permissions: fc.record({ allow: fc.array(fc.constantFrom('Bash(npm test)', 'Read'), { maxLength: 2 }) }),
    hooks: fc.dictionary(
      fc.constantFrom('Stop', 'SessionStart', 'PreToolUse', 'PostToolUse', 'UserPromptSubmit'),
      fc.array(
        fc.record({
          matcher: fc.constantFrom('', 'Bash', 'Edit|Write'),
          hooks: fc.array(otherHandler, { minLength: 1, maxLength: 2 }),
        }),
        { minLength: 1, maxLength: 2 },
      ),
    ),
  },
  { requiredKeys: [] },
);

describe('Claude Code settings merge', () => {
  it('property: add is idempotent, keeps every other handler, and remove gives back the exact text', () => {
    fc.assert(
      fc.property(
        settingsArbitrary,
        fc.constantFrom(shell, exec),
        fc.constantFrom(0, 2, '\t'),
        (settings, command, indent) => {
          const text = `${JSON.stringify(settings, null, indent)}\n`;
          const added = addMemHooks(text, command);
          expect(added.events.length).toBeGreaterThan(0);
          expect(claudeSettingsError(added.text)).toBeNull();
          expect(addMemHooks(added.text, command).events).toEqual([]);
          const value = JSON.parse(added.text) as { hooks: Record<string, unknown[]> };
          for (const [name, groups] of Object.entries(settings.hooks ?? {}))
            expect(value.hooks[name]!.slice(0, groups.length)).toEqual(groups);
          for (const { event } of REGISTERED_HOOKS)
            expect(JSON.stringify(value.hooks)).toContain(`hook ${event}`.replace(' ', command.execForm ? '","' : ' '));
          expect(removeMemHooks(added.text, added.created).text).toBe(text);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('removes the handlers of an install that left no record, and the lists they alone filled', () => {
    const text = '{\n  "model": "opus"\n}\n';
    const added = addMemHooks(text, shell);
    expect(removeMemHooks(added.text).text).toBe(text);
  });

  it('takes its handler out of a group it shares with another tool, keeping the group', () => {
    const text = JSON.stringify(
      {
        hooks: {
          Stop: [
            {
              hooks: [
                { type: 'command', command: 'notify' },
                { type: 'command', command: 'mem hook stop' },
              ],
            },
          ],
        },
      },
      null,
      2,
    );
    const removed = JSON.parse(removeMemHooks(text, []).text) as unknown;
    expect(removed).toEqual({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify' }] }] } });
  });

  it('recognises its own handlers in shell and exec form, and nobody else’s', () => {
    expect(
      isMemHandler({ type: 'command', command: "'/usr/local/bin/node' '/opt/my tools/mem/bin/run.js' hook stop" }),
    ).toBe(true);
    expect(isMemHandler({ type: 'command', command: 'mem', args: ['hook', 'after-turn'] })).toBe(true);
    expect(isMemHandler({ type: 'command', command: 'mem hook session-start' })).toBe(true);
    expect(isMemHandler({ type: 'command', command: 'memo hook stop' })).toBe(false);
    expect(isMemHandler({ type: 'command', command: 'echo mem' })).toBe(false);
    expect(isMemHandler({ type: 'command', command: 'git hook stop' })).toBe(false);
  });

  it('quotes paths with spaces in the shell form, and does nothing where the command is missing', () => {
    const added = JSON.parse(addMemHooks(null, shell).text) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    const stop = added.hooks['Stop']?.[0]?.hooks[0];
    expect(stop?.command).toBe(
      "command -v /usr/local/bin/node >/dev/null 2>&1 && /usr/local/bin/node '/opt/my tools/mem/bin/run.js' hook stop || true",
    );
  });

  it('writes `mem` hooks that exit 0 silently where mem is not installed', () => {
    const added = JSON.parse(addMemHooks(null, { executable: 'mem', prefixArgs: [], execForm: false }).text) as {
      hooks: Record<string, { hooks: { command: string }[] }[]>;
    };
    const command = added.hooks['SessionStart']?.[0]?.hooks[0]?.command ?? '';
    expect(command).toBe('command -v mem >/dev/null 2>&1 && mem hook session-start || true');
    const result = spawnSync('/bin/sh', ['-c', command], { env: { PATH: '/nonexistent' }, encoding: 'utf8' });
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: '' });
  });
});
