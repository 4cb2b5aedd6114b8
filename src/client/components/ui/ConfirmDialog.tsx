/**
 * The in-app confirm dialog (UI kit), instead of `window.confirm`: `await confirm({...})` resolves
 * true or false. Built on Modal (focus trapped, Escape closes the topmost, a bottom sheet on phones).
 * Destructive actions name the thing ("删除「标题…」？") and get the danger colour.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

// The provider wraps every page, the dialog opens rarely: its code loads on the first confirm.
const Modal = lazy(() => import('../Modal.tsx').then((m) => ({ default: m.Modal })));

export { quoteName } from './ui-rules.ts';

export interface ConfirmOptions {
  title: string;
  /** What happens next, in a sentence or two. */
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Deleting, purging: the confirm button takes the danger colour. */
  danger?: boolean;
}

export type ConfirmApi = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmApi | null>(null);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<ConfirmApi>((options) => {
    // A second request while one is open answers the first with "no".
    resolver.current?.(false);
    setRequest(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setRequest(null);
  }, []);
  const cancel = useCallback(() => answer(false), [answer]);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <Modal title={request.title} onClose={cancel}>
            <div className="confirm-dialog" data-testid="confirm-dialog">
              {request.message && <div className="confirm-message">{request.message}</div>}
              <div className="modal-actions">
                <button type="button" className="btn" onClick={cancel}>
                  {request.cancelLabel ?? '取消'}
                </button>
                <button type="button" className={`btn ${request.danger ? 'btn-danger' : 'btn-primary'}`} onClick={() => answer(true)}>
                  {request.confirmLabel ?? '确定'}
                </button>
              </div>
            </div>
          </Modal>
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `const confirm = useConfirm(); if (await confirm({ title: '删除「…」？', danger: true })) …`. */
export function useConfirm(): ConfirmApi {
  const api = useContext(ConfirmContext);
  if (!api) throw new Error('useConfirm needs <ConfirmProvider> (main.tsx)');
  return api;
}
