/**
 * The one card grid (UI kit): a masonry of columns on react-masonry-css, so a card keeps its own
 * height (a card with an image never stretches its neighbours; no equal-height rows anywhere).
 * Columns by window width: CARD_GRID_COLUMNS, or the `columns` a page asks for (FEATURED_GRID_COLUMNS).
 *
 * Reading and tab order: react-masonry-css deals the items into columns (item i goes to column
 * i mod n), so the DOM, and with it Tab and a screen reader, goes down the first column, then the
 * second. We keep that, rather than reordering with CSS (which would make the visual and the focus
 * order disagree): each column is a plain top-to-bottom run of cards, each card is one focusable
 * link in DOM order within its column, and the whole grid is one labelled list whose items carry
 * their place in the feed (aria-posinset / aria-setsize), so "3 of 12" is announced wherever the
 * card landed.
 */
import { Children, isValidElement, type ReactNode } from 'react';
import Masonry from 'react-masonry-css';
import { CARD_GRID_COLUMNS, type GridColumns } from './ui-rules.ts';

export function CardGrid({ label, children, className, columns = CARD_GRID_COLUMNS }: { label: string; children: ReactNode; className?: string; columns?: GridColumns }) {
  const items = Children.toArray(children).filter(isValidElement);
  return (
    <Masonry
      breakpointCols={columns}
      className={`card-grid ${className ?? ''}`}
      columnClassName="card-grid-column"
      // The columns are layout only: the list's items are the cards (columnAttrs is missing from the types).
      {...({ columnAttrs: { role: 'none' } } as object)}
      role="list"
      aria-label={label}
      data-testid="card-grid"
    >
      {items.map((item, index) => (
        <div key={item.key ?? index} role="listitem" aria-posinset={index + 1} aria-setsize={items.length} className="card-grid-item">
          {item}
        </div>
      ))}
    </Masonry>
  );
}
