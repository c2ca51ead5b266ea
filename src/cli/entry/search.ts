/**
 * `mem search` (dispatched by bin/run.js before oclif loads): oclif alone costs ~0.4× `node -e 0`
 * of the 2× warm-search budget at 1k entries. The oclif command (cli/commands/search.ts) is its
 * help (`--help` goes there) and runs this too.
 */
import { EXIT } from '../../core/errors.js';
import { highlightStyleFor, runSearchRequest, type SearchCliRequest } from '../../search/search-cli.js';
import { finishIndexRefresh, REFRESH_INDEX_ARG } from '../../search/index-refresh.js';
import { refreshSearchIndex } from '../../search/search-memory.js';
import { terminalProgress } from '../terminal-progress.js';

const VALUE_FLAGS: Record<string, 'limit' | 'section' | 'kind' | 'since'> = {
  '--limit': 'limit',
  '-n': 'limit',
  '--section': 'section',
  '-s': 'section',
  '--kind': 'kind',
  '-k': 'kind',
  '--since': 'since',
};

/** Runs `mem search` with `argv` (after "search"), writes its output, and returns the exit code; never throws. */
export async function runSearchCli(argv: string[]): Promise<number> {
  if (argv[0] === REFRESH_INDEX_ARG) {
    // Internal: started detached by the prompt hook or SessionStart (search/index-refresh.ts); prints nothing.
    try {
      await refreshSearchIndex(process.cwd());
    } finally {
      finishIndexRefresh(process.env);
    }
    return EXIT.ok;
  }
  const parsed = parseSearchArgv(argv);
  if (typeof parsed === 'string') {
    process.stderr.write(
      `mem search: ${parsed}\n  hint: mem search <query> [--json] [--limit N] [--section S] [--kind K] [--since DAYS|DATE]\n`,
    );
    return EXIT.usage;
  }
  // Note: a first search (or one after the cache was dropped) builds the index; a terminal sees how far.
  const progress = terminalProgress(process.stderr, 'mem search', process.env);
  let output;
  try {
    output = await runSearchRequest({
      ...parsed,
      cwd: process.cwd(),
      style: parsed.json ? 'plain' : highlightStyleFor(process.stdout.isTTY === true, process.env),
      progress: progress.report,
    });
  } finally {
    progress.stop();
  }
  if (output.stderr) process.stderr.write(output.stderr);
  if (output.stdout) await new Promise<void>((resolve) => process.stdout.write(output.stdout, () => resolve()));
  return output.exitCode;
}

type Parsed = Omit<SearchCliRequest, 'cwd' | 'style'>;

/** Returns the request `argv` describes, or a usage message; never throws. */
function parseSearchArgv(argv: string[]): Parsed | string {
  const words: string[] = [];
  const out: Parsed = { query: '', json: false };
  const kinds: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '--json') {
      out.json = true;
      continue;
    }
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const flag = VALUE_FLAGS[name];
    if (flag) {
      const value = inline ?? argv[++i];
      if (value === undefined) return `${name} needs a value`;
      if (flag === 'limit') {
        if (!/^\d+$/.test(value)) return `--limit must be a whole number, got "${value}"`;
        out.limit = Number(value);
      } else if (flag === 'kind') kinds.push(value);
      else out[flag] = value;
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1 && !/^-\d/.test(arg)) return `unknown flag ${arg}`;
    words.push(arg);
  }
  if (kinds.length > 0) out.kinds = kinds;
  out.query = words.join(' ');
  if (out.query.trim() === '') return 'a query is needed: the words to look for, e.g. mem search "docker db tests"';
  return out;
}
