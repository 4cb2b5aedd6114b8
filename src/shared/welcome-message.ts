/**
 * The letter a new member finds in 消息 right after registering (messages/welcome.ts writes it once,
 * in the registration's transaction): how the community works, with the pages it names as buttons on
 * the messages page. Only a system message with this title from the system carries them.
 */
export const WELCOME_MESSAGE = {
  title: '欢迎来到猎人创意社区',
  content: [
    '您好，欢迎加入猎人创意社区！这里简单介绍一下社区怎么用：',
    '1. 发布创意：在「发布创意」页把您的想法写成一张创意卡片，填好标题、描述和标签就可以发布。',
    '2. 审核后公开：发布的创意会先经过审核，通过后才会公开，出现在创意市场里；审核结果会发到这里通知您。',
    '3. 灵感库：您的草稿、发布过的创意和收藏的创意都保存在灵感库里，随时可以回来接着写。',
    '4. 创意市场：在这里浏览大家的创意，收藏喜欢的卡片，关注感兴趣的作者，也可以留下评论交流。',
    '祝您在这里收获灵感！',
  ].join('\n'),
} as const;

/** The buttons under the welcome letter, in the order it names the pages. */
export const WELCOME_LINKS = [
  { href: '/create-pin', label: '发布创意' },
  { href: '/inspiration-library', label: '打开灵感库' },
  { href: '/marketplace', label: '逛逛创意市场' },
] as const;
