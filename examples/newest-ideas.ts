/**
 * A script against the REST API through a typed client: openapi-fetch with the types
 * openapi-typescript generates from /api/openapi.json (examples/api-types.ts, `npm run api:types`).
 * Paths, parameters, bodies and answers are checked by the compiler.
 *
 *   node --import tsx examples/newest-ideas.ts http://localhost:3000 [phone password]
 *
 * Prints the five newest public ideas; with a phone and password it signs in and favourites the first.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api-types.ts';

const [baseUrl = 'http://localhost:3000', phone, password] = process.argv.slice(2);
const api = createClient<paths>({ baseUrl });

const page = await api.GET('/api/marketplace/ideas', { params: { query: { sort: 'newest', limit: 5 } } });
if (page.error) throw new Error(page.error.message);
for (const idea of page.data.data) console.log(`#${idea.id} ${idea.title}（${idea.favorite_count} 人收藏）`);
console.log(page.data.nextCursor ? `下一页：cursor=${page.data.nextCursor}` : '没有更多了');

const first = page.data.data[0];
if (phone && password && first) {
  const login = await api.POST('/api/auth/login', { body: { loginType: 'phone', phone, password } });
  if (login.error) throw new Error(login.error.message);
  const { token, user } = login.data.data;
  const favorite = await api.POST('/api/favorites/{ideaId}', {
    params: { path: { ideaId: first.id } },
    body: { favorite: true },
    headers: { Authorization: `Bearer ${token}` },
  });
  if (favorite.error) throw new Error(favorite.error.message);
  console.log(`${user.nickname} 收藏了 #${first.id}：${favorite.data.message}，共 ${favorite.data.favoriteCount} 人收藏`);
}
