import { Link } from '@tanstack/react-router';
import { Copy, Download, Ellipsis, FolderPlus, Pencil, Send, Share, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { Video } from '@/web/components/videos/types';

// The wizard is another feature's page.
const CREATE_VIDEO: string = '/create-video';

export type VideoAction = 'rename' | 'campaign' | 'publish' | 'delete';

/** A stored render can be downloaded; a link saved from elsewhere is opened where it lives. */
export const downloadable = (v: Pick<Video, 'videoUrl'>) => !!v.videoUrl?.startsWith('/files/');

/** A video's other actions: rename, download, send, publish, add to campaign, duplicate and edit, delete. */
export function VideoMenu({ video: v, onAction }: { video: Video; onAction: (action: VideoAction) => void }) {
  const { LL } = useI18nContext();
  const M = LL.myVideos;
  const ready = (v.status === 'completed' || v.status === 'published') && !!v.videoUrl;
  const item = 'flex items-center gap-2';
  // Closes the dropdown (daisyUI opens it on focus) before a dialog or a page takes over.
  const blur = () => (document.activeElement as HTMLElement | null)?.blur();
  /** An entry the video is not ready for yet (no file). */
  const unavailable = (icon: ReactNode, label: string, testId: string) => (
    <span className={item} title={M.notReady()} aria-disabled data-testid={testId}>
      {icon} {label}
    </span>
  );
  const act = (a: VideoAction) => () => {
    blur();
    onAction(a);
  };
  return (
    <div className="dropdown dropdown-end dropdown-top ml-auto">
      <button type="button" tabIndex={0} className="btn btn-ghost btn-sm btn-square" aria-label={M.moreFor({ title: v.title })} data-testid="video-more">
        <Ellipsis className="size-4" aria-hidden />
      </button>
      <ul tabIndex={-1} className="menu dropdown-content z-20 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg" data-testid="video-menu">
        <li>
          <button type="button" className={item} onClick={act('rename')} data-testid="video-rename">
            <Pencil className="size-4" aria-hidden /> {M.rename()}
          </button>
        </li>
        <li className={downloadable(v) ? '' : 'menu-disabled'}>
          {downloadable(v) ? (
            <a className={item} href={`/api/videos/${encodeURIComponent(v.id)}/download`} download onClick={blur} data-testid="video-download">
              <Download className="size-4" aria-hidden /> {M.download()}
            </a>
          ) : (
            unavailable(<Download className="size-4" aria-hidden />, M.download(), 'video-download')
          )}
        </li>
        <li className={ready ? '' : 'menu-disabled'}>
          {ready ? (
            <Link to={CREATE_VIDEO} search={{ send: v.id } as never} className={item} onClick={blur} data-testid="video-send">
              <Send className="size-4" aria-hidden /> {M.send()}
            </Link>
          ) : (
            unavailable(<Send className="size-4" aria-hidden />, M.send(), 'video-send')
          )}
        </li>
        <li className={ready ? '' : 'menu-disabled'}>
          {ready ? (
            <button type="button" className={item} onClick={act('publish')} data-testid="publish-to-platforms">
              <Share className="size-4" aria-hidden /> {LL.publishing.dialog.open()}
            </button>
          ) : (
            unavailable(<Share className="size-4" aria-hidden />, LL.publishing.dialog.open(), 'publish-to-platforms')
          )}
        </li>
        <li>
          <button type="button" className={item} onClick={act('campaign')} data-testid="video-add-to-campaign">
            <FolderPlus className="size-4" aria-hidden /> {M.addToCampaign()}
          </button>
        </li>
        <li>
          <Link to={CREATE_VIDEO} search={{ from: v.id } as never} className={item} onClick={blur} data-testid="video-duplicate">
            <Copy className="size-4" aria-hidden /> {M.duplicate()}
          </Link>
        </li>
        <li>
          <button type="button" className={`${item} text-error`} onClick={act('delete')} data-testid="video-delete">
            <Trash2 className="size-4" aria-hidden /> {M.delete()}
          </button>
        </li>
      </ul>
    </div>
  );
}
