import { describe, expect, it } from 'vitest';
import { checkPasswordChange, MSG } from '../../src/shared/account-rules.ts';
import { formatRegistrationNumber, isEmail, isPhone, isUserId, maskPhone, defaultNickname } from '../../src/shared/patterns.ts';
import { footerVisible } from '../../src/client/lib/routes.ts';
import { isNewCard, parseTags } from '../../src/shared/idea-rules.ts';
import { recycleDaysLeft, restoreExpired } from '../../src/shared/idea-display.ts';
import { relativeTime } from '../../src/shared/relative-time.ts';

describe('shared account rules', () => {
  it('accepts only mainland mobile numbers', () => {
    expect(isPhone('13812345678')).toBe(true);
    expect(isPhone('19912345678')).toBe(true);
    expect(isPhone('12812345678')).toBe(false);
    expect(isPhone('1381234567')).toBe(false);
    expect(isPhone('138123456789')).toBe(false);
  });

  it('masks 3+4, names from the last 4 digits, and pads registration numbers', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(defaultNickname('bx000042')).toBe('user000042');
    expect(formatRegistrationNumber(42)).toBe('bx000042');
    expect(isUserId('bx000042')).toBe(true);
    expect(isUserId('bx42')).toBe(false);
    expect(isEmail('a@b.cn')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
  });

  it('checks a password change in the spec’s order', () => {
    expect(checkPasswordChange('', 'x', 'x')).toEqual({ field: 'current', message: MSG.currentPasswordRequired });
    expect(checkPasswordChange('old', '123', '456')).toEqual({ field: 'confirm', message: MSG.passwordMismatch });
    expect(checkPasswordChange('old', '123', '123')).toEqual({ field: 'next', message: MSG.passwordTooShort });
    expect(checkPasswordChange('old', '123456', '123456')).toBeNull();
  });

  it('hides the footer only on member pages when logged in', () => {
    expect(footerVisible('/marketplace', true)).toBe(false);
    expect(footerVisible('/inspiration-library', true)).toBe(false);
    expect(footerVisible('/marketplace', false)).toBe(true);
    expect(footerVisible('/about', true)).toBe(true);
    expect(footerVisible('/idea/3', true)).toBe(true);
    expect(footerVisible('/marketplaces', true)).toBe(true);
  });
});

describe('shared idea rules', () => {
  it('splits tags on whitespace, keeps 5, and checks 6 CJK / 12 other characters', () => {
    expect(parseTags('  设计\tAI  设计 生活 ')).toEqual({ tags: ['设计', 'AI', '生活'], notice: null, dropped: [], errors: [] });
    const many = parseTags('a b c d e f a g');
    expect(many.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(many.notice).toBe('标签数量超过5个，仅保留前5个');
    expect(many.dropped).toEqual(['f', 'g']);
    expect(parseTags('六个汉字标签').errors).toEqual([]);
    expect(parseTags('七个汉字的标签').errors).toEqual(['标签「七个汉字的标签」超过6个字符限制']);
    expect(parseTags('abcdefghijkl').errors).toEqual([]);
    expect(parseTags('abcdefghijklm').errors).toEqual(['标签「abcdefghijklm」超过12个字符限制']);
  });

  it('marks cards New for 24 hours and counts recycle-bin days down from 7', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(isNewCard('2026-11-21T12:00:01Z', now)).toBe(true);
    expect(isNewCard('2026-11-21T11:59:59Z', now)).toBe(false);
    expect(recycleDaysLeft('2026-11-22T11:00:00Z', now)).toBe(7);
    expect(recycleDaysLeft('2026-11-16T12:00:00Z', now)).toBe(1);
    expect(recycleDaysLeft('2026-11-14T12:00:00Z', now)).toBe(0);
    // The deadline that shows 0 days left is the one after which restore answers 410.
    expect(restoreExpired('2026-11-14T12:00:00Z', now)).toBe(true);
    expect(restoreExpired('2026-11-16T12:00:00Z', now)).toBe(false);
  });

  it('writes relative time as the spec does', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(relativeTime('2026-11-22T11:59:30Z', now)).toBe('刚刚');
    expect(relativeTime('2026-11-22T11:15:00Z', now)).toBe('45分钟前');
    expect(relativeTime('2026-11-22T02:00:00Z', now)).toBe('10小时前');
    expect(relativeTime('2026-11-16T12:00:00Z', now)).toBe('6天前');
    expect(relativeTime('2026-11-15T11:00:00Z', now)).toMatch(/^2026\/11\/15/);
  });
});

describe('the community clock', () => {
  it('counts the day in China Standard Time, whatever the machine’s zone', async () => {
    const { communityWeekday, doodleUrl } = await import('../../src/shared/constants.ts');
    // Sunday 17:00 UTC is already Monday 01:00 in Beijing.
    expect(communityWeekday(new Date('2026-11-22T17:00:00Z'))).toBe(1);
    expect(communityWeekday(new Date('2026-11-22T15:59:00Z'))).toBe(0);
    expect(doodleUrl(3)).toBe('/doodles/day-3.svg');
  });
});

describe('zod’s messages in plain Chinese', () => {
  it('words limits on numbers and lists, formats and unknown fields without zod’s English type names', async () => {
    const { z } = await import('zod');
    await import('../../src/shared/zod-locale.ts');
    const message = (schema: import('zod').ZodType, value: unknown) => schema.safeParse(value).error!.issues[0].message;
    const cases: [import('zod').ZodType, unknown, string][] = [
      [z.object({ limit: z.number().int().min(1) }), { limit: 0 }, '「limit」不能小于 1'],
      [z.object({ limit: z.number().max(50) }), { limit: 51 }, '「limit」不能大于 50'],
      [z.object({ n: z.number().positive() }), { n: 0 }, '「n」应大于 0'],
      [z.object({ n: z.number().lt(3) }), { n: 3 }, '「n」应小于 3'],
      [z.object({ n: z.number().int() }), { n: 1.5 }, '「n」应为整数'],
      [z.object({ n: z.number().multipleOf(5) }), { n: 3 }, '「n」应为 5 的倍数'],
      [z.object({ ids: z.array(z.number()).min(1) }), { ids: [] }, '「ids」至少 1 项'],
      [z.object({ code: z.string().regex(/^\d{6}$/) }), { code: 'x' }, '「code」格式不正确'],
      [z.object({ mail: z.email() }), { mail: 'x' }, '「mail」格式不正确'],
      [z.strictObject({ a: z.number() }), { a: 1, b: 2 }, '请求内容含有不认识的字段：「b」'],
    ];
    for (const [schema, value, expected] of cases) expect(message(schema, value)).toBe(expected);
    // Nothing outside a field's name is in Latin letters.
    for (const [schema, value] of cases) expect(message(schema, value).replace(/「[^」]*」/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
