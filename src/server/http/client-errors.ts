/**
 * Requests node:http refuses before any handler sees them — a header block over its limit (431), a
 * request that took too long to arrive (408), one it cannot parse (400) — answered in the API's error
 * model with a Chinese message instead of Node's bare status line with an empty body.
 */
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { frameworkMessage } from '../kernel/errors.ts';

const STATUS_OF_CODE: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that went away, or a socket already answered: nothing to say.
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const [status, reason] = STATUS_OF_CODE[err.code ?? ''] ?? [400, 'Bad Request'];
    const body = JSON.stringify({ success: false, message: frameworkMessage(status) });
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  });
}
