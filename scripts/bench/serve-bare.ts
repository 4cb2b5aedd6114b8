/**
 * The floor: a bare node:http server answering each path with the very bytes and headers the
 * product sent for it (read from the file named by BENCH_CANNED), nothing else. Community rows hold
 * one answer per member: the key is the path, a newline and the Authorization header
 * (`cannedKey`), so each member gets the bytes the product sent that member.
 */
import fs from 'node:fs';
import { createServer } from 'node:http';
import { cannedKey } from './canned-key.ts';

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const canned: Record<string, Canned> = JSON.parse(fs.readFileSync(process.env.BENCH_CANNED!, 'utf8'));
const answers = new Map(Object.entries(canned).map(([url, c]) => [url, { ...c, body: Buffer.from(c.body, 'base64') }]));

const server = createServer((req, res) => {
  const url = req.url ?? '';
  const authorization = req.headers.authorization;
  const answer = (authorization && answers.get(cannedKey(url, authorization))) || answers.get(url);
  if (!answer) {
    res.statusCode = 404;
    return res.end();
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`READY ${typeof address === 'object' && address ? address.port : 0}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
