/**
 * The idea page's way back (docs/spec/accounts-and-people.md §2 "Returning"): to the marketplace or the library tab it was
 * opened from, handing their state back (scroll, tab; the marketplace highlights the card), after a
 * short fade; otherwise back in history while that stays on the site, or home.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { backTarget, LEAVE_FADE_MS } from '../../lib/idea-page-rules.ts';
import { canGoBackWithinSite } from '../../lib/in-app-history.ts';

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function useIdeaBack(): { leaving: boolean; back: () => void } {
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const back = useCallback(() => {
    if (timer.current) return; // Already on the way out.
    const target = backTarget(window.history.state);
    const go = () => {
      if (target) navigate(target.path, { state: target.state });
      else if (canGoBackWithinSite()) window.history.back();
      else navigate('/');
    };
    if (prefersReducedMotion()) return go();
    setLeaving(true);
    timer.current = setTimeout(go, LEAVE_FADE_MS);
  }, [navigate]);

  return { leaving, back };
}

export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" className="btn btn-small btn-ghost idea-back" onClick={onBack}>
      <span aria-hidden="true">←</span> 返回
    </button>
  );
}
