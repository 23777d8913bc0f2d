import { useI18nContext } from '@locales/i18n-react';
import { INVITE_ROLES } from '@/domains/workspaces/schemas';

/** The roles a member may be given (invited as, or changed to; never owner), each by its name: a role `<select>`'s options. */
export function RoleOptions() {
  const { LL } = useI18nContext();
  return INVITE_ROLES.map((r) => (
    <option key={r} value={r}>
      {LL.workspaces.roles[r]()}
    </option>
  ));
}
