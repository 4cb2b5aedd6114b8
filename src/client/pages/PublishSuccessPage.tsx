/**
 * /publish-success/:id? (accounts-and-people "Publish-success page", docs/architecture.md §10): what happened to the
 * idea, then /idea/{id} after 5 seconds, or /inspiration-library when no id came back. The spec's
 * 发布成功！待审核中... while the idea waits for a moderator (MODERATION=manual); when the automatic
 * review has already made it public, the page says so and links to it, as the message sent then does.
 * 留在此页, or any key, stops the countdown for whoever needs longer to read.
 */
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { PUBLISH_SUCCESS_REDIRECT_MS } from '../../shared/constants.ts';
import { ideaStage, type IdeaStage } from '../../shared/idea-display.ts';
import { trpc } from '../lib/trpc.ts';
import '../styles/ideas.css';

/** What the editor hands over with the navigation, so the right words show before the idea is read again. */
export interface PublishedState {
  publishedStage: IdeaStage;
  /** An edit of an idea that was already public (not a first publication). */
  edited?: boolean;
}

const isStage = (v: unknown): v is IdeaStage => typeof v === 'string' && ['draft', 'review', 'rejected', 'public', 'deleted'].includes(v);

function stageFromState(state: unknown): IdeaStage | null {
  const s = (state ?? {}) as Partial<PublishedState>;
  return isStage(s.publishedStage) ? s.publishedStage : null;
}

const editedFromState = (state: unknown) => ((state ?? {}) as Partial<PublishedState>).edited === true;

export const PUBLISH_SUCCESS_TEXT = {
  review: {
    heading: '发布成功！待审核中...',
    lines: ['你的创意已提交，平台审核通过后会展示在创意市场。', '审核结果会通过站内消息通知你，审核期间可以在「我的灵感库」查看进度。'],
  },
  /** Just published and made public by the automatic review (the editor handed the stage over). */
  public: {
    heading: '发布成功！所有人可见',
    lines: ['你的创意已通过自动审核，现已展示在创意市场。', '审核通过的通知已发到你的消息中心。'],
  },
  /** An edit of a public idea, approved at once: no new publication (a phone walkthrough read 发布成功 after an edit). */
  edited: {
    heading: '修改已生效',
    lines: ['修改已通过自动审核，创意市场里显示的是新内容。'],
  },
  /** Public, read later without the editor's word: a moderator may have approved it. */
  publicLater: {
    heading: '发布成功！所有人可见',
    lines: ['你的创意已通过审核，现已展示在创意市场。', '审核通过的通知已发到你的消息中心。'],
  },
  /** Not known yet (no id, or the idea is still being read) or changed since: nothing untrue. */
  other: {
    heading: '发布成功！',
    lines: ['你可以在「我的灵感库」查看这条创意的状态。'],
  },
} as const;

export default function PublishSuccessPage() {
  usePageTitle('发布成功');
  const params = useParams<{ id?: string }>();
  const id = params.id && /^\d+$/.test(params.id) ? params.id : null;
  const [, navigate] = useLocation();
  const historyState = useHistoryState<unknown>();
  const handed = stageFromState(historyState);
  const edited = editedFromState(historyState);
  // The author may read their own idea in any stage: the stage as it is now (a reload has no state).
  const idea = trpc.ideas.byId.useQuery({ id: Number(id) }, { enabled: id !== null, retry: false, select: (answer) => answer.data });
  const stage: IdeaStage | null = idea.data ? ideaStage(idea.data) : handed;
  const text =
    stage === 'public' ? PUBLISH_SUCCESS_TEXT[handed === 'public' ? (edited ? 'edited' : 'public') : 'publicLater'] : stage === 'review' ? PUBLISH_SUCCESS_TEXT.review : PUBLISH_SUCCESS_TEXT.other;
  // The page speaks to the idea's author: anyone else given its address is shown the idea itself.
  const notTheAuthor = !!idea.data && !idea.data.isOwner;
  useEffect(() => {
    if (notTheAuthor) navigate(`/idea/${id}`, { replace: true });
  }, [notTheAuthor, id, navigate]);

  const target = id ? `/idea/${id}` : '/inspiration-library';
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(PUBLISH_SUCCESS_REDIRECT_MS / 1000));
  // A reader who needs longer than the countdown can stop it (WCAG 2.2.1, timing adjustable).
  const [staying, setStaying] = useState(false);
  const firstAction = useRef<HTMLButtonElement>(null);
  const timers = useRef<{ redirect?: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval> }>({});

  const stopTimers = () => {
    clearTimeout(timers.current.redirect);
    clearInterval(timers.current.tick);
    timers.current = {};
  };

  useEffect(() => {
    const startedAt = Date.now();
    setSecondsLeft(Math.ceil(PUBLISH_SUCCESS_REDIRECT_MS / 1000));
    timers.current.tick = setInterval(() => {
      setSecondsLeft(Math.max(0, Math.ceil((PUBLISH_SUCCESS_REDIRECT_MS - (Date.now() - startedAt)) / 1000)));
    }, 250);
    // Replace: going back from the detail page should not land here and bounce forward again.
    timers.current.redirect = setTimeout(() => {
      stopTimers();
      navigate(target, { replace: true });
    }, PUBLISH_SUCCESS_REDIRECT_MS);
    return stopTimers;
  }, [target, navigate]);

  // Arrived from the editor, scrolled down as the member typed: the card starts at the top.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  const go = (path: string) => {
    stopTimers();
    navigate(path);
  };

  const stay = () => {
    stopTimers();
    setStaying(true);
    // The button goes with the countdown: focus moves on to the page's first action instead of the page's start.
    requestAnimationFrame(() => firstAction.current?.focus());
  };

  // A keyboard reader stops the countdown with their first key, whichever it is (the button is several
  // Tabs away, more than 5 seconds' work); the key then does what it does. Said once to screen readers.
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    // No number: the line is read once and would not count down with the visible one.
    setAnnouncement('稍后将自动跳转，按任意键或点“留在此页”可停止');
    const onKey = () => {
      stopTimers();
      setStaying(true);
    };
    window.addEventListener('keydown', onKey, { once: true });
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <main className="publish-success">
      <div className="publish-success-card" data-testid="publish-success" data-stage={stage ?? 'unknown'}>
        <div className="publish-success-mark" aria-hidden="true">
          ✓
        </div>
        <h1>{text.heading}</h1>
        {text.lines.map((line) => (
          <p key={line} className="publish-success-text">
            {line}
          </p>
        ))}
        {stage === 'public' && id && (
          <p className="publish-success-text">
            <Link href={`/idea/${id}`} onClick={stopTimers}>
              打开你的创意页面
            </Link>
            ，把它分享给朋友吧。
          </p>
        )}
        <p className="visually-hidden" role="status">
          {staying ? '已停止自动跳转' : announcement}
        </p>
        {staying ? (
          <p className="publish-success-countdown">已停止自动跳转，你可以慢慢看</p>
        ) : (
          <p className="publish-success-countdown">
            <strong>{secondsLeft}</strong> 秒后自动跳转{id ? '到创意详情' : '到我的灵感库'}
            <button type="button" className="btn-link publish-success-stay" onClick={stay}>
              留在此页
            </button>
          </p>
        )}
        <div className="publish-success-actions">
          {id && (
            <button type="button" className="btn btn-primary" onClick={() => go(`/idea/${id}`)} ref={firstAction}>
              查看详情
            </button>
          )}
          <button type="button" className="btn" onClick={() => go('/marketplace')} ref={id ? undefined : firstAction}>
            去创意市场
          </button>
          <button type="button" className="btn" onClick={() => go('/inspiration-library')}>
            我的灵感库
          </button>
        </div>
      </div>
    </main>
  );
}
