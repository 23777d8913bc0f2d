import { Lock } from 'lucide-react';

/** Why an action is not offered here: the workspace role it needs (the server answers 403 all the same). */
export function RoleNote({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-base-content/70" data-testid="role-note">
      <Lock className="size-4 shrink-0" aria-hidden /> {text}
    </p>
  );
}
