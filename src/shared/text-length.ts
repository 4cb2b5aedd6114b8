/**
 * The length of user text as people count it: characters (code points), so an emoji is one, not the
 * two UTF-16 units `String.length` says. Every limit on user text (comments, feedback, announcements)
 * is counted this way on both sides, and matches MySQL's varchar, which counts characters too.
 */
export const textLength = (text: string) => [...text].length;
