/**
 * Demo data for the embedded default, so a fresh `npm start` shows a living site. Each issue adds
 * its part (users now). Runs only into an empty database; `npm run seed` runs it by hand.
 */
import type { Kysely } from 'kysely';
import { dbTimeAgo } from '../../../db/time.ts';
import { transaction } from '../../../db/transaction.ts';
import type { Database } from '../../../db/types.ts';
import { PRESET_AVATARS } from '../../shared/constants.ts';
import type { IdeaStage } from '../../shared/idea-display.ts';
import { defaultNickname } from '../../shared/patterns.ts';
import { insertStagedIdea } from '../ideas/seeding.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUserRow } from '../accounts/users.ts';
import { sendWelcome } from '../messages/welcome.ts';

export const DEMO_PASSWORD = 'hunter2026';

export const DEMO_USERS = [
  { phone: '13800000001', registrationNumber: 'bx100001', nickname: '星空猎人', bio: '喜欢在地铁上记录一闪而过的点子。', daysAgo: 40 },
  { phone: '13800000002', registrationNumber: 'bx100002', nickname: '造物小满', bio: '做硬件的产品经理，关注生活里的小麻烦。', daysAgo: 25 },
  { phone: '13800000003', registrationNumber: 'bx100003', nickname: null, bio: null, daysAgo: 3 },
] as const;

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

export async function seedDemoData(db: Kysely<Database>): Promise<{ users: number; ideas: number }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let users = 0;
  for (const [i, u] of DEMO_USERS.entries()) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or([eb('phone', '=', u.phone), eb('registration_number', '=', u.registrationNumber)]))
      .executeTakeFirst();
    if (exists) continue;
    const createdAt = dbTimeAgo(u.daysAgo * 24 * 3600 * 1000);
    // As a member who registered then: the demo's messages page opens on the welcome letter. One
    // transaction, as registration's: a seed stopped half-way leaves no member without it.
    await transaction(db, async (trx) => {
      const id = await insertUserRow(trx, {
        registrationNumber: u.registrationNumber,
        phone: u.phone,
        passwordHash,
        nickname: u.nickname ?? defaultNickname(u.registrationNumber),
        avatarUrl: PRESET_AVATARS[(i + 1) % PRESET_AVATARS.length],
        bio: u.bio,
        createdAt,
      });
      await sendWelcome(trx, id, createdAt);
    });
    users++;
  }
  return { users, ideas: await seedDemoIdeas(db) };
}

interface DemoIdea {
  author: string;
  title: string;
  description: string;
  analysis: string;
  tags: string[];
  hoursAgo: number;
  state: IdeaStage;
  market?: 'market_exists' | 'market_not_exists';
  favorites?: number;
  views?: number;
  rejectionReason?: string;
}

export const DEMO_IDEAS: DemoIdea[] = [
  {
    author: 'bx100001',
    title: '会提醒喝水的智能水杯',
    description: '根据体重、天气和运动量，提醒你在合适的时候补水。',
    analysis: '<p>很多上班族一整天只喝一两杯水。杯底的重量传感器记录每一口的饮水量，配合手机应用给出每日计划。</p><ul><li>目标人群：久坐办公的白领</li><li>难点：续航与清洗</li></ul>',
    tags: ['健康', '硬件', '办公'],
    hoursAgo: 2,
    state: 'public',
    favorites: 12,
    views: 230,
  },
  {
    author: 'bx100002',
    title: '社区闲置工具共享柜',
    description: '小区里放一个扫码开门的工具柜，电钻、梯子按小时借用。',
    analysis: '<p>一把电钻一生平均只用十几分钟。共享柜用押金和信用分管理，物业负责补货与维护。</p>',
    tags: ['共享', '社区', '生活'],
    hoursAgo: 20,
    state: 'public',
    market: 'market_not_exists',
    favorites: 30,
    views: 512,
  },
  {
    author: 'bx100001',
    title: '菜谱倒推购物清单',
    description: '选好一周想做的菜，自动合并成一份按超市区域排序的购物清单。',
    analysis: '<p>把菜谱里的用量换算合并，去掉家里已有的调料，按超市的货架分区排序，逛一圈就买齐。</p>',
    tags: ['效率', '做饭'],
    hoursAgo: 50,
    state: 'public',
    favorites: 8,
    views: 140,
  },
  {
    author: 'bx100002',
    title: '旧衣物变宠物窝的上门回收',
    description: '回收旧衣服，清洗消毒后缝制成宠物窝，再捐给流浪动物救助站。',
    analysis: '<p>旧衣回收的痛点是没有去处。与救助站合作，把回收做成有温度的公益项目，企业可以认捐。</p>',
    tags: ['环保', '宠物', '公益'],
    hoursAgo: 96,
    state: 'public',
    market: 'market_not_exists',
    favorites: 19,
    views: 377,
  },
  {
    author: 'bx100003',
    title: '会议室噪音提示灯',
    description: '开放办公区的讨论声音太大时，桌上的小灯会慢慢变红。',
    analysis: '<p>用分贝传感器和柔和的灯光提示，不打断讨论，也让大家意识到音量。</p>',
    tags: ['办公', '硬件'],
    hoursAgo: 150,
    state: 'public',
    favorites: 3,
    views: 66,
  },
  {
    author: 'bx100001',
    title: '地铁换乘最佳车厢提示',
    description: '告诉你在哪节车厢上车，换乘时离楼梯最近。',
    analysis: '<p>整理每个换乘站的楼梯位置，结合实时拥挤度推荐车厢。</p>',
    tags: ['出行', '效率'],
    hoursAgo: 1,
    state: 'review',
  },
  {
    author: 'bx100002',
    title: '自习室座位预约小程序',
    description: '图书馆和自习室的空座实时可见，提前预约。',
    analysis: '<p>占座是自习室最大的矛盾。</p>',
    tags: ['学习'],
    hoursAgo: 30,
    state: 'rejected',
    rejectionReason: '描述过于简单，请补充具体的实现方式和使用场景',
  },
  { author: 'bx100001', title: '阳台种菜的浇水日历', description: '按作物和季节生成浇水提醒。', analysis: '<p>还在想怎么判断土壤湿度……</p>', tags: ['种植'], hoursAgo: 5, state: 'draft' },
  {
    author: 'bx100001',
    title: '共享雨伞的归还奖励',
    description: '归还到指定点位的雨伞可以积分兑换咖啡。',
    analysis: '<p>共享雨伞丢失率高，用奖励代替押金。</p>',
    tags: ['共享', '出行'],
    hoursAgo: 48,
    state: 'deleted',
  },
];

async function seedDemoIdeas(db: Kysely<Database>): Promise<number> {
  const existing = await db
    .selectFrom('ideas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  const authors = await db
    .selectFrom('users')
    .select(['id', 'registration_number'])
    .where(
      'registration_number',
      'in',
      DEMO_USERS.map((u) => u.registrationNumber),
    )
    .execute();
  const authorId = new Map(authors.map((a) => [a.registration_number, a.id]));
  let count = 0;
  for (const idea of DEMO_IDEAS) {
    const userId = authorId.get(idea.author);
    if (!userId) continue;
    await insertStagedIdea(db, {
      userId,
      title: idea.title,
      description: idea.description,
      analysis: idea.analysis,
      tags: idea.tags,
      stage: idea.state,
      ageMs: idea.hoursAgo * 3600 * 1000,
      market: idea.market,
      favorites: idea.favorites,
      views: idea.views,
      rejectionReason: idea.rejectionReason,
      deletedAgoMs: 2 * 24 * 3600 * 1000,
    });
    count++;
  }
  return count;
}
