/**
 * The idea page's comments (docs/spec/accounts-and-people.md §2–§9): the heading with the count, collapse and expand, the
 * top-level list with replies nested under each (assembled here from parentId), each comment's
 * menu, and the comment box for members (a login prompt for guests). The list is read with up to 3
 * retries after 2, 4 and 8 s; if it still fails the comments embedded in the idea are shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  buildCommentTree,
  COMMENT_MSG,
  COMMENT_REPORT_REASON_MAX,
  COMMENT_RETRY_DELAYS_MS,
  deletePreview,
  mayDeleteComment,
  nextInteraction,
  type CommentInteraction,
} from '../../../shared/comment-rules.ts';
import type { CommentDto } from '../../../shared/comment-schemas.ts';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { mayActOn } from '../../../shared/idea-display.ts';
import { useSession } from '../../hooks/useSession.ts';
import { errorMessage, httpStatusOf } from '../../lib/api-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useConfirm } from '../ui/ConfirmDialog.tsx';
import { useToast } from '../ui/Toast.tsx';
import { CommentForm, type ReplyTarget } from './CommentForm.tsx';
import { commentAnchor, commentFromHash, CommentItem, type CommentActions } from './CommentItem.tsx';
import '../../styles/comments.css';
import { rememberThisPageForLogin } from '../../lib/login-return.ts';
import { registrationNumberOf } from '../../lib/storage.ts';
import { commentDraftKey, findCommentDraft, keepCommentDraft } from './comment-draft.ts';
import { useIdeaViewer } from '../idea/useIdeaViewer.ts';

const OTHER_REASON = '其他';
const REPORT_REASONS = ['垃圾广告', '人身攻击', '色情低俗', '违法违规', OTHER_REASON] as const;

/** 其他 asks for a few words (optional), sent as 其他：… so the team knows what was meant. */
function ReportReasonFields({ onChange }: { onChange: (reason: string) => void }) {
  const [choice, setChoice] = useState<string>(REPORT_REASONS[0]);
  const [detail, setDetail] = useState('');
  const pick = (nextChoice: string, nextDetail: string) => {
    setChoice(nextChoice);
    setDetail(nextDetail);
    onChange(nextChoice === OTHER_REASON && nextDetail.trim() ? `${OTHER_REASON}：${nextDetail.trim()}` : nextChoice);
  };
  return (
    <>
      <div className="field">
        <label htmlFor="comment-report-reason">举报原因</label>
        <select id="comment-report-reason" value={choice} onChange={(e) => pick(e.target.value, detail)}>
          {REPORT_REASONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
      </div>
      {choice === OTHER_REASON && (
        <div className="field">
          <label htmlFor="comment-report-detail">补充说明（选填）</label>
          <textarea id="comment-report-detail" rows={3} maxLength={COMMENT_REPORT_REASON_MAX - OTHER_REASON.length - 1} value={detail} onChange={(e) => pick(choice, e.target.value)} />
        </div>
      )}
    </>
  );
}

/** A 4xx carries the server's Chinese reason; anything else gets the general sentence. */
function failure(err: unknown, general: string, withMessage: (m: string) => string): string {
  const status = httpStatusOf(err);
  return status && status < 500 ? withMessage(errorMessage(err, general)) : general;
}

/** A reaction sent for a comment, and the other one tapped meanwhile (sent once it is answered). */
interface ReactionInFlight {
  kind: CommentInteraction;
  then?: CommentInteraction;
}

export function CommentsSection({ idea }: { idea: IdeaDto }) {
  const { loggedIn, user } = useSession();
  const toast = useToast();
  const confirm = useConfirm();
  const utils = trpc.useUtils();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [collapsed, setCollapsed] = useState(false);
  // What is typed is kept until it is sent (comment-draft.ts), and given back when the box is shown again.
  const draftKey = commentDraftKey(idea.id, registrationNumberOf(user));
  const [draft] = useState(() => (loggedIn ? findCommentDraft(localStorage, draftKey) : null));
  const [text, setText] = useState(draft?.text ?? '');
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(draft?.replyTo ?? null);
  const write = (next: string, reply: ReplyTarget | null) => {
    setText(next);
    setReplyTo(reply);
    keepCommentDraft(localStorage, draftKey, { text: next, replyTo: reply });
  };
  // Logged in again without leaving the page: the box comes back with what this member had typed.
  useEffect(() => {
    if (!loggedIn || text) return;
    const kept = findCommentDraft(localStorage, draftKey);
    if (kept) {
      setText(kept.text);
      setReplyTo(kept.replyTo);
    }
  }, [loggedIn, draftKey]); // eslint-disable-line react-hooks/exhaustive-deps
  const [marks, setMarks] = useState<Record<string, CommentInteraction | null>>({});

  const list = trpc.comments.list.useQuery(
    { ideaId: idea.id },
    {
      select: (a) => a.data,
      // The app's retry rule (lib/request-rules.ts: not a 4xx, not a timeout), at the spec's delays.
      retryDelay: (attempt) => COMMENT_RETRY_DELAYS_MS[Math.min(attempt, COMMENT_RETRY_DELAYS_MS.length - 1)],
    },
  );
  const fellBack = list.isError;
  const comments: CommentDto[] = useMemo(() => (fellBack ? (idea.comments ?? []) : (list.data ?? [])), [fellBack, idea.comments, list.data]);
  const tree = useMemo(() => buildCommentTree(comments), [comments]);
  // The member's likes and dislikes come with the page's one member read (useIdeaViewer).
  const viewer = useIdeaViewer(idea.id, loggedIn);
  const markOf = (id: number) => (String(id) in marks ? marks[String(id)] : (viewer.data?.interactions[String(id)] ?? null));

  const patchComment = (id: number, patch: Partial<CommentDto>) =>
    utils.comments.list.setData({ ideaId: idea.id }, (old) => (old ? { ...old, data: old.data.map((c) => (c.id === id ? { ...c, ...patch } : c)) } : old));
  const refresh = () => utils.comments.list.invalidate({ ideaId: idea.id });

  const create = trpc.comments.create.useMutation();
  const react = trpc.comments.like.useMutation();
  // The reaction in flight per comment, and the other one asked for meanwhile (sent after it).
  const reacting = useRef(new Map<number, ReactionInFlight>());
  const reactDown = trpc.comments.dislike.useMutation();
  const remove = trpc.comments.remove.useMutation();
  const report = trpc.comments.report.useMutation();

  // A double tap submits twice before `create.isPending` reaches the button (react-query tells its
  // observers a tick later): the ref lets one send through at a time.
  const sendingNow = useRef(false);
  const send = async () => {
    if (sendingNow.current) return;
    sendingNow.current = true;
    try {
      const answer = await create.mutateAsync({ ideaId: idea.id, content: text, parentId: replyTo?.id ?? null });
      toast(answer.message ?? COMMENT_MSG.created);
      // A keyboard user is put back in the box, ready for the next one (the emptied form's send button
      // is disabled, which would drop focus to the body); a tap does not pop the phone's keyboard up again.
      const box = textarea.current;
      if (box?.form?.contains(document.activeElement) && document.activeElement?.matches(':focus-visible')) box.focus();
      write('', null);
      await refresh();
    } catch (err) {
      toast(failure(err, COMMENT_MSG.addFailed, COMMENT_MSG.addFailedWith), 'error');
    } finally {
      sendingNow.current = false;
    }
  };

  const targetId = useCommentTarget(!(list.isPending && !fellBack), comments, () => setCollapsed(false));

  const actions: CommentActions = {
    loggedIn,
    mayAct: mayActOn(idea),
    // The idea's authorship comes with the page's member read; the server checks again (403).
    mayDelete: (c) => loggedIn && !!user?.id && mayDeleteComment({ id: Number(user.id), role: user.role ?? 'member' }, c, !!(idea.isOwner || viewer.data?.isOwner)),
    isOwn: (c) => loggedIn && !!user?.id && c.userId === Number(user.id),
    targetId,
    markOf,
    onReply(c) {
      write(`@${c.userName} `, { id: c.id, name: c.userName });
      setCollapsed(false);
      // After the label has changed: focus the box with the caret after the prefilled name.
      requestAnimationFrame(() => {
        const box = textarea.current;
        if (!box) return;
        box.focus();
        box.setSelectionRange(box.value.length, box.value.length);
        box.scrollIntoView({ block: 'center', behavior: 'smooth' });
      });
    },
    async onReact(c, kind) {
      // One reaction at a time per comment: a second tap on the same one meanwhile is the same tap (a
      // double tap liked and took the like back; the favourite button waits the same way), a tap on
      // the other one is sent once the first is answered (it used to be dropped).
      const inFlight = reacting.current.get(c.id);
      if (inFlight) {
        inFlight.then = kind === inFlight.kind ? undefined : kind;
        return;
      }
      let before = markOf(c.id);
      for (let next: CommentInteraction | undefined = kind; next;) {
        const asked: CommentInteraction = next;
        const flight: ReactionInFlight = { kind: asked };
        reacting.current.set(c.id, flight);
        const shown = before;
        setMarks((m) => ({ ...m, [c.id]: nextInteraction(shown, asked) }));
        try {
          const answer = await (asked === 'like' ? react : reactDown).mutateAsync({ id: c.id });
          setMarks((m) => ({ ...m, [c.id]: answer.data.interaction }));
          patchComment(c.id, { likeCount: answer.data.likeCount, dislikeCount: answer.data.dislikeCount });
          before = answer.data.interaction;
        } catch (err) {
          setMarks((m) => ({ ...m, [c.id]: shown }));
          toast(errorMessage(err, '操作失败，请稍后重试'), 'error');
          // What was asked after a failure is not sent behind the person's back.
          flight.then = undefined;
        } finally {
          reacting.current.delete(c.id);
        }
        next = flight.then;
      }
    },
    async onReport(c) {
      let reason: string = REPORT_REASONS[0];
      const ok = await confirm({
        title: '举报这条评论？',
        confirmLabel: '提交举报',
        message: <ReportReasonFields onChange={(next) => (reason = next)} />,
      });
      if (!ok) return;
      try {
        const answer = await report.mutateAsync({ id: c.id, reason });
        toast(answer.message ?? COMMENT_MSG.reported);
      } catch (err) {
        toast(errorMessage(err, '举报失败，请稍后重试'), 'error');
      }
    },
    onForward() {
      window.alert(COMMENT_MSG.forwardSoon);
    },
    async onDelete(c, replies) {
      const ok = await confirm({
        title: `删除评论「${deletePreview(c.content)}」？`,
        danger: true,
        confirmLabel: '删除',
        message: (
          <>
            <p>删除后无法恢复。</p>
            {replies > 0 && <p className="comment-delete-warn">这条评论下的 {replies} 条回复也会一并删除。</p>}
          </>
        ),
      });
      if (!ok) return;
      try {
        await remove.mutateAsync({ id: c.id });
        toast(COMMENT_MSG.deleted);
        if (replyTo && (replyTo.id === c.id || tree.find((t) => t.id === c.id)?.replies.some((r) => r.id === replyTo.id))) setReplyTo(null);
        await refresh();
      } catch (err) {
        toast(failure(err, COMMENT_MSG.deleteFailed, COMMENT_MSG.deleteFailedWith), 'error');
      }
    },
  };

  // A held comment is shown to its author only and not counted.
  const loading = list.isPending && !fellBack;
  const count = loading ? idea.commentCount : comments.filter((c) => !c.held).length;
  // With no comment shown there is nothing to collapse: no 收起, and the box stays open.
  const collapsible = loading ? idea.commentCount > 0 : tree.length > 0;
  const hidden = collapsed && collapsible;
  return (
    <section className="comments" aria-labelledby="comments-title" data-testid="comments-section">
      <div className="comments-head">
        <h2 id="comments-title">
          评论 <span className="comments-count">({count})</span>
        </h2>
        {collapsible && (
          <button type="button" className="btn btn-small btn-ghost" aria-expanded={!hidden} aria-controls="comments-body" onClick={() => setCollapsed((v) => !v)}>
            {hidden ? '展开' : '收起'}
          </button>
        )}
      </div>
      <div id="comments-body" hidden={hidden}>
        {loggedIn && !mayActOn(idea) ? (
          <p className="comments-login muted">创意公开后才能发表评论。</p>
        ) : loggedIn ? (
          <CommentForm ref={textarea} text={text} onText={(next) => write(next, replyTo)} replyTo={replyTo} onCancelReply={() => write('', null)} sending={create.isPending} onSend={send} />
        ) : (
          <p className="comments-login">
            {text.trim() ? (
              <>
                你写的评论已保存，
                <Link href="/login" onClick={rememberThisPageForLogin}>
                  登录
                </Link>
                后可以继续发送。
              </>
            ) : (
              <>
                <Link href="/login" onClick={rememberThisPageForLogin}>
                  登录
                </Link>
                后即可发表评论、回复和点赞。
              </>
            )}
          </p>
        )}
        {fellBack && (
          <div className="notice notice-warn comments-fallback" role="alert">
            {COMMENT_MSG.loadFailed}
            <button type="button" className="btn-link" onClick={() => void list.refetch()}>
              重新加载
            </button>
          </div>
        )}
        {loading ? (
          <ul className="comment-skeletons" aria-label="正在加载评论">
            {[0, 1, 2].map((i) => (
              <li key={i} className="comment-skeleton" />
            ))}
          </ul>
        ) : tree.length === 0 ? (
          <p className="comments-empty muted">{loggedIn ? '还没有评论，来说两句吧。' : '还没有评论。'}</p>
        ) : (
          <ol className="comment-list" aria-label="评论列表">
            {tree.map((c) => (
              <CommentItem key={c.id} comment={c} replies={c.replies} actions={actions} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** How long the comment an address names stays highlighted. */
const TARGET_HIGHLIGHT_MS = 4000;

/**
 * The comment the address names (`#comment-{id}`, from a message's link): once the list is shown,
 * the page scrolls it to the middle, focuses it (a screen reader starts there) and highlights it for
 * a few seconds. A comment deleted meanwhile leaves the reader at the comments' heading.
 */
function useCommentTarget(shown: boolean, comments: CommentDto[], expand: () => void): number | null {
  const [wanted, setWanted] = useState(() => (typeof window === 'undefined' ? null : commentFromHash(window.location.hash)));
  const [highlighted, setHighlighted] = useState<number | null>(null);
  // The target already taken to (once per address: a refetch or a second effect run does not scroll again).
  const handled = useRef<number | null>(null);
  useEffect(() => {
    const onHash = () => {
      handled.current = null;
      setWanted(commentFromHash(window.location.hash));
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    if (wanted === null || !shown || handled.current === wanted) return;
    handled.current = wanted;
    expand();
    const found = comments.some((c) => c.id === wanted);
    if (found) setHighlighted(wanted);
    // After the list (and a section just expanded) has been painted.
    requestAnimationFrame(() => {
      const el = document.getElementById(found ? commentAnchor(wanted) : 'comments-title');
      if (!el) return;
      el.scrollIntoView({ block: found ? 'center' : 'start' });
      if (found) el.focus({ preventScroll: true });
    });
  }, [wanted, shown, comments, expand]);
  useEffect(() => {
    if (highlighted === null) return;
    const timer = setTimeout(() => setHighlighted(null), TARGET_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlighted]);
  return highlighted;
}
