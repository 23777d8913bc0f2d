import { useI18nContext } from '@locales/i18n-react';
import type { Avatar } from './api';
import { AvatarImage } from './avatar-image';
import { isCustomAvatar, isPreparing } from './avatar-rules';
import { avatarStatusLabel, avatarStatusTone, genderLabel } from './labels';
import { useLiveAvatar } from './use-avatar-status';
import { Tooltip } from '../../components/tooltip';

export function AvatarCard({ avatar, onOpen }: { avatar: Avatar; onOpen: (a: Avatar) => void }) {
  const { LL } = useI18nContext();
  const a = useLiveAvatar(avatar);
  const custom = isCustomAvatar(a);
  return (
    <button
      type="button"
      onClick={() => onOpen(a)}
      className="group flex h-full w-full flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 text-left transition hover:border-primary/60 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      data-testid="avatar-card"
      data-avatar-id={a.id}
      data-status={a.status ?? undefined}
      data-gender={a.gender}
    >
      <div className="relative">
        <AvatarImage src={a.thumbnail || a.url} alt={a.name} className="aspect-square w-full" />
        <div className="absolute inset-x-2 top-2 flex flex-wrap items-start justify-between gap-1">
          {custom ? (
            <span className="badge badge-primary badge-sm shadow-sm">{LL.avatars.customBadge()}</span>
          ) : 'providerName' in a ? (
            <span className="badge badge-accent badge-sm shadow-sm" data-testid="avatar-provider">
              {a.providerName}
            </span>
          ) : (
            <span />
          )}
          <span className="badge badge-sm border-base-content/10 bg-base-100/90 text-base-content shadow-sm" data-testid="gender-badge">
            {genderLabel(LL, a.gender)}
          </span>
        </div>
        {custom && a.status && (
          <span className={`badge badge-sm absolute right-2 bottom-2 gap-1 shadow-sm ${avatarStatusTone(a.status)}`} data-testid="avatar-status">
            {isPreparing(a.status) && <span className="loading loading-spinner loading-xs" aria-hidden />}
            {avatarStatusLabel(LL, a.status)}
          </span>
        )}
      </div>
      <div className="flex-1 px-3 py-2.5">
        <Tooltip content={a.name}>
          <span className="block truncate font-medium">{a.name}</span>
        </Tooltip>
      </div>
    </button>
  );
}
