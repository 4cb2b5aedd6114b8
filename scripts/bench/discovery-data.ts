/**
 * The data of the discovery benchmarks (`npm run bench:discovery`, and the worst searches in `npm run
 * bench`): approved ideas by many users, Chinese titles, descriptions and tags from word lists with
 * some Latin words, published over a year in id order, with their search index.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { dbTimeAgo } from '../../db/time.ts';
import type { Deps } from '../../src/server/deps.ts';
import { approvedIdeaRow } from './approved-idea.ts';
import { searchIndexRows } from '../../src/server/search/search-index.ts';
import { tagFold } from '../../src/server/search/text.ts';

const WORDS = (
  '智能 家居 宠物 健康 社区 平台 共享 出行 教育 儿童 老人 养老 外卖 咖啡 茶饮 烘焙 健身 跑步 骑行 露营 旅行 民宿 摄影 绘画 音乐 乐器 写作 阅读 ' +
  '图书 二手 回收 环保 能源 太阳能 电池 充电 汽车 停车 物流 快递 农业 农场 果园 蔬菜 种植 花园 城市 乡村 校园 职场 招聘 面试 简历 理财 记账 ' +
  '保险 医疗 问诊 药品 睡眠 冥想 心理 陪伴 社交 约会 游戏 电竞 直播 短视频 剪辑 设计 服装 定制 鞋子 眼镜 手表 珠宝 美妆 护肤 发型 厨房 菜谱 ' +
  '食材 餐厅 订餐 会员 订阅 积分 优惠 团购 社群 志愿 公益 捐赠 翻译 语言 学习 考试 编程 机器人 无人机 传感器 手环 耳机 投影 灯光 空气 净化 ' +
  '饮水 清洁 洗衣 收纳 搬家 装修 家具 租房 房东 邻里 快递柜 自助 地图 导航 天气 预警 安全 门锁 监控 小程序 插件 工具 助手 模板 数据 分析'
).split(' ');
const LATIN = 'AI App SaaS IoT VR AR Web API GPT Coffee Pet Eco Fit Kids Cloud Data'.split(' ');
const TAGS = ['创业', '生活', '科技', '效率', '健康', '教育', '环保', '亲子', '社交', '本地', '线上', '硬件', 'SaaS', 'AI', 'App', 'IoT', 'Coffee', 'Pet', 'DIY', 'O2O'];
const VERBS = '帮助 让 连接 方便 记录 提醒 推荐 分享 管理 整理 改善 提升'.split(' ');

function pick<T>(list: readonly T[]): T {
  return list[Math.floor(Math.random() * list.length)];
}

function ideaText(): { title: string; description: string; tags: string[] } {
  const n = 2 + Math.floor(Math.random() * 3);
  const title = Array.from({ length: n }, () => (Math.random() < 0.08 ? pick(LATIN) : pick(WORDS))).join('');
  const clauses = Array.from(
    { length: 3 + Math.floor(Math.random() * 3) },
    () => `${pick(VERBS)}${pick(WORDS)}${Math.random() < 0.5 ? pick(WORDS) : ''}${Math.random() < 0.1 ? ` ${pick(LATIN)} ` : ''}的${pick(WORDS)}`,
  );
  const tags = [...new Set([pick(TAGS), pick(TAGS), pick(TAGS)])];
  return { title, description: `${clauses.join('，')}。`, tags };
}

// ------------------------------------------------------------------ seeding

/** Seeds `ideas` approved ideas by `users` users into an empty migrated database, with their search index. */
export async function seedDiscovery(deps: Deps, { ideas: IDEAS, users: USERS }: { ideas: number; users: number }): Promise<void> {
  const db = deps.db;
  const t0 = performance.now();
  // A throw-away file: no fsync per commit, and a page cache that holds the growing index (256 MB).
  deps.handle.sqlite?.pragma('synchronous = OFF');
  deps.handle.sqlite?.pragma('cache_size = -262144');
  const userRows = Array.from({ length: USERS }, (_, i) => ({
    registration_number: `bx${String(i + 1).padStart(6, '0')}`,
    phone: `139${String(i).padStart(8, '0')}`,
    email: null,
    password_hash: 'bench-no-login',
    nickname: `user${String(i + 1).padStart(6, '0')}`,
    avatar_url: '/images/avatars/avatar1.png',
    bio: null,
    role: 'member' as const,
    status: 'active' as const,
    created_at: dbTimeAgo(400 * 24 * 3600 * 1000),
    updated_at: dbTimeAgo(400 * 24 * 3600 * 1000),
  }));
  for (let i = 0; i < userRows.length; i += 1000)
    await db
      .insertInto('users')
      .values(userRows.slice(i, i + 1000))
      .execute();
  const userIds = (await db.selectFrom('users').select('id').execute()).map((u) => u.id);

  // Published over the last year in id order (with a little jitter), as a live community would.
  const spanMs = 365 * 24 * 3600 * 1000;
  const BATCH = 2000;
  let grams = 0;
  for (let start = 0; start < IDEAS; start += BATCH) {
    const texts = Array.from({ length: Math.min(BATCH, IDEAS - start) }, ideaText);
    await db.transaction().execute(async (trx) => {
      const rows = texts.map((t, k) => {
        const at = dbTimeAgo(spanMs - ((start + k) / IDEAS) * spanMs + Math.floor(Math.random() * 1000));
        return approvedIdeaRow({
          userId: pick(userIds),
          title: t.title,
          description: t.description,
          analysis: '<p>详细分析</p>',
          at,
          views: Math.floor(Math.random() * 500),
          favorites: Math.floor(Math.random() ** 4 * 200),
        });
      });
      for (let i = 0; i < rows.length; i += 1000)
        await trx
          .insertInto('ideas')
          .values(rows.slice(i, i + 1000))
          .execute();
      const inserted = await trx.selectFrom('ideas').select(['id', 'published_at']).orderBy('id', 'desc').limit(rows.length).execute();
      inserted.reverse();
      const tagRows = inserted.flatMap((r, k) => texts[k].tags.map((tag, position) => ({ idea_id: r.id, position, tag, tag_fold: tagFold(tag) })));
      for (let i = 0; i < tagRows.length; i += 5000)
        await trx
          .insertInto('idea_tags')
          .values(tagRows.slice(i, i + 5000))
          .execute();
      const index = inserted.map((r, k) => searchIndexRows(r.id, r.published_at!, texts[k]));
      const gramRows = index.flatMap((x) => x.grams);
      // In key order: fewer page splits in the B-tree.
      gramRows.sort((a, b) => a.kind - b.kind || (a.gram < b.gram ? -1 : a.gram > b.gram ? 1 : 0) || (a.published_at < b.published_at ? -1 : 1));
      for (let i = 0; i < gramRows.length; i += 5000)
        await trx
          .insertInto('idea_search_grams')
          .values(gramRows.slice(i, i + 5000))
          .execute();
      const textRows = index.map((x) => x.texts);
      for (let i = 0; i < textRows.length; i += 1000)
        await trx
          .insertInto('idea_search_texts')
          .values(textRows.slice(i, i + 1000))
          .execute();
      grams += gramRows.length;
    });
    if ((start / BATCH) % 10 === 9) process.stdout.write(`  ${start + BATCH} 个创意，${((performance.now() - t0) / 1000).toFixed(0)} 秒\n`);
  }
  if (deps.handle.dialect === 'mysql') for (const t of ['users', 'ideas', 'idea_tags', 'idea_search_grams', 'idea_search_texts']) await sql`analyze table ${sql.table(t)}`.execute(db);
  else await sql`analyze`.execute(db);
  console.log(`写入 ${USERS} 个用户、${IDEAS} 个创意、${grams} 条检索词条：${((performance.now() - t0) / 1000).toFixed(1)} 秒`);
}
