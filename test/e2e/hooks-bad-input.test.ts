/**
 * Bad input never breaks the agent: exit 0, nothing or one JSON object on stdout, nothing written
 * outside .memory/, no existing file damaged, and the problem visible in `mem status`.
 */
import {
  chmodSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
  openSync,
  closeSync,
  ftruncateSync,
  existsSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanupTempDirs, git, makeRepo, makeTempDir, runMem } from '../helpers/temp-repo.js';
import { appendLines, stopPayload, userLine } from '../helpers/hook-payloads.js';

afterEach(cleanupTempDirs);

type Snapshot = Map<string, string>;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** Every file outside .memory/ and .git/, with its content, to prove nothing else changed. */
function snapshot(repo: string): Snapshot {
  const files: Snapshot = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const rel = relative(repo, full);
      if (rel === '.git' || rel === '.memory') continue;
      if (entry.isDirectory()) walk(full);
      else files.set(rel, readFileSync(full, 'latin1'));
    }
  };
  walk(repo);
  return files;
}

type Status = { hooks: { errors: { code: string; message: string }[]; notes: { message: string }[] } };
const status = (repo: string): Status => JSON.parse(runMem(['status', '--json'], { cwd: repo }).stdout) as Status;

describe('hooks with bad input', () => {
  let repo: string;
  let before: Snapshot;
  beforeEach(() => {
    repo = makeRepo();
    runMem(['init', '--yes'], { cwd: repo });
    writeFileSync(join(repo, 'CLAUDE.md'), '# Project\n\nHand-written rules.\n');
    before = snapshot(repo);
  });

  function expectSilentAndHarmless(stdin: string | Buffer, event = 'stop'): { stdout: string } {
    const result = runMem(['hook', event], { cwd: repo, stdin });
    expect(result.status).toBe(0);
    expect(result.stdout === '' || JSON.parse(result.stdout)).toBeTruthy();
    expect(snapshot(repo)).toEqual(before);
    return result;
  }

  const cases: [string, string | Buffer, string][] = [
    ['not JSON', 'this is not json {', 'NOT_JSON'],
    ['binary garbage', Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x9c, 0x7b]), 'NOT_JSON'],
    ['JSON of the wrong shape', '[1, 2, 3]', 'NOT_OBJECT'],
    ['missing session_id', JSON.stringify({ transcript_path: '/tmp/x.jsonl', cwd: '.' }), 'BAD_FIELD'],
    ['session_id with a slash', JSON.stringify({ session_id: 'a/b', transcript_path: '/tmp/x' }), 'UNSAFE_SESSION_ID'],
    ['session_id with ..', JSON.stringify({ session_id: '../../x', transcript_path: '/tmp/x' }), 'UNSAFE_SESSION_ID'],
    [
      'session_id with NUL',
      JSON.stringify({ session_id: 'ab\u0000cd', transcript_path: '/tmp/x' }),
      'UNSAFE_SESSION_ID',
    ],
    [
      'session_id of 5,000 characters',
      JSON.stringify({ session_id: 'a'.repeat(5000), transcript_path: '/tmp/x' }),
      'UNSAFE_SESSION_ID',
    ],
    ['transcript_path of the wrong type', JSON.stringify({ session_id: 'abc', transcript_path: 42 }), 'BAD_FIELD'],
  ];
  for (const [name, stdin, code] of cases) {
    it(`${name}: exit 0, nothing written, visible in status`, () => {
      expectSilentAndHarmless(stdin);
      const errors = status(repo).hooks.errors;
      expect(errors.at(-1)?.code).toBe(code);
      expect(existsSync(join(repo, '.memory', 'state', 'sessions'))).toBe(false);
    });
  }

  it('a transcript_path that does not exist is tolerated and reported', () => {
    expectSilentAndHarmless(stopPayload('sess-missing', join(repo, '..', 'nope.jsonl'), repo));
    expect(status(repo).hooks.notes.at(-1)?.message).toContain('transcript_path does not exist');
  });

  it('a transcript_path that is a directory is tolerated and reported', () => {
    const dir = makeTempDir();
    expectSilentAndHarmless(stopPayload('sess-dir', dir, repo));
    expect(status(repo).hooks.notes.at(-1)?.message).toContain('is a directory');
  });

  it('an unreadable transcript is tolerated and reported', () => {
    if (process.getuid?.() === 0) {
      // root reads anything: use a FIFO-free stand-in, a path whose parent is not a directory.
      const file = join(repo, '..', 'plain-file');
      writeFileSync(file, 'x');
      expectSilentAndHarmless(stopPayload('sess-unreadable', join(file, 't.jsonl'), repo));
      expect(status(repo).hooks.notes.at(-1)?.message).toMatch(/does not exist|unreadable/);
      return;
    }
    const file = join(repo, '..', 'locked.jsonl');
    writeFileSync(file, `${userLine('hello there')}\n`);
    chmodSync(file, 0o000);
    expectSilentAndHarmless(stopPayload('sess-unreadable', file, repo));
    expect(status(repo).hooks.notes.at(-1)?.message).toContain('unreadable');
  });

  it('a 200 MB transcript is read from its recent end, inside the budget, with bounded memory', () => {
    const file = join(repo, '..', 'huge.jsonl');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 200 * 1024 * 1024); // sparse: 200 MB of NUL bytes, no newline
    closeSync(fd);
    appendLines(file, ['', userLine('The real request at the end of a huge file')]);
    const result = runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('sess-huge', file, repo) });
    expect(result.status).toBe(0);
    const handoff = readdirSync(join(repo, '.memory', 'sessions'))[0]!;
    expect(readFileSync(join(repo, '.memory', 'sessions', handoff), 'utf8')).toContain(
      'The real request at the end of a huge file',
    );
    expect(snapshot(repo)).toEqual(before);
  });

  it('truncated, non-JSON and 5 MB lines are skipped; the good lines still count', () => {
    const file = join(repo, '..', 'mixed.jsonl');
    const huge = JSON.stringify({
      type: 'user',
      message: {
        role: 'user',
        content: [{ type: 'image', source: { type: 'base64', data: 'A'.repeat(5 * 1024 * 1024) } }],
      },
    });
    appendLines(file, [
      userLine('First real request'),
      '{"type":"user","message":{"role":"us',
      'not json at all',
      huge,
      userLine('Second real request'),
    ]);
    expectSilentAndHarmless(stopPayload('sess-mixed', file, repo));
    const handoff = readFileSync(
      join(repo, '.memory', 'sessions', readdirSync(join(repo, '.memory', 'sessions'))[0]!),
      'utf8',
    );
    expect(handoff).toContain('- Goal: First real request');
    expect(handoff).toContain('- Latest request: Second real request');
    const notes = status(repo).hooks.notes.at(-1)?.message ?? '';
    expect(notes).toContain('1 over-long transcript line(s) skipped');
    expect(notes).toContain('2 unreadable transcript line(s) skipped');
  });

  it('a partial last line is left for the next run, then read once complete', () => {
    const file = join(repo, '..', 'partial.jsonl');
    const line = userLine('Request written in two flushes');
    appendLines(file, [userLine('Opening request')]);
    writeFileSync(file, readFileSync(file, 'utf8') + line.slice(0, 30));
    expectSilentAndHarmless(stopPayload('sess-partial', file, repo));
    const handoffPath = join(repo, '.memory', 'sessions', readdirSync(join(repo, '.memory', 'sessions'))[0]!);
    expect(readFileSync(handoffPath, 'utf8')).not.toContain('two flushes');
    writeFileSync(file, `${readFileSync(file, 'utf8')}${line.slice(30)}\n`);
    expectSilentAndHarmless(stopPayload('sess-partial', file, repo));
    expect(readFileSync(handoffPath, 'utf8')).toContain('- Latest request: Request written in two flushes');
    expect(status(repo).hooks.notes.some((note) => note.message.includes('unreadable'))).toBe(false);
  });

  it('a transcript that shrinks between calls is re-read without counting old turns twice', () => {
    const file = join(repo, '..', 'rewritten.jsonl');
    const first = userLine('Original first request');
    appendLines(file, [first, userLine('Original second request')]);
    expectSilentAndHarmless(stopPayload('sess-shrink', file, repo));
    writeFileSync(file, `${first}\n`);
    appendLines(file, [userLine('New request after rewrite')]);
    expectSilentAndHarmless(stopPayload('sess-shrink', file, repo));
    const handoff = readFileSync(
      join(repo, '.memory', 'sessions', readdirSync(join(repo, '.memory', 'sessions'))[0]!),
      'utf8',
    );
    expect(handoff).toContain('- Latest request: New request after rewrite');
    expect(handoff).toContain('(3 prompts)');
    expect(status(repo).hooks.notes.at(-1)?.message).toContain('rewritten');
  });

  it('a pasted key and invisible bidi characters in a prompt reach no file under .memory/', () => {
    const file = join(repo, '..', 'hostile.jsonl');
    const key = 'ghp_8Fq2ZkR4tV7yLm1Nc3Xp9Wd5Hs6Ja0Bu2Ee4';
    appendLines(file, [userLine(`Deploy with token ${key} please \u202Eexe.txt\u202C and \u200Bcheck`)]);
    expectSilentAndHarmless(stopPayload('sess-hostile', file, repo, `Used ${key} to deploy`));
    const everything = [...walk(join(repo, '.memory'))].map((path) => readFileSync(path, 'utf8')).join('\n');
    expect(everything).not.toContain(key);
    expect(everything).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B]/);
    expect(everything).toContain('[REDACTED:');
  });

  it('CRLF line ends are read like LF', () => {
    const file = join(repo, '..', 'crlf.jsonl');
    writeFileSync(file, `${userLine('Windows request')}\r\n`);
    expectSilentAndHarmless(stopPayload('sess-crlf', file, repo));
    const handoff = readFileSync(
      join(repo, '.memory', 'sessions', readdirSync(join(repo, '.memory', 'sessions'))[0]!),
      'utf8',
    );
    expect(handoff).toContain('- Goal: Windows request');
  });

  it('an invalid config is reported, and the hook still exits 0 silently', () => {
    writeFileSync(join(repo, '.memory', 'config.json'), '{"version": 1, "session": {"startBudgetTokens": "lots"}}');
    before = snapshot(repo);
    expectSilentAndHarmless(stopPayload('sess-config', join(repo, 'none.jsonl'), repo));
    const error = status.bind(null)(repo);
    expect(error.hooks.errors.at(-1)?.code).toBe('CONFIG_INVALID');
  });
});

describe('hooks in unusual places', () => {
  it('a mistyped event: exit 0, nothing on stdout, one line on stderr naming the events (issue 29.18)', () => {
    const repo = makeRepo();
    const result = runMem(['hook', 'nope'], { cwd: repo, stdin: '{}' });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /"nope" is not a hook event; the events are session-start, user-prompt-submit, .*stop/,
    );
  });

  it('outside a git repository: silent exit 0, nothing written', () => {
    const dir = makeTempDir();
    const result = runMem(['hook', 'stop'], { cwd: dir, stdin: stopPayload('abc', join(dir, 't.jsonl'), dir) });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('outside a git repository: commands fail with a clear error', () => {
    const dir = makeTempDir();
    const result = runMem(['status'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('not inside a git repository');
  });

  it('a repository with no commits, in a path with spaces and non-ASCII', () => {
    const parent = makeTempDir();
    const repo = join(parent, 'my project ünïcödé 日本');
    mkdirSync(repo);
    git(repo, ['init', '-q', '-b', 'main']);
    expect(runMem(['init', '--yes'], { cwd: repo }).status).toBe(0);
    const transcript = join(repo, '..', 'trans cript é.jsonl');
    appendLines(transcript, [userLine('Bonjour, ajoute la traduction 日本語 du menu')]);
    const result = runMem(['hook', 'stop'], { cwd: repo, stdin: stopPayload('sess-unicode', transcript, repo) });
    expect(result.status).toBe(0);
    const sessions = readdirSync(join(repo, '.memory', 'sessions'));
    expect(readFileSync(join(repo, '.memory', 'sessions', sessions[0]!), 'utf8')).toContain(
      'Bonjour, ajoute la traduction 日本語 du menu',
    );
    expect(statSync(join(repo, '.memory', 'config.json')).isFile()).toBe(true);
  });
});
