import { Component, type ReactNode } from 'react';

/** Wraps member pages: a crash shows 页面加载出错 with a refresh button instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('[page]', error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="page page-center">
        <div className="empty-state" role="alert">
          <h1>页面加载出错</h1>
          <p>抱歉，页面出了点问题。</p>
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            刷新页面
          </button>
        </div>
      </main>
    );
  }
}
