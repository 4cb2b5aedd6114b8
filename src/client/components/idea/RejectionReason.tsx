/** Why a moderator rejected an idea, as the library card, the idea page and the editor show it. */
export function RejectionReason({ reason, className }: { reason: string; className?: string }) {
  return (
    <p className={className}>
      <strong>未通过原因：</strong>
      {reason}
    </p>
  );
}
