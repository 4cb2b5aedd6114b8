/** The result line after an action: success read politely, errors announced at once. */
export type FeedbackState = { kind: 'success' | 'error'; text: string } | null;

export function Feedback({ feedback, className = 'library-feedback' }: { feedback: FeedbackState; className?: string }) {
  return (
    <>
      <div role="status" className={className}>
        {feedback?.kind === 'success' && <p className="success">{feedback.text}</p>}
      </div>
      <div role="alert" className={className}>
        {feedback?.kind === 'error' && <p className="error-box">{feedback.text}</p>}
      </div>
    </>
  );
}
