import { describe, expect, it } from 'vitest';
import { installedSkillFolders, isVendored } from '../../../src/lint/is-vendored.js';

describe('isVendored', () => {
  it('takes a vendored folder on the path as another project', () => {
    expect(isVendored('vendor/go.opentelemetry.io/otel/AGENTS.md')).toBe(true);
    expect(isVendored('src/AGENTS.md')).toBe(false);
  });

  it('takes a skill the lock file installed as its upstream, under each dot-folder skill root', () => {
    const lock = JSON.stringify({
      version: 1,
      skills: { 'supabase-postgres-best-practices': { source: 'supabase/agent-skills', sourceType: 'github' } },
    });
    const installed = installedSkillFolders(lock);
    expect(isVendored('.agents/skills/supabase-postgres-best-practices/AGENTS.md', installed)).toBe(true);
    expect(isVendored('.claude/skills/supabase-postgres-best-practices/CLAUDE.md', installed)).toBe(true);
    expect(isVendored('.agents/skills/our-own-skill/AGENTS.md', installed)).toBe(false);
    expect(isVendored('skills/supabase-postgres-best-practices/AGENTS.md', installed)).toBe(false);
  });

  it('reads no skill from a missing or unreadable lock file', () => {
    expect(installedSkillFolders(null)).toEqual([]);
    expect(installedSkillFolders('{ not json')).toEqual([]);
    expect(installedSkillFolders(JSON.stringify({ skills: { mine: {} } }))).toEqual([]);
  });
});
