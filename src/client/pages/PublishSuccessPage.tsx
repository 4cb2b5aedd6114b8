/**
 * /publish-success/:id? (accounts-and-people "Publish-success page", DESIGN §10): the pending-review
 * message, then /idea/{id} after 5 seconds, or /inspiration-library when no id came back.
 */
import { usePageTitle } from '../hooks/usePageTitle.ts';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { PUBLISH_SUCCESS_REDIRECT_MS } from '../../shared/constants.ts';
import '../styles/ideas.css';

export default function PublishSuccessPage() {
  usePageTitle('发布成功');
  const params = useParams<{ id?: string }>();
  const id = params.id && /^\d+$/.test(params.id) ? params.id : null;
  const [, navigate] = useLocation();
  const target = id ? `/idea/${id}` : '/inspiration-library';
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(PUBLISH_SUCCESS_REDIRECT_MS / 1000));
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

  const go = (path: string) => {
    stopTimers();
    navigate(path);
  };

  return (
    <main className="publish-success">
      <div className="publish-success-card">
        <div className="publish-success-mark" aria-hidden="true">
          ✓
        </div>
        <h1>发布成功！待审核中...</h1>
        <p className="publish-success-text">你的创意已提交，平台审核通过后会展示在创意市场。</p>
        <p className="publish-success-text">审核结果会通过站内消息通知你，审核期间可以在「我的灵感库」查看进度。</p>
        <p className="publish-success-countdown">
          <strong>{secondsLeft}</strong> 秒后自动跳转{id ? '到创意详情' : '到我的灵感库'}
        </p>
        <div className="publish-success-actions">
          {id && (
            <button type="button" className="btn btn-primary" onClick={() => go(`/idea/${id}`)}>
              查看详情
            </button>
          )}
          <button type="button" className="btn" onClick={() => go('/marketplace')}>
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
