import { describe, expect, it } from 'vitest';
import { describeCommand, findProjectCommands } from '../../../../src/durable/extract/find-project-commands.js';

describe('findProjectCommands', () => {
  it.each([
    ['npm test', 'npm test', 'test'],
    ['cd /abs/path && pnpm run build 2>&1 | tail -n 30', 'pnpm run build', 'build'],
    ['npx tsc --noEmit -p tsconfig.json', 'npx tsc --noEmit -p tsconfig.json', 'typecheck'],
    ['npx vitest run test/unit/filter', 'npx vitest run', 'test'],
    ['pytest tests/test_api.py::test_x -q', 'pytest', 'test'],
    ['ruff check .', 'ruff check .', 'lint'],
    ['docker compose up -d db', 'docker compose up -d db', 'services'],
    ['cargo clippy --all-targets', 'cargo clippy --all-targets', 'lint'],
  ])('recognises %j as %j (%s)', (line, command, purpose) => {
    expect(findProjectCommands(line)).toEqual([{ command, purpose }]);
  });

  it('finds each command of a chain', () => {
    expect(findProjectCommands('npm run lint && npm test').map((c) => c.command)).toEqual(['npm run lint', 'npm test']);
  });

  it.each([
    'ls -la',
    'git status',
    'cat package.json',
    'npm view react version',
    'grep -rn foo src/',
    'echo "npm test"',
  ])('ignores %j', (line) => {
    expect(findProjectCommands(line)).toEqual([]);
  });

  it('drops an env prefix that carries a credential', () => {
    expect(findProjectCommands('API_TOKEN=abc123 npm test')).toEqual([{ command: 'npm test', purpose: 'test' }]);
  });

  it('describes a command as a readable rule', () => {
    expect(describeCommand({ command: 'make check', purpose: 'test' })).toBe('Run the tests with `make check`.');
  });
});
