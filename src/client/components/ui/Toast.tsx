/**
 * Toasts (UI kit): one short message at a time for 3 seconds (an error for 8: it may need reading,
 * and a screen reader may still be speaking when 3 are up), read out politely (`role="status"`),
 * top-centre on desktop and above the tab bar on phones. A new toast replaces the one showing.
 * Errors that the person must act on stay beside the thing that failed; toasts confirm what happened.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 8000;

export type ToastKind = 'success' | 'error' | 'info';
interface ToastState {
  id: number;
  text: string;
  kind: ToastKind;
}

export interface ToastApi {
  (text: string, kind?: ToastKind): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const seq = useRef(0);
  const show = useCallback<ToastApi>((text, kind = 'success') => {
    seq.current += 1;
    setToast({ id: seq.current, text, kind });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), toast.kind === 'error' ? ERROR_TOAST_MS : TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const api = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      {/* The live region is always in the page, so what arrives in it is announced. */}
      <div className="toast-region" role="status" aria-live="polite">
        {toast && (
          <p key={toast.id} className={`toast toast-${toast.kind}`} data-testid="toast">
            {toast.text}
          </p>
        )}
      </div>
    </ToastContext.Provider>
  );
}

/** `const toast = useToast(); toast('已保存')`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast needs <ToastProvider> (main.tsx)');
  return api;
}
