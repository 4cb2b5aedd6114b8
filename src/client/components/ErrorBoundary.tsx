import { Component, type ReactNode } from 'react';
import { retryFailedChunks } from '../lib/chunk-load.ts';

interface Props {
  children: ReactNode;
  /** A new value (the next page's path) draws the children afresh. */
  resetKey?: string;
}

/**
 * Wraps every page: a crash shows 页面加载出错 with 重试 and 刷新页面 instead of a blank screen. When
 * the connection comes back it tries again by itself (a page whose code or data could not come
 * offline then loads), as does opening another page.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean; resetKey?: string }> {
  state = { failed: false, resetKey: this.props.resetKey };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey?: string }) {
    if (props.resetKey === state.resetKey) return null;
    if (state.failed) retryFailedChunks();
    return { failed: false, resetKey: props.resetKey };
  }
  componentDidCatch(error: unknown) {
    console.error('[page]', error);
  }
  componentDidMount() {
    window.addEventListener('online', this.retry);
    window.addEventListener('offline', this.redraw);
  }
  componentWillUnmount() {
    window.removeEventListener('online', this.retry);
    window.removeEventListener('offline', this.redraw);
  }
  retry = () => {
    if (!this.state.failed) return;
    retryFailedChunks();
    this.setState({ failed: false });
  };
  redraw = () => {
    if (this.state.failed) this.forceUpdate();
  };
  render() {
    if (!this.state.failed) return this.props.children;
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    return (
      <main className="page page-center">
        <div className="empty-state" role="alert">
          <h1>页面加载出错</h1>
          <p>{offline ? '网络已断开，恢复后会自动重新加载。' : '抱歉，页面出了点问题。'}</p>
          <div className="retry-line">
            <button type="button" className="btn btn-primary" onClick={this.retry}>
              重试
            </button>
            <button type="button" className="btn" onClick={() => window.location.reload()}>
              刷新页面
            </button>
          </div>
        </div>
      </main>
    );
  }
}
