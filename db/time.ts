/**
 * One timestamp representation on both dialects: UTC text `YYYY-MM-DD HH:MM:SS.mmm`.
 * It sorts as text on SQLite and compares as datetime(3) on MySQL (STACK-NOTES "Portable choices").
 */
export function toDbTime(date: Date): string {
  return date.toISOString().replace('T', ' ').slice(0, 23);
}

export function nowDb(): string {
  return toDbTime(new Date());
}

export function dbTimeAgo(ms: number, from = Date.now()): string {
  return toDbTime(new Date(from - ms));
}

export function dbTimeAhead(ms: number, from = Date.now()): string {
  return toDbTime(new Date(from + ms));
}

/** Parses what either driver returns (mysql2 with dateStrings gives `YYYY-MM-DD HH:MM:SS.mmm`). */
export function fromDbTime(value: string): Date {
  return new Date(value.replace(' ', 'T') + (value.endsWith('Z') ? '' : 'Z'));
}

/** ISO 8601 for API responses. */
export function dbTimeToIso(value: string | null | undefined): string | null {
  return value ? fromDbTime(value).toISOString() : null;
}
