/**
 * Focus put on something that is no control (a page's heading, a region, the page itself), for
 * keyboard and screen-reader users: it gets tabindex -1 when it has none, so it can hold focus
 * without joining the Tab order. `onlyWhileFocused` takes that back on blur, for an element that a
 * click on its text must not focus (the whole page).
 */
export function focusTarget(element: HTMLElement, { preventScroll = false, onlyWhileFocused = false } = {}): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    if (onlyWhileFocused) element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus({ preventScroll });
}
