/**
 * The write-limit policy: each kind of write a person can repeat, with its allowance and why. The
 * environment can change each number (`RATE_<KIND>_…`, config-schema.ts); docs/configuration.md
 * shows the defaults.
 */
/**
 * One kind of repeatable write, counted per member (a minute for bursts, an hour for loops) and per
 * client address (a minute: several members behind one office, campus or carrier address share it;
 * guests recording views have only this one). A window set to 0 is off.
 */
export interface WriteLimit {
  perMinute: number;
  perHour: number;
  ipPerMinute: number;
}

/**
 * The defaults, and why. A person's normal use must never meet them; a script looping the call
 * meets them within seconds. The address allowance is about six people's bursts at once, since
 * mobile carriers here put many users behind one address (TRUST_PROXY must be set behind a proxy,
 * as for the login limits, or every member shares the proxy's address).
 */
export const WRITE_LIMIT_DEFAULTS = {
  // Comments and replies: a lively exchange is a reply every 10–20 s, so 5 a minute lets someone
  // answer several people at once; 60 an hour is a comment a minute for a whole hour. (Discourse
  // allows one post per 5 s.) The probe's 120 in 0.3 s gets 5 through.
  comments: { perMinute: 5, perHour: 60, ipPerMinute: 30 },
  // Likes and dislikes on comments, one counter: reading a thread and reacting as you go is a click
  // every few seconds, changing one's mind on and off included.
  reactions: { perMinute: 30, perHour: 300, ipPerMinute: 120 },
  // Reporting comments: a few in a bad thread; 20 an hour is more than any honest reader files.
  reports: { perMinute: 5, perHour: 20, ipPerMinute: 30 },
  // Feedback to the team: a message and a correction or two; the admin inbox shows 200.
  feedback: { perMinute: 3, perHour: 10, ipPerMinute: 20 },
  // Favourites (adding and removing, one counter): browsing the marketplace and saving cards as you
  // go, clicking one on and off a few times; a toggling loop stops at 20.
  favorites: { perMinute: 20, perHour: 200, ipPerMinute: 120 },
  // Follows and unfollows: a new member following a handful of authors in a row.
  follows: { perMinute: 10, perHour: 100, ipPerMinute: 60 },
  // View records: the app sends one per idea page opened; a page a second is a fast reader. Guests
  // count per address only, so it is generous; a refused view only leaves the count where it was.
  views: { perMinute: 60, perHour: 1000, ipPerMinute: 300 },
  // Saving one's own ideas: edits, expansions, delete and restore. Each save of a public idea
  // empties the cached public pages, so a loop would keep guests' pages cold.
  edits: { perMinute: 20, perHour: 200, ipPerMinute: 60 },
  // Unlocking detailed analyses (free, one row per idea): a reader opening idea after idea.
  unlocks: { perMinute: 20, perHour: 300, ipPerMinute: 120 },
  // Changing one's avatar: it changes every card of the member's, so every cached public page.
  profile: { perMinute: 5, perHour: 30, ipPerMinute: 30 },
  // The writes that check the current password (changing it or the phone, deactivating): a phone
  // change takes it twice (its code, then the move), so five a minute leave room for a slip and a
  // password changed just before (a phone walkthrough was refused at three). Each check (and a new
  // password's hash) is argon2, and a right password is not counted as a wrong one, so without this
  // a loop of them would burn the server's CPU.
  passwords: { perMinute: 5, perHour: 20, ipPerMinute: 10 },
  // Turning notification switches on and off: each click saves, so someone trying them out flips
  // several in a row; a loop stops at 20.
  notices: { perMinute: 20, perHour: 200, ipPerMinute: 60 },
} as const satisfies Record<string, WriteLimit>;

export type WriteLimitKind = keyof typeof WRITE_LIMIT_DEFAULTS;

/** What each kind counts, as docs/configuration.md says it. */
export const WRITE_LIMIT_WHAT: Record<WriteLimitKind, string> = {
  comments: 'comments and replies',
  reactions: 'likes and dislikes on comments',
  reports: 'comment reports',
  feedback: 'feedback to the team',
  favorites: 'adding and removing favourites',
  follows: 'follows and unfollows',
  views: 'view records (a refused one leaves the count as it was)',
  edits: "saving, deleting, restoring one's ideas and their expansions",
  unlocks: 'unlocking detailed analyses',
  profile: "changing one's avatar or bio",
  passwords:
    'the writes that check the current password: changing it or the phone (and a change-phone code asked with it), deactivating (right or wrong: a right password costs as much argon2 as a wrong one, and wrong ones have their own lockout; a phone change takes two)',
  notices: "changing one's notification settings",
};
export const WRITE_LIMIT_KINDS = Object.keys(WRITE_LIMIT_DEFAULTS) as WriteLimitKind[];

/** `RATE_COMMENTS_PER_MINUTE`, `RATE_COMMENTS_PER_HOUR`, `RATE_COMMENTS_IP_PER_MINUTE`, … (docs/configuration.md lists them). */
export const writeLimitEnv = (kind: WriteLimitKind) => {
  const base = `RATE_${kind.toUpperCase()}`;
  return { perMinute: `${base}_PER_MINUTE`, perHour: `${base}_PER_HOUR`, ipPerMinute: `${base}_IP_PER_MINUTE` } as const;
};
