/** A form's error as a whole (beside the fields' own): announced at once, nothing when there is none. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="error-box" role="alert">
      {message}
    </p>
  );
}
