import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18nContext } from '@locales/i18n-react';
import { RECIPIENT_LANGUAGES, type RecipientLanguage } from '@/shared/variables';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';

// A contact's language (decision 226): their e-mail and landing page are written in it; "the
// video's" leaves it to the video. Set here or by a CSV's language column.

export function ContactLanguage({ contact }: { contact: { id: string; name: string | null; language: RecipientLanguage | null } }) {
  const { LL } = useI18nContext();
  const M = LL.distribution.contacts;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const set = useMutation({
    ...trpc.contacts.setLanguage.mutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.contacts.contacts.pathKey() }),
    onError: (e) => toast({ title: errorMessage(e), variant: 'destructive' }),
  });
  return (
    <select
      className="select select-xs w-auto shrink-0"
      aria-label={M.language({ name: contact.name ?? '' })}
      value={contact.language ?? ''}
      disabled={set.isPending}
      onChange={(e) => set.mutate({ id: contact.id, language: (e.target.value || null) as RecipientLanguage | null })}
      data-testid="contact-language"
    >
      <option value="">{M.languageVideo()}</option>
      {RECIPIENT_LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {l.toUpperCase()}
        </option>
      ))}
    </select>
  );
}
