/**
 * Incremental transcript reading. Transcripts reach hundreds of MB and single lines of MBs
 * (base64 screenshots, progress dumps), so they are streamed from a saved byte offset in fixed
 * chunks; over-long lines are skipped without ever becoming strings; a partial last line is
 * left for next time; a rewritten (shrunk or different) file is detected and re-read.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { fingerprint } from '../core/files/fast-hash.js';
import { parseTranscriptLine } from './claude-code/parse-transcript-line.js';
import type { TranscriptEvent } from './transcript-event.js';

export type TranscriptCursor = {
  /** Byte offset of the first unread line. */
  offset: number;
  /** Hash of the file's first `headLength` bytes, to notice a rewritten file of any size. */
  head: string;
  headLength: number;
};

export type TailRead = {
  events: TranscriptEvent[];
  cursor: TranscriptCursor;
  linesRead: number;
  skippedLongLines: number;
  badLines: number;
  /** The file no longer matched the cursor (shrunk or rewritten) and was read from the start. */
  rewritten: boolean;
  /** Work stopped at the deadline; the rest is read next time. */
  stoppedAtDeadline: boolean;
  /** First read of a huge file started from its recent end rather than byte 0. */
  startedFromWindow: boolean;
};

export type TailOptions = {
  maxLineBytes: number;
  /** Epoch ms after which reading stops at the next line boundary. */
  deadline: number;
  /** On a first read, files larger than this start this many bytes before the end. */
  firstReadWindowBytes?: number;
  now?: () => number;
  /** The agent's line parser (default: Claude Code's). */
  parseLine?: (line: unknown) => TranscriptEvent[];
};

const CHUNK_BYTES = 1 << 20;
const HEAD_BYTES = 512;
const NEWLINE = 0x0a;

/** Reads the new lines of the transcript at `path` after `cursor`; throws on I/O errors (ENOENT, EISDIR, EACCES). */
export function readTranscriptTail(path: string, cursor: TranscriptCursor | undefined, options: TailOptions): TailRead {
  const now = options.now ?? Date.now;
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw Object.assign(new Error(`${path} is not a regular file`), { code: 'ENOTFILE' });
    // The bytes already consumed never change in an append-only file: if they did, it was rewritten.
    const headLength = Math.min(HEAD_BYTES, stat.size);
    const result: TailRead = {
      events: [],
      cursor: { offset: 0, head: hashHead(fd, headLength), headLength },
      linesRead: 0,
      skippedLongLines: 0,
      badLines: 0,
      rewritten: false,
      stoppedAtDeadline: false,
      startedFromWindow: false,
    };

    let position = 0;
    if (
      cursor &&
      cursor.offset <= stat.size &&
      cursor.headLength <= stat.size &&
      hashHead(fd, cursor.headLength) === cursor.head
    ) {
      position = cursor.offset;
    } else if (cursor) {
      result.rewritten = true;
    }
    const window = options.firstReadWindowBytes;
    if (!cursor && window !== undefined && stat.size > window) {
      position = stat.size - window;
      result.startedFromWindow = true;
    }
    let skipFirstPartialLine = result.startedFromWindow;
    result.cursor.offset = position;

    const buffer = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, Math.max(1, stat.size - position)));
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let skippingLongLine = false;

    while (position < stat.size) {
      if (now() > options.deadline) {
        result.stoppedAtDeadline = true;
        break;
      }
      const bytesRead = readSync(fd, buffer, 0, Math.min(buffer.length, stat.size - position), position);
      if (bytesRead <= 0) break;
      let segmentStart = 0;
      for (
        let index = buffer.indexOf(NEWLINE, 0);
        index !== -1 && index < bytesRead;
        index = buffer.indexOf(NEWLINE, index + 1)
      ) {
        const lineEnd = position + index + 1;
        if (skipFirstPartialLine) {
          skipFirstPartialLine = false;
        } else if (skippingLongLine || pendingBytes + (index - segmentStart) > options.maxLineBytes) {
          result.skippedLongLines += 1;
        } else {
          const piece = buffer.subarray(segmentStart, index);
          const line = pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
          handleLine(line, result, options.parseLine);
        }
        pending = [];
        pendingBytes = 0;
        skippingLongLine = false;
        segmentStart = index + 1;
        result.cursor.offset = lineEnd;
        if (now() > options.deadline) {
          result.stoppedAtDeadline = true;
          break;
        }
      }
      if (result.stoppedAtDeadline) break;
      // The rest of this chunk is the beginning of a line that continues in the next chunk.
      const restBytes = bytesRead - segmentStart;
      if (restBytes > 0 && !skippingLongLine) {
        if (pendingBytes + restBytes > options.maxLineBytes) {
          skippingLongLine = true;
          pending = [];
          pendingBytes = 0;
        } else {
          pending.push(Buffer.from(buffer.subarray(segmentStart, bytesRead)));
          pendingBytes += restBytes;
        }
      }
      position += bytesRead;
    }
    // Note: a partial last line (no newline yet) stays unread: Claude Code is still writing it.
    return result;
  } finally {
    closeSync(fd);
  }
}

/**
 * Line types mem never reads, recognised from raw bytes so they are never decoded or parsed:
 * streaming progress dumps reach MBs. Note: an unescaped `"type":"progress"` cannot occur inside a
 * JSON string value (its quotes would be escaped), only as a key of some object on the line; the
 * top-level type comes early in Claude Code's lines, so only the head of the line is searched.
 */
const SKIPPED_TYPES = ['"type":"progress"', '"type":"file-history-snapshot"'].map((marker) => Buffer.from(marker));
const TYPE_SEARCH_BYTES = 400;

function isSkippedType(line: Buffer): boolean {
  const head = line.subarray(0, TYPE_SEARCH_BYTES);
  return (
    SKIPPED_TYPES.some((marker) => head.indexOf(marker) !== -1) &&
    !head.includes('"type":"user"') &&
    !head.includes('"type":"assistant"')
  );
}

function handleLine(line: Buffer, result: TailRead, parseLine?: (line: unknown) => TranscriptEvent[]): void {
  // Note: the byte-level skip knows Claude Code's line types only.
  if (!parseLine && line.length > TYPE_SEARCH_BYTES && isSkippedType(line)) return;
  let text = line.toString('utf8');
  if (text.endsWith('\r')) text = text.slice(0, -1);
  if (text.trim() === '') return;
  result.linesRead += 1;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    result.badLines += 1;
    return;
  }
  for (const event of (parseLine ?? parseTranscriptLine)(parsed)) result.events.push(event);
}

function hashHead(fd: number, length: number): string {
  const head = Buffer.alloc(length);
  if (length > 0) readSync(fd, head, 0, length, 0);
  return fingerprint(head);
}
