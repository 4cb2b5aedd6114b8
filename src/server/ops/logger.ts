/**
 * The server's one logger (pino). Lines go to stdout through pino's asynchronous destination, so a
 * request pays for building its line, not for the write; `flushLog()` empties the buffer on exit.
 */
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config.ts';

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

/** Writes what the asynchronous destination still holds (before process.exit). */
export function flushLog(logger: Logger): void {
  try {
    logger.flush();
    // pino's flush is asynchronous; the destination's flushSync is the one that survives exit.
    const stream = (logger as unknown as Record<symbol, { flushSync?: () => void }>)[pino.symbols.streamSym];
    stream?.flushSync?.();
  } catch {
    // A closed stdout must not keep the process from exiting.
  }
}
