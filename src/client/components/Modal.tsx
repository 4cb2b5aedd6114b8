import { useEffect, useId, useRef, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { rovingTarget } from './ui/ui-rules.ts';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** What Tab reaches in a dialog: shown and in the Tab order (a tab row's unchosen tabs are not: roving tabindex). */
const focusableIn = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null && el.tabIndex >= 0);

/**
 * An accessible dialog: labelled, focus moves in on open and back on close, Tab stays inside,
 * Escape and the backdrop close it. A dialog opened inside another handles its own keys first.
 * Rendered into <body>, so no stacking context of its opener (the sticky top bar) puts it under the
 * tab bar; on phones it is a bottom sheet.
 */
/** How long, and how near, a second tap counts as the rest of a double tap on the closing button. */
const DOUBLE_TAP_MS = 400;
const DOUBLE_TAP_PX = 40;

/**
 * The second tap of a double tap on a dialog's button lands on whatever the dialog covered (a phone
 * walk-through approved an idea and opened 驳回 for the next one): after a dialog closed by a tap,
 * a click there within DOUBLE_TAP_MS is dropped.
 */
function dropDoubleTapAfter(tap: { x: number; y: number; at: number } | null): void {
  if (!tap || performance.now() - tap.at > DOUBLE_TAP_MS) return;
  const swallow = (e: MouseEvent) => {
    if (performance.now() - tap.at > DOUBLE_TAP_MS || Math.hypot(e.clientX - tap.x, e.clientY - tap.y) > DOUBLE_TAP_PX) return;
    e.preventDefault();
    e.stopPropagation();
  };
  window.addEventListener('click', swallow, true);
  setTimeout(() => window.removeEventListener('click', swallow, true), DOUBLE_TAP_MS);
}

export function Modal({ title, onClose, children, wide = false }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The last tap or click inside (not a keyboard's click: detail 0), for dropDoubleTapAfter.
  const lastTap = useRef<{ x: number; y: number; at: number } | null>(null);
  const noteTap = (e: MouseEvent) => {
    if (e.detail > 0) lastTap.current = { x: e.clientX, y: e.clientY, at: performance.now() };
  };
  // Callers pass inline arrows; keeping the latest in a ref stops re-renders from refocusing.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = ref.current?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button:not([disabled]):not(.modal-close)');
    (first ?? ref.current)?.focus();
    // Escape closes only the topmost dialog, wherever focus is (it may have fallen to the body). Tab
    // from outside it (focus fell to the body when what held it went away: the feedback form replaced
    // by its thank-you) comes back in instead of walking the page behind.
    const onDocumentKey = (e: globalThis.KeyboardEvent) => {
      const dialogs = document.querySelectorAll('[role="dialog"][aria-modal="true"]');
      const dialog = ref.current;
      if (!dialog || dialogs[dialogs.length - 1] !== dialog) return;
      if (e.key === 'Escape') close.current();
      else if (e.key === 'Tab' && !dialog.contains(document.activeElement)) {
        e.preventDefault();
        (focusableIn(dialog)[0] ?? dialog).focus();
      }
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => {
      document.removeEventListener('keydown', onDocumentKey);
      previous?.focus?.();
      dropDoubleTapAfter(lastTap.current);
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !ref.current) return;
    e.stopPropagation();
    const items = focusableIn(ref.current);
    if (!items.length) return;
    const [firstItem, lastItem] = [items[0], items[items.length - 1]];
    // From something not in the Tab order (the dialog itself, a focused message): the browser would
    // go on to what follows it in the page, behind the dialog.
    if (!items.includes(document.activeElement as HTMLElement)) {
      e.preventDefault();
      (e.shiftKey ? lastItem : firstItem).focus();
    } else if (e.shiftKey && document.activeElement === firstItem) {
      e.preventDefault();
      lastItem.focus();
    } else if (!e.shiftKey && document.activeElement === lastItem) {
      e.preventDefault();
      firstItem.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && close.current()} onClickCapture={(e) => noteTap(e.nativeEvent)}>
      <div ref={ref} className={`modal ${wide ? 'modal-wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="modal-close" onClick={() => close.current()} aria-label="关闭">
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

const noSubscription = () => () => {};
/** False in the prerendered HTML and while React hydrates it, true once the app runs (no effect, no extra state). */
const useAppStarted = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * Tabs with the ARIA tab pattern; disabled tabs explain themselves through their panel. With
 * `hrefOf`, a tab that has an address is a link to it: a tap before the app has started (a
 * prerendered page) still gets there; once it runs, the tap switches in place. Keyboard: only the
 * chosen tab is in the Tab order (roving tabindex); ArrowLeft/ArrowRight (wrapping), Home and End
 * move to a tab and choose it (automatic activation). Before the app runs (a prerendered page) every
 * link tab is in the Tab order, as the arrow keys do nothing yet.
 */
export function Tabs<T extends string>({
  tabs,
  active,
  onChange,
  label,
  hrefOf,
}: {
  tabs: { id: T; label: string; disabled?: boolean }[];
  active: T;
  onChange: (id: T) => void;
  label: string;
  hrefOf?: (id: T) => string | undefined;
}) {
  // With no tab chosen the first one is the row's Tab stop, so the row can still be reached.
  const stop = tabs.some((tab) => tab.id === active) ? active : tabs[0]?.id;
  const started = useAppStarted();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Alt+Arrow is the browser's back and forward.
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const els = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const at = els.indexOf(e.target as HTMLElement);
    const to = at < 0 ? undefined : rovingTarget(e.key, at, els.length, 'row');
    if (to === undefined) return;
    e.preventDefault();
    els[to].focus();
    onChange(tabs[to].id);
  };
  return (
    <div className="tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const href = hrefOf?.(tab.id);
        const common = {
          role: 'tab',
          id: `tab-${tab.id}`,
          // Before the app runs the arrow keys do nothing, so every link tab is a Tab stop of its own.
          tabIndex: tab.id === stop || (href && !started) ? 0 : -1,
          'aria-selected': active === tab.id,
          'aria-controls': `panel-${tab.id}`,
          className: `tab ${active === tab.id ? 'tab-active' : ''} ${tab.disabled ? 'tab-disabled' : ''}`,
        } as const;
        return href ? (
          <a
            key={tab.id}
            {...common}
            href={href}
            onClick={(e) => {
              // A new tab or window (modifier keys, middle button) is the browser's to open.
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
              e.preventDefault();
              onChange(tab.id);
            }}
            // Space chooses a tab as it does a button.
            onKeyDown={(e) => {
              if (e.key !== ' ') return;
              e.preventDefault();
              onChange(tab.id);
            }}
          >
            {tab.label}
          </a>
        ) : (
          <button key={tab.id} type="button" {...common} onClick={() => onChange(tab.id)}>
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
