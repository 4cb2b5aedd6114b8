import type { ReactNode } from 'react';

/**
 * The house's line icons: a 24-unit stroke drawing in the text's colour, decorative (hidden from
 * screen readers: the control or heading beside it carries the meaning). `d` for a single path,
 * or the shapes as children.
 */
export function LineIcon({ d, children, className, size = 22, strokeWidth = 1.8 }: { d?: string; children?: ReactNode; className?: string; size?: number; strokeWidth?: number }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {d ? <path d={d} /> : children}
    </svg>
  );
}
