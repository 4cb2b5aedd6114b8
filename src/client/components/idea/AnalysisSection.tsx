/**
 * The detailed analysis (docs/spec/accounts-and-people.md §2, docs/architecture.md §4): the author and those who unlocked it read the
 * server's sanitized HTML; anyone else sees the lock — a member can unlock it, a guest is asked to
 * log in. The server never sends the text to someone who may not read it.
 */
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { IdeaDto } from '../../../shared/idea-schemas.ts';
import { errorMessage } from '../../lib/api-errors.ts';
import { IDEA_PAGE_MSG } from '../../lib/idea-page-rules.ts';
import { trpc } from '../../lib/trpc.ts';
import { useToast } from '../ui/Toast.tsx';
import { rememberThisPageForLogin } from '../../lib/login-return.ts';
import { BusyButton } from '../ui/BusyButton.tsx';

/** Sanitized HTML with no text and no image (an emptied editor leaves `<p></p>`) counts as none. */
export function isEmptyHtml(html: string): boolean {
  if (/<img\b/i.test(html)) return false;
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') === '';
}

function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="12" cy="15.5" r="1.6" fill="currentColor" />
    </svg>
  );
}

export function AnalysisSection({ idea, loggedIn }: { idea: IdeaDto; loggedIn: boolean }) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const purchase = trpc.ideas.purchase.useMutation();
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const html = idea.detailedAnalysis ?? '';

  const unlock = async () => {
    setError(null);
    try {
      await purchase.mutateAsync({ id: idea.id });
      await Promise.all([utils.ideas.byId.invalidate({ id: idea.id }), utils.ideas.viewer.invalidate({ id: idea.id })]);
      toast(IDEA_PAGE_MSG.unlocked);
      // The lock and its button are gone: focus goes to the analysis now shown, from its heading.
      heading.current?.focus();
    } catch (err) {
      setError(errorMessage(err, IDEA_PAGE_MSG.unlockFailed));
    }
  };

  return (
    <section className="idea-section" aria-labelledby="idea-analysis-title">
      <h2 id="idea-analysis-title" ref={heading} tabIndex={-1}>
        详细分析
      </h2>
      {!idea.isLocked ? (
        isEmptyHtml(html) ? (
          <p className="muted">{IDEA_PAGE_MSG.analysisEmpty}</p>
        ) : (
          // Sanitized on the server with an allowlist before it was stored (docs/architecture.md §4).
          <div className="rich-text" data-testid="analysis" dangerouslySetInnerHTML={{ __html: html }} />
        )
      ) : (
        <div className="idea-lock" data-testid="analysis-locked">
          <LockIcon />
          <p className="idea-lock-title">详细分析已锁定</p>
          {loggedIn ? (
            <>
              <p className="idea-lock-text">解锁后即可阅读作者的完整分析，目前免费。</p>
              <BusyButton className="btn btn-primary" onClick={() => void unlock()} busy={purchase.isPending}>
                {purchase.isPending ? '解锁中…' : '解锁详细分析'}
              </BusyButton>
              {error && (
                <p className="field-error" role="alert">
                  {error}
                </p>
              )}
            </>
          ) : (
            <>
              <p className="idea-lock-text">登录后即可解锁阅读作者的完整分析。</p>
              <Link href="/login" className="btn btn-primary" onClick={rememberThisPageForLogin}>
                登录后解锁
              </Link>
            </>
          )}
        </div>
      )}
    </section>
  );
}
