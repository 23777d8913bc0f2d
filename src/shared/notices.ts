// What the app tells its users about (the bell's feed and the notice e-mails, decision 225).
// Isomorphic: the services record notices of these kinds, the web words them.

export const NOTICE_KINDS = [
  'viewer.opened',
  'viewer.played',
  'viewer.finished',
  'viewer.clicked',
  'send.finished',
  'video.ready',
  'video.failed',
  'digest',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The Settings → Notifications topics. */
export type NoticeTopic = 'campaigns' | 'videos' | 'analytics';

/**
 * Which topic's e-mail and in-app ("push") switches govern each kind: what recipients do with a
 * video you sent, and a send's outcome, are your campaigns; a render's outcome is your videos;
 * the daily summary of your videos' figures is analytics.
 */
export const NOTICE_TOPIC: Record<NoticeKind, NoticeTopic> = {
  'viewer.opened': 'campaigns',
  'viewer.played': 'campaigns',
  'viewer.finished': 'campaigns',
  'viewer.clicked': 'campaigns',
  'send.finished': 'campaigns',
  'video.ready': 'videos',
  'video.failed': 'videos',
  digest: 'analytics',
};

/** What a domain reports (passed in the deps as `notify`, never imported): the notifier finds whom to tell. */
export type NoticeEvent =
  | {
      kind: 'viewer.opened' | 'viewer.played' | 'viewer.finished' | 'viewer.clicked';
      workspaceId: string;
      videoId: string;
      /** The landing page's link token (a delivery's or a share link's). */
      token: string;
      /** Who watched (tracking's viewer key): one notice per viewer and kind. */
      viewer: string;
    }
  | { kind: 'video.ready' | 'video.failed'; workspaceId: string; videoId: string }
  | { kind: 'send.finished'; workspaceId: string; distributionId: string };

/** Never throws: the beacon, render or send that caused it has happened and must not fail for it. */
export type Notify = (event: NoticeEvent) => Promise<void>;

/** The facts a notice is worded from (the web words it in the reader's language). */
export type NoticeData = {
  videoTitle?: string;
  /** The recipient (name or address) for viewer notices; null: an anonymous viewer of a share link. */
  viewer?: string | null;
  sent?: number;
  failed?: number;
  deferred?: number;
  /** Why deliveries failed: each reason with how many. */
  reasons?: { reason: string; count: number }[];
  error?: string | null;
  /** The digest's figures over its day. */
  opened?: number;
  played?: number;
  finished?: number;
  clicked?: number;
  day?: string;
};
