// What each platform accepts, checked before any upload so that a refusal is immediate and says why
// (docs/decisions/229). Pure: the server checks a publication with it, a screen may too.
//
// Sources (platform documentation, read 2026-11):
// - Instagram Reels: Instagram Graph API, IG User Media "Reel specifications"
//   (developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media):
//   3 s to 15 min, at most 300 MB, MP4/MOV, 9:16 recommended (other ratios are cropped in the feed).
// - YouTube: YouTube Help "Upload videos longer than 15 minutes" (support.google.com/youtube/answer/71673):
//   at most 256 GB or 12 hours; 15 minutes until the account is verified.
// - Facebook Page videos: Video API "Publishing" (developers.facebook.com/docs/video-api/guides/publishing):
//   at most 10 GB and 240 minutes.

export type PlatformName = 'facebook' | 'instagram' | 'youtube';

export type VideoFacts = { durationSec: number; bytes: number; width: number; height: number };

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const PUBLISHING_RULES = {
  instagram: { minSec: 3, maxSec: 15 * 60, maxBytes: 300 * MB },
  youtube: { minSec: 1, maxSec: 12 * 60 * 60, maxBytes: 256 * GB, unverifiedMaxSec: 15 * 60 },
  facebook: { minSec: 1, maxSec: 240 * 60, maxBytes: 10 * GB },
} as const satisfies Record<PlatformName, { minSec: number; maxSec: number; maxBytes: number; unverifiedMaxSec?: number }>;

export const PLATFORM_LABELS: Record<PlatformName, string> = { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' };

/** Catalogue sentences (their French and Spanish in the server's words). */
export const PUBLISHING_RULE_MESSAGES = {
  tooShort: '{platform} needs a video of at least {min} seconds: this one lasts {actual} seconds',
  tooLong: '{platform} accepts videos up to {max}: this one lasts {actual}',
  tooBig: '{platform} accepts files up to {max}: this one is {actual}',
  youtubeUnverified: 'Videos over 15 minutes need a verified YouTube account: verify the channel, then publish again',
  notVertical: 'Instagram shows Reels vertically (9:16): this video is landscape and will be cropped',
} as const;

const fill = (s: string, p: Record<string, string | number>) => s.replace(/\{(\w+)\}/g, (w, k: string) => (k in p ? String(p[k]) : w));

/** 75 s → "1 min 15 s"; whole hours and minutes say so. */
export function spokenDuration(sec: number): string {
  const s = Math.round(sec);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return [h ? `${h} h` : '', m ? `${m} min` : '', r || (!h && !m) ? `${r} s` : ''].filter(Boolean).join(' ');
}

export function spokenSize(bytes: number): string {
  if (bytes >= GB) return `${Math.round((bytes / GB) * 10) / 10} GB`;
  return `${Math.max(1, Math.round(bytes / MB))} MB`;
}

/**
 * The first rule the video breaks on the platform, as a sentence; null when it may be published.
 * `verified`: a YouTube account allowed past 15 minutes (unknown → assume not, the platform's default).
 */
export function publishingRefusal(platform: PlatformName, v: VideoFacts, opts: { verified?: boolean } = {}): string | null {
  const rule = PUBLISHING_RULES[platform];
  const name = PLATFORM_LABELS[platform];
  const M = PUBLISHING_RULE_MESSAGES;
  if (v.durationSec < rule.minSec) return fill(M.tooShort, { platform: name, min: rule.minSec, actual: Math.round(v.durationSec * 10) / 10 });
  if (v.durationSec > rule.maxSec) return fill(M.tooLong, { platform: name, max: spokenDuration(rule.maxSec), actual: spokenDuration(v.durationSec) });
  if (v.bytes > rule.maxBytes) return fill(M.tooBig, { platform: name, max: spokenSize(rule.maxBytes), actual: spokenSize(v.bytes) });
  if (platform === 'youtube' && !opts.verified && v.durationSec > PUBLISHING_RULES.youtube.unverifiedMaxSec) return M.youtubeUnverified;
  return null;
}

/** Advice that does not refuse (a landscape Reel is cropped): null when there is none. */
export function publishingAdvice(platform: PlatformName, v: VideoFacts): string | null {
  if (platform === 'instagram' && v.width > 0 && v.height > 0 && v.width > v.height) return PUBLISHING_RULE_MESSAGES.notVertical;
  return null;
}
