/**
 * A bio of one's own: PUT /api/auth/profile (and auth.updateProfile) takes `bio`, at most 200
 * characters of plain text, through the same words check as any text a member writes; it shows on the
 * public profile (the spec's default text when empty); the nickname stays the system's.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BIO_MAX, DEFAULT_BIO, PRESET_AVATARS } from '../../src/shared/constants.ts';
import { DIALECTS } from '../helpers/dialects.ts';
import { trpcCall } from '../helpers/api.ts';
import { serveTestApp } from '../helpers/serve.ts';
import { createUser, type FixtureUser } from '../helpers/fixtures.ts';

const SENSITIVE = '内容包含敏感词，未能通过审核，请修改后重新提交';
const HELD = '简介中有需要人工审核的词语，请修改后再保存';

type Transport = 'rest' | 'trpc';
const TRANSPORTS: Transport[] = ['rest', 'trpc'];

describe.each(DIALECTS)('a member’s bio on %s', (dialect) => {
  const app = serveTestApp(dialect);
  let admin: FixtureUser;
  beforeAll(async () => {
    admin = await createUser(app.deps, { role: 'admin' });
    for (const [word, action] of [
      ['简介禁词', 'block'],
      ['简介待审', 'hold'],
      ['简介替换', 'replace'],
    ] as const) {
      expect((await app.api('POST', '/api/admin/watched-words', { token: admin.token, body: { word, action } })).status).toBe(200);
    }
  });

  /** Saves a profile change by one transport; the answer's status, message and the user it returns. */
  async function save(via: Transport, who: FixtureUser, body: Record<string, unknown>) {
    if (via === 'rest') {
      const res = await app.api('PUT', '/api/auth/profile', { token: who.token, body });
      return { status: res.status, message: res.body.message as string, user: res.body.data?.user as { bio: string; nickname: string } | undefined };
    }
    const res = await trpcCall(app, 'mutation', 'auth.updateProfile', body, who.token);
    return {
      status: res.status,
      message: (res.body.result?.data?.message ?? res.body.error?.message) as string,
      user: res.body.result?.data?.data?.user as { bio: string; nickname: string } | undefined,
    };
  }

  const publicBio = async (who: FixtureUser) => {
    const rest = await app.api('GET', `/api/auth/user/${who.registrationNumber}`);
    const trpc = await trpcCall(app, 'query', 'auth.publicUser', { registrationNumber: who.registrationNumber });
    expect(trpc.body.result.data.data.user.bio).toBe(rest.body.data.user.bio);
    return rest.body.data.user.bio as string;
  };

  for (const via of TRANSPORTS) {
    describe(`over ${via}`, () => {
      it('is saved, trimmed, shown on the public profile, and cleared back to the default text', async () => {
        const member = await createUser(app.deps);
        expect(await publicBio(member)).toBe(DEFAULT_BIO);
        const saved = await save(via, member, { bio: '  喜欢在地铁上记录点子。\n也做硬件。  ' });
        expect(saved.status).toBe(200);
        expect(saved.message).toBe('资料已更新');
        expect(saved.user?.bio).toBe('喜欢在地铁上记录点子。\n也做硬件。');
        expect(await publicBio(member)).toBe('喜欢在地铁上记录点子。\n也做硬件。');
        // The avatar alone leaves the bio as it was.
        expect((await save(via, member, { avatarUrl: PRESET_AVATARS[2] })).message).toBe('头像已更新');
        expect(await publicBio(member)).toBe('喜欢在地铁上记录点子。\n也做硬件。');
        expect((await save(via, member, { bio: '   ' })).status).toBe(200);
        expect(await publicBio(member)).toBe(DEFAULT_BIO);
      });

      it(`takes ${BIO_MAX} characters (an emoji is one) and refuses one more with a Chinese 400`, async () => {
        const member = await createUser(app.deps);
        const full = '😀'.repeat(BIO_MAX);
        expect((await save(via, member, { bio: full })).status).toBe(200);
        expect(await publicBio(member)).toBe(full);
        const over = await save(via, member, { bio: '猎'.repeat(BIO_MAX + 1) });
        expect(over.status).toBe(400);
        expect(over.message).toBe(`简介不能超过${BIO_MAX}个字`);
        expect(await publicBio(member)).toBe(full);
      });

      it('refuses control characters, a non-text bio and an empty change, writing nothing', async () => {
        const member = await createUser(app.deps);
        for (const [body, message] of [
          [{ bio: '你好\u0000世界' }, '内容包含无法显示的控制字符，请删除后重试'],
          [{ bio: 42 }, undefined],
          [{}, '请选择头像或填写简介'],
        ] as const) {
          const res = await save(via, member, body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          if (message) expect(res.message).toBe(message);
          expect(res.message).toMatch(/[\u4e00-\u9fff]/);
        }
        expect(await publicBio(member)).toBe(DEFAULT_BIO);
      });

      it('goes through the words check: a blocked word refused, a held one refused, a replaced one stored as **', async () => {
        const member = await createUser(app.deps);
        const blocked = await save(via, member, { bio: '我在做简介禁词的生意' });
        expect(blocked.status).toBe(403);
        expect(blocked.message).toBe(SENSITIVE);
        const held = await save(via, member, { bio: '欢迎来聊简介待审' });
        expect(held.status).toBe(403);
        expect(held.message).toBe(HELD);
        expect(await publicBio(member)).toBe(DEFAULT_BIO);
        expect((await save(via, member, { bio: '我的简介替换在这里' })).status).toBe(200);
        expect(await publicBio(member)).toBe('我的**在这里');
      });

      it('never renames anyone: a nickname in the body is ignored', async () => {
        const member = await createUser(app.deps, { nickname: '系统起的名' });
        const res = await save(via, member, { bio: '新的简介', nickname: '自己起的名' });
        expect(res.status).toBe(200);
        expect(res.user?.nickname).toBe('系统起的名');
      });
    });
  }

  it('needs a signed-in member on both transports', async () => {
    expect((await app.api('PUT', '/api/auth/profile', { body: { bio: '游客' } })).status).toBe(401);
    expect((await trpcCall(app, 'mutation', 'auth.updateProfile', { bio: '游客' })).status).toBe(401);
  });
});
