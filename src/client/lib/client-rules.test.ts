/** The pure rules behind the client's UI kit, session handling and editor. */
import { describe, expect, it } from 'vitest';
import { IDEA_MSG } from '../../shared/idea-rules.ts';
import { editorMode, titleProblem } from '../components/editor/editor-mode.ts';
import { saysResubmit } from '../components/editor/publish-failure.ts';
import {
  cardGridColumns,
  CARD_GRID_COLUMNS,
  coverAspectRatio,
  DEFAULT_PAGE_DESCRIPTION,
  FEATURED_GRID_COLUMNS,
  type GridColumns,
  pageDescription,
  pageTitle,
  quoteName,
  rovingTarget,
} from '../components/ui/ui-rules.ts';
import { bearerTokenOf, sessionVerdict } from './session-guard.ts';
import { replacePhoneInList } from './storage.ts';

describe('page title', () => {
  it('is 页面名 - 平台名, or the platform alone without a page name', () => {
    expect(pageTitle('我的灵感库', '猎人创意社区')).toBe('我的灵感库 - 猎人创意社区');
    expect(pageTitle('  ', '猎人创意社区')).toBe('猎人创意社区');
    expect(pageTitle(null, '猎人创意社区')).toBe('猎人创意社区');
  });
});

describe('page description', () => {
  it("is the page's own, or the site's when the page names none", () => {
    expect(pageDescription('登录猎人创意社区')).toBe('登录猎人创意社区');
    expect(pageDescription(' ')).toBe(DEFAULT_PAGE_DESCRIPTION);
    expect(pageDescription(undefined)).toBe(DEFAULT_PAGE_DESCRIPTION);
  });
});

describe('card cover', () => {
  it("keeps the image's shape between 2:1 and 5:8, and is 4:3 without a size", () => {
    expect(coverAspectRatio(750, 1200)).toBe('1 / 1.6');
    expect(coverAspectRatio(1600, 900)).toBe('1 / 0.563');
    expect(coverAspectRatio(500, 5000)).toBe('1 / 1.6');
    expect(coverAspectRatio(4000, 500)).toBe('1 / 0.5');
    expect(coverAspectRatio(null, null)).toBe('1 / 0.75');
    expect(coverAspectRatio(800, 0)).toBe('1 / 0.75');
  });
});

describe('card grid columns', () => {
  it('1 below 340px, 2 on phones, 3 from 900px, 4 from 1280px', () => {
    expect([320, 339, 340, 390, 899, 900, 1279, 1280, 1920].map((w) => cardGridColumns(w))).toEqual([1, 1, 2, 2, 2, 3, 3, 4, 4]);
  });
  it("the landing's featured cards: two rows of 3 at every desktop width, 2 columns on phones", () => {
    expect([320, 390, 899, 900, 1279, 1280, 1440, 1920, 2560].map((w) => cardGridColumns(w, FEATURED_GRID_COLUMNS))).toEqual([1, 2, 2, 3, 3, 3, 3, 3, 3]);
  });
  it('matches what react-masonry-css computes from the breakpoints', () => {
    const masonry = (width: number, columns: GridColumns) => {
      let best = Infinity;
      let cols: number = columns.default;
      for (const [key, value] of Object.entries(columns)) {
        const bp = parseInt(key);
        if (bp > 0 && width <= bp && bp < best) [best, cols] = [bp, value];
      }
      return cols;
    };
    for (const columns of [CARD_GRID_COLUMNS, FEATURED_GRID_COLUMNS]) {
      for (let w = 280; w <= 2000; w += 7) expect(masonry(w, columns)).toBe(cardGridColumns(w, columns));
    }
  });
});

describe('naming the thing in a dialog', () => {
  it('quotes a title and shortens a long one', () => {
    expect(quoteName('会自己浇水的花盆')).toBe('「会自己浇水的花盆」');
    expect(quoteName('一二三四五六七八九十一二三四五六七八九十一二')).toBe('「一二三四五六七八九十一二三四五六七八九十…」');
  });
});

describe('session rule', () => {
  const base = { status: 200, expiredHeader: null, sentToken: 'a.b', currentToken: 'a.b', path: '/' };
  it('keeps the session on ordinary answers and on calls made without a token', () => {
    expect(sessionVerdict(base)).toBe('keep');
    expect(sessionVerdict({ ...base, sentToken: null, status: 401 })).toBe('keep');
  });
  it('clears it on x-session-expired, even on a 200 of a public page, without leaving the page', () => {
    expect(sessionVerdict({ ...base, expiredHeader: '1' })).toBe('clear');
    expect(sessionVerdict({ ...base, expiredHeader: '1', path: '/about' })).toBe('clear');
  });
  it('clears it on a 401 and goes to /login from a member page only', () => {
    expect(sessionVerdict({ ...base, status: 401, path: '/inspiration-library' })).toBe('clear-and-login');
    expect(sessionVerdict({ ...base, status: 401, expiredHeader: '1', path: '/create-pin' })).toBe('clear-and-login');
    expect(sessionVerdict({ ...base, status: 401, path: '/vision' })).toBe('clear');
  });
  it('never clears a newer session than the one that made the request', () => {
    expect(sessionVerdict({ ...base, status: 401, currentToken: 'c.d', path: '/marketplace' })).toBe('keep');
    expect(sessionVerdict({ ...base, expiredHeader: '1', currentToken: null })).toBe('keep');
  });
  it('reads the bearer token from any header shape', () => {
    expect(bearerTokenOf({ authorization: 'Bearer x.y' })).toBe('x.y');
    expect(bearerTokenOf(new Headers({ Authorization: 'Bearer x.y' }))).toBe('x.y');
    expect(bearerTokenOf({ 'content-type': 'application/json' })).toBeNull();
    expect(bearerTokenOf(undefined)).toBeNull();
  });
});

describe('recent phones after a phone change', () => {
  it('puts the new number in the old one’s place', () => {
    expect(replacePhoneInList(['13800000001', '13800000002'], '13800000002', '13900000009')).toEqual(['13800000001', '13900000009']);
    expect(replacePhoneInList(['13800000002', '13900000009'], '13800000002', '13900000009')).toEqual(['13900000009']);
    expect(replacePhoneInList(['13800000001'], '13700000000', '13900000009')).toEqual(['13800000001']);
  });
});

describe('editor by stage', () => {
  it('names what is edited and what saving does', () => {
    expect(editorMode(null).heading).toBe('创建创意');
    expect(editorMode('draft')).toMatchObject({ heading: '编辑草稿', publishLabel: '发布', allowDraft: true });
    const published = editorMode('public');
    expect(published).toMatchObject({ heading: '编辑已发布的创意', allowDraft: false, editable: true });
    expect(published.notice).toContain('重新提交后需要再次审核');
    expect(editorMode('public', 'manual').notice).toBe(published.notice);
    // Automatic review approves a resubmission at once: the notice does not say it leaves the market.
    expect(editorMode('public', 'auto').notice).toContain('通过后立即更新');
    expect(editorMode('rejected')).toMatchObject({ heading: '修改未通过审核的创意', allowDraft: true });
    expect(editorMode('review').editable).toBe(false);
  });
  it('refuses a title over 60 characters instead of cutting it', () => {
    expect(titleProblem('题'.repeat(60), true)).toBeNull();
    expect(titleProblem('题'.repeat(61), false)).toBe(IDEA_MSG.titleTooLong);
    expect(titleProblem('  ', true)).toBe(IDEA_MSG.titleRequired);
    expect(titleProblem('', false)).toBeNull();
  });
  it('says "change and resubmit" once when the server already says it', () => {
    expect(saysResubmit('内容包含敏感词，未能通过审核，请修改后重新提交')).toBe(true);
    expect(saysResubmit('内容包含敏感词')).toBe(false);
  });
});

describe('rovingTarget (tab rows and menus by keyboard)', () => {
  it('steps with the row’s arrow keys and wraps at the ends', () => {
    expect(rovingTarget('ArrowRight', 0, 3, 'row')).toBe(1);
    expect(rovingTarget('ArrowRight', 2, 3, 'row')).toBe(0);
    expect(rovingTarget('ArrowLeft', 0, 3, 'row')).toBe(2);
    expect(rovingTarget('ArrowLeft', 2, 3, 'row')).toBe(1);
    expect(rovingTarget('ArrowDown', 1, 4, 'column')).toBe(2);
    expect(rovingTarget('ArrowDown', 3, 4, 'column')).toBe(0);
    expect(rovingTarget('ArrowUp', 0, 4, 'column')).toBe(3);
  });
  it('jumps to the ends with Home and End', () => {
    expect(rovingTarget('Home', 2, 4, 'column')).toBe(0);
    expect(rovingTarget('End', 0, 4, 'row')).toBe(3);
  });
  it('leaves the other axis and other keys alone', () => {
    expect(rovingTarget('ArrowDown', 0, 3, 'row')).toBeUndefined();
    expect(rovingTarget('ArrowLeft', 1, 3, 'column')).toBeUndefined();
    expect(rovingTarget('Enter', 1, 3, 'row')).toBeUndefined();
  });
  it('starts a menu from outside its items: down to the first, up to the last', () => {
    expect(rovingTarget('ArrowDown', -1, 4, 'column')).toBe(0);
    expect(rovingTarget('ArrowUp', -1, 4, 'column')).toBe(3);
  });
});
