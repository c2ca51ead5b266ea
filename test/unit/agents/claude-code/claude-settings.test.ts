/** Merging mem's hooks into Claude Code settings: laws over arbitrary existing settings. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMemHooks, isMemHandler, removeMemHooks, REGISTERED_HOOKS, type ClaudeSettings, type MemCommand } from '../../../../src/agents/claude-code/claude-settings.js';

const shell: MemCommand = { executable: '/usr/local/bin/node', prefixArgs: ['/opt/my tools/mem/bin/run.js'], execForm: false };
const exec: MemCommand = { executable: 'mem', prefixArgs: [], execForm: true };

const otherHandler = fc.record({
  type: fc.constant('command'),
  command: fc.constantFrom('prettier --write', 'other-tool notify', './scripts/guard.sh', 'memo hook stop', 'echo mem'),
  timeout: fc.integer({ min: 1, max: 60 }),
});
const settingsArbitrary: fc.Arbitrary<ClaudeSettings> = fc.record(
  {
    permissions: fc.record({ allow: fc.array(fc.constantFrom('Bash(npm test)', 'Read'), { maxLength: 2 }) }),
    hooks: fc.dictionary(
      fc.constantFrom('Stop', 'SessionStart', 'PreToolUse', 'PostToolUse', 'UserPromptSubmit'),
      fc.array(fc.record({ matcher: fc.constantFrom('', 'Bash', 'Edit|Write'), hooks: fc.array(otherHandler, { minLength: 1, maxLength: 2 }) }), { minLength: 1, maxLength: 2 }),
    ),
  },
  { requiredKeys: [] },
);

describe('Claude Code settings merge', () => {
  it('property: add is idempotent, keeps every other handler, and remove restores the original', () => {
    fc.assert(
      fc.property(settingsArbitrary, fc.constantFrom(shell, exec), (settings, command) => {
        const added = addMemHooks(settings, command);
        expect(added.changed).toBe(true);
        expect(addMemHooks(added.settings, command).changed).toBe(false);
        for (const { event } of REGISTERED_HOOKS) expect(JSON.stringify(added.settings.hooks)).toContain(`hook ${event}`.replace(' ', command.execForm ? '","' : ' '));
        const removed = removeMemHooks(added.settings);
        expect(removed.settings).toEqual(settings.hooks && Object.keys(settings.hooks).length === 0 ? { ...settings, hooks: undefined } : settings);
      }),
      { numRuns: 100 },
    );
  });

  it('recognises its own handlers in shell and exec form, and nobody else’s', () => {
    expect(isMemHandler({ type: 'command', command: "'/usr/local/bin/node' '/opt/my tools/mem/bin/run.js' hook stop" })).toBe(true);
    expect(isMemHandler({ type: 'command', command: 'mem', args: ['hook', 'after-turn'] })).toBe(true);
    expect(isMemHandler({ type: 'command', command: 'mem hook session-start' })).toBe(true);
    expect(isMemHandler({ type: 'command', command: 'memo hook stop' })).toBe(false);
    expect(isMemHandler({ type: 'command', command: 'echo mem' })).toBe(false);
    expect(isMemHandler({ type: 'command', command: 'git hook stop' })).toBe(false);
  });

  it('quotes paths with spaces in the shell form', () => {
    const added = addMemHooks({}, shell).settings;
    const stop = added.hooks?.['Stop']?.[0]?.hooks?.[0];
    expect(stop?.command).toBe("/usr/local/bin/node '/opt/my tools/mem/bin/run.js' hook stop");
  });
});
