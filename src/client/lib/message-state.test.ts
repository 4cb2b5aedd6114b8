/** The pure rules of follow updates and messages: badge text, viewed marks, pruning, previews. */
import { describe, expect, it } from 'vitest';
import { BADGE_CAP } from '../../shared/constants.ts';
import { badgeText, countUnviewed, isUnseenIdea, isUnviewed, preview, pruneMarks, type FollowUpdateItem } from './message-state.ts';

const item = (number: string, latest: string): FollowUpdateItem => ({ registrationNumber: number, nickname: number, avatarUrl: '', recentIdeasCount: 1, latestIdeaTime: latest });

describe('badge text', () => {
  it('is empty for 0, the number up to the cap, then 99+', () => {
    expect([0, -1, null, undefined].map(badgeText)).toEqual([null, null, null, null]);
    expect(badgeText(1)).toBe('1');
    expect(badgeText(BADGE_CAP)).toBe('99');
    expect(badgeText(BADGE_CAP + 1)).toBe('99+');
    expect(badgeText(5000)).toBe('99+');
  });
});

describe('follow-update viewed marks', () => {
  const a = item('bx000001', '2026-03-02T10:00:00.000Z');
  const b = item('bx000002', '2026-03-01T10:00:00.000Z');

  it('a member without a mark, or with one older than their latest idea, is unviewed', () => {
    expect(isUnviewed(a, {})).toBe(true);
    expect(isUnviewed(a, { bx000001: '2026-03-01T10:00:00.000Z' })).toBe(true);
    expect(isUnviewed(a, { bx000001: a.latestIdeaTime })).toBe(false);
    expect(isUnviewed(a, { bx000001: 'garbage' })).toBe(true);
  });

  it('the badge counts unviewed members; a new publication after a visit counts again', () => {
    const marks = { bx000001: a.latestIdeaTime, bx000002: b.latestIdeaTime };
    expect(countUnviewed([a, b], {})).toBe(2);
    expect(countUnviewed([a, b], marks)).toBe(0);
    expect(countUnviewed([item('bx000001', '2026-03-03T08:00:00.000Z'), b], marks)).toBe(1);
  });

  it('marks are pruned to members still in the list', () => {
    expect(pruneMarks({ bx000001: 'x', bx000009: 'y' }, [a, b])).toEqual({ bx000001: 'x' });
    expect(pruneMarks({ bx000001: 'x' }, [])).toEqual({});
  });
});

describe('message preview', () => {
  it('keeps short text, cuts long text at the limit (by character, emoji intact) with an ellipsis', () => {
    expect(preview('你好', 80)).toEqual({ text: '你好', truncated: false });
    expect(preview('字'.repeat(80), 80).truncated).toBe(false);
    expect(preview('字'.repeat(81), 80)).toEqual({ text: '字'.repeat(80) + '…', truncated: true });
    expect(preview('😀'.repeat(3), 2)).toEqual({ text: '😀😀…', truncated: true });
  });
});

describe('the timeline’s unseen cards', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const card = (number: string, publishedAt: string) => ({ authorRegistrationNumber: number, publishedAt });

  it('a recent card is unseen without a mark for its author, or when published after the mark', () => {
    expect(isUnseenIdea(card('bx000001', '2026-03-09T10:00:00.000Z'), {}, now)).toBe(true);
    expect(isUnseenIdea(card('bx000001', '2026-03-09T10:00:00.000Z'), { bx000001: '2026-03-08T10:00:00.000Z' }, now)).toBe(true);
    expect(isUnseenIdea(card('bx000001', '2026-03-09T10:00:00.000Z'), { bx000001: '2026-03-09T10:00:00.000Z' }, now)).toBe(false);
    expect(isUnseenIdea(card('bx000001', '2026-03-08T10:00:00.000Z'), { bx000001: '2026-03-09T10:00:00.000Z' }, now)).toBe(false);
    // Another author's mark says nothing about this one.
    expect(isUnseenIdea(card('bx000001', '2026-03-09T10:00:00.000Z'), { bx000002: '2026-03-10T10:00:00.000Z' }, now)).toBe(true);
  });

  it('a card older than the 7-day window is never unseen (no mark is kept past it)', () => {
    expect(isUnseenIdea(card('bx000001', '2026-03-03T11:59:00.000Z'), {}, now)).toBe(false);
    expect(isUnseenIdea(card('bx000001', '2026-03-03T12:01:00.000Z'), {}, now)).toBe(true);
    expect(isUnseenIdea({ publishedAt: null }, {}, now)).toBe(false);
  });
});
