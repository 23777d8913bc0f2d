import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { AVATAR_MAX_BYTES } from '@/domains/users/schemas';
import { UserAvatar } from '../../components/user-avatar';
import { useFormat } from '../../lib/format';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useTranslateMessage } from '../../lib/validation';
import { setUser, type User } from '../../lib/user';

/** Image only and at most 5MB, checked here first with separate toasts (spec part 1 §5). */
export function AvatarCard({ user }: { user: User }) {
  const { LL } = useI18nContext();
  const f = useFormat();
  const translate = useTranslateMessage();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('avatar', file);
      return api.post('/api/users/:id/avatar', body, { params: { id: user.id } });
    },
    onSuccess: (updated) => {
      setUser(queryClient, updated);
      toast({ title: LL.profile.avatarUpdated(), variant: 'success' });
    },
    onError: (e) => toast({ title: LL.profile.avatarFailed(), description: translate(errorMessage(e)), variant: 'destructive' }),
  });

  const onFile = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: LL.profile.invalidType(), description: LL.profile.invalidTypeText(), variant: 'destructive' });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast({ title: LL.profile.tooLarge(), description: LL.profile.tooLargeText(), variant: 'destructive' });
      return;
    }
    upload.mutate(file);
  };

  return (
    <div className="card border border-base-300 bg-base-100">
      <div className="card-body items-center text-center">
        <div className="relative">
          <UserAvatar username={user.username} avatarUrl={user.avatarUrl} size="size-28" text="text-3xl" />
          {upload.isPending && (
            <span className="absolute inset-0 flex items-center justify-center rounded-full bg-base-100/70">
              <span className="loading loading-spinner" />
            </span>
          )}
        </div>
        <h2 className="mt-2 text-lg font-semibold">{user.fullName || user.username}</h2>
        <p className="text-sm text-base-content/60">@{user.username}</p>
        <p className="text-xs text-base-content/60">{LL.profile.memberSince({ date: f.date(user.createdAt) })}</p>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="hidden"
          onChange={(e) => onFile(e.target.files?.[0])}
          data-testid="avatar-input"
          aria-label={LL.profile.changePhoto()}
        />
        <button type="button" className="btn btn-outline btn-sm mt-3" onClick={() => input.current?.click()} disabled={upload.isPending}>
          <Camera className="size-4" aria-hidden />
          {upload.isPending ? LL.profile.uploading() : LL.profile.changePhoto()}
        </button>
        <p className="text-xs text-base-content/60">{LL.profile.photoHint()}</p>
      </div>
    </div>
  );
}
