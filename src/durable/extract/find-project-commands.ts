/**
 * Recognises build/test/lint/run commands in a shell command line, normalised so that the same
 * command run in different ways (`cd x && npm test 2>&1 | tail`) counts as one.
 */

export type CommandPurpose =
  'test' | 'lint' | 'typecheck' | 'format' | 'build' | 'run' | 'install' | 'migrate' | 'services';

export type ProjectCommand = { command: string; purpose: CommandPurpose };

const RUNNERS =
  /^(?:npm|pnpm|yarn|npx|bun|bunx|deno|make|cargo|go|pytest|python3?\s+-m|uv|poetry|pipenv|tox|nox|ruff|mypy|pyright|black|flake8|eslint|prettier|biome|tsc|vitest|jest|mocha|playwright|gradle|\.\/gradlew|mvn|\.\/mvnw|dotnet|bundle|rake|rspec|rails|mix|docker(?:-compose|\s+compose)|just|task|bazel|cmake|ctest|composer|php\s+artisan|swift|flutter|dart|turbo|nx|lerna)\b/;

// Order matters: the first purpose whose pattern matches wins (`tsc --noEmit` is a type-check, not a build).
const PURPOSES: ReadonlyArray<readonly [CommandPurpose, RegExp]> = [
  ['typecheck', /\b(?:typecheck|type-check|tsc\b.*--noEmit|mypy|pyright|check-types)\b/],
  [
    'lint',
    /\b(?:lint|eslint|ruff\s+check|ruff(?!\s+format)|clippy|flake8|vet|golangci-lint|rubocop|biome\s+(?:check|lint))\b|^make\s+check$/,
  ],
  ['format', /\b(?:fmt|format|prettier|black)\b/],
  ['test', /\b(?:test|tests|spec|vitest|jest|pytest|rspec|mocha|playwright|ctest|e2e|tox|nox)\b/],
  ['migrate', /\b(?:migrate|migration|db:(?:migrate|setup|reset)|prisma\s+migrate)\b/],
  ['services', /\b(?:docker(?:-compose|\s+compose)\s+up)\b/],
  ['build', /\b(?:build|compile|assemble|package|tsc|bundle(?!\s+exec)|codegen|generate)\b/],
  [
    'install',
    /^(?:npm\s+(?:install|ci|i)|pnpm\s+(?:install|i)|yarn(?:\s+install)?|bun\s+install|uv\s+sync|poetry\s+install|pipenv\s+install|bundle\s+install|composer\s+install|go\s+mod\s+download)(?:\s|$)/,
  ],
  ['run', /\b(?:dev|start|serve|server|run)\b/],
];

/** Cuts output plumbing and one-off arguments (specific files, test filters) off a command. */
function trimCommand(segment: string): string {
  let text = segment.trim();
  text = text.replace(/^(?:timeout\s+\d+[smh]?\s+|time\s+)/, '');
  // Output plumbing: pipes (not ||), redirections, trailing echo of the status.
  text = text
    .replace(/\s*(?<!\|)\|(?!\|).*$/, '')
    .replace(/\s*\d?>&?\s*\S+/g, '')
    .trim();
  const tokens = text.split(/\s+/);
  const kept: string[] = [];
  // `pnpm --filter web dev`: right after the package manager, --filter picks a workspace package.
  if (/^(?:pnpm|yarn)$/.test(tokens[0] ?? '') && tokens[1] === '--filter' && tokens[2] !== undefined)
    kept.push(...tokens.splice(0, 3));
  for (const token of tokens) {
    const isSpecific =
      (/[/\\]/.test(token) && !/^\.\/(?:gradlew|mvnw)$/.test(token)) ||
      /\.(?:[jt]sx?|py|rb|go|rs|java|kt|cs|php|spec|test)$/.test(token) ||
      /::/.test(token) ||
      /^(?:-k|-t|-run|--grep|--filter|-g|--testNamePattern|-m)$/.test(token);
    if (isSpecific) break;
    kept.push(token);
  }
  return kept.join(' ');
}

// A dry run, a help or version page, or output cut to its first lines: it shows how a command
// would behave, it does not prove the command works (`make -n test | head -3`).
const DRY_RUN = /(?:^|\s)(?:-n|--dry-run|--dryrun|--just-print|--recon|-h|--help|--version)(?=\s|$)/;

function isOneOff(segment: string): boolean {
  const [command = '', ...piped] = segment.split(/(?<!\|)\|(?!\|)/);
  return DRY_RUN.test(command) || piped.some((next) => /^\s*head\b/.test(next));
}

/** Returns the project commands in a shell command line (empty when there are none); never throws. */
export function findProjectCommands(commandLine: string): ProjectCommand[] {
  if (commandLine.includes('\n') || commandLine.length > 300) return [];
  const found: ProjectCommand[] = [];
  for (const raw of commandLine.split(/\s*(?:&&|;|\|\|)\s*/)) {
    const segment = raw.replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, (env) =>
      /(?:TOKEN|KEY|SECRET|PASS)/.test(env) ? '' : env,
    );
    const bare = segment.replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, '');
    if (!RUNNERS.test(bare) || isOneOff(segment)) continue;
    const command = trimCommand(segment);
    const commandBare = command.replace(/^(?:[A-Z_][A-Z0-9_]*=\S*\s+)+/, '');
    // `npm` alone or `npx vitest` cut down to `npx` says nothing.
    if (
      !/\s/.test(commandBare) &&
      !/^(?:make|cargo|pytest|tox|nox|just|rspec|yarn|jest|vitest|tsc|eslint|mypy|ruff|black|prettier)$/.test(
        commandBare,
      )
    )
      continue;
    if (
      /^(?:npm|pnpm|yarn|bun)\s+(?:view|ls|list|info|outdated|audit|config|whoami|pack|publish|version|help|init|exec\s+--)\b/.test(
        commandBare,
      )
    )
      continue;
    if (
      /^(?:go\s+(?:get|mod\s+tidy|env|version)|cargo\s+(?:add|search|install)|docker\s+compose\s+(?:logs|ps|down|exec))\b/.test(
        commandBare,
      )
    )
      continue;
    const purpose = PURPOSES.find(([, pattern]) => pattern.test(commandBare))?.[0];
    if (purpose === undefined) continue;
    found.push({ command, purpose });
  }
  return found;
}

const PHRASES: Readonly<Record<CommandPurpose, string>> = {
  test: 'Run the tests with',
  lint: 'Lint with',
  typecheck: 'Type-check with',
  format: 'Format code with',
  build: 'Build with',
  run: 'Start the app with',
  install: 'Install dependencies with',
  migrate: 'Run database migrations with',
  services: 'Start the local services with',
};

/** Returns the rule that records a proven command, e.g. "Run the tests with `npm test`."; never throws. */
export function describeCommand(command: ProjectCommand): string {
  return `${PHRASES[command.purpose]} \`${command.command}\`.`;
}
