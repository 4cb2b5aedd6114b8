/**
 * The editor allows h2–h4 in the analysis; shown under an item's h3 and its 详细分析 h4 they would
 * break the page's heading outline, so the console renumbers them: the levels the analysis uses, by
 * rank, become `top`, `top + 1`… (capped at h6), and none is more than one level below the heading
 * before it: an analysis starting at h4 jumped from the 详细分析 h4 to an h6 (axe's heading-order). The HTML is
 * parsed in an inert document (nothing runs or loads there); it was sanitized by the server already.
 */
export function nestHeadings(html: string, top: number): string {
  if (!html || typeof DOMParser === 'undefined' || !/<h[1-6]/i.test(html)) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const headings = Array.from(doc.body.querySelectorAll('h1, h2, h3, h4, h5, h6'));
  const levels = [...new Set(headings.map((h) => Number(h.tagName[1])))].sort((a, b) => a - b);
  // Never more than one level below the heading before it (the item's 详细分析 heading, top - 1, first).
  let previous = top - 1;
  for (const heading of headings) {
    const level = Math.min(6, top + levels.indexOf(Number(heading.tagName[1])), previous + 1);
    previous = level;
    const replacement = doc.createElement(`h${level}`);
    for (const attr of Array.from(heading.attributes)) replacement.setAttribute(attr.name, attr.value);
    replacement.append(...Array.from(heading.childNodes));
    heading.replaceWith(replacement);
  }
  return doc.body.innerHTML;
}
