/**
 * The server's one logger (pino). Lines go to stdout through pino's asynchronous destination, so a
 * request pays for building its line, not for the write; `flushLog()` empties the buffers on exit.
 */
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../kernel/config.ts';

export type { Logger };

/** A quiet server's lines wait at most this long in the buffer. */
const FLUSH_EVERY_MS = 1000;

export function createLogger(level: LogLevel): Logger {
  // Lines are gathered into 4 KB writes rather than one write each; a timer writes what a quiet
  // server holds every second, and flushLog empties the buffer on shutdown.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Destroyed at exit: nothing left to write.
    }
  }, FLUSH_EVERY_MS).unref();
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime }, destination);
}

/** Text lines handed to a logger's destination in blocks (request-log.ts). */
interface LineBatch {
  add(line: string): void;
  flush(): void;
}

/** Gathered lines are handed on once they reach this many characters (or every FLUSH_EVERY_MS, or on exit). */
const BATCH_CHARS = 8192;
const batches = new WeakMap<Logger, LineBatch>();

/**
 * A writer of ready-made lines to the logger's destination, in blocks of about 8 KB. Handing the
 * destination one line at a time cost a few µs a line: pino's asynchronous destination appends each
 * to a growing string and measures that string's byte length again on every line. A line
 * waits here at most FLUSH_EVERY_MS, so a line of another kind written meanwhile (a warning) may
 * come out before request lines of the same second.
 */
export function lineWriter(logger: Logger): (line: string) => void {
  let batch = batches.get(logger);
  if (!batch) {
    const stream = (logger as unknown as Record<symbol, { write(text: string): unknown }>)[pino.symbols.streamSym];
    let lines: string[] = [];
    let chars = 0;
    const made: LineBatch = {
      add(line) {
        lines.push(line);
        chars += line.length;
        if (chars >= BATCH_CHARS) made.flush();
      },
      flush() {
        if (!lines.length) return;
        const text = lines.join('');
        lines = [];
        chars = 0;
        stream.write(text);
      },
    };
    setInterval(() => made.flush(), FLUSH_EVERY_MS).unref();
    batches.set(logger, made);
    batch = made;
  }
  return batch.add;
}

/** Writes what the line batch and the asynchronous destination still hold (before process.exit). */
export function flushLog(logger: Logger): void {
  try {
    batches.get(logger)?.flush();
    logger.flush();
    // pino's flush is asynchronous; the destination's flushSync is the one that survives exit.
    const stream = (logger as unknown as Record<symbol, { flushSync?: () => void }>)[pino.symbols.streamSym];
    stream?.flushSync?.();
  } catch {
    // A closed stdout must not keep the process from exiting.
  }
}
