/**
 * Where code without the request's logger at hand writes a warning or an error: the server's logger
 * (JSON lines, like every request's line) once startServer has made it, the console before that
 * (scripts, tests that build the app without starting a server).
 */
import type { Logger } from 'pino';

type ProcessLogger = Pick<Logger, 'warn' | 'error'> & Partial<Pick<Logger, 'info'>>;

let logger: ProcessLogger | undefined;

export function useProcessLogger(given: ProcessLogger | undefined): void {
  logger = given;
}

export const processLog = {
  info(msg: string): void {
    if (logger) logger.info?.(msg);
    else console.log(msg);
  },
  warn(msg: string, fields: Record<string, unknown> = {}): void {
    if (logger) logger.warn(fields, msg);
    else console.warn(msg, ...(Object.keys(fields).length ? [fields] : []));
  },
  error(msg: string, fields: Record<string, unknown> = {}): void {
    if (logger) logger.error(fields, msg);
    else console.error(msg, ...(Object.keys(fields).length ? [fields] : []));
  },
};
