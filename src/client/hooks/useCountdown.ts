import { useEffect, useState } from 'react';

/**
 * Seconds left on a resend button; start(60) begins counting down. Counted from a deadline on the
 * clock, not by ticks: a wait of hours (the daily cap) outlives a phone's sleeping tab, whose timers
 * the browser slows or stops, so the time left is read again whenever the page is shown.
 */
export function useCountdown(): [number, (seconds: number) => void] {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  const counting = left > 0;
  // One interval for the whole wait, not one timer per second.
  useEffect(() => {
    if (!counting) return;
    const tick = () => setNow(Date.now());
    const timer = setInterval(tick, 1000);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [counting]);
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setDeadline(at + seconds * 1000);
  };
  return [left, start];
}
