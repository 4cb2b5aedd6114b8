/**
 * The phone tab bar shows a short label and is read by the full one (components/nav/TabBar.tsx): the
 * full label must contain the short one, so the name a voice user hears holds the words they see.
 */
import { describe, expect, it } from 'vitest';
import { TAB_BAR_ENTRIES } from '../../src/client/components/nav/member-nav.tsx';

describe('the tab bar labels', () => {
  it('shows on each slot a part of the label it is read by', () => {
    expect(TAB_BAR_ENTRIES.length).toBeGreaterThan(0);
    for (const entry of TAB_BAR_ENTRIES) expect(entry.label).toContain(entry.short);
  });
});
