/**
 * Progress on a terminal: one line on stderr, rewritten in place, shown only when the operation
 * lasts (after a short delay, so quick runs print nothing), and erased when it ends. Piped,
 * redirected, on CI or on a dumb terminal it shows nothing at all: stdout and logs stay clean.
 * A tiny helper rather than a progress-bar library: one line of text is all mem needs.
 */
import type { Progress } from '../core/progress.js';

export type TerminalProgress = { report: Progress; stop: () => void };

const DEFAULT_DELAY_MS = 400;
const REPAINT_MS = 100;

/** Returns a reporter that paints "<prefix>: <label> done/total… 3s" on `stream`, or one that does nothing off a terminal. */
export function terminalProgress(stream: NodeJS.WriteStream, prefix: string, env: NodeJS.ProcessEnv): TerminalProgress {
  if (!stream.isTTY || env['CI'] || env['TERM'] === 'dumb') return { report: () => {}, stop: () => {} };
  // Note: tests on a pseudo-terminal set the delay to 0 to see the line without waiting.
  const delay = Number(env['MEM_PROGRESS_DELAY_MS'] ?? DEFAULT_DELAY_MS);
  const started = Date.now();
  let text = '';
  let painted = false;
  let lastPaint = 0;
  const paint = () => {
    if (text === '') return;
    const seconds = Math.floor((Date.now() - started) / 1000);
    const line = `${prefix}: ${text}…${seconds >= 1 ? ` ${seconds}s` : ''}`;
    const width = stream.columns > 0 ? stream.columns - 1 : 79;
    stream.write(`\r\x1b[2K${line.slice(0, width)}`);
    painted = true;
    lastPaint = Date.now();
  };
  const show = setTimeout(() => paint(), Number.isFinite(delay) ? Math.max(0, delay) : DEFAULT_DELAY_MS);
  // The elapsed seconds keep moving while one phase (a slow fetch) reports nothing new.
  const tick = setInterval(() => {
    if (painted) paint();
  }, 1000);
  show.unref();
  tick.unref();
  return {
    report: (label, done, total) => {
      const next = total === undefined ? label : `${label} ${done ?? 0}/${total}`;
      const changedPhase = next.split(' ')[0] !== text.split(' ')[0] || total === undefined;
      text = next;
      if (painted && (changedPhase || Date.now() - lastPaint >= REPAINT_MS)) paint();
      else if (!painted && Date.now() - started >= delay) paint();
    },
    stop: () => {
      clearTimeout(show);
      clearInterval(tick);
      if (painted) stream.write('\r\x1b[2K');
    },
  };
}
