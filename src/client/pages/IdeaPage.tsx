import { usePageTitle } from '../hooks/usePageTitle.ts';
import { Link, useLocation, useParams } from 'wouter';
import { LoadingLine } from '../components/LoadingLine.tsx';
import { MARKET_LABELS, type MarketIdentifier } from '../../shared/idea-rules.ts';
import { relativeTime } from '../../shared/relative-time.ts';
import { Avatar } from '../components/Avatar.tsx';
import { CommentsSection } from '../components/comments/CommentsSection.tsx';
import { httpStatusOf } from '../lib/api-errors.ts';
import { trpc } from '../lib/trpc.ts';
import { isFromMarketplace } from '../lib/marketplace-state.ts';
import '../styles/ideas.css';

export const IDEA_PAGE_MSG = {
  notFound: '未找到该创意卡片',
  loadFailed: '获取创意详情失败',
} as const;

/**
 * /idea/{id}: the idea's public face and the not-found state. Unreviewed, rejected and deleted ideas
 * are 404 for everyone but their author. The full page (analysis unlock, comments, favourites,
 * sharing, similar ideas) is the idea-page issue's.
 */
export default function IdeaPage() {
  const params = useParams<{ id: string }>();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const [, navigate] = useLocation();
  const idea = trpc.ideas.byId.useQuery({ id }, { enabled: valid, retry: (count, err) => httpStatusOf(err) !== 404 && count < 3, select: (answer) => answer.data });
  usePageTitle(idea.data?.title || (!valid || httpStatusOf(idea.error) === 404 ? IDEA_PAGE_MSG.notFound : '创意详情'));
  // Opened from the marketplace: back leads there with the saved scroll position and card (publishing §2).
  const back = () => {
    const state: unknown = window.history.state;
    if (isFromMarketplace(state)) return navigate('/marketplace', { state });
    return window.history.length > 1 ? window.history.back() : navigate('/');
  };

  if (!valid || httpStatusOf(idea.error) === 404) {
    return (
      <main className="page page-center">
        <div className="empty-state">
          <h1>{IDEA_PAGE_MSG.notFound}</h1>
          <p className="muted">它可能还在审核中、已被删除，或者链接有误。</p>
          <button type="button" className="btn btn-primary" onClick={back}>
            返回
          </button>
        </div>
      </main>
    );
  }
  if (idea.isError) {
    return (
      <main className="page page-center">
        <div className="empty-state" role="alert">
          <h1>{IDEA_PAGE_MSG.loadFailed}</h1>
          <button type="button" className="btn btn-primary" onClick={() => idea.refetch()}>
            重试
          </button>
        </div>
      </main>
    );
  }
  if (!idea.data) {
    return (
      <LoadingLine />
    );
  }
  const d = idea.data;
  return (
    <main className="page page-narrow">
      <button type="button" className="btn btn-small" onClick={back}>
        ← 返回
      </button>
      <h1>{d.title}</h1>
      <p className="muted">
        {relativeTime(d.publishedAt ?? d.createdAt)} · {MARKET_LABELS[d.marketIdentifier as MarketIdentifier] ?? MARKET_LABELS.market_not_exists}
      </p>
      <p>{d.description}</p>
      {d.tags.length > 0 && (
        <ul className="idea-tags" aria-label="标签">
          {d.tags.map((t) => (
            <li key={t} className="idea-tag">
              #{t}
            </li>
          ))}
        </ul>
      )}
      <p className="row">
        <Avatar src={d.user_avatar} alt="" size={32} />
        <Link href={`/hunter/${d.user_registration_number}`}>{d.authorName}</Link>
      </p>
      <p className="notice">完整的创意详情（详细分析、评论、收藏与分享）即将上线。</p>
      {d.allowComments && <CommentsSection idea={d} />}
    </main>
  );
}
