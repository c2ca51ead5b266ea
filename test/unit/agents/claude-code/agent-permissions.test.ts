import { describe, expect, it } from 'vitest';
import { isMemAllowRule, memAllowRules } from '../../../../src/agents/claude-code/agent-permissions.js';

describe('isMemAllowRule', () => {
  it('knows the rules init writes, however mem is invoked', () => {
    for (const command of [
      'mem',
      '/usr/bin/node /opt/mem/bin/run.js',
      "'/usr/bin/node' '/home/a b/mem/bin/run.js'",
      '/usr/local/bin/mem',
    ]) {
      for (const rule of memAllowRules(command)) expect(isMemAllowRule(rule), rule).toBe(true);
    }
  });

  it("leaves everyone else's rules alone", () => {
    for (const rule of [
      'Bash(npm test:*)',
      'Bash(mem list:*)',
      'Bash(memcached search:*)',
      'Bash(remember:*)',
      'Read(mem remember:*)',
      'Bash(mem remember)',
      42,
    ]) {
      expect(isMemAllowRule(rule), String(rule)).toBe(false);
    }
  });
});
