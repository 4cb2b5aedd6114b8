/**
 * 意见反馈 (/feedback): the spec's placeholder page (docs/spec/publishing-and-browsing.md §2 "Feedback"); feedback itself is
 * sent from the dialog, which this page offers too.
 */
import { lazy, Suspense, useState } from 'react';
import BuildingPage from './BuildingPage.tsx';

const FeedbackModal = lazy(() => import('../components/FeedbackModal.tsx').then((m) => ({ default: m.FeedbackModal })));

export default function FeedbackPage() {
  const [open, setOpen] = useState(false);
  return (
    <BuildingPage title="意见反馈">
      <button type="button" className="btn" onClick={() => setOpen(true)} aria-haspopup="dialog">
        先写下你的反馈
      </button>
      {open && (
        <Suspense fallback={null}>
          <FeedbackModal onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </BuildingPage>
  );
}
