import type { TranslationFunctions } from '@locales/i18n-types';
import type { NoticeData, NoticeKind } from '@/shared/notices';

/** A notice's sentence in the reader's language, from the facts the server recorded (decision 225). */
export function noticeText(LL: TranslationFunctions, n: { kind: NoticeKind; data: NoticeData }): string {
  const K = LL.notices.kinds;
  const d = n.data;
  const title = d.videoTitle ?? '';
  const viewer = d.viewer || LL.notices.someone();
  switch (n.kind) {
    case 'viewer.opened':
      return K.opened({ viewer, title });
    case 'viewer.played':
      return K.played({ viewer, title });
    case 'viewer.finished':
      return K.finished({ viewer, title });
    case 'viewer.clicked':
      return K.clicked({ viewer, title });
    case 'send.finished':
      return d.failed ? K.sendFailed({ title, sent: d.sent ?? 0, failed: d.failed }) : K.sendDone({ title, sent: d.sent ?? 0 });
    case 'video.ready':
      return K.ready({ title });
    case 'video.failed':
      return K.failed({ title });
    case 'digest':
      return K.digest({ day: d.day ?? '', played: d.played ?? 0, clicked: d.clicked ?? 0 });
  }
}
