/** The one loading line pages show while their data arrives. */
export function LoadingLine({ text = '加载中…' }: { text?: string }) {
  return (
    <p className="page-loading" role="status">
      {text}
    </p>
  );
}
