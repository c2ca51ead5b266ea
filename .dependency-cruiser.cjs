/**
 * The shape of the house (docs/architecture.md), checked by `npm run deps` in `npm test`:
 * a folder is a capability a user would name; capabilities never import one another; the
 * composers (turn/, cli/, setup/) put them together; core/ and agents/ are shared below them.
 */
const CAPABILITIES = ['session', 'durable', 'team', 'search', 'lint'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...CAPABILITIES.map((capability) => ({
      name: `${capability}-stays-independent`,
      comment: `${capability}/ is a capability: it may use core/ and agents/, never another capability or a composer (turn/, cli/, setup/).`,
      severity: 'error',
      from: { path: `^src/${capability}/` },
      to: { path: `^src/(${CAPABILITIES.filter((other) => other !== capability).join('|')}|turn|cli|setup)/` },
    })),
    {
      name: 'core-imports-nothing-above-it',
      comment: 'core/ is plumbing shared by everything: it never imports a capability, an agent adapter or a composer.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(?!core/)' },
    },
    {
      name: 'agents-use-only-core',
      comment: 'agents/ adapts an agent (payloads, settings, transcripts): it may use core/ only.',
      severity: 'error',
      from: { path: '^src/agents/' },
      to: { path: '^src/(session|durable|team|search|lint|turn|cli|setup)/' },
    },
    {
      name: 'composers-do-not-reach-into-cli',
      comment: 'turn/ and setup/ compose capabilities; only bin → cli/ sits on top.',
      severity: 'error',
      from: { path: '^src/(turn|setup)/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'only-cli-imports-oclif',
      comment: 'oclif is the command shell: nothing below cli/ may load it (the hook path must never pay for it).',
      severity: 'error',
      from: { path: '^src/(?!cli/)' },
      to: { path: '@oclif/core' },
    },
    {
      name: 'no-circular',
      comment: 'Import cycles make load order and laziness unpredictable.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules|test|bench|fixtures)/' },
  },
};
