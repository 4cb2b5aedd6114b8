/** `npm run dev`: the same server with Vite's hot reload in front of the client. */
import path from 'node:path';
import { createServer } from 'vite';
import { loadConfig } from '../src/server/kernel/config.ts';
import { exitOnSignals, startServer } from '../src/server/server.ts';

const config = loadConfig();
const vite = await createServer({ configFile: path.resolve(import.meta.dirname, '../vite.config.ts'), server: { middlewareMode: true }, appType: 'spa' });
const running = await startServer(config, { devMiddleware: vite.middlewares });
exitOnSignals(running);
running.server.on('close', () => void vite.close());
console.log(`开发服务器：http://localhost:${config.port}`);
