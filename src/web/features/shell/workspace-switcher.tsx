import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Users } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';

/**
 * The account menu's workspaces, when the user is in more than their personal one: the current one
 * marked, a click acts in another. Every screen's data belongs to a workspace, so the app starts
 * over on the dashboard (a full load: nothing of the previous workspace stays cached).
 */
export function WorkspaceSwitcher({ onSwitch }: { onSwitch: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.workspaces.switcher;
  const trpc = useTrpc();
  const mine = useQuery(trpc.workspaces.mine.queryOptions());
  const switchTo = useMutation(
    trpc.workspaces.switch.mutationOptions({
      onSuccess: () => window.location.assign('/dashboard'),
      onError: (e) => toast({ title: t.switchFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  if (!mine.data || mine.data.length < 2) return null;
  return (
    <>
      <li className="menu-title" id="workspace-switcher-title">
        {t.title()}
      </li>
      {mine.data.map((w) => (
        <li key={w.id}>
          <button
            type="button"
            aria-current={w.current ? 'true' : undefined}
            className={w.current ? 'menu-active' : undefined}
            disabled={switchTo.isPending}
            onClick={() => {
              onSwitch();
              if (!w.current) switchTo.mutate({ workspaceId: w.id });
            }}
            data-testid="workspace-option"
          >
            {w.current ? <Check className="size-4" aria-label={t.current()} /> : <Users className="size-4" aria-hidden />}
            <span className="flex min-w-0 flex-1 flex-col items-start">
              <span className="max-w-36 truncate">{w.personal ? `${w.name} (${t.personal()})` : w.name}</span>
              <span className="text-xs text-base-content/60">{t.members({ count: w.memberCount })}</span>
            </span>
          </button>
        </li>
      ))}
      <li aria-hidden className="my-1 border-t border-base-300" />
    </>
  );
}
