/** The bare server's key for one member's answer to a path (the bench writes it, serve-bare.ts reads it). */
export const cannedKey = (path: string, authorization: string) => `${path}\n${authorization}`;
