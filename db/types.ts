import type { Generated, Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';

/** Timestamps are UTC text `YYYY-MM-DD HH:MM:SS.mmm` on both dialects (see db/time.ts). */
type Timestamp = string;

export interface UserTable {
  id: Generated<number>;
  registration_number: string;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  nickname: string;
  avatar_url: string;
  bio: string | null;
  role: 'member' | 'admin';
  status: 'active' | 'deactivated';
  created_at: Timestamp;
  updated_at: Timestamp;
  deactivated_at: Timestamp | null;
  deactivation_reason: string | null;
  /** Kept by follows in the same transaction as the follow row (docs/architecture.md §2). */
  follower_count: Generated<number>;
  /** The newest announcement already copied into this user's messages (see the 0004 migration). */
  announcements_seen_id: Generated<number>;
}

export interface SessionTable {
  id: string;
  secret_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_active_at: Timestamp;
  /** When the password was entered at sign-in. No longer read: sensitive changes take the password with each request. */
  password_verified_at: Timestamp | null;
}

export interface SmsCodeTable {
  id: Generated<number>;
  phone: string;
  purpose: 'register' | 'reset' | 'change_phone';
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  failed_attempts: number;
  requested_by: number | null;
  verified_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

/** Owned by rate-limiter-flexible: its documented schema, created by our migration. */
export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | null;
}

export type IdeaStatus = 'draft' | 'published';
export type ModerationStatus = 'none' | 'review' | 'approved' | 'rejected';

export interface IdeaTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string;
  /** Sanitized HTML (src/server/ideas/rich-text.ts). */
  detailed_analysis: string;
  market_identifier: string;
  price: number;
  status: IdeaStatus;
  moderation_status: ModerationStatus;
  rejection_reason: string | null;
  allow_comments: number;
  show_similar: number;
  view_count: number;
  favorite_count: number;
  comment_count: number;
  is_deleted: number;
  deleted_at: Timestamp | null;
  content_hash: string | null;
  match_text: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  published_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  /** 1 once a moderator or the automatic review has approved it: its published_at is kept from then on. */
  ever_public: Generated<number>;
  /** Random 0..2^31-1 given on insert: the random sort's index key. */
  shuffle_key: number;
}

/** The search index (src/server/search/search-index.ts): kind 0 exact normalised title, 1 title gram, 2 description/tag gram. */
export interface IdeaSearchGramTable {
  kind: number;
  gram: string;
  published_at: Timestamp;
  idea_id: number;
}

/** Normalised texts of a published idea that a search checks its candidates against (migration 2026_11_26_0016). */
export interface IdeaSearchTextTable {
  idea_id: number;
  title: string;
  /** Description and tags, normalised, parted by a newline. */
  body: string;
}

export interface IdeaTagTable {
  idea_id: number;
  position: number;
  tag: string;
  /** The tag folded (src/server/search/text.ts `tagFold`): what tag pages compare, indexed with idea_id. */
  tag_fold: string;
}

export interface IdeaExpansionTable {
  id: Generated<number>;
  idea_id: number;
  position: number;
  content: string;
  created_at: Timestamp;
}

export interface IdeaImageTable {
  id: Generated<number>;
  idea_id: number;
  user_id: number;
  file_name: string;
  url: string;
  bytes: number;
  width: number;
  height: number;
  created_at: Timestamp;
  /** When a moderator approved the idea showing it (the automatic review cannot read pictures). */
  seen_at: Timestamp | null;
}

export interface IdeaPurchaseTable {
  user_id: number;
  idea_id: number;
  price: number;
  created_at: Timestamp;
}

export interface MessageTable {
  id: Generated<number>;
  user_id: number;
  type: 'feedback_reply' | 'announcement' | 'system';
  title: string;
  content: string;
  priority: 'high' | 'normal' | 'low';
  sender: 'system' | 'admin' | 'other';
  is_read: number;
  read_at: Timestamp | null;
  original_feedback: string | null;
  idea_id: number | null;
  /** Set on the user's copy of an announcement. */
  announcement_id: number | null;
  /** The member the notice is about (a comment's or reply's writer, a new follower). */
  actor_id: number | null;
  /** The comment a comment or reply notice leads to (the newest, once summed). */
  comment_id: number | null;
  created_at: Timestamp;
}

export interface AnnouncementTable {
  id: Generated<number>;
  admin_id: number | null;
  title: string;
  content: string;
  priority: 'high' | 'normal' | 'low';
  created_at: Timestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  user_agent: string | null;
  url: string | null;
  status: 'open' | 'replied';
  reply: string | null;
  replied_by: number | null;
  replied_at: Timestamp | null;
  created_at: Timestamp;
}

export interface ModerationLogTable {
  id: Generated<number>;
  admin_id: number | null;
  action: string;
  target_type: 'idea' | 'comment' | 'feedback' | 'announcement' | 'report' | 'watched_word' | 'user';
  target_id: number;
  detail: string | null;
  created_at: Timestamp;
}

/** A moderator's mute of a member (src/server/accounts/mutes.ts); `muted_until` null is permanent. */
export interface MemberMuteTable {
  user_id: number;
  muted_until: Timestamp | null;
  reason: string;
  muted_by: number | null;
  created_at: Timestamp;
}

export interface FavoriteTable {
  user_id: number;
  idea_id: number;
  created_at: Timestamp;
}

export interface FollowTable {
  follower_id: number;
  followee_id: number;
  created_at: Timestamp;
}

/** A member's switches for the messages they may turn off (1 on, 0 off); no row: all on. */
export interface NotificationSettingsTable {
  user_id: number;
  comments: Generated<number>;
  replies: Generated<number>;
  followers: Generated<number>;
  updated_at: Timestamp;
}

export interface AppSecretTable {
  name: string;
  value: string;
}

/** One counted view: `viewer` is `u:<user id>` or `ip:<hash>`, `day` the community day (China time). */
export interface IdeaViewTable {
  idea_id: number;
  viewer: string;
  day: string;
}

export interface CommentTable {
  id: Generated<number>;
  idea_id: number;
  user_id: number;
  /** The top-level comment a reply hangs under; null for a top-level comment. */
  parent_id: number | null;
  /** The comment a reply answered (a reply's own id when it answered a reply); not a foreign key. */
  reply_to_id: number | null;
  /** Plain text, never HTML. */
  content: string;
  like_count: number;
  dislike_count: number;
  created_at: Timestamp;
  /** 1 while a watched word of the hold action keeps it for a moderator: only its author sees it. */
  held: Generated<number>;
}

export type CommentReactionKind = 'like' | 'dislike';

export interface CommentReactionTable {
  comment_id: number;
  user_id: number;
  kind: CommentReactionKind;
  created_at: Timestamp;
}

export type CommentReportStatus = 'open' | 'dismissed' | 'removed';

export interface CommentReportTable {
  id: Generated<number>;
  /** Not a foreign key: a report outlives its comment. */
  comment_id: number;
  idea_id: number;
  reporter_id: number;
  reason: string;
  /** The text as it was reported. */
  comment_content: string;
  /** Who wrote it (null on reports of comments removed before 2026_12_02_0006 kept it). */
  comment_author_id: number | null;
  status: CommentReportStatus;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}

export type WatchedWordAction = 'block' | 'hold' | 'replace';

/** A moderator's watched word; `folded` is the word as matching sees it, unique. */
export interface WatchedWordTable {
  id: Generated<number>;
  word: string;
  folded: string;
  action: WatchedWordAction;
  created_by: number | null;
  created_at: Timestamp;
}

/** One number per list processes keep in memory, raised with every change of that list. */
export interface ListVersionTable {
  name: string;
  version: number;
}

/** The text of an idea a moderator rejected, as it was then (ideas/publish-checks.ts resemblesRejected). */
export interface RejectedTextTable {
  id: Generated<number>;
  /** Null once the idea is deleted for good: the text is still compared. */
  idea_id: number | null;
  content_hash: string;
  match_text: string | null;
  created_at: string;
}

/** Which watched word of the hold action, in which field, sent an idea to the review queue. */
export interface IdeaHeldWordTable {
  idea_id: number;
  field: string;
  word: string;
}

/** Both versions of a field a moderator corrected before approving (one row per field, with its log entry). */
export interface ModerationEditTable {
  id: Generated<number>;
  log_id: number;
  field: 'title' | 'description' | 'tags' | 'detailedAnalysis';
  before: string;
  after: string;
}

export interface CommentHeldWordTable {
  comment_id: number;
  word: string;
}

/** Rows a publish locks by its text's hash (ideas/publish-checks.ts `claimText`). */
export interface PublishSlotTable {
  slot: number;
}

/** Who runs a periodic job this period (jobs/index.ts): the holder until `lease_until`. */
export interface JobRunTable {
  name: string;
  holder: string;
  lease_until: Timestamp;
  finished_at: Timestamp | null;
}

/** An image uploaded before its idea existed; moves to idea_images when an idea is saved showing it. */
export type PendingUploadTable = Omit<IdeaImageTable, 'idea_id'>;

export interface Database {
  users: UserTable;
  sessions: SessionTable;
  sms_codes: SmsCodeTable;
  rate_limits: RateLimitTable;
  ideas: IdeaTable;
  idea_tags: IdeaTagTable;
  idea_search_grams: IdeaSearchGramTable;
  idea_search_texts: IdeaSearchTextTable;
  idea_expansions: IdeaExpansionTable;
  idea_images: IdeaImageTable;
  pending_uploads: PendingUploadTable;
  idea_purchases: IdeaPurchaseTable;
  messages: MessageTable;
  favorites: FavoriteTable;
  follows: FollowTable;
  idea_views: IdeaViewTable;
  app_secrets: AppSecretTable;
  announcements: AnnouncementTable;
  feedback: FeedbackTable;
  moderation_log: ModerationLogTable;
  comments: CommentTable;
  comment_reactions: CommentReactionTable;
  comment_reports: CommentReportTable;
  watched_words: WatchedWordTable;
  list_versions: ListVersionTable;
  idea_held_words: IdeaHeldWordTable;
  rejected_texts: RejectedTextTable;
  comment_held_words: CommentHeldWordTable;
  moderation_edits: ModerationEditTable;
  job_runs: JobRunTable;
  publish_slots: PublishSlotTable;
  notification_settings: NotificationSettingsTable;
  member_mutes: MemberMuteTable;
}

export type IdeaRow = Selectable<IdeaTable>;
export type CommentRow = Selectable<CommentTable>;

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type SessionRow = Selectable<SessionTable>;
export type SmsCodeRow = Selectable<SmsCodeTable>;

/** The database or a transaction on it: repositories take either, so transactions compose. */
export type Db = Kysely<Database> | Transaction<Database>;
