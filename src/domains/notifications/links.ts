import type { NoticeKind } from '../../shared/notices';

/** Where a notice leads in the app: a video's viewers, My Videos, the dashboard for a digest. */
export function linkOf(n: { kind: NoticeKind; videoId: string | null }): string {
  if (n.kind === 'digest') return '/dashboard';
  if (n.kind === 'video.ready' || n.kind === 'video.failed' || !n.videoId) return '/my-videos';
  return `/my-videos?viewers=${encodeURIComponent(n.videoId)}`;
}
