/**
 * The floor: a bare node:http server answering each path with the very bytes and headers the
 * product sent for it (read from the file named by BENCH_CANNED), nothing else.
 */
import fs from 'node:fs';
import { createServer } from 'node:http';

interface Canned {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const canned: Record<string, Canned> = JSON.parse(fs.readFileSync(process.env.BENCH_CANNED!, 'utf8'));
const answers = new Map(Object.entries(canned).map(([url, c]) => [url, { ...c, body: Buffer.from(c.body, 'base64') }]));

const server = createServer((req, res) => {
  const answer = answers.get(req.url ?? '');
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
