/**
 * The idea page's shape in grey while the idea, or the page's own code, is on its way (no
 * blank flash). It sits in the entry bundle with its few rules in global.css, because it is shown
 * before the idea page's chunk and stylesheet have arrived.
 */
const BODY_LINES = ['96%', '100%', '88%', '64%'];

export function IdeaSkeleton() {
  return (
    <main className="page idea-skeleton" data-testid="idea-skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        正在加载创意…
      </p>
      <div aria-hidden="true">
        <span className="sk sk-back" />
        <div className="sk-layout">
          <div className="sk-header">
            <span className="sk sk-title" />
            <span className="sk sk-title" style={{ width: '55%' }} />
            <span className="sk sk-meta" />
          </div>
          <div className="sk-aside">
            <div className="sk-author">
              <span className="sk sk-avatar" />
              <span className="sk-author-lines">
                <span className="sk sk-line" style={{ width: '60%' }} />
                <span className="sk sk-line" style={{ width: '40%' }} />
              </span>
            </div>
            <div className="sk-actions">
              <span className="sk sk-button" />
              <span className="sk sk-button" />
            </div>
          </div>
          <div className="sk-body">
            {[0, 1].map((section) => (
              <div key={section} className="sk-section">
                <span className="sk sk-heading" />
                {BODY_LINES.map((width, i) => (
                  <span key={i} className="sk sk-line" style={{ width }} />
                ))}
              </div>
            ))}
          </div>
        </div>
      </div>
    </main>
  );
}
