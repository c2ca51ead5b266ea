import { describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENT_SETTINGS,
  planAgentLoads,
  type AgentSettings,
  type LintView,
} from '../../../src/lint/plan-agent-loads.js';

function view(files: Record<string, string>): LintView {
  return {
    read: (path) => files[path] ?? null,
    filesUnder: (dir) =>
      Object.keys(files)
        .filter((path) => path.startsWith(`${dir}/`))
        .sort(),
  };
}

const settings: AgentSettings = { ...DEFAULT_AGENT_SETTINGS, teamFile: '.claude/rules/mem-team-memory.md' };
const paths = (files: { path: string }[]) => files.map((file) => file.path);

describe('planAgentLoads: Claude Code', () => {
  it('loads the CLAUDE.md chain down to the start directory, .claude/, always-on rules and CLAUDE.local.md, and lists path-scoped rules apart', () => {
    const repo = view({
      'CLAUDE.md': '# Root\n',
      '.claude/CLAUDE.md': 'dot claude\n',
      '.claude/rules/general.md': 'Always.\n',
      '.claude/rules/api.md': '---\npaths:\n  - "services/api/**"\n---\nAPI only.\n',
      '.claude/rules/mem-team-memory.md': '# Team memory\n- A rule.\n',
      'CLAUDE.local.md': 'mine\n',
      'services/CLAUDE.md': 'services\n',
      'services/api/CLAUDE.md': 'api\n',
      'web/CLAUDE.md': 'web\n',
    });
    const [root] = planAgentLoads(repo, '', ['claude'], settings).loads;
    expect(paths(root!.files)).toEqual([
      'CLAUDE.md',
      '.claude/CLAUDE.md',
      '.claude/rules/general.md',
      '.claude/rules/mem-team-memory.md',
      'CLAUDE.local.md',
    ]);
    expect(root!.files.find((file) => file.path.endsWith('mem-team-memory.md'))?.reason).toBe('team');
    expect(root!.scoped).toMatchObject([{ path: '.claude/rules/api.md', globs: ['services/api/**'] }]);
    const [deep] = planAgentLoads(repo, 'services/api', ['claude'], settings).loads;
    expect(paths(deep!.files)).toContain('services/api/CLAUDE.md');
    expect(paths(deep!.files)).toContain('services/CLAUDE.md');
    expect(paths(deep!.files)).not.toContain('web/CLAUDE.md');
    expect(root!.bytes).toBe(root!.files.reduce((sum, file) => sum + file.bytes, 0));
    expect(root!.tokens).toBe(Math.ceil(root!.bytes / 4));
  });

  it('follows imports four hops deep, once per file, and reports what is missing, cyclic or too deep', () => {
    const repo = view({
      'CLAUDE.md': '@a.md\n@gone.md\n@a.md\n',
      'a.md': '@b.md\n',
      'b.md': '@c.md\n',
      'c.md': '@d.md\n@CLAUDE.md\n',
      'd.md': '@e.md\n',
      'e.md': 'too deep\n',
    });
    const { loads, problems } = planAgentLoads(repo, '', ['claude'], settings);
    expect(paths(loads[0]!.files)).toEqual(['CLAUDE.md', 'a.md', 'b.md', 'c.md', 'd.md']);
    expect(
      problems.map((problem) => `${problem.kind} ${problem.file}:${problem.line} ${problem.target}`).sort(),
    ).toEqual(['broken CLAUDE.md:2 gone.md', 'cycle c.md:2 CLAUDE.md', 'too-deep d.md:1 e.md']);
  });

  it("leaves imports outside the start directory to the user's approval, and non-text files out", () => {
    const repo = view({
      'CLAUDE.md': '@docs/x.md\n',
      'docs/x.md': 'x\n',
      'pkg/CLAUDE.md': '@../docs/x.md @logo.png\n',
      'pkg/logo.png': 'png',
    });
    const [load] = planAgentLoads(repo, 'pkg', ['claude'], settings).loads;
    expect(paths(load!.files)).toEqual(['CLAUDE.md', 'pkg/CLAUDE.md']);
  });
});

describe('planAgentLoads: Codex and Gemini CLI', () => {
  it('takes AGENTS.override.md over AGENTS.md per directory, fallbacks last, and cuts the chain at the byte cap', () => {
    const repo = view({
      'AGENTS.md': 'x'.repeat(30),
      'pkg/AGENTS.override.md': 'y'.repeat(30),
      'pkg/AGENTS.md': 'not read',
      'pkg/sub/TEAM.md': 'z'.repeat(10),
    });
    const [codex] = planAgentLoads(repo, 'pkg/sub', ['codex'], {
      ...settings,
      codexMaxBytes: 50,
      codexFallbacks: ['TEAM.md'],
    }).loads;
    expect(codex!.files.map((file) => [file.path, file.reason, file.keptBytes])).toEqual([
      ['AGENTS.md', 'memory', undefined],
      ['pkg/AGENTS.override.md', 'override', 20],
      ['pkg/sub/TEAM.md', 'fallback', 0],
    ]);
    expect(codex!.bytes).toBe(50);
    expect(codex!.capBytes).toBe(50);
  });

  it('loads GEMINI.md and each context.fileName from the root down, with imports', () => {
    const repo = view({ 'GEMINI.md': '@docs/g.md\n', 'docs/g.md': 'g\n', 'AGENTS.md': 'a\n', 'pkg/GEMINI.md': 'p\n' });
    const [gemini] = planAgentLoads(repo, 'pkg', ['gemini'], {
      ...settings,
      geminiNames: ['GEMINI.md', 'AGENTS.md'],
    }).loads;
    expect(gemini!.files.map((file) => `${file.path}:${file.reason}`)).toEqual([
      'GEMINI.md:memory',
      'docs/g.md:import',
      'AGENTS.md:context',
      'pkg/GEMINI.md:memory',
    ]);
  });
});
