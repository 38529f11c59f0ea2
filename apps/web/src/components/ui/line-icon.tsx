import type { ReactNode } from 'react';

/**
 * A line icon on a 24-unit grid, drawn in the text's colour and hidden from screen readers (the
 * button or text beside it says what it is): `d` is its main line, `children` any other shapes.
 */
export function LineIcon({
  size,
  d,
  round = false,
  children,
}: {
  size: number;
  d: string;
  /** Rounded joins and ends. */
  round?: boolean;
  children?: ReactNode;
}) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin={round ? 'round' : undefined}
        strokeLinecap={round ? 'round' : undefined}
      />
      {children}
    </svg>
  );
}
